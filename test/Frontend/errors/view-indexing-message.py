# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): the dimension count is lost from the message: it reads
#   indexing a \x02-d array with 1 index(es): array views are not supported
# (ndim is a uint8_t passed to llvm::Twine, printed as a raw character).

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i, j = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:14: error: indexing a 2-d array with 1 index(es): array views are not supported
    out[i] = a[i][j]
