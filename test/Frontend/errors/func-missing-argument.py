# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func call with a missing argument.

import warp as wp


@wp.func
def f(x: float, y: float):
    return x + y


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: missing argument 'y' in the call to 'f'
    a[0] = f(1.0)
