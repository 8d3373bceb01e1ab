// Kernel symbols that are no PTX identifier (names beyond ASCII, and in
// hand-written IR any symbol) are mangled (include/kdsl/Support/Mangle.h)
// rather than aborting in the NVPTX printer ("Symbol name with unsupported
// characters"). kα is U+03B1, '.' U+002E, ' ' U+0020.
// RUN: kdsl-opt %s --kdsl-lower-to-nvvm | FileCheck %s
// CHECK-DAG: .entry kdslu_kZ3b1__cuda_kernel_forward(
// CHECK-DAG: .entry kdslu_kZ2e_x_cuda_kernel_forward(
// CHECK-DAG: .entry kdslu_kZ20_y_cuda_kernel_forward(
// CHECK-DAG: .entry plain_cuda_kernel_forward(
kdsl.kernel @"kα"(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = false} {
  kdsl.return
}
kdsl.kernel @"k.x"(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x-y"], enable_backward = false} {
  kdsl.return
}
kdsl.kernel @"k y"(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = false} {
  kdsl.return
}
kdsl.kernel @plain(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = false} {
  kdsl.return
}
