# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Two structs of one name in one scope. Python evaluates a kernel's
# annotations when the kernel is defined, so Warp's `k` takes the first S;
# kdsl silently used the last one.

import warp as wp


@wp.struct
# CHECK-DAG: .py:[[# @LINE + 1]]:7: note: the first definition of 'S' is here
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=float), s: S):
    a[0] = s.x


@wp.struct
# CHECK-DAG: .py:[[# @LINE + 1]]:7: error: redefinition of struct 'S'; kdsl needs one struct per name in a scope
class S:
    y: int
