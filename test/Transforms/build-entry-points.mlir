// RUN: kdsl-opt %s --kdsl-prepare-emission=target=cpp | FileCheck %s --check-prefix=CPP
// RUN: kdsl-opt %s --kdsl-prepare-emission=target=cuda | FileCheck %s --check-prefix=CUDA
// The pass on its own, after the shared part; twice is once.
// RUN: kdsl-opt %s --kdsl-prepare-emission --kdsl-build-entry-points=target=cuda --kdsl-build-entry-points=target=cuda | FileCheck %s --check-prefix=CUDA
// Built for one target, then for the other: the same as for the other alone.
// RUN: kdsl-opt %s --kdsl-prepare-emission=target=cpp --kdsl-build-entry-points=target=cuda | FileCheck %s --check-prefix=CUDA
// RUN: kdsl-opt %s --kdsl-prepare-emission=target=cuda --kdsl-build-entry-points=target=cpp | FileCheck %s --check-prefix=CPP
// The attributes print as they parse.
// RUN: kdsl-opt %s --kdsl-prepare-emission=target=cpp | kdsl-opt | FileCheck %s --check-prefix=CPP
// RUN: kdsl-opt %s --kdsl-prepare-emission=target=cuda | kdsl-opt | FileCheck %s --check-prefix=CUDA
// What the printer makes of it.
// RUN: kdsl-translate %s --emit=cpp | FileCheck %s --check-prefix=CPPTEXT
// RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDATEXT

// kdsl-prepare-emission{target=...} ends with kdsl-build-entry-points: the
// entry point of each ABI, the thread range and launch extents as
// emitc.literal values of its parameters, the loop over threads and the split
// of its index marked for the printer.

// CPP-LABEL: kdsl.kernel @k2(
// CPP-SAME: %[[A:.*]]: !kdsl.array<f32, 2>
// CPP-SAME: kdsl.entry_point = #kdsl.entry_point<cpp "k2_cpu_forward">
// CPP: %[[BEGIN:.*]] = emitc.literal "begin" : i64
// CPP-NEXT: %[[END:.*]] = emitc.literal "end" : i64
// CPP-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// CPP-NEXT: %[[D1:.*]] = emitc.literal "dims[1]" : i64
// CPP-NEXT: scf.for %[[T:.*]] = %[[BEGIN]] to %[[END]] step %[[ONE]] : i64 {
// CPP-NEXT:   %[[J:.*]] = arith.remsi %[[T]], %[[D1]] {kdsl.thread_split} : i64
// CPP-NEXT:   %[[I:.*]] = arith.divsi %[[T]], %[[D1]] {kdsl.thread_split} : i64
// CPP-NEXT:   %[[I32:.*]] = arith.trunci %[[I]] overflow<nsw, nuw> {kdsl.thread_coord = "i"} : i64 to i32
// CPP-NEXT:   %[[J32:.*]] = arith.trunci %[[J]] overflow<nsw, nuw> {kdsl.thread_coord = "j"} : i64 to i32
// CPP-NEXT:   kdsl.store %{{.*}}, %[[A]][%[[I32]], %[[J32]]]
// CPP-NEXT: } {kdsl.grid_loop}
// CPP-NEXT: kdsl.return

// CUDA-LABEL: kdsl.kernel @k2(
// CUDA-SAME: kdsl.entry_point = #kdsl.entry_point<cuda "k2_cuda_kernel_forward", launch_bounds = [128]>
// CUDA: %[[BEGIN:.*]] = emitc.literal "(int64_t)blockIdx.x * blockDim.x + threadIdx.x" : i64
// CUDA-NEXT: %[[END:.*]] = emitc.literal "launch.total" : i64
// CUDA-NEXT: %[[STEP:.*]] = emitc.literal "(int64_t)blockDim.x * gridDim.x" : i64
// CUDA-NEXT: %[[D1:.*]] = emitc.literal "launch.dims[1]" : i64
// CUDA-NEXT: scf.for %[[T:.*]] = %[[BEGIN]] to %[[END]] step %[[STEP]] : i64 {
// CUDA-NEXT:   %[[J:.*]] = arith.remsi %[[T]], %[[D1]] {kdsl.thread_split} : i64
// CUDA-NEXT:   %[[I:.*]] = arith.divsi %[[T]], %[[D1]] {kdsl.thread_split} : i64
// CUDA-NEXT:   arith.trunci %[[I]] overflow<nsw, nuw> {kdsl.thread_coord = "i"} : i64 to i32
// CUDA-NEXT:   arith.trunci %[[J]] overflow<nsw, nuw> {kdsl.thread_coord = "j"} : i64 to i32
// CUDA: } {kdsl.grid_loop}

// CPPTEXT-LABEL: // kernel k2: thread indices [begin, end) of the launch grid
// CPPTEXT-NEXT: extern "C" void k2_cpu_forward(const int64_t *dims, int64_t begin, int64_t end, void **args) {
// CPPTEXT-NEXT: const kdsl_array a = kdsl::read_arg<kdsl_array>(args[0]);
// CPPTEXT-NEXT: for (int64_t [[T:thread[_0-9]*]] = begin; [[T]] < end; ++[[T]]) {
// CPPTEXT-NEXT: const int32_t i = (int32_t)([[T]] / dims[1]);
// CPPTEXT-NEXT: const int32_t j = (int32_t)([[T]] % dims[1]);
// CUDATEXT-LABEL: // kernel k2: a grid-stride loop over launch.total threads
// CUDATEXT-NEXT: extern "C" __global__ void __launch_bounds__(128) k2_cuda_kernel_forward(kdsl_launch launch, kdsl_array a) {
// CUDATEXT-NEXT: for (int64_t [[T:thread[_0-9]*]] = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; [[T]] < launch.total; [[T]] += (int64_t)blockDim.x * gridDim.x) {
// CUDATEXT-NEXT: const int32_t i = (int32_t)([[T]] / launch.dims[1]);
// CUDATEXT-NEXT: const int32_t j = (int32_t)([[T]] % launch.dims[1]);
kdsl.kernel @k2(%a: !kdsl.array<f32, 2>) attributes {arg_names = ["a"], options = {launch_bounds = 128 : i64}} {
  %i, %j = kdsl.tid : i32, i32
  %one = arith.constant 1.0 : f32
  kdsl.store %one, %a[%i, %j] : !kdsl.array<f32, 2>
  kdsl.return
}

// A body left without effects reads no parameter: each is cast to void.
// CPP-LABEL: kdsl.kernel @empty(
// CPP-SAME: kdsl.entry_point = #kdsl.entry_point<cpp "empty_cpu_forward", unused = [dims, begin, end]>}
// CPP-NEXT: kdsl.return
// CUDA-LABEL: kdsl.kernel @empty(
// CUDA-SAME: kdsl.entry_point = #kdsl.entry_point<cuda "empty_cuda_kernel_forward", unused = [launch]>}
// CPPTEXT-LABEL: extern "C" void empty_cpu_forward(
// CPPTEXT-NEXT: {{\[\[}}maybe_unused]] const int32_t n = kdsl::read_arg<int32_t>(args[0]);
// CPPTEXT-NEXT: (void)dims;
// CPPTEXT-NEXT: (void)begin;
// CPPTEXT-NEXT: (void)end;
// CPPTEXT-NEXT: }
// CUDATEXT-LABEL: extern "C" __global__ void empty_cuda_kernel_forward(kdsl_launch launch, {{\[\[}}maybe_unused]] int32_t n) {
// CUDATEXT-NEXT: (void)launch;
// CUDATEXT-NEXT: }
kdsl.kernel @empty(%n: i32) attributes {arg_names = ["n"]} {
  %i = kdsl.tid : i32
  kdsl.return
}

// A 1-d launch: the flat index is the thread id, `tid` where the source
// names it not; no extents, and on the CPU no arguments.
// CPP-LABEL: kdsl.kernel @one()
// CPP-SAME: kdsl.entry_point = #kdsl.entry_point<cpp "one_cpu_forward", unused = [args, dims]>}
// CPP: arith.trunci %{{.*}} overflow<nsw, nuw> {kdsl.thread_coord = "tid"} : i64 to i32
// CPP: } {kdsl.grid_loop}
// CPPTEXT-LABEL: extern "C" void one_cpu_forward(
// CPPTEXT-NEXT: (void)args;
// CPPTEXT-NEXT: (void)dims;
// CPPTEXT-NEXT: for (int64_t [[T:thread[_0-9]*]] = begin; [[T]] < end; ++[[T]]) {
// CPPTEXT-NEXT: const int32_t tid = (int32_t)[[T]];
kdsl.kernel @one() attributes {arg_names = []} {
  %i = kdsl.tid : i32
  %c4 = arith.constant 4 : i32
  %ok = arith.cmpi slt, %i, %c4 : i32
  kdsl.assert %ok, "assert i < 4"
  kdsl.return
}
