# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# ndim 0.

import warp as wp


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:37: error: array ndim must be a constant from 1 to 4
def k(x: wp.array(dtype=float, ndim=0)):
    pass
