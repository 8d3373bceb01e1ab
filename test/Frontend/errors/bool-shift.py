# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A shift of bool values.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), p: bool, q: bool):
    # CHECK: .py:[[# @LINE + 1]]:11: error: operator '<<' is not defined for bool and bool
    c = p << q
