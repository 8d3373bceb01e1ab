# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): the dimension count is lost from the message: it reads
#   too many indices (2) for a \x01-d array
# (ndim is a uint8_t passed to llvm::Twine, printed as a raw character).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:9: error: too many indices (2) for a 1-d array
    c = b[i, i]
