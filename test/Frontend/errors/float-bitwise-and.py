# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# & on floats.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: operator '&' is not defined for float32 and float32
    c = x & x
