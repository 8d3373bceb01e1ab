# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Reading a field the struct does not have.

import warp as wp


@wp.struct
class S:
    x: float


@wp.kernel
def k(s: S, a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:14: error: struct 'S' has no field 'y'
    a[0] = s.y
