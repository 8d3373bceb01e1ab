# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Two indices on a 1-d array.

import warp as wp


@wp.kernel
def k(b: wp.array(dtype=int)):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:9: error: too many indices (2) for a {{.*}}-d array
    c = b[i, i]
