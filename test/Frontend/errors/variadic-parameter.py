# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# *args parameters.

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:7: error: variadic arguments (*args, **kwargs) are not supported
def f(*xs):
    return 1.0
