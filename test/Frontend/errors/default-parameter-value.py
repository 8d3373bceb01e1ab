# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A parameter default value.

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:16: error: default parameter values are not supported
def f(x: float = 1.0):
    return x
