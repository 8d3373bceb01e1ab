# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A float array index.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: indices must be integers, got float32
    c = a[x]
