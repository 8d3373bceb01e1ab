// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// Calls of a func with a custom gradient (kdsl.grad) stay calls in the
// adjoint and are reversed by a call of the gradient; a func with a custom
// replay (kdsl.replay) is recomputed by the replay (lib/Autodiff/CustomGradCalls.cpp).

func.func private @ste(%a: f32) -> f32 attributes {kdsl.grad = @adj_ste} {
  %r = math.round %a : f32
  return %r : f32
}
func.func private @adj_ste(%a: f32, %adj_ret: f32) -> f32
    attributes {kdsl.adjoint_params = array<i64: 0>, kdsl.adjoint_arrays = array<i64>} {
  return %adj_ret : f32
}

// CHECK-LABEL: kdsl.kernel @k_backward(
// CHECK-SAME: %[[X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[V:.*]] = kdsl.load %[[X]]
// CHECK-NEXT: func.call @ste(%[[V]]) {kdsl.grad = @adj_ste}
// CHECK-NEXT: %[[G:.*]] = kdsl.load %[[ADJ_Y]]
// CHECK-NEXT: %[[D:.*]] = func.call @adj_ste(%[[V]], %[[G]])
// CHECK:      kdsl.atomic add %[[ADJ_X]][{{.*}}], %[[D]]
// CHECK-NOT:  math.round
kdsl.kernel @k(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %c0 = arith.constant 0 : i32
  %v = kdsl.load %x[%c0] : !kdsl.array<f32, 1>
  %r = func.call @ste(%v) : (f32) -> f32
  kdsl.store %r, %y[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

func.func private @fwd(%c: !kdsl.array<i32, 1>) -> i32 attributes {kdsl.replay = @replay} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = kdsl.atomic add %c[%c0], %c1 : !kdsl.array<i32, 1>
  return %old : i32
}
func.func private @replay(%c: !kdsl.array<i32, 1>) -> i32 {
  %c1 = arith.constant 1 : i32
  %v = kdsl.load %c[%c1] : !kdsl.array<i32, 1>
  return %v : i32
}

// The replay's load is recomputed, the forward's atomic is not.
// CHECK-LABEL: kdsl.kernel @r_backward(
// CHECK-NOT:  func.call
// CHECK-NOT:  kdsl.atomic add %{{.*}}, %c1
// CHECK:      %[[C1:.*]] = arith.constant 1 : i32
// CHECK:      %[[IDX:.*]] = kdsl.load %{{.*}}[%[[C1]]] : <i32, 1>
// CHECK:      kdsl.load %{{.*}}[%[[IDX]]] : <f32, 1>
kdsl.kernel @r(%c: !kdsl.array<i32, 1>, %x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["c", "x", "y"]} {
  %i = func.call @fwd(%c) : (!kdsl.array<i32, 1>) -> i32
  %v = kdsl.load %x[%i] : !kdsl.array<f32, 1>
  %s = arith.mulf %v, %v : f32
  kdsl.store %s, %y[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
