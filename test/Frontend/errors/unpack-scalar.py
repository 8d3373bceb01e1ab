# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Unpacking a scalar.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: cannot unpack a value of type float32 into 2 targets
    p, q = x
