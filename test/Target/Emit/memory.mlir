// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// kdsl.load/store/shape on a 2-d array (thread ids from the launch extents: dims on the CPU, launch.dims in CUDA C) and kdsl.atomic (add/sub/min/max, scalar and vector; an unread result is a statement; a bool xor with true is a negation).

// CPP-LABEL: extern "C" void load_store_2d_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void load_store_2d_cuda_kernel_forward(kdsl_launch launch, kdsl_array g, double s) {
// CPP:    const int32_t i = (int32_t)(thread / dims[1]);
// CPP-NEXT:    const int32_t j = (int32_t)(thread % dims[1]);
// CUDA:    const int32_t i = (int32_t)(thread / launch.dims[1]);
// CUDA-NEXT:    const int32_t j = (int32_t)(thread % launch.dims[1]);
// CHECK-NEXT:    const double [[V:v[0-9]+]] = kdsl::load<double>(g, (uint32_t)i, (uint32_t)j);
// CHECK-NEXT:    const double [[W:v[0-9]+]] = [[V]] * s;
// CHECK-NEXT:    kdsl::store(g, [[W]], (uint32_t)j, (uint32_t)i);
// CHECK-NEXT:    const int32_t [[N:v[0-9]+]] = (int32_t)g.shape[1];
// CHECK-NEXT:    const bool [[OK:v[0-9]+]] = j < [[N]];
// CHECK-NEXT:    if ([[OK]]) {
// CHECK-NEXT:      kdsl::store(g, 0.0, 0u, (uint32_t)j);
// CHECK-NEXT:    }
kdsl.kernel @load_store_2d(%g: !kdsl.array<f64, 2>, %s: f64) attributes {arg_names = ["g", "s"]} {
  %i, %j = kdsl.tid : i32, i32
  %vs = kdsl.load %g[%i, %j] : !kdsl.array<f64, 2>
  %w = arith.mulf %vs, %s : f64
  kdsl.store %w, %g[%j, %i] : !kdsl.array<f64, 2>
  %n = kdsl.shape %g[1] : !kdsl.array<f64, 2>
  %c0 = arith.constant 0 : i32
  %z = arith.constant 0.0 : f64
  %ok = arith.cmpi slt, %j, %n : i32
  scf.if %ok {
    kdsl.store %z, %g[%c0, %j] : !kdsl.array<f64, 2>
  }
  kdsl.return
}

// CPP-LABEL: extern "C" void atomics_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void atomics_cuda_kernel_forward(kdsl_launch launch, kdsl_array f, kdsl_array n, kdsl_array vs, float x, int32_t k, kdsl::vec<float, 3> y) {
// CHECK:    const float [[A:v[0-9]+]] = kdsl::atomic<float>(kdsl::rmw::add, f, x, (uint32_t)tid);
// CHECK-NEXT:    kdsl::atomic<float>(kdsl::rmw::sub, f, [[A]], (uint32_t)tid);
// CHECK-NEXT:    const int32_t [[MIN:v[0-9]+]] = kdsl::atomic<int32_t>(kdsl::rmw::min, n, k, (uint32_t)tid);
// CHECK-NEXT:    kdsl::atomic<int32_t>(kdsl::rmw::max, n, [[MIN]], (uint32_t)tid);
// CHECK-NEXT:    kdsl::atomic<kdsl::vec<float, 3>>(kdsl::rmw::add, vs, y, (uint32_t)tid);
kdsl.kernel @atomics(%f: !kdsl.array<f32, 1>, %n: !kdsl.array<i32, 1>, %vs: !kdsl.array<vector<3xf32>, 1>, %x: f32, %k: i32, %y: vector<3xf32>) attributes {arg_names = ["f", "n", "vs", "x", "k", "y"]} {
  %i = kdsl.tid : i32
  %0 = kdsl.atomic add %f[%i], %x : !kdsl.array<f32, 1>
  %1 = kdsl.atomic sub %f[%i], %0 : !kdsl.array<f32, 1>
  %2 = kdsl.atomic min %n[%i], %k : !kdsl.array<i32, 1>
  %3 = kdsl.atomic max %n[%i], %2 : !kdsl.array<i32, 1>
  %4 = kdsl.atomic add %vs[%i], %y : !kdsl.array<vector<3xf32>, 1>
  kdsl.return
}
