// RUN: kdsl-opt %s --kdsl-lower-to-cpu | FileCheck %s
// The whole CPU pipeline leaves only the LLVM dialect: entry point, grid loop,
// expanded builtins, libm calls for what LLVM has no intrinsic for.

// CHECK-NOT: kdsl.
// CHECK-NOT: scf.
// CHECK-NOT: vector.
// CHECK-DAG: llvm.func @cbrtf(f32) -> f32
// CHECK-LABEL: llvm.func @k_cpu_forward(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr)
// CHECK-DAG: llvm.intr.sqrt
// CHECK-DAG: llvm.call @cbrtf
// CHECK: llvm.return
kdsl.kernel @k(%x: !kdsl.array<vector<3xf32>, 1>, %out: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "out"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : !kdsl.array<vector<3xf32>, 1>
  %l = kdsl.length %v : vector<3xf32>
  %c = math.cbrt %l : f32
  kdsl.store %c, %out[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
