# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A local first assigned an int, then a float variable.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    y = n
    # CHECK: .py:[[# @LINE + 1]]:5: error: local variable 'y' changes type from int32 to float32
    y = x
