# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A float literal never adapts to an int operand.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:16: error: operator '*': a float literal cannot be used as int32
    b[i] = n * 0.5
