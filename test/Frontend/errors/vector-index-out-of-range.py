# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A literal vector index out of range.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: index 3 is out of range for vec3f
    c = v[3]
