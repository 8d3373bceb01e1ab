// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// A @wp.func call stays a call in the adjoint: the reverse sweep calls the
// func's adjoint function adj_sq (built once: the operands, then the
// result's adjoint; it returns the operand's adjoint), which recomputes and
// reverses sq.

func.func private @sq(%a: f32) -> f32 {
  %m = arith.mulf %a, %a : f32
  return %m : f32
}

// CHECK-LABEL: func.func private @adj_sq(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: f32, %[[G:[a-z0-9_]+]]: f32) -> f32
// CHECK-SAME: kdsl.adjoint_func_of = "sq", kdsl.adjoint_params = array<i64: 0>
// d(a * a) = g * a + g * a
// CHECK-NEXT: %[[L:.*]] = arith.mulf %[[G]], %[[A]]
// CHECK-NEXT: %[[R:.*]] = arith.mulf %[[G]], %[[A]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[R]]
// CHECK-NEXT: return %[[S]]
// CHECK-LABEL: kdsl.kernel @callk(
// CHECK: func.call @sq
// CHECK-LABEL: kdsl.kernel @callk_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// The recomputed call of sq, whose result nothing reads, is gone.
// CHECK-NOT:  func.call @sq
// CHECK:      %[[V:.*]] = kdsl.load
// CHECK-NEXT: %[[GY:.*]] = kdsl.load %[[ADJ_Y]]
// CHECK-NEXT: %[[S:.*]] = func.call @adj_sq(%[[V]], %[[GY]])
// CHECK-NEXT: %[[OLD1:.*]] = kdsl.load %[[ADJ_X]][%{{.*}}]
// CHECK-NEXT: %[[NEW1:.*]] = arith.addf %[[OLD1]], %[[S]]
// CHECK-NEXT: kdsl.store %[[NEW1]], %[[ADJ_X]][%{{.*}}]
kdsl.kernel @callk(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %r = func.call @sq(%v) : (f32) -> f32
  kdsl.store %r, %y[%i] : <f32, 1>
  kdsl.return
}
