// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// Matrices (kdsl::mat, row-major [i][j]) and quaternions (kdsl::vec<T, 4>): transpose, matmul overloads, determinant, quat builtins.

// CPP-LABEL: extern "C" void matrices_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void matrices_cuda_kernel_forward(kdsl_launch launch, kdsl_array m, kdsl_array vs, kdsl_array out) {
// CHECK:    const kdsl::mat<float, 3, 3> [[A:v[0-9]+]] = kdsl::load<kdsl::mat<float, 3, 3>>(m, (uint32_t)tid);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[X:v[0-9]+]] = kdsl::load<kdsl::vec<float, 3>>(vs, (uint32_t)tid);
// CHECK-NEXT:    const kdsl::mat<float, 3, 3> [[T:v[0-9]+]] = kdsl::transpose([[A]]);
// CHECK-NEXT:    const kdsl::mat<float, 3, 3> [[P:v[0-9]+]] = kdsl::matmul([[T]], [[A]]);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[Y:v[0-9]+]] = kdsl::matmul([[A]], [[X]]);
// CHECK-NEXT:    const float [[D:v[0-9]+]] = kdsl::determinant([[P]]);
// CHECK-NEXT:    const float [[E:v[0-9]+]] = [[P]][0][1];
// CHECK-NEXT:    const float [[S:v[0-9]+]] = [[D]] + [[E]];
// CHECK-NEXT:    kdsl::store(m, [[P]], (uint32_t)tid);
// CHECK-NEXT:    kdsl::store(vs, [[Y]], (uint32_t)tid);
// CHECK-NEXT:    kdsl::store(out, [[S]], (uint32_t)tid);
kdsl.kernel @matrices(%m: !kdsl.array<vector<3x3xf32>, 1>, %vs: !kdsl.array<vector<3xf32>, 1>, %out: !kdsl.array<f32, 1>) attributes {arg_names = ["m", "vs", "out"]} {
  %i = kdsl.tid : i32
  %a = kdsl.load %m[%i] : !kdsl.array<vector<3x3xf32>, 1>
  %x = kdsl.load %vs[%i] : !kdsl.array<vector<3xf32>, 1>
  %t = vector.transpose %a, [1, 0] : vector<3x3xf32> to vector<3x3xf32>
  %p = kdsl.matmul %t, %a : vector<3x3xf32>, vector<3x3xf32> -> vector<3x3xf32>
  %y = kdsl.matmul %a, %x : vector<3x3xf32>, vector<3xf32> -> vector<3xf32>
  %d = kdsl.determinant %p : vector<3x3xf32>
  %e = vector.extract %p[0, 1] : f32 from vector<3x3xf32>
  %s = arith.addf %d, %e : f32
  kdsl.store %p, %m[%i] : !kdsl.array<vector<3x3xf32>, 1>
  kdsl.store %y, %vs[%i] : !kdsl.array<vector<3xf32>, 1>
  kdsl.store %s, %out[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

// CPP-LABEL: extern "C" void quats_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void quats_cuda_kernel_forward(kdsl_launch launch, kdsl_array q, kdsl_array vs) {
// CHECK:    const kdsl::vec<float, 4> [[A:v[0-9]+]] = kdsl::load<kdsl::vec<float, 4>>(q, (uint32_t)tid);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[X:v[0-9]+]] = kdsl::load<kdsl::vec<float, 3>>(vs, (uint32_t)tid);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[R:v[0-9]+]] = kdsl::quat_rotate([[A]], [[X]]);
// CHECK-NEXT:    const kdsl::vec<float, 4> [[INV:v[0-9]+]] = kdsl::quat_inverse([[A]]);
// CHECK-NEXT:    const kdsl::vec<float, 4> [[P:v[0-9]+]] = kdsl::quat_mul([[A]], [[INV]]);
// CHECK-NEXT:    kdsl::store(q, [[P]], (uint32_t)tid);
// CHECK-NEXT:    kdsl::store(vs, [[R]], (uint32_t)tid);
kdsl.kernel @quats(%q: !kdsl.array<vector<4xf32>, 1>, %vs: !kdsl.array<vector<3xf32>, 1>) attributes {arg_names = ["q", "vs"]} {
  %i = kdsl.tid : i32
  %a = kdsl.load %q[%i] : !kdsl.array<vector<4xf32>, 1>
  %x = kdsl.load %vs[%i] : !kdsl.array<vector<3xf32>, 1>
  %r = kdsl.quat_rotate %a, %x : vector<4xf32>, vector<3xf32>
  %inv = kdsl.quat_inverse %a : vector<4xf32>
  %p = kdsl.quat_mul %a, %inv : vector<4xf32>
  kdsl.store %p, %q[%i] : !kdsl.array<vector<4xf32>, 1>
  kdsl.store %r, %vs[%i] : !kdsl.array<vector<3xf32>, 1>
  kdsl.return
}
