# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# NVIDIA Warp 1.16 has no wp.select: its error, and the hint on wp.where's
# argument order (select took the false value first).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 2]]:14: error: wp.select() has been removed. Use wp.where(cond, value_if_true, value_if_false) instead.
    # CHECK: note: wp.select(cond, value_if_false, value_if_true) is wp.where(cond, value_if_true, value_if_false)
    out[i] = wp.select(a[i] > 0.0, 1.0, 2.0)
