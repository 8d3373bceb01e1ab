# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A keyword argument to a builtin that takes none.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:17: error: wp.sqrt() got an unexpected keyword argument 'x'
    c = wp.sqrt(x=x)
