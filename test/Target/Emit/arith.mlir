// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// Emission of arith ops from kdsl IR: float operators, fmod for remf, comparisons and select, wrapping integer add/mul/shl, casts.

// CPP-LABEL: extern "C" void arith_f32_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void arith_f32_cuda_kernel_forward(kdsl_launch launch, kdsl_array x, float a, float b) {
// CPP:    const float a = kdsl::read_arg<float>(args[1]);
// CHECK:    const float [[S:v[0-9]+]] = a + b;
// CHECK-NEXT:    const float [[M:v[0-9]+]] = [[S]] * a;
// CHECK-NEXT:    const float [[D:v[0-9]+]] = [[M]] / b;
// CHECK-NEXT:    const float [[SUB:v[0-9]+]] = [[D]] - a;
// CHECK-NEXT:    const float [[NEG:v[0-9]+]] = -[[SUB]];
// CHECK-NEXT:    const float [[REM:v[0-9]+]] = std::fmod([[NEG]], b);
// CHECK-NEXT:    const bool [[C:v[0-9]+]] = ([[REM]] < a);
// CHECK-NEXT:    const float [[SEL:v[0-9]+]] = [[C]] ? [[REM]] : b;
// CHECK-NEXT:    kdsl::store(x, [[SEL]], (uint32_t)tid);
kdsl.kernel @arith_f32(%x: !kdsl.array<f32, 1>, %a: f32, %b: f32) attributes {arg_names = ["x", "a", "b"]} {
  %i = kdsl.tid : i32
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %0, %a : f32
  %2 = arith.divf %1, %b : f32
  %3 = arith.subf %2, %a : f32
  %4 = arith.negf %3 : f32
  %5 = arith.remf %4, %b : f32
  %c = arith.cmpf olt, %5, %a : f32
  %6 = arith.select %c, %5, %b : f32
  kdsl.store %6, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

// CPP-LABEL: extern "C" void arith_i32_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void arith_i32_cuda_kernel_forward(kdsl_launch launch, kdsl_array x, int32_t a, int32_t b) {
// CHECK:    const int32_t [[S:v[0-9]+]] = kdsl::wrap_add(a, b);
// CHECK-NEXT:    const int32_t [[M:v[0-9]+]] = kdsl::wrap_mul([[S]], tid);
// CHECK-NEXT:    const int32_t [[D:v[0-9]+]] = [[M]] / b;
// CHECK-NEXT:    const int32_t [[R:v[0-9]+]] = [[D]] % a;
// CHECK-NEXT:    const int32_t [[SH:v[0-9]+]] = kdsl::wrap_shl([[R]], b);
// CHECK-NEXT:    const int32_t [[AND:v[0-9]+]] = [[SH]] & a;
// CHECK-NEXT:    const int32_t [[XOR:v[0-9]+]] = [[AND]] ^ b;
// CHECK-NEXT:    const double [[F:v[0-9]+]] = (double)[[XOR]];
// CHECK-NEXT:    const int64_t [[I64:v[0-9]+]] = (int64_t)[[F]];
// CHECK-NEXT:    const int32_t [[T:v[0-9]+]] = (int32_t)[[I64]];
// CHECK-NEXT:    kdsl::store(x, [[T]], (uint32_t)tid);
kdsl.kernel @arith_i32(%x: !kdsl.array<i32, 1>, %a: i32, %b: i32) attributes {arg_names = ["x", "a", "b"]} {
  %i = kdsl.tid : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %i : i32
  %2 = arith.divsi %1, %b : i32
  %3 = arith.remsi %2, %a : i32
  %4 = arith.shli %3, %b : i32
  %5 = arith.andi %4, %a : i32
  %6 = arith.xori %5, %b : i32
  %7 = arith.sitofp %6 : i32 to f64
  %8 = arith.fptosi %7 : f64 to i64
  %9 = arith.trunci %8 : i64 to i32
  kdsl.store %9, %x[%i] : !kdsl.array<i32, 1>
  kdsl.return
}

// Bool logic: xor with true is a negation, xor of two bools is `!=`.
// CPP-LABEL: extern "C" void arith_bool_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void arith_bool_cuda_kernel_forward(kdsl_launch launch, kdsl_array x, float a, float b) {
// CHECK:    const bool [[C:v[0-9]+]] = (a < b);
// CHECK-NEXT:    const bool [[D:v[0-9]+]] = (b < a);
// CHECK-NEXT:    const bool [[N:v[0-9]+]] = ![[C]];
// CHECK-NEXT:    const bool [[X:v[0-9]+]] = [[N]] != [[D]];
// CHECK-NEXT:    const float [[SEL:v[0-9]+]] = [[X]] ? a : b;
kdsl.kernel @arith_bool(%x: !kdsl.array<f32, 1>, %a: f32, %b: f32) attributes {arg_names = ["x", "a", "b"]} {
  %i = kdsl.tid : i32
  %true = arith.constant true
  %c = arith.cmpf olt, %a, %b : f32
  %d = arith.cmpf olt, %b, %a : f32
  %n = arith.xori %c, %true : i1
  %e = arith.xori %n, %d : i1
  %s = arith.select %e, %a, %b : f32
  kdsl.store %s, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
