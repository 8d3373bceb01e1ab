# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Too few arguments for a builtin.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: wp.atan2() takes 2 argument(s), got 1
    a[i] = wp.atan2(x)
