# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# float32 + int32 without a conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:14: error: operator '+': operands have different types float32 and int32
    a[i] = x + n
