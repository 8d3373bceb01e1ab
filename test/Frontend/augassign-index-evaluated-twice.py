# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): in a non-atomic augmented assignment (or a component assignment) to
# an array element, the index expression of the target is evaluated once for
# the load and again for the store (and once more for a component target).
# Python evaluates it once. With a side-effecting index the element read and
# the element written differ, and the side effect happens 2-3 times:
#   a[wp.atomic_add(c, 0, 1)] *= 2.0
# gives
#   %0 = kdsl.atomic add %c[...]   ; %1 = kdsl.load %a[%0]
#   %3 = kdsl.atomic add %c[...]   ; kdsl.store %2, %a[%3]
# (The atomic `+=` path evaluates the index once.)

import warp as wp


# CHECK-LABEL: kdsl.kernel @mul_assign(
# CHECK: %[[IDX:.*]] = kdsl.atomic add %c
# CHECK-NOT: kdsl.atomic add %c
# CHECK: kdsl.load %a[%[[IDX]]]
# CHECK-NOT: kdsl.atomic add %c
# CHECK: kdsl.store %{{.*}}, %a[%[[IDX]]]
@wp.kernel
def mul_assign(a: wp.array(dtype=float), c: wp.array(dtype=int)):
    a[wp.atomic_add(c, 0, 1)] *= 2.0


# CHECK-LABEL: kdsl.kernel @component_assign(
# CHECK: %[[IDX:.*]] = kdsl.atomic add %c
# CHECK-NOT: kdsl.atomic add %c
# CHECK: kdsl.store %{{.*}}, %vs[%[[IDX]]]
@wp.kernel
def component_assign(vs: wp.array(dtype=wp.vec3), c: wp.array(dtype=int)):
    vs[wp.atomic_add(c, 0, 1)].x = 3.0
