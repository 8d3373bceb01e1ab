# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Two wp.tid() calls with different dimension counts.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: wp.tid() gives 2 dimension(s) here but 1 earlier in this kernel
    p, q = wp.tid()
