# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): `*xs: float` is valid Python; the message should say that variadic
# parameters are not supported (as it does for an unannotated `*xs`), but
# it is a parse error at the colon:
#   error: expected ')' to close the parameter list, found ':'

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:7: error: variadic arguments (*args, **kwargs) are not supported
def f(*xs: float):
    return 1.0
