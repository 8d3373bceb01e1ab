# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# `-> None` was ignored: the func returned a float. Warp rejects it ("has its
# return type annotated as `None` but the code returns a value").

import warp as wp


@wp.func
def f(x: float) -> None:
    # CHECK: .py:[[# @LINE + 1]]:5: error: this 'return' has a value but the function is annotated '-> None'
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = f(1.0)
