# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A literal zero step.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:26: error: range() step must not be zero
    for j in range(0, n, 0):
        pass
