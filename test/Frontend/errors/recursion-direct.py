# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A func calling itself.

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:5: error: recursion is not supported: 'f' calls itself
def f(x: int):
    return f(x - 1)
