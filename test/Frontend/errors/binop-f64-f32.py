# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# float64 * float32 without a conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.float64), x: float):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:17: error: operator '*': operands have different types float64 and float32
    a[i] = a[i] * x
