# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.dot of vectors of different types.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:22: error: wp.dot() expects vec3f, got vec3d
    a[i] = wp.dot(v, wp.vec3d(1.0, 2.0, 3.0))
