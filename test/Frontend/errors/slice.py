# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A slice.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: slices are not supported in kernel code
    w = v[0:2]
