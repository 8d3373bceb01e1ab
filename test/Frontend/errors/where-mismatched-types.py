# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.where with arms of different types.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:27: error: wp.where(): a float literal cannot be used as int32
    c = wp.where(x > 0.0, 1.0, n)
