# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# An unbalanced bracket in host code is an error too.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:8: error: '[' was never closed
data = [1, 2,


@wp.kernel
def k(a: wp.array(dtype=float)):
    pass
