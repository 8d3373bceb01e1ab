# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Storing a value of the wrong type into a struct field.

import warp as wp


@wp.struct
class S:
    m: float


@wp.kernel
def k(s: S, n: int):
    t = s
    # CHECK: .py:[[# @LINE + 1]]:11: error: assignment: expected float32, got int32
    t.m = n
