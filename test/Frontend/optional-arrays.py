# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# An array as a condition is Warp's truth value of an array: false when it
# was passed as None (kdsl.has_data); `and` / `or` short-circuit on it.

import warp as wp


# CHECK-LABEL: kdsl.kernel @weighted(
# CHECK:      %[[HAS:.*]] = kdsl.has_data %w : <f32, 1>
# CHECK-NEXT: scf.if %[[HAS]] {
# CHECK:        kdsl.load %w[
# CHECK:      } else {
@wp.kernel
def weighted(x: wp.array(dtype=float), w: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    if w:
        out[i] = x[i] * w[i]
    else:
        out[i] = x[i]


# The load of arr[i] is inside the branch taken when arr has data.
# CHECK-LABEL: kdsl.kernel @guarded(
# CHECK:      %[[HAS2:.*]] = kdsl.has_data %arr : <i32, 1>
# CHECK-NEXT: %{{.*}} = scf.if %[[HAS2]] -> (i1) {
# CHECK-NEXT:   %[[V:.*]] = kdsl.load %arr[
# CHECK:      } else {
# CHECK-NEXT:   %false = arith.constant false
# CHECK:      %[[NOT:.*]] = kdsl.has_data %arr : <i32, 1>
# CHECK-NEXT: %true = arith.constant true
# CHECK-NEXT: %{{.*}} = arith.xori %[[NOT]], %true
@wp.kernel
def guarded(arr: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    if arr and arr[i] == 0:
        out[i] = 1
    if not arr:
        out[i] = 2
