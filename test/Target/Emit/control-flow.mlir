// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// scf.for with a loop-carried value (a mutable local), scf.while (while (true) with a break on the condition), scf.if with a result (declared before, assigned in both branches).

// CPP-LABEL: extern "C" void loops_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void loops_cuda_kernel_forward(kdsl_launch launch, kdsl_array x, int32_t n) {
// CHECK:    float [[ACC:v[0-9]+]] = 0.0f;
// A step of 1 below a signed bound cannot overflow: ++k.
// CHECK-NEXT:    for (int32_t [[IV:[a-z0-9_]+]] = 0; [[IV]] < n; ++[[IV]]) {
// CHECK-NEXT:      const float [[F:v[0-9]+]] = (float)[[IV]];
// CHECK-NEXT:      const float [[A:v[0-9]+]] = [[ACC]] + [[F]];
// CHECK-NEXT:      [[ACC]] = [[A]];
// CHECK-NEXT:    }
// CHECK-NEXT:    {{.*}}float [[S:[a-z0-9_]+]] = [[ACC]];
// CHECK-NEXT:    float [[W:v[0-9]+]];
// CHECK-NEXT:    while (true) {
// CHECK-NEXT:      const bool [[C:v[0-9]+]] = ([[S]] > 10.0f);
// CHECK-NEXT:      if (!([[C]])) {
// CHECK-NEXT:        [[W]] = [[S]];
// CHECK-NEXT:        break;
// CHECK-NEXT:      }
// CHECK-NEXT:      const float [[H:v[0-9]+]] = [[S]] * 0.5f;
// CHECK-NEXT:      [[S]] = [[H]];
// CHECK-NEXT:    }
// CHECK-NEXT:    const bool [[BIG:v[0-9]+]] = ([[W]] > 1.0f);
// CHECK-NEXT:    float [[R:v[0-9]+]];
// CHECK-NEXT:    if ([[BIG]]) {
// CHECK-NEXT:      const float [[E:v[0-9]+]] = std::exp([[W]]);
// CHECK-NEXT:      [[R]] = [[E]];
// CHECK-NEXT:    } else {
// CHECK-NEXT:      const float [[Q:v[0-9]+]] = std::sqrt([[W]]);
// CHECK-NEXT:      [[R]] = [[Q]];
// CHECK-NEXT:    }
// CHECK-NEXT:    kdsl::store(x, [[R]], (uint32_t)tid);
kdsl.kernel @loops(%x: !kdsl.array<f32, 1>, %n: i32) attributes {arg_names = ["x", "n"]} {
  %i = kdsl.tid : i32
  %zero = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %sum = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %f = arith.sitofp %j : i32 to f32
    %a = arith.addf %acc, %f : f32
    scf.yield %a : f32
  }
  %ten = arith.constant 1.000000e+01 : f32
  %half = arith.constant 5.000000e-01 : f32
  %w = scf.while (%s = %sum) : (f32) -> f32 {
    %c = arith.cmpf ogt, %s, %ten : f32
    scf.condition(%c) %s : f32
  } do {
  ^bb0(%s: f32):
    %h = arith.mulf %s, %half : f32
    scf.yield %h : f32
  }
  %one = arith.constant 1.000000e+00 : f32
  %big = arith.cmpf ogt, %w, %one : f32
  %r = scf.if %big -> (f32) {
    %e = math.exp %w : f32
    scf.yield %e : f32
  } else {
    %q = math.sqrt %w : f32
    scf.yield %q : f32
  }
  kdsl.store %r, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

// Other steps may step past the type's maximum, and an unsigned comparison
// lets the counter reach the signed maximum: both wrap. A while loop's
// result nothing reads is not declared (its state `s` is: the condition
// reads it).
// CHECK-LABEL: void steps_{{cpu_forward|cuda_kernel_forward}}(
// CHECK:    for (int32_t [[A:[a-z0-9_]+]] = 0; [[A]] < n; [[A]] = kdsl::wrap_add([[A]], 4)) {
// CHECK:    for (int32_t [[B:[a-z0-9_]+]] = 0; (uint32_t)[[B]] < (uint32_t)n; [[B]] = kdsl::wrap_add([[B]], 1)) {
// CHECK:    float [[S:[a-z0-9_]+]] = 1.0f;
// CHECK-NOT: float v{{[0-9]+}};
// CHECK:    while (true) {
// CHECK-NEXT:      const bool [[C:v[0-9]+]] = ([[S]] < 10.0f);
// CHECK-NEXT:      if (!([[C]])) {
// CHECK-NEXT:        break;
// CHECK-NEXT:      }
kdsl.kernel @steps(%x: !kdsl.array<f32, 1>, %n: i32) attributes {arg_names = ["x", "n"]} {
  %i = kdsl.tid : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %j = %c0 to %n step %c4 : i32 {
    %f = arith.sitofp %j : i32 to f32
    kdsl.store %f, %x[%j] : !kdsl.array<f32, 1>
  }
  scf.for unsigned %k = %c0 to %n step %c1 : i32 {
    %f = arith.uitofp %k : i32 to f32
    kdsl.store %f, %x[%k] : !kdsl.array<f32, 1>
  }
  %one = arith.constant 1.000000e+00 : f32
  %ten = arith.constant 1.000000e+01 : f32
  %two = arith.constant 2.000000e+00 : f32
  %unused = scf.while (%s = %one) : (f32) -> f32 {
    %c = arith.cmpf olt, %s, %ten : f32
    scf.condition(%c) %s : f32
  } do {
  ^bb0(%s: f32):
    %h = arith.mulf %s, %two : f32
    kdsl.store %h, %x[%i] : !kdsl.array<f32, 1>
    scf.yield %h : f32
  }
  kdsl.return
}
