// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: kdsl-translate %s --emit=cpp --forward-only --check-bounds | FileCheck %s --check-prefix=BOUNDS

// The launch (docs/cpu-backend.md, docs/gpu-abi.md): the entry point of each
// ABI, the loop over the flat thread indices ([begin, end) on the CPU, a
// grid-stride loop in CUDA C), wp.tid() as the row-major split of the flat
// index named as the source names it, assert reports with the source line and
// the thread, wp.block_dim() (1 on the CPU), and the bounds checks.

// CPP-LABEL: extern "C" void grid3_cpu_forward(const int64_t *dims, int64_t begin, int64_t end, void **args) {
// CPP-NEXT:   const kdsl_array a = kdsl::read_arg<kdsl_array>(args[0]);
// CPP-NEXT:   const float s = kdsl::read_arg<float>(args[1]);
// CPP-NEXT:   for (int64_t [[T:[a-z_0-9]+]] = begin; [[T]] < end; ++[[T]]) {
// CPP-NEXT:     const int32_t i = (int32_t)(([[T]] / dims[2]) / dims[1]);
// CPP-NEXT:     const int32_t j = (int32_t)(([[T]] / dims[2]) % dims[1]);
// CPP-NEXT:     const int32_t k = (int32_t)([[T]] % dims[2]);
// CUDA-LABEL: extern "C" __global__ void grid3_cuda_kernel_forward(kdsl_launch launch, kdsl_array a, float s) {
// CUDA-NEXT:   for (int64_t [[T:[a-z_0-9]+]] = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; [[T]] < launch.total; [[T]] += (int64_t)blockDim.x * gridDim.x) {
// CUDA-NEXT:     const int32_t i = (int32_t)(([[T]] / launch.dims[2]) / launch.dims[1]);
// CUDA-NEXT:     const int32_t j = (int32_t)(([[T]] / launch.dims[2]) % launch.dims[1]);
// CUDA-NEXT:     const int32_t k = (int32_t)([[T]] % launch.dims[2]);
// CHECK-NEXT:    const float [[V:v[0-9]+]] = kdsl::load<float>(a, (int64_t)i, (int64_t)j, (int64_t)k);
// CHECK-NEXT:    const bool [[OK:v[0-9]+]] = ([[V]] > s);
// CHECK-NEXT:    if (!([[OK]])) kdsl::report_assert("grid3", "assert a[i, j, k] > s", 6, [[T]]);
// CPP-NEXT:      const int32_t [[N:v[0-9]+]] = (int32_t)1;
// CUDA-NEXT:     const int32_t [[N:v[0-9]+]] = (int32_t)blockDim.x;
// CHECK-NEXT:    const int32_t [[W:v[0-9]+]] = kdsl::wrap_add(k, [[N]]);
// CHECK-NEXT:    kdsl::store(a, [[V]], (int64_t)i, (int64_t)j, (int64_t)[[W]]);
// CHECK-NEXT:  }
// CHECK-NEXT: }

// Every access checked: the check on a line of its own, a skipped read gives 0.
// BOUNDS-LABEL: extern "C" void grid3_cpu_forward(
// BOUNDS:      const int32_t k = (int32_t)([[T:[a-z_0-9]+]] % dims[2]);
// BOUNDS-NEXT: const bool [[IN:in_bounds[_0-9]*]] = kdsl::in_bounds(a, "grid3", "a", [[T]], i, j, k);
// BOUNDS-NEXT: const float [[V:v[0-9]+]] = [[IN]] ? kdsl::load<float>(a, (int64_t)i, (int64_t)j, (int64_t)k) : float{};
// BOUNDS:      const bool [[IN2:in_bounds[_0-9]*]] = kdsl::in_bounds(a, "grid3", "a", [[T]], i, j, [[W:v[0-9]+]]);
// BOUNDS-NEXT: if ([[IN2]]) kdsl::store(a, [[V]], (int64_t)i, (int64_t)j, (int64_t)[[W]]);
kdsl.kernel @grid3(%a: !kdsl.array<f32, 3>, %s: f32) attributes {arg_names = ["a", "s"]} {
  %i, %j, %k = kdsl.tid : i32, i32, i32 loc(fused["i"("k.py":4:3), "j"("k.py":4:6), "k"("k.py":4:9)])
  %v = kdsl.load %a[%i, %j, %k] : !kdsl.array<f32, 3> loc("k.py":5:3)
  %ok = arith.cmpf ogt, %v, %s : f32 loc("k.py":6:3)
  kdsl.assert %ok, "assert a[i, j, k] > s" loc("k.py":6:3)
  %n = kdsl.block_dim loc("k.py":7:3)
  %w = arith.addi %k, %n : i32 loc("k.py":7:3)
  kdsl.store %v, %a[%i, %j, %w] : !kdsl.array<f32, 3> loc("k.py":8:3)
  kdsl.return
}

// Thread ids no source variable names: i, j, ... (tid in 1-d launches).
// CPP-LABEL: void unnamed_cpu_forward(
// CPP:         const int32_t i = (int32_t)([[T:[a-z_0-9]+]] / dims[1]);
// CPP-NEXT:    const int32_t j = (int32_t)([[T]] % dims[1]);
// CUDA-LABEL: void unnamed_cuda_kernel_forward(
// CUDA:        const int32_t i = (int32_t)([[T:[a-z_0-9]+]] / launch.dims[1]);
// CUDA-NEXT:   const int32_t j = (int32_t)([[T]] % launch.dims[1]);
// CHECK-NEXT:  kdsl::store(a, j, (int64_t)i, (int64_t)j);
kdsl.kernel @unnamed(%a: !kdsl.array<i32, 2>) attributes {arg_names = ["a"]} {
  %0:2 = kdsl.tid : i32, i32
  kdsl.store %0#1, %a[%0#0, %0#1] : !kdsl.array<i32, 2>
  kdsl.return
}

// CPP-LABEL: void tid1_cpu_forward(
// CPP:         const int32_t tid = (int32_t)[[T:[a-z_0-9]+]];
// CUDA-LABEL: void tid1_cuda_kernel_forward(
// CUDA:        const int32_t tid = (int32_t)[[T:[a-z_0-9]+]];
// CHECK-NEXT:  kdsl::store(a, tid, (int64_t)tid);
kdsl.kernel @tid1(%a: !kdsl.array<i32, 1>) attributes {arg_names = ["a"]} {
  %0 = kdsl.tid : i32
  kdsl.store %0, %a[%0] : !kdsl.array<i32, 1>
  kdsl.return
}

// A kernel that never reads its thread id still runs once per thread; the
// CPU entry point does not read dims.
// CPP-LABEL: extern "C" void no_tid_cpu_forward(const int64_t *dims, int64_t begin, int64_t end, void **args) {
// CPP-NEXT:    const float x = kdsl::read_arg<float>(args[0]);
// CPP-NEXT:    (void)dims;
// CPP-NEXT:    for (int64_t [[T:[a-z_0-9]+]] = begin; [[T]] < end; ++[[T]]) {
// CUDA-LABEL: extern "C" __global__ void no_tid_cuda_kernel_forward(kdsl_launch launch, float x) {
// CUDA-NEXT:   for (int64_t [[T:[a-z_0-9]+]] = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; [[T]] < launch.total; [[T]] += (int64_t)blockDim.x * gridDim.x) {
// CHECK-NEXT:    const double [[D:v[0-9]+]] = (double)x;
// CHECK-NEXT:    printf("x = %g\n", (double)[[D]]);
// CHECK-NEXT:  }
// CHECK-NEXT: }
kdsl.kernel @no_tid(%x: f32) attributes {arg_names = ["x"]} {
  %d = arith.extf %x : f32 to f64
  kdsl.print "x = %g\0A"(%d) : f64
  kdsl.return
}
