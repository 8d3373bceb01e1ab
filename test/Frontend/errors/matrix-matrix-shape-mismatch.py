# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# mat33 * mat22.

import warp as wp


@wp.kernel
def k(m: wp.mat33, n: wp.mat22, a: wp.array(dtype=wp.mat33)):
    # CHECK: .py:[[# @LINE + 1]]:14: error: operator '*' is not defined for mat33f and mat22f
    a[0] = m * n
