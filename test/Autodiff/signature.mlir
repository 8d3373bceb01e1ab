// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// The adjoint kernel has Warp's calling convention: the arguments, then one
// adjoint per argument (adj_<name>, the same type); the primal is untouched.

// CHECK-LABEL: kdsl.kernel @scale(
// CHECK-NOT: adj_
// CHECK: kdsl.return
// CHECK-LABEL: kdsl.kernel @scale_backward(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: f32, %[[X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>,
// CHECK-SAME: %[[ADJ_A:[a-z0-9_]+]]: f32, %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK-SAME: arg_names = ["a", "x", "y", "adj_a", "adj_x", "adj_y"], enable_backward = false, kdsl.adjoint_of = "scale"
// The forward values are recomputed (without the store), then reversed:
// CHECK:      memref.alloca_scope
// CHECK:        %[[TID:.*]] = kdsl.tid
// CHECK-NEXT:   %[[V:.*]] = kdsl.load %[[X]][%[[TID]]]
// CHECK-NEXT:   %[[S:.*]] = math.sin %[[V]]
// CHECK-NEXT:   arith.mulf %[[A]], %[[S]]
// CHECK-NOT:    kdsl.store
// y[i] = m reads adj_y[i] into adj(m);
// CHECK-NEXT:   %[[DM:.*]] = kdsl.load %[[ADJ_Y]][%[[TID]]]
// m = a * s: adj(a) += adj(m) * s, adj(s) += adj(m) * a;
// CHECK-NEXT:   arith.mulf %[[DM]], %[[S]]
// CHECK-NEXT:   %[[DS:.*]] = arith.mulf %[[DM]], %[[A]]
// s = sin(v): adj(v) += adj(s) * cos(v);
// CHECK-NEXT:   %[[COS:.*]] = math.cos %[[V]]
// CHECK-NEXT:   %[[DV:.*]] = arith.mulf %[[DS]], %[[COS]]
// v = x[i]: adj_x[i] += adj(v); every read of x is at the thread's own
// index, so no other thread writes adj_x[i]: no atomic.
// CHECK-NEXT:   %[[OLD:.*]] = kdsl.load %[[ADJ_X]][%[[TID]]]
// CHECK-NEXT:   %[[NEW:.*]] = arith.addf %[[OLD]], %[[DV]]
// CHECK-NEXT:   kdsl.store %[[NEW]], %[[ADJ_X]][%[[TID]]]
// CHECK:      kdsl.return
kdsl.kernel @scale(%a: f32, %x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %s = math.sin %v : f32
  %m = arith.mulf %a, %s : f32
  kdsl.store %m, %y[%i] : <f32, 1>
  kdsl.return
}

// @wp.kernel(enable_backward=False): no adjoint.
// CHECK-LABEL: kdsl.kernel @no_adjoint(
// CHECK-NOT: @no_adjoint_backward
kdsl.kernel @no_adjoint(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = false} {
  kdsl.return
}
