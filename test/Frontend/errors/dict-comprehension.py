# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A dict comprehension.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:9: error: dict and set literals are not supported in kernel code
    d = {i: i for i in range(3)}
