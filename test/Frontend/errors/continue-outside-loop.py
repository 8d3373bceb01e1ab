# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# continue outside a loop (inside an if).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if n > 0:
        # CHECK: .py:[[# @LINE + 1]]:9: error: 'continue' outside a loop
        continue
