// RUN: kdsl-opt %s --kdsl-build-grad-funcs | FileCheck %s
// kdsl-build-grad-funcs, which the driver runs after the front end: the
// declaration @sq__grad of wp.grad(sq) gets sq's adjoint for an adjoint
// return of 1 (d(x*x)/dx = 1*x + 1*x), and sq, called by nothing else, goes.

// CHECK-LABEL: func.func private @adj_sq(%arg0: f32, %arg1: f32) -> f32
// CHECK-NEXT:    %[[A:.*]] = arith.mulf %arg1, %arg0 : f32
// CHECK-NEXT:    %[[B:.*]] = arith.mulf %arg1, %arg0 : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[S]] : f32
// CHECK-LABEL: func.func private @sq__grad(%arg0: f32) -> f32
// CHECK-SAME:    kdsl.grad_of = "sq"
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         func.call @adj_sq(%arg0, %[[ONE]])
// CHECK-NOT:   func.func private @sq(
// CHECK-LABEL: kdsl.kernel @k
// CHECK:         func.call @sq__grad
func.func private @sq(%x: f32) -> f32 attributes {kdsl.arg_names = ["x"]} {
  %0 = arith.mulf %x, %x : f32
  return %0 : f32
}
func.func private @sq__grad(f32) -> f32 attributes {kdsl.arg_names = ["x"], kdsl.grad_of = @sq, kdsl.grad_seeds = ["ones"]}
kdsl.kernel @k(%a: !kdsl.array<f32, 1>, %b: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "b"], enable_backward = true} {
  %tid = kdsl.tid : i32
  %0 = kdsl.load %a[%tid] : <f32, 1>
  %1 = func.call @sq__grad(%0) : (f32) -> f32
  kdsl.store %1, %b[%tid] : <f32, 1>
  kdsl.return
}
