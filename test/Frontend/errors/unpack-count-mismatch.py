# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Unpacking a func result into the wrong number of names.

import warp as wp


@wp.func
def f(x: float):
    return x, x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:5: error: cannot unpack 2 values into 3 targets
    p, q, r = f(1.0)
