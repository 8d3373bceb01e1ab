# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Storing an int into a float vector component.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    w = v
    # CHECK: .py:[[# @LINE + 1]]:11: error: assignment: expected float32, got int32
    w.x = n
