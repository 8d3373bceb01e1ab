# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): the numbers are lost from the message: it reads
#   wp.atomic_add() on a \x02-d array takes the array, \x02 index(es) and a value
# (ndim is a uint8_t passed to llvm::Twine, printed as a raw character).

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    i, j = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:5: error: wp.atomic_add() on a 2-d array takes the array, 2 index(es) and a value
    wp.atomic_add(a, i, 1.0)
