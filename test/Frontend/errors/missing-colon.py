# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# if without a colon.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:15: error: expected ':' after the condition, found end of line
    if x > 0.0
        pass
