# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Assigning to a component of a temporary.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:5: error: cannot assign to this expression
    wp.vec3(1.0).x = 2.0
