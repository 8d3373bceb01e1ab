# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): arithmetic or a shift between a bool and an int literal reports the
# literal instead of the operator: `p << 1` (or `p + 1`) with `p: bool`
# gives
#   4:14: error: operator '<<': expected bool, got int32
# pointing at the `1`, as if the literal were the problem. `p << q` says
# "operator '<<' is not defined for bool and bool"; the literal case
# should say the same, at the operator.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), p: bool):
    # CHECK: .py:[[# @LINE + 1]]:11: error: operator '<<' is not defined for bool
    c = p << 1
