# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# .w on a vec3.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: vec3f has no component 'w'
    c = v.w
