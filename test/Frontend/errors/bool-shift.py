# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A shift of a bool.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:22: error: operator '<<': expected bool, got int32
    c = (x > 0.0) << 1
