# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): after `break` (or an early `return`) inside a while loop, the loop
# condition is evaluated once more before the break flag stops the loop:
# the scf.while "before" region computes `cond && !broken`, evaluating `cond`
# unconditionally. Python never re-evaluates the condition after break, and
# the extra evaluation is observable:
#  * scan(): after `break` at j == n the condition reads a[n], one element
#    past the end of the array (out-of-bounds load);
#  * ticket(): the condition's wp.atomic_add runs one extra time.
# The condition must only be evaluated while the break flag is clear.

import warp as wp


# CHECK-LABEL: kdsl.kernel @scan(
# CHECK: scf.while
# CHECK-NOT: kdsl.load %a
# CHECK: scf.if
# CHECK: kdsl.load %a
# CHECK: scf.condition
@wp.kernel
def scan(a: wp.array(dtype=int), n: int, out: wp.array(dtype=int)):
    j = int(0)
    while a[j] != 0:
        j += 1
        if j >= n:
            break
    out[0] = j


# CHECK-LABEL: kdsl.kernel @ticket(
# CHECK: scf.while
# CHECK-NOT: kdsl.atomic add %counter
# CHECK: scf.if
# CHECK: kdsl.atomic add %counter
# CHECK: scf.condition
@wp.kernel
def ticket(counter: wp.array(dtype=int), x: wp.array(dtype=int), n: int):
    i = wp.tid()
    while wp.atomic_add(counter, 0, 1) < n:
        if x[i] > 3:
            return
        x[i] += 1
