# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): after `for j in range(n)` the loop variable keeps the value it had
# before the loop instead of the last value the loop gave it (Python and
# Warp: n - 1 when the loop ran). Here a[i] must be n - 1 for n > 0; kdsl
# stores the constant 5:
#   kdsl.store %c5_i32, %a[%tid]
# The loop variable has to be carried out of the scf.for like any other local
# assigned in the body.

import warp as wp


# CHECK-LABEL: kdsl.kernel @last_value(
# CHECK: %[[J:.*]] = scf.for
# CHECK: kdsl.store %[[J]], %a
@wp.kernel
def last_value(a: wp.array(dtype=int), n: int):
    i = wp.tid()
    j = 5
    for j in range(n):
        pass
    a[i] = j
