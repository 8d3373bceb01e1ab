# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# i += 0.5 would change an int local into a float.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    m = n
    # CHECK: .py:[[# @LINE + 1]]:10: error: operator '+': a float literal cannot be used as int32
    m += 0.5
