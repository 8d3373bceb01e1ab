# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A vector is not an assert condition.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: condition must be a bool, a number or an array, got vec3f
    assert v
