# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A dict literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:9: error: dict and set literals are not supported in kernel code
    y = {1: 2}
