# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# The := operator.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:9: error: assignment expressions (:=) are not supported in kernel code
    if (y := x) > 0.0:
        pass
