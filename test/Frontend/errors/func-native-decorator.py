# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# @wp.func_native is not implemented (it was skipped as host code).

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:1: error: kdsl does not support @wp.func_native (native snippets) yet
@wp.func_native("return x + 1.0f;")
def plus_one(x: float) -> float:
    ...


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: note: in the call to 'plus_one'
    a[i] = plus_one(a[i])
