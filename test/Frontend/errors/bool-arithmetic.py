# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Arithmetic on bool values.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:19: error: operator '+' is not defined for bool and bool
    c = (x > 0.0) + (x < 1.0)
