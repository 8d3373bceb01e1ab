# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: an int32 array element is assigned the literal 4294967296, which does
# not fit int32; kdsl silently stores 0 (arith.constant 0 : i32).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: {{.*}}4294967296
    b[i] = 4294967296
