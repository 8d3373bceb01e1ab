# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Calling a local variable.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    f = x
    # CHECK: .py:[[# @LINE + 1]]:9: error: 'f' is a local variable, not a function
    c = f(1.0)
