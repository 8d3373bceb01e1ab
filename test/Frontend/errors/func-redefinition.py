# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir --kernel k | FileCheck %s
#
# Two @wp.func of one name in one scope are overloads, as in Warp (this
# used to be rejected as a redefinition): the call takes the def whose
# parameter types are the argument types, here f(x: float), not the later
# f(x: int) (which Warp also keeps).

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.func
def f(x: int):
    return x


# CHECK: func.func private @f(%arg0: f32) -> f32
# CHECK-LABEL: kdsl.kernel @k
# CHECK: call @f(%{{.*}}) : (f32) -> f32
@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = f(a[i])
