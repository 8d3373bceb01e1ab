# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func returning int32 on one path and float32 on another.

import warp as wp


@wp.func
def f(x: float, n: int):
    if x > 0.0:
        return n
    # CHECK: .py:[[# @LINE + 1]]:12: error: return value: expected int32, got float32
    return x
