// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: kdsl-translate %s --emit=cpp --forward-only --check-bounds | FileCheck %s --check-prefix=BOUNDS

// The launch (docs/cpu-backend.md, docs/gpu-abi.md): the entry point of each
// ABI, the loop over the flat thread indices ([begin, end) on the CPU, a
// grid-stride loop in CUDA C), wp.tid() as the row-major split of the flat
// index named as the source names it, assert reports with the source line and
// the thread, wp.block_dim() (1 on the CPU), and the bounds checks.

// An assert or a bounds check outside a kernel (a func, not inlined) has no
// thread: it reports -1. Funcs come first.
// CHECK-LABEL: static KDSL_FN float check(kdsl_array a, int32_t i) {
// CHECK:         if (!({{v[0-9]+}})) kdsl::report_assert("check", "assert a[i] >= 0.0", 10, -1);
// BOUNDS-LABEL: static KDSL_FN float check(
// BOUNDS-NEXT:   const bool {{in_bounds[_0-9]*}} = kdsl::in_bounds(a, "check", "a", -1, i);
func.func @check(%a: !kdsl.array<f32, 1>, %i: i32) -> f32 attributes {kdsl.arg_names = ["a", "i"]} {
  %v = kdsl.load %a[%i] : !kdsl.array<f32, 1>
  %z = arith.constant 0.0 : f32
  %ok = arith.cmpf oge, %v, %z : f32
  kdsl.assert %ok, "assert a[i] >= 0.0" loc("k.py":10:3)
  return %v : f32
}

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
// CHECK-NEXT:    const float [[V:v[0-9]+]] = kdsl::load<float>(a, (uint32_t)i, (uint32_t)j, (uint32_t)k);
// CHECK-NEXT:    const bool [[OK:v[0-9]+]] = ([[V]] > s);
// CHECK-NEXT:    if (!([[OK]])) kdsl::report_assert("grid3", "assert a[i, j, k] > s", 6, [[T]]);
// CPP-NEXT:      const int32_t [[N:v[0-9]+]] = (int32_t)1;
// CUDA-NEXT:     const int32_t [[N:v[0-9]+]] = (int32_t)blockDim.x;
// CHECK-NEXT:    const int32_t [[W:v[0-9]+]] = kdsl::wrap_add(k, [[N]]);
// CHECK-NEXT:    kdsl::store(a, [[V]], (uint32_t)i, (uint32_t)j, (int64_t)[[W]]);
// CHECK-NEXT:  }
// CHECK-NEXT: }

// Every access checked: the check on a line of its own, a skipped read gives 0.
// BOUNDS-LABEL: extern "C" void grid3_cpu_forward(
// BOUNDS:      const int32_t k = (int32_t)([[T:[a-z_0-9]+]] % dims[2]);
// BOUNDS-NEXT: const bool [[IN:in_bounds[_0-9]*]] = kdsl::in_bounds(a, "grid3", "a", [[T]], i, j, k);
// BOUNDS-NEXT: const float [[V:v[0-9]+]] = [[IN]] ? kdsl::load<float>(a, (uint32_t)i, (uint32_t)j, (uint32_t)k) : float{};
// BOUNDS:      const bool [[IN2:in_bounds[_0-9]*]] = kdsl::in_bounds(a, "grid3", "a", [[T]], i, j, [[W:v[0-9]+]]);
// BOUNDS-NEXT: if ([[IN2]]) kdsl::store(a, [[V]], (uint32_t)i, (uint32_t)j, (int64_t)[[W]]);
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
// CHECK-NEXT:  kdsl::store(a, j, (uint32_t)i, (uint32_t)j);
kdsl.kernel @unnamed(%a: !kdsl.array<i32, 2>) attributes {arg_names = ["a"]} {
  %0:2 = kdsl.tid : i32, i32
  kdsl.store %0#1, %a[%0#0, %0#1] : !kdsl.array<i32, 2>
  kdsl.return
}

// CPP-LABEL: void tid1_cpu_forward(
// CPP:         const int32_t tid = (int32_t)[[T:[a-z_0-9]+]];
// CUDA-LABEL: void tid1_cuda_kernel_forward(
// CUDA:        const int32_t tid = (int32_t)[[T:[a-z_0-9]+]];
// CHECK-NEXT:  kdsl::store(a, tid, (uint32_t)tid);
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

// A kernel given in kdsl-lower-launch's form (the emitters map its ops; the
// pipeline leaves a lowered kernel as it is): kdsl.thread_range is begin, end
// (and step 1) of the CPU entry point and the grid-stride start, launch.total
// and stride in CUDA C; kdsl.launch_dim d is dims[d] / launch.dims[d]; the
// split of the flat index is inlined into the thread ids, named by their
// NameLoc; the assert reports its thread operand. The flat index and the
// range's values read by the body are plain expressions (a sum in parentheses).
// CPP-LABEL: extern "C" void lowered_cpu_forward(const int64_t *dims, int64_t begin, int64_t end, void **args) {
// CPP-NEXT:    const kdsl_array a = kdsl::read_arg<kdsl_array>(args[0]);
// CPP-NEXT:    for (int64_t [[T:[a-z_0-9]+]] = begin; [[T]] < end; ++[[T]]) {
// CPP-NEXT:      const int32_t row = (int32_t)([[T]] / dims[1]);
// CPP-NEXT:      const int32_t col = (int32_t)([[T]] % dims[1]);
// CUDA-LABEL: extern "C" __global__ void lowered_cuda_kernel_forward(kdsl_launch launch, kdsl_array a) {
// CUDA-NEXT:   for (int64_t [[T:[a-z_0-9]+]] = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; [[T]] < launch.total; [[T]] += (int64_t)blockDim.x * gridDim.x) {
// CUDA-NEXT:     const int32_t row = (int32_t)([[T]] / launch.dims[1]);
// CUDA-NEXT:     const int32_t col = (int32_t)([[T]] % launch.dims[1]);
// CHECK-NEXT:    const float [[V:v[0-9]+]] = kdsl::load<float>(a, (int64_t)row, (int64_t)col);
// CHECK-NEXT:    const bool [[OK:v[0-9]+]] = ([[V]] >= 0.0f);
// CHECK-NEXT:    if (!([[OK]])) kdsl::report_assert("lowered", "assert a[row, col] >= 0.0", 5, [[T]]);
// CHECK-NEXT:    const float [[F:v[0-9]+]] = (float)[[T]];
// CPP-NEXT:      const float [[E:v[0-9]+]] = (float)end;
// CPP-NEXT:      const float [[B:v[0-9]+]] = (float)begin;
// CUDA-NEXT:     const float [[E:v[0-9]+]] = (float)launch.total;
// CUDA-NEXT:     const float [[B:v[0-9]+]] = (float)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
// CPP-NEXT:      const float [[N:v[0-9]+]] = (float)dims[1];
// CUDA-NEXT:     const float [[N:v[0-9]+]] = (float)launch.dims[1];
// CHECK-NEXT:    const float [[G:v[0-9]+]] = [[F]] + [[E]];
// CHECK-NEXT:    const float [[H:v[0-9]+]] = [[G]] + [[B]];
// CHECK-NEXT:    const float [[I:v[0-9]+]] = [[H]] + [[N]];
// CHECK-NEXT:    kdsl::store(a, [[I]], (int64_t)row, (int64_t)col);
// CHECK-NEXT:  }
// CHECK-NEXT: }
// BOUNDS-LABEL: extern "C" void lowered_cpu_forward(
// BOUNDS:      const bool [[IN:in_bounds[_0-9]*]] = kdsl::in_bounds(a, "lowered", "a", [[T:[a-z_0-9]+]], row, col);
// BOUNDS:      const bool [[IN2:in_bounds[_0-9]*]] = kdsl::in_bounds(a, "lowered", "a", [[T]], row, col);
// BOUNDS-NEXT: if ([[IN2]]) kdsl::store(
kdsl.kernel @lowered(%a: !kdsl.array<f32, 2>) attributes {arg_names = ["a"], kdsl.launch_dims = 2 : i64} {
  %begin, %end, %step = kdsl.thread_range : i64, i64, i64
  %n1 = kdsl.launch_dim 1 : i64
  scf.for %flat = %begin to %end step %step : i64 {
    %c64 = arith.remsi %flat, %n1 : i64
    %r64 = arith.divsi %flat, %n1 : i64
    %row = arith.trunci %r64 : i64 to i32 loc("row"("k.py":3:3))
    %col = arith.trunci %c64 : i64 to i32 loc("col"("k.py":3:3))
    %v = kdsl.load %a[%row, %col] : !kdsl.array<f32, 2>
    %z = arith.constant 0.0 : f32
    %ok = arith.cmpf oge, %v, %z : f32
    kdsl.assert %ok, "assert a[row, col] >= 0.0" thread(%flat) loc("k.py":5:3)
    %f = arith.sitofp %flat : i64 to f32
    %e = arith.sitofp %end : i64 to f32
    %b = arith.sitofp %begin : i64 to f32
    %n = arith.sitofp %n1 : i64 to f32
    %g = arith.addf %f, %e : f32
    %h = arith.addf %g, %b : f32
    %i = arith.addf %h, %n : f32
    kdsl.store %i, %a[%row, %col] : !kdsl.array<f32, 2>
  }
  kdsl.return
}

// A body without effects: canonicalization drops the loop over threads and
// the launch ops; the parameters they would have read are marked used.
// CPP-LABEL: extern "C" void pure_cpu_forward(const int64_t *dims, int64_t begin, int64_t end, void **args) {
// CPP-NEXT:    {{\[\[maybe_unused\]\]}} const float x = kdsl::read_arg<float>(args[0]);
// CPP-NEXT:    (void)dims;
// CPP-NEXT:    (void)begin;
// CPP-NEXT:    (void)end;
// CPP-NEXT:  }
// CUDA-LABEL: extern "C" __global__ void pure_cuda_kernel_forward(kdsl_launch launch, {{\[\[maybe_unused\]\]}} float x) {
// CUDA-NEXT:   (void)launch;
// CUDA-NEXT: }
kdsl.kernel @pure(%x: f32) attributes {arg_names = ["x"]} {
  %y = arith.addf %x, %x : f32
  kdsl.return
}
