# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.cross needs 3-vectors.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:18: error: wp.cross() expects a float vec3, got vec2f
    w = wp.cross(wp.vec2(1.0, 2.0), wp.vec2(1.0, 2.0))
