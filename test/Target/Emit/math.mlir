// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// math ops and min/max become the <cmath> functions of the operand type (float stays float).

// CPP-LABEL: extern "C" void math_f32_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void math_f32_cuda_kernel_forward(kdsl_launch launch, kdsl_array x, float a, float b) {
// CHECK:    const float [[A:v[0-9]+]] = std::sin(a);
// CHECK-NEXT:    const float [[B:v[0-9]+]] = std::exp([[A]]);
// CHECK-NEXT:    const float [[C:v[0-9]+]] = std::sqrt([[B]]);
// CHECK-NEXT:    const float [[D:v[0-9]+]] = std::fabs([[C]]);
// CHECK-NEXT:    const float [[E:v[0-9]+]] = std::floor([[D]]);
// CHECK-NEXT:    const float [[F:v[0-9]+]] = std::atan2([[E]], b);
// CHECK-NEXT:    const float [[G:v[0-9]+]] = std::pow([[F]], b);
// CHECK-NEXT:    const float [[H:v[0-9]+]] = std::fmin([[G]], a);
// CHECK-NEXT:    const float [[I:v[0-9]+]] = std::fmax([[H]], b);
// CHECK-NEXT:    kdsl::store(x, [[I]], (uint32_t)tid);
kdsl.kernel @math_f32(%x: !kdsl.array<f32, 1>, %a: f32, %b: f32) attributes {arg_names = ["x", "a", "b"]} {
  %i = kdsl.tid : i32
  %0 = math.sin %a : f32
  %1 = math.exp %0 : f32
  %2 = math.sqrt %1 : f32
  %3 = math.absf %2 : f32
  %4 = math.floor %3 : f32
  %5 = math.atan2 %4, %b : f32
  %6 = math.powf %5, %b : f32
  %7 = arith.minnumf %6, %a : f32
  %8 = arith.maxnumf %7, %b : f32
  kdsl.store %8, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

// CPP-LABEL: extern "C" void math_f64_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void math_f64_cuda_kernel_forward(kdsl_launch launch, kdsl_array x, double a) {
// CHECK:    const double [[A:v[0-9]+]] = std::log(a);
// CHECK-NEXT:    const double [[B:v[0-9]+]] = std::cos([[A]]);
// CHECK-NEXT:    const double [[C:v[0-9]+]] = std::tanh([[B]]);
// CHECK-NEXT:    kdsl::store(x, [[C]], (uint32_t)tid);
kdsl.kernel @math_f64(%x: !kdsl.array<f64, 1>, %a: f64) attributes {arg_names = ["x", "a"]} {
  %i = kdsl.tid : i32
  %0 = math.log %a : f64
  %1 = math.cos %0 : f64
  %2 = math.tanh %1 : f64
  kdsl.store %2, %x[%i] : !kdsl.array<f64, 1>
  kdsl.return
}
