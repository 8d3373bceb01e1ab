# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Indexing a 2-d array with one index (an array view).

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i, j = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:14: error: indexing a {{.*}}-d array with 1 index(es): array views are not supported, give all indices
    out[i] = a[i][j]
