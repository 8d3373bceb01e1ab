# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Two funcs calling each other.

import warp as wp


@wp.func
# CHECK: .py:[[# @LINE + 1]]:5: error: recursion is not supported: 'f' calls itself through 'g'
def f(x: int):
    return g(x)


@wp.func
def g(x: int):
    return f(x)
