# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Early return. Kernels and funcs have a single exit (kdsl.return /
# func.return); a `return` inside if/loops sets a "returned" flag (and, in a
# func, the value) that is carried through scf.if / scf.while and guards the
# statements after it.

import warp as wp


# A func returning from inside nested loops.
# CHECK-LABEL: func.func private @search(
# CHECK-SAME: -> i32
# CHECK: %[[F:.*]] = arith.constant false
# CHECK: %[[OUT:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %[[RET:.*]] = %[[F]], %[[VAL:.*]] = %{{.*}}) : (i32, i1, i32) -> (i32, i1, i32) {
# CHECK:   %[[NR:.*]] = arith.xori %[[RET]], %{{.*}} : i1
# CHECK:   arith.andi %{{.*}}, %[[NR]] : i1
# CHECK: } do {
# CHECK:   scf.while
# CHECK:     %[[HIT:.*]]:2 = scf.if %{{.*}} -> (i1, i32) {
# CHECK:       %[[SUM:.*]] = arith.addi
# CHECK:       %[[T:.*]] = arith.constant true
# CHECK:       scf.yield %[[T]], %[[SUM]] : i1, i32
# CHECK:     } else {
# The fall-through `return -1` only runs when nothing returned before.
# CHECK: %[[NOTRET:.*]] = arith.xori %[[OUT]]#1, %{{.*}} : i1
# CHECK: %[[FINAL:.*]]:2 = scf.if %[[NOTRET]] -> (i1, i32) {
# CHECK: } else {
# CHECK:   scf.yield %[[OUT]]#1, %[[OUT]]#2 : i1, i32
# CHECK: }
# CHECK: return %[[FINAL]]#1 : i32
@wp.func
def search(n: int, m: int):
    for p in range(n):
        for q in range(m):
            if p * q == 6:
                return p + q
    return -1


# A func returning from an if.
# CHECK-LABEL: func.func private @clamp01(
# CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (i1, f32) {
# CHECK: return %{{.*}} : f32
@wp.func
def clamp01(x: float):
    if x < 0.0:
        return 0.0
    if x > 1.0:
        return 1.0
    return x


# A func returning nothing, with a bare return.
# CHECK-LABEL: func.func private @store_positive(
# CHECK-SAME: %{{.*}}: f32) attributes
# CHECK: return{{$}}
@wp.func
def store_positive(x: float):
    if x < 0.0:
        return
    y = x * 2.0


# A func whose only return is inside `while True`, and one returning from
# every branch of an if/elif/else: neither can fall off its end.
# CHECK-LABEL: func.func private @first_above(
# CHECK: %[[W:.*]]:3 = scf.while
# CHECK: return %[[W]]#1 : i32
@wp.func
def first_above(x: float):
    i = int(0)
    while True:
        if float(i) > x:
            return i
        i += 1


# CHECK-LABEL: func.func private @sgn(
# CHECK: %[[R:.*]]:2 = scf.if
# CHECK: return %[[R]]#1 : i32
@wp.func
def sgn(x: float):
    if x < 0.0:
        return -1
    elif x > 0.0:
        return 1
    else:
        return 0


# A kernel's bare return ends the thread: the rest is guarded by the flag.
# CHECK-LABEL: kdsl.kernel @bounds_check(
@wp.kernel
def bounds_check(x: wp.array(dtype=float), n: int):
    i = wp.tid()
    # CHECK: %[[OOB:.*]] = arith.cmpi sge, %{{.*}}, %n : i32
    # CHECK: %[[RET:.*]] = scf.if %[[OOB]] -> (i1) {
    # CHECK: %[[GO:.*]] = arith.xori %[[RET]], %{{.*}} : i1
    # CHECK: scf.if %[[GO]] {
    # CHECK:   kdsl.store
    # CHECK: }
    # CHECK: kdsl.return
    if i >= n:
        return
    x[i] = 1.0


# A kernel's return inside a loop also leaves the loop.
# CHECK-LABEL: kdsl.kernel @return_in_loop(
# CHECK: %[[R:.*]]:3 = scf.while
# CHECK: %[[NR:.*]] = arith.xori %[[R]]#2, %{{.*}} : i1
# CHECK: scf.if %[[NR]] {
# CHECK:   func.call @clamp01
# CHECK: }
@wp.kernel
def return_in_loop(x: wp.array(dtype=float), out: wp.array(dtype=int), n: int):
    i = wp.tid()
    for j in range(n):
        if x[j] < 0.0:
            return
        if x[j] > 100.0:
            break
        out[i] += 1
    x[i] = clamp01(x[i])
    store_positive(x[i])
    out[i] = search(n, n) + first_above(x[i]) + sgn(x[i])
