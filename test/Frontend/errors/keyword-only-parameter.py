# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A bare '*' (keyword-only parameters after it) was reported as *args.

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:17: error: keyword-only parameters (a bare '*') are not supported in a function
def f(x: float, *, y: float):
    return x + y
