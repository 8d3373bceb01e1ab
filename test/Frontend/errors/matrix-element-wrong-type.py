# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Storing an int into a float matrix element.

import warp as wp


@wp.kernel
def k(m: wp.mat22, n: int):
    q = m
    # CHECK: .py:[[# @LINE + 1]]:15: error: assignment: expected float32, got int32
    q[0, 1] = n
