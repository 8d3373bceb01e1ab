// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// func.func (@wp.func) as static KDSL_FN functions with their kdsl.arg_names; several results through a <name>_result struct.

// CHECK-LABEL: static KDSL_FN float sq(float x) {
// CHECK-NEXT:    const float [[P:v[0-9]+]] = x * x;
// CHECK-NEXT:    return [[P]];
// CHECK-LABEL: struct two_result {
// CHECK-NEXT:    float r0;
// CHECK-NEXT:    float r1;
// CHECK-NEXT:  };
// CHECK-NEXT:  static KDSL_FN two_result two(float x) {
// CHECK-NEXT:    const float [[S:v[0-9]+]] = x + 1.0f;
// CHECK-NEXT:    return two_result{x, [[S]]};
func.func private @sq(%arg0: f32) -> f32 attributes {kdsl.arg_names = ["x"]} {
  %0 = arith.mulf %arg0, %arg0 : f32
  return %0 : f32
}
func.func private @two(%arg0: f32) -> (f32, f32) attributes {kdsl.arg_names = ["x"]} {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = arith.addf %arg0, %cst : f32
  return %arg0, %0 : f32, f32
}

// CPP-LABEL: extern "C" void calls_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void calls_cuda_kernel_forward(kdsl_launch launch, kdsl_array x) {
// CHECK:    const float [[A:v[0-9]+]] = kdsl::load<float>(x, (uint32_t)tid);
// CHECK-NEXT:    const float [[SQ:v[0-9]+]] = sq([[A]]);
// CHECK-NEXT:    const auto [[RES:[a-z0-9_]+]] = two([[SQ]]);
// CHECK-NEXT:    const float [[R0:v[0-9]+]] = [[RES]].r0;
// CHECK-NEXT:    const float [[R1:v[0-9]+]] = [[RES]].r1;
// CHECK-NEXT:    const float [[D:v[0-9]+]] = [[R1]] - [[R0]];
// CHECK-NEXT:    kdsl::store(x, [[D]], (uint32_t)tid);
kdsl.kernel @calls(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %a = kdsl.load %x[%i] : !kdsl.array<f32, 1>
  %s = func.call @sq(%a) : (f32) -> f32
  %p:2 = func.call @two(%s) : (f32) -> (f32, f32)
  %r = arith.subf %p#1, %p#0 : f32
  kdsl.store %r, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
