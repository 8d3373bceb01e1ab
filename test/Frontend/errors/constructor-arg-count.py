# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.vec3 with two arguments.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: vec3f() takes 0, 1 or {{.*}} arguments, got 2
    a[0] = wp.vec3(1.0, 2.0)
