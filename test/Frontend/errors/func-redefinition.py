# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# RUN: not kdsl-translate %s --emit=mlir --kernel k 2>&1 | FileCheck %s
#
# Two @wp.func of one name in one scope: Warp makes them overloads; the later
# silently replaced the earlier, and the call failed with a type error.

import warp as wp


@wp.func
# CHECK-DAG: .py:[[# @LINE + 1]]:5: note: the first definition of 'f' is here
def f(x: float):
    return x


@wp.func
# CHECK-DAG: .py:[[# @LINE + 1]]:5: error: redefinition of func 'f'; overloads are not supported yet
def f(x: int):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = f(a[i])
# CHECK-NOT: expected int32
