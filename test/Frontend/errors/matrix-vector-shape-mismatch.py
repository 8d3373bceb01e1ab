# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# mat33 * vec2.

import warp as wp


@wp.kernel
def k(m: wp.mat33, v: wp.vec2, a: wp.array(dtype=wp.vec3)):
    # CHECK: .py:[[# @LINE + 1]]:14: error: operator '*' is not defined for mat33f and vec2f
    a[0] = m * v
