# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): the value of the module="..." decorator option is taken from the wrong
# source range: it prints as
#   options = {module = "\22unique\22)def with_module(a: wp.array(dtype=float)"}
# (the quotes, the closing parenthesis and the whole def header are included)
# instead of the string literal's value.

import warp as wp


# CHECK-LABEL: kdsl.kernel @with_module(
# CHECK-SAME: options = {module = "unique"}
@wp.kernel(module="unique")
def with_module(a: wp.array(dtype=float)):
    a[0] = 1.0


# CHECK-LABEL: kdsl.kernel @with_both(
# CHECK-SAME: enable_backward = false
# CHECK-SAME: options = {module = "m2"}
@wp.kernel(enable_backward=False, module='m2')
def with_both(a: wp.array(dtype=float)):
    a[0] = 2.0
