# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A dedent to a column that matches no enclosing block.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if x > 0.0:
        c = 1
    # CHECK: .py:[[# @LINE + 1]]:7: error: unindent does not match any outer indentation level
      d = 2
