# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Both @wp.func and @wp.kernel on one definition: the second was ignored.

import warp as wp


# CHECK: .py:[[# @LINE + 2]]:1: error: a definition takes only one of @wp.kernel, @wp.func and @wp.struct
@wp.func
@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
