# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func returning 2 values on one path and 1 on another.

import warp as wp


@wp.func
def f(x: float):
    if x > 0.0:
        return x, x
    # CHECK: .py:[[# @LINE + 1]]:5: error: this 'return' gives 1 value(s) but the function returns 2
    return x
