// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// vector ops and kdsl vector builtins: kdsl::vec values, builtin calls, element access, splat, element-wise operators.

// CPP-LABEL: extern "C" void vectors_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void vectors_cuda_kernel_forward(kdsl_launch launch, kdsl_array vs, kdsl_array out, float s) {
// CHECK:    const kdsl::vec<float, 3> [[A:v[0-9]+]] = kdsl::load<kdsl::vec<float, 3>>(vs, (uint32_t)tid);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[U:v[0-9]+]] = kdsl::vec<float, 3>{{[{][{]}}1.0f, 2.0f, s{{[}][}]}};
// CHECK-NEXT:    const kdsl::vec<float, 3> [[B:v[0-9]+]] = kdsl::cross([[A]], [[U]]);
// CHECK-NEXT:    const float [[D:v[0-9]+]] = kdsl::dot([[A]], [[B]]);
// CHECK-NEXT:    const float [[L:v[0-9]+]] = kdsl::length([[A]]);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[N:v[0-9]+]] = kdsl::normalize([[A]]);
// CHECK-NEXT:    const float [[E:v[0-9]+]] = [[A]][1];
// CHECK-NEXT:    const kdsl::vec<float, 3> [[SP:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>(s);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[M:v[0-9]+]] = [[N]] * [[SP]];
// CHECK-NEXT:    const kdsl::vec<float, 3> [[R:v[0-9]+]] = [[M]] + [[B]];
// CHECK-NEXT:    const float [[T:v[0-9]+]] = [[D]] + [[L]];
// CHECK-NEXT:    const float [[T2:v[0-9]+]] = [[T]] + [[E]];
// CHECK-NEXT:    kdsl::store(vs, [[R]], (uint32_t)tid);
// CHECK-NEXT:    kdsl::store(out, [[T2]], (uint32_t)tid);
kdsl.kernel @vectors(%vs: !kdsl.array<vector<3xf32>, 1>, %out: !kdsl.array<f32, 1>, %s: f32) attributes {arg_names = ["vs", "out", "s"]} {
  %i = kdsl.tid : i32
  %a = kdsl.load %vs[%i] : !kdsl.array<vector<3xf32>, 1>
  %c1 = arith.constant 1.000000e+00 : f32
  %c2 = arith.constant 2.000000e+00 : f32
  %u = vector.from_elements %c1, %c2, %s : vector<3xf32>
  %b = kdsl.cross %a, %u : vector<3xf32>
  %d = kdsl.dot %a, %b : vector<3xf32>
  %l = kdsl.length %a : vector<3xf32>
  %n = kdsl.normalize %a : vector<3xf32>
  %e = vector.extract %a[1] : f32 from vector<3xf32>
  %sp = vector.broadcast %s : f32 to vector<3xf32>
  %m = arith.mulf %n, %sp : vector<3xf32>
  %r = arith.addf %m, %b : vector<3xf32>
  %t = arith.addf %d, %l : f32
  %t2 = arith.addf %t, %e : f32
  kdsl.store %r, %vs[%i] : !kdsl.array<vector<3xf32>, 1>
  kdsl.store %t2, %out[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
