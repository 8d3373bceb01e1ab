// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// @wp.func calls are inlined into the adjoint (the primal keeps its call).

func.func private @sq(%a: f32) -> f32 {
  %m = arith.mulf %a, %a : f32
  return %m : f32
}

// CHECK-LABEL: kdsl.kernel @callk(
// CHECK: func.call @sq
// CHECK-LABEL: kdsl.kernel @callk_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK-NOT:  func.call
// CHECK:      %[[V:.*]] = kdsl.load
// CHECK-NEXT: arith.mulf %[[V]], %[[V]]
// CHECK-NEXT: %[[G:.*]] = kdsl.load %[[ADJ_Y]]
// d(a * a) = g * a + g * a
// CHECK-NEXT: %[[L:.*]] = arith.mulf %[[G]], %[[V]]
// CHECK-NEXT: %[[R:.*]] = arith.mulf %[[G]], %[[V]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[R]]
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
