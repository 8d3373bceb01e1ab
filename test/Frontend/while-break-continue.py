# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# while loops become scf.while. break and continue set flags that are carried
# through the loop and guard the rest of the body; a for loop containing
# break becomes an scf.while over its trip count.

import warp as wp


# CHECK-LABEL: kdsl.kernel @while_loop(
@wp.kernel
def while_loop(x: wp.array(dtype=int), n: int):
    i = wp.tid()
    c = int(0)
    # CHECK: %[[C0:.*]] = arith.constant 0 : i32
    # CHECK: %[[R:.*]] = scf.while (%[[C:.*]] = %[[C0]]) : (i32) -> i32 {
    # CHECK:   %[[COND:.*]] = arith.cmpi slt, %[[C]], %n : i32
    # CHECK:   scf.condition(%[[COND]]) %[[C]] : i32
    # CHECK: } do {
    # CHECK: ^bb0(%[[CB:.*]]: i32):
    # CHECK:   %[[C1:.*]] = arith.addi %[[CB]], %{{.*}} : i32
    # CHECK:   scf.yield %[[C1]] : i32
    # CHECK: }
    # CHECK: kdsl.store %[[R]], %x
    while c < n:
        c += 1
    x[i] = c


# CHECK-LABEL: kdsl.kernel @break_continue(
@wp.kernel
def break_continue(x: wp.array(dtype=int), n: int):
    i = wp.tid()
    c = int(0)
    # The break flag is a loop-carried i1 that also ends the loop.
    # CHECK: %[[F:.*]] = arith.constant false
    # CHECK: scf.while (%[[BRK:.*]] = %[[F]], %[[C:.*]] = %{{.*}}) : (i1, i32) -> (i1, i32) {
    # CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[C]], %n : i32
    # CHECK:   %[[NOTBRK:.*]] = arith.xori %[[BRK]], %{{.*}} : i1
    # CHECK:   %[[GO:.*]] = arith.andi %[[LT]], %[[NOTBRK]] : i1
    # CHECK:   scf.condition(%[[GO]])
    # CHECK: } do {
    # continue: a flag local to the iteration guards the rest of the body.
    # CHECK:   %[[CONT:.*]] = scf.if %{{.*}} -> (i1) {
    # CHECK:   %[[NOTCONT:.*]] = arith.xori %[[CONT]], %{{.*}} : i1
    # CHECK:   scf.if %[[NOTCONT]] -> (i1) {
    # break:
    # CHECK:     %[[B:.*]] = scf.if %{{.*}} -> (i1) {
    # CHECK:     %[[NOTB:.*]] = arith.xori %[[B]], %{{.*}} : i1
    # CHECK:     scf.if %[[NOTB]] {
    # CHECK:       kdsl.store
    while c < n:
        c += 1
        if c == 5:
            continue
        if c > 10:
            break
        x[i] = c


# `while True` left by break.
# CHECK-LABEL: kdsl.kernel @while_true(
# CHECK: scf.while
# CHECK: scf.condition
@wp.kernel
def while_true(x: wp.array(dtype=int)):
    i = wp.tid()
    k = int(0)
    while True:
        k += 1
        if k >= i:
            break
    x[i] = k


# A for loop with break or continue is an scf.while that counts iterations.
# CHECK-LABEL: kdsl.kernel @for_break(
@wp.kernel
def for_break(x: wp.array(dtype=float), out: wp.array(dtype=int), n: int):
    i = wp.tid()
    # CHECK: %[[TRIP:.*]] = arith.select
    # CHECK: scf.while (%[[IV:.*]] = %{{.*}}, %[[BRK:.*]] = %{{.*}}) : (i32, i1) -> (i32, i1) {
    # CHECK:   %[[IN:.*]] = arith.cmpi slt, %[[IV]], %[[TRIP]] : i32
    # CHECK:   %[[NB:.*]] = arith.xori %[[BRK]], %{{.*}} : i1
    # CHECK:   arith.andi %[[IN]], %[[NB]] : i1
    # CHECK: } do {
    # CHECK:   kdsl.atomic add %out
    # CHECK:   %[[NEXT:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
    # CHECK:   scf.yield %[[NEXT]], %{{.*}} : i32, i1
    for j in range(n):
        if j == 3:
            continue
        if x[j] > 100.0:
            break
        out[i] += 1


# break and continue act on the innermost loop only.
# CHECK-LABEL: kdsl.kernel @nested_break(
# CHECK: scf.for
# CHECK:   scf.while
# CHECK:     scf.condition
# CHECK:   kdsl.store
@wp.kernel
def nested_break(x: wp.array2d(dtype=int), n: int):
    for p in range(n):
        for q in range(n):
            if q > p:
                break
            x[p, q] = 1
        x[p, p] = 2
