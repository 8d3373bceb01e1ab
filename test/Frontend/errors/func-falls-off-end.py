# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A value-returning func that can reach its end.

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:5: error: function 'f' returns float32 but can reach its end without a return statement
def f(x: float):
    if x > 0.0:
        return x
