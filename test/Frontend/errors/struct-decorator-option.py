# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Options of @wp.struct(...) other than `module` were ignored.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:12: error: unknown @wp.struct option 'enable_backward'
@wp.struct(enable_backward=False)
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=float), s: S):
    a[0] = s.x
