# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Warp's random builtins advance their state argument in place: the prelude
# func returns (value, new state) and the caller's local takes the new state,
# also through loops (scf.for carries it) and branches (scf.if yields it).
# A state that is not a local (an array element) is read, not written back.

import warp as wp


@wp.kernel
def k(seed: int, n: int, flag: int, states: wp.array(dtype=wp.uint32), out: wp.array(dtype=float)):
    i = wp.tid()
    state = wp.rand_init(seed, i)
    a = wp.randf(state)
    b = wp.randf(state, 1.0, 2.0)
    for j in range(n):
        a += wp.randn(state)
    if flag > 0:
        b += wp.randf(state)
    out[i] = a + b + wp.randf(states[i]) + float(wp.randi(state))


# CHECK-LABEL: func.func private @wp_randf(%arg0: i32) -> (f32, i32)
# CHECK-LABEL: kdsl.kernel @k(
# CHECK: %[[S0:.*]] = func.call @wp_rand_init_offset(%seed, %tid) {kdsl.unsigned} : (i32, i32) -> i32
# CHECK: %[[A:.*]]:2 = func.call @wp_randf(%[[S0]]) : (i32) -> (f32, i32)
# CHECK: %[[B:.*]]:2 = func.call @wp_randf_range(%[[A]]#1, {{.*}}) : (i32, f32, f32) -> (f32, i32)
# CHECK: %[[L:.*]]:2 = scf.for {{.*}} iter_args({{.*}} = %[[A]]#0, %[[LS:.*]] = %[[B]]#1) -> (f32, i32)
# CHECK:   %[[N:.*]]:2 = func.call @wp_randn(%[[LS]])
# CHECK:   scf.yield {{.*}}, %[[N]]#1 : f32, i32
# CHECK: %[[IF:.*]]:2 = scf.if
# CHECK:   %[[R:.*]]:2 = func.call @wp_randf(%[[L]]#1)
# CHECK:   scf.yield {{.*}}, %[[R]]#1
# CHECK: %[[E:.*]] = kdsl.load %states[%tid]
# CHECK: func.call @wp_randf(%[[E]])
# CHECK: func.call @wp_randi(%[[IF]]#1)
