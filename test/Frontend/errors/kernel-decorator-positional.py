# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A positional argument of @wp.kernel(...) was dropped.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:12: error: @wp.kernel(...) takes keyword options only
@wp.kernel(False)
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
