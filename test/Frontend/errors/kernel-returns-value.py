# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# return with a value in a kernel.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: kernels cannot return a value
    return 1
