# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A local first assigned an int, then a float literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    y = 0
    # CHECK: .py:[[# @LINE + 1]]:9: error: assignment to 'y': a float literal cannot be used as int32
    y = 1.5
