// RUN: kdsl-opt --kdsl-lower-launch --kdsl-outline-gpu-kernels %s | FileCheck %s
// Matrices carried through loops and out of ifs cross the region boundaries
// as 1-D vectors (kdsl-flatten-carried-structs{matrices}): convert-gpu-to-nvvm converts matrix-typed block arguments
// but not the n-D vector ops that feed them.

// CHECK-LABEL: gpu.func @fill_cuda_kernel_forward(
// CHECK:       %[[INIT:.*]] = vector.shape_cast %{{.*}} : vector<3x3xf64> to vector<9xf64>
// CHECK:       %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ARG:.*]] = %[[INIT]]) -> (vector<9xf64>)
// CHECK-NEXT:    %[[M:.*]] = vector.shape_cast %[[ARG]] : vector<9xf64> to vector<3x3xf64>
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (vector<9xf64>) {
// CHECK:           vector.shape_cast %{{.*}} : vector<3x3xf64> to vector<9xf64>
// CHECK:         } else {
// The if's flat result goes straight to the loop's flat yield (no
// shape_cast back and forth in between).
// CHECK:         scf.yield %[[R]] : vector<9xf64>
// CHECK:       vector.shape_cast %[[LOOP]] : vector<9xf64> to vector<3x3xf64>
kdsl.kernel @fill(%out: !kdsl.array<vector<3x3xf64>, 1>, %n: i32) attributes {arg_names = ["out", "n"]} {
  %i = kdsl.tid : i32
  %zero = arith.constant dense<0.0> : vector<3x3xf64>
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<3x3xf64>) : i32 {
    %c = arith.cmpi slt, %j, %c1 : i32
    %r = scf.if %c -> (vector<3x3xf64>) {
      %s = vector.insert %one, %acc [0, 0] : f64 into vector<3x3xf64>
      scf.yield %s : vector<3x3xf64>
    } else {
      scf.yield %acc : vector<3x3xf64>
    }
    scf.yield %r : vector<3x3xf64>
  }
  kdsl.store %m, %out[%i] : <vector<3x3xf64>, 1>
  kdsl.return
}
