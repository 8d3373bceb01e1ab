# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func call with too many arguments.

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: 'f' takes 1 argument(s), got 2
    a[0] = f(1.0, 2.0)
