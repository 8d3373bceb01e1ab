# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# for loops over range(stop), range(start, stop), range(start, stop, step)
# with a positive literal step (scf.for directly), a negative or run-time step
# and reversed(range(...)) (an scf.for over the trip count, the loop value
# computed from the induction variable). Locals changed in the body are
# iter_args.

import warp as wp


# CHECK-LABEL: kdsl.kernel @ranges(
@wp.kernel
def ranges(x: wp.array(dtype=float), n: int):
    i = wp.tid()
    # CHECK: %[[S0:.*]] = arith.constant 0.000000e+00 : f32
    s = float(0.0)
    # range(stop): from 0, step 1.
    # CHECK: %[[Z:.*]] = arith.constant 0 : i32
    # CHECK: %[[ONE:.*]] = arith.constant 1 : i32
    # CHECK: %[[S1:.*]] = scf.for %{{.*}} = %[[Z]] to %n step %[[ONE]] iter_args(%[[ACC:.*]] = %[[S0]]) -> (f32) : i32 {
    # CHECK:   %[[T:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
    # CHECK:   scf.yield %[[T]] : f32
    # CHECK: }
    for a in range(n):
        s += 1.0
    # range(start, stop).
    # CHECK: %[[TWO:.*]] = arith.constant 2 : i32
    # CHECK: %[[S2:.*]] = scf.for %[[B:.*]] = %[[TWO]] to %n step %{{.*}} iter_args(%{{.*}} = %[[S1]]) -> (f32) : i32 {
    # CHECK:   arith.sitofp %[[B]] : i32 to f32
    for b in range(2, n):
        s += float(b)
    # range(start, stop, step) with a positive literal step.
    # CHECK: %[[THREE:.*]] = arith.constant 3 : i32
    # CHECK: %[[S3:.*]] = scf.for %{{.*}} = %{{.*}} to %n step %[[THREE]] iter_args(%{{.*}} = %[[S2]]) -> (f32) : i32 {
    for c in range(0, n, 3):
        s -= 1.0
    # CHECK: kdsl.store %[[S3]], %x
    x[i] = s


# A negative step: trip count ceil((start - stop) / -step) when start > stop,
# and the value start + iv * step.
# CHECK-LABEL: kdsl.kernel @negative_step(
@wp.kernel
def negative_step(x: wp.array(dtype=int), n: int):
    # CHECK: %[[STOP:.*]] = arith.constant 0 : i32
    # CHECK: %[[STEP:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
    # CHECK: %[[HAS:.*]] = arith.cmpi sgt, %n, %[[STOP]] : i32
    # CHECK: %[[TRIP:.*]] = arith.select %[[HAS]], %{{.*}}, %{{.*}} : i32
    # CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[TRIP]] step %{{.*}} : i32 {
    # CHECK:   %[[OFF:.*]] = arith.muli %[[IV]], %[[STEP]] : i32
    # CHECK:   %[[J:.*]] = arith.addi %n, %[[OFF]] : i32
    # CHECK:   kdsl.store %[[J]], %x[%[[J]]]
    for j in range(n, 0, -2):
        x[j] = j


# reversed(range(n)) visits n-1, ..., 0: value = start + (trip - 1 - iv) * step.
# CHECK-LABEL: kdsl.kernel @reversed_range(
@wp.kernel
def reversed_range(x: wp.array(dtype=int), n: int):
    # CHECK: %[[TRIP:.*]] = arith.select
    # CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[TRIP]] step %{{.*}} : i32 {
    # CHECK:   %[[LAST:.*]] = arith.subi %[[TRIP]], %{{.*}} : i32
    # CHECK:   %[[K:.*]] = arith.subi %[[LAST]], %[[IV]] : i32
    # CHECK:   %[[OFF:.*]] = arith.muli %[[K]], %{{.*}} : i32
    # CHECK:   %[[J:.*]] = arith.addi %{{.*}}, %[[OFF]] : i32
    # CHECK:   kdsl.store %[[J]], %x[%[[J]]]
    for j in reversed(range(n)):
        x[j] = j


# A run-time step: both directions are computed and selected on the sign; a
# zero step (Warp: no iteration) never divides by zero.
# CHECK-LABEL: kdsl.kernel @runtime_step(
@wp.kernel
def runtime_step(x: wp.array(dtype=int), n: int, step: int):
    # CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %step, %{{.*}} : i32
    # CHECK: %[[SAFE:.*]] = arith.select %[[ISZERO]], %{{.*}}, %step : i32
    # CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[SAFE]], %{{.*}} : i32
    # CHECK: %[[DIR:.*]] = arith.select %[[POS]], %{{.*}}, %{{.*}} : i32
    # CHECK: %[[TRIP:.*]] = arith.select %[[ISZERO]], %{{.*}}, %[[DIR]] : i32
    # CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[TRIP]] step %{{.*}} : i32 {
    # CHECK:   arith.muli %[[IV]], %step : i32
    for j in range(0, n, step):
        x[j] = j


# The range is evaluated once; assigning to the loop variable or to the range
# bound in the body changes neither the values nor the count.
# CHECK-LABEL: kdsl.kernel @evaluated_once(
@wp.kernel
def evaluated_once(x: wp.array(dtype=int), n: int):
    i = wp.tid()
    s = int(0)
    # CHECK: %[[R:.*]]:2 = scf.for %[[J:.*]] = %{{.*}} to %n step %{{.*}} iter_args(%[[N:.*]] = %n, %[[S:.*]] = %{{.*}}) -> (i32, i32) : i32 {
    # CHECK:   %[[J2:.*]] = arith.addi %[[J]], %{{.*}} : i32
    # CHECK:   %[[S2:.*]] = arith.addi %[[S]], %[[J2]] : i32
    # CHECK:   %[[N2:.*]] = arith.subi %[[N]], %{{.*}} : i32
    # CHECK:   scf.yield %[[N2]], %[[S2]] : i32, i32
    # CHECK: }
    # CHECK: arith.addi %[[R]]#1, %[[R]]#0 : i32
    for j in range(n):
        j = j + 10
        s += j
        n = n - 1
    x[i] = s + n


# Nested loops.
# CHECK-LABEL: kdsl.kernel @nested(
@wp.kernel
def nested(x: wp.array2d(dtype=int), n: int, m: int):
    # CHECK: scf.for %[[P:.*]] = %{{.*}} to %n
    # CHECK:   scf.for %[[Q:.*]] = %{{.*}} to %m
    # CHECK:     kdsl.store %{{.*}}, %x[%[[P]], %[[Q]]]
    for p in range(n):
        for q in range(m):
            x[p, q] = p * q
