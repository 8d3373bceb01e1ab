# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# enable_backward is a @wp.kernel option; Warp's @wp.func takes only `name`
# and `module`. It was accepted and ignored on a func.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:10: error: unknown @wp.func option 'enable_backward'
@wp.func(enable_backward=False)
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = f(1.0)
