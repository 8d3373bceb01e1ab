# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A block with no statements.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if x > 0.0:
    # CHECK: .py:[[# @LINE + 1]]:5: error: expected an indented block
    a[0] = 1.0
