# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# RUN: not kdsl-translate %s --emit=mlir --kernel scale 2>&1 | FileCheck %s
#
# @wp.overload is not implemented (it was skipped as host code, and the
# kernel it overloads compiled on its own).

import warp as wp


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0


# CHECK: .py:[[# @LINE + 1]]:1: error: kdsl does not support @wp.overload (kernel and func overloads) yet
@wp.overload
def scale(a: wp.array(dtype=float)):
    ...
