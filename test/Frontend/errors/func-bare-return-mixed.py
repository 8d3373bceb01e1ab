# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A bare return in a func that returns values elsewhere.

import warp as wp


@wp.func
def f(x: float):
    if x > 0.0:
        return
    # CHECK: .py:[[# @LINE + 1]]:5: error: this 'return' has a value but the function returned nothing before
    return x
