# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Storing a float32 value into an int32 array.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: assignment: expected int32, got float32
    b[i] = x
