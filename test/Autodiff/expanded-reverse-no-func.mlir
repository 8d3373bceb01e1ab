// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// An op reversed through its expansion (here a broadcast of a scalar to a
// matrix) is expanded in a scratch func.func; kdsl-autodiff loads the func
// dialect for it. Before, on a module without a func, kdsl-opt crashed in
// FuncOp::build (the op was not registered in the context).

// CHECK-LABEL: kdsl.kernel @scale_backward(
// CHECK: vector.reduction <add>
// CHECK: kdsl.return
kdsl.kernel @scale(%s: !kdsl.array<f32, 1>, %out: !kdsl.array<vector<3x3xf32>, 1>) attributes {arg_names = ["s", "out"]} {
  %tid = kdsl.tid : i32
  %x = kdsl.load %s[%tid] : !kdsl.array<f32, 1>
  %m = vector.broadcast %x : f32 to vector<3x3xf32>
  kdsl.store %m, %out[%tid] : !kdsl.array<vector<3x3xf32>, 1>
  kdsl.return
}
