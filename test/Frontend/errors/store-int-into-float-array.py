# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Storing an int32 variable into a float32 array.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: assignment: expected float32, got int32
    a[i] = n
