// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s --check-prefix=ALL
// RUN: kdsl-opt --kdsl-autodiff %s | kdsl-opt --kdsl-autodiff | FileCheck %s --check-prefix=ALL
// RUN: kdsl-opt '--kdsl-autodiff=kernels=second' %s | FileCheck %s --check-prefix=SECOND
// RUN: kdsl-opt '--kdsl-autodiff=kernels=off,first' %s | FileCheck %s --check-prefix=NAMED

// kdsl-autodiff's selection, which the drivers use too (driver::prepareAdjoints).
// Without `kernels`: every kernel with enable_backward that has no adjoint
// yet (run twice, the second run adds nothing).
// ALL-LABEL: kdsl.kernel @first(
// ALL-LABEL: kdsl.kernel @first_backward(
// ALL-SAME: kdsl.adjoint_of = "first"
// ALL-LABEL: kdsl.kernel @second(
// ALL-LABEL: kdsl.kernel @second_backward(
// ALL-SAME: kdsl.adjoint_of = "second"
// ALL-LABEL: kdsl.kernel @off(
// ALL-NOT: kdsl.kernel

// With `kernels`: those kernels only, enable_backward = false or not.
// SECOND-LABEL: kdsl.kernel @first(
// SECOND-NOT: @first_backward
// SECOND-LABEL: kdsl.kernel @second(
// SECOND-LABEL: kdsl.kernel @second_backward(
// SECOND-LABEL: kdsl.kernel @off(
// SECOND-NOT: kdsl.kernel

// NAMED-LABEL: kdsl.kernel @first(
// NAMED-LABEL: kdsl.kernel @first_backward(
// NAMED-LABEL: kdsl.kernel @second(
// NAMED-NOT: @second_backward
// NAMED-LABEL: kdsl.kernel @off(
// NAMED-LABEL: kdsl.kernel @off_backward(
// NAMED-SAME: kdsl.adjoint_of = "off"

kdsl.kernel @first(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %s = math.sin %v : f32
  kdsl.store %s, %y[%i] : <f32, 1>
  kdsl.return
}

kdsl.kernel @second(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %s = math.cos %v : f32
  kdsl.store %s, %y[%i] : <f32, 1>
  kdsl.return
}

kdsl.kernel @off(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = false} {
  kdsl.return
}
