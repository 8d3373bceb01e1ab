# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.tid() inside a func.

import warp as wp


@wp.func
def f(x: int):
    # CHECK: .py:[[# @LINE + 1]]:9: error: wp.tid() can only be called in a kernel
    i = wp.tid()
    return i
