# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# An integer literal beyond 64 bits.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: integer literal is too large
    b[i] = 123456789012345678901234567890123456789
