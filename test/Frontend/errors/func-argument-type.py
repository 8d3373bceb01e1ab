# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func argument of the wrong type.

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    # CHECK: .py:[[# @LINE + 1]]:14: error: argument 'x': expected float32, got int32
    a[0] = f(n)
