// RUN: kdsl-opt %s --kdsl-lower-launch --kdsl-outline-gpu-kernels | FileCheck %s
// A kernel becomes a gpu.func with the GPU ABI of docs/gpu-abi.md: the
// kdsl_launch struct first, then the arguments by value in C layout; the body
// runs in a grid-stride loop over [0, launch.total) (built by kdsl-lower-launch;
// the outline pass maps its kdsl.grid_stride_range and kdsl.launch_dim).

// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @kdsl_kernels
// CHECK-LABEL: gpu.func @k2_cuda_kernel_forward(
// CHECK-SAME: %[[LAUNCH:.*]]: !llvm.struct<(array<4 x i64>, i64)>, %[[ARR:.*]]: !llvm.struct<(ptr, array<4 x i64>, array<4 x i64>)>, %[[V:.*]]: !llvm.array<3 x f32>)
// CHECK-SAME: kernel
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr, array<4 x i64>, array<4 x i64>)>
// CHECK: llvm.store %[[ARR]], %[[SLOT]]
// CHECK: %[[A:.*]] = kdsl.read %[[SLOT]] : !llvm.ptr -> !kdsl.array<f32, 2>
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[BDIM:.*]] = gpu.block_dim x
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[GDIM:.*]] = gpu.grid_dim x
// CHECK: %[[TOTAL:.*]] = llvm.extractvalue %[[LAUNCH]][1]
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[LAUNCH]][0, 1]
// CHECK: scf.for %[[FLAT:.*]] = %{{.*}} to %[[TOTAL]] step %{{.*}} : i64 {
// CHECK:   arith.remsi %[[FLAT]], %[[D1]]
// CHECK:   arith.divsi %[[FLAT]], %[[D1]]
// CHECK:   kdsl.load %[[A]]
// CHECK:   scf.if
// CHECK:     gpu.printf "kdsl: assert v > 0 failed in kernel 'k2' at line [[# @LINE + 11]], thread %lld\0A", %[[FLAT]] : i64
// CHECK: gpu.return
// CHECK-NOT: kdsl.kernel
kdsl.kernel @k2(%a: !kdsl.array<f32, 2>, %v: vector<3xf32>) attributes {arg_names = ["a", "v"]} {
  %i, %j = kdsl.tid : i32, i32
  %x = kdsl.load %a[%i, %j] : !kdsl.array<f32, 2>
  %c = vector.extract %v[0] : f32 from vector<3xf32>
  %y = arith.mulf %x, %c : f32
  kdsl.store %y, %a[%i, %j] : !kdsl.array<f32, 2>
  %zero = arith.constant 0.0 : f32
  %ok = arith.cmpf ogt, %y, %zero : f32
  kdsl.assert %ok, "assert v > 0"
  kdsl.return
}
