# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# RUN: not kdsl-translate %s --emit=mlir --kernel scale 2>&1 | FileCheck %s
#
# @wp.overload of a kernel without typing.Any parameters: Warp rejects it
# ("Only generic kernels can be overloaded"); it used to be skipped as host
# code, and the kernel it overloads compiled on its own. (Generic kernels:
# test/Frontend/generic-kernels.py.)

import warp as wp


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0


@wp.overload
# CHECK: .py:[[# @LINE + 1]]:5: error: only generic kernels can be overloaded (as in Warp): kernel 'scale' has no typing.Any parameter
def scale(a: wp.array(dtype=float)):
    ...
