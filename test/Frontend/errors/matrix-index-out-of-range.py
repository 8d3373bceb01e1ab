# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A literal matrix row index out of range.

import warp as wp


@wp.kernel
def k(m: wp.mat22, a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:14: error: index 2 is out of range
    a[0] = m[2, 0]
