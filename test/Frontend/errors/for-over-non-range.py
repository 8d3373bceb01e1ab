# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Iterating over a vector.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:14: error: only 'for ... in range(...)' loops (optionally reversed) are supported in kernels
    for j in v:
        pass
