# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.tid() unpacked into 5 names.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:21: error: wp.tid() supports at most 4 launch dimensions, got 5
    p, q, r, s, t = wp.tid()
