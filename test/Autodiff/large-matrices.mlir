// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// Broadcasts of a scalar to, and run-time positions into, a matrix of more
// than 512 elements are reversed by their rules: the broadcast's adjoint is a
// reduction of the flattened matrix adjoint, a run-time read's a run-time
// vector.insert into it (which the lowerings make a loop over rows and a
// store; issue 26, finding 18). Reversed through their element-wise
// expansions, as smaller matrices are, a 128x128 matrix gave 128 row sums and
// select chains over 16,384 components, straight-line code in every backend.

// CHECK-LABEL: kdsl.kernel @large_backward(
// CHECK: %[[ROW:.*]] = kdsl.component_index %{{.*}}, 32, "a row"
// The read m[j, 5] (recomputed), then its adjoint added at the same run-time
// position.
// CHECK: vector.extract %{{.*}}[%[[ROW]], 5] : f32 from vector<32x32xf32>
// CHECK: %[[OLD:.*]] = vector.extract %{{.*}}[%[[ROW]], 5] : f32 from vector<32x32xf32>
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK: vector.insert %[[NEW]], %{{.*}} [%[[ROW]], 5] : f32 into vector<32x32xf32>
// The broadcast s: a reduction of the flattened adjoint.
// CHECK: %[[FLAT:.*]] = vector.shape_cast %{{.*}} : vector<32x32xf32> to vector<1024xf32>
// CHECK: vector.reduction <add>, %[[FLAT]] : vector<1024xf32> into f32
// CHECK-NOT: arith.select
// CHECK: kdsl.return
kdsl.kernel @large(%a: !kdsl.array<vector<32x32xf32>, 1>, %s: !kdsl.array<f32, 1>, %e: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "s", "e"]} {
  %tid = kdsl.tid : i32
  %m = kdsl.load %a[%tid] : !kdsl.array<vector<32x32xf32>, 1>
  %x = kdsl.load %s[%tid] : !kdsl.array<f32, 1>
  %b = vector.broadcast %x : f32 to vector<32x32xf32>
  %y = arith.mulf %m, %b : vector<32x32xf32>
  %j = kdsl.component_index %tid, 32, "a row"
  %v = vector.extract %y[%j, 5] : f32 from vector<32x32xf32>
  kdsl.store %v, %e[%tid] : !kdsl.array<f32, 1>
  kdsl.return
}

// A 16x16 matrix (256 elements) keeps the expansions' reverse: per-row
// selects for the run-time row, row-by-row sums for the broadcast.
// CHECK-LABEL: kdsl.kernel @small_backward(
// CHECK: arith.select
// CHECK-NOT: vector.shape_cast
// CHECK: kdsl.return
kdsl.kernel @small(%a: !kdsl.array<vector<16x16xf32>, 1>, %s: !kdsl.array<f32, 1>, %e: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "s", "e"]} {
  %tid = kdsl.tid : i32
  %m = kdsl.load %a[%tid] : !kdsl.array<vector<16x16xf32>, 1>
  %x = kdsl.load %s[%tid] : !kdsl.array<f32, 1>
  %b = vector.broadcast %x : f32 to vector<16x16xf32>
  %y = arith.mulf %m, %b : vector<16x16xf32>
  %j = kdsl.component_index %tid, 16, "a row"
  %v = vector.extract %y[%j, 5] : f32 from vector<16x16xf32>
  kdsl.store %v, %e[%tid] : !kdsl.array<f32, 1>
  kdsl.return
}
