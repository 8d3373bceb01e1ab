# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# a.shape[d] needs a constant d.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:17: error: shape index must be a constant from 0 to 0
    c = a.shape[n]
