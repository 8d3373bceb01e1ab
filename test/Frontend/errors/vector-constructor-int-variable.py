# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.vec3(n) with an int variable: no implicit conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), n: int):
    # CHECK: .py:[[# @LINE + 1]]:20: error: vec3f() argument: expected float32, got int32
    a[0] = wp.vec3(n)
