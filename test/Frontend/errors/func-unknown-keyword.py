# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func call with an unknown keyword argument.

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:14: error: 'f' has no parameter 'y'
    a[0] = f(y=1.0)
