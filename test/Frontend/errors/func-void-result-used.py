# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Using the result of a func that returns nothing.

import warp as wp


@wp.func
def f(x: float):
    pass


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: this call returns no value
    a[0] = f(1.0)
