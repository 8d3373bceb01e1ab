// RUN: kdsl-opt %s --kdsl-lower-tiles --kdsl-lower-lanes | FileCheck %s
//
// A lane-dependent kernel (docs/design/tiles.md "Lanes"): the block runs at
// the grid point of its lane 0; the varying lane index and what it feeds
// run in a loop over the B lanes (dims[4]); wp.tile(x)'s step ends its run;
// the scan of the block's tile runs once; the varying index crosses into
// the next lane loop through a per-lane buffer of 1024.

// CHECK-LABEL: kdsl.kernel @k(
// CHECK: %[[B64:.*]] = kdsl.launch_dim 4 : i64
// CHECK: %[[M:.*]] = kdsl.launch_dim 5 : i64
// CHECK: %[[B:.*]] = arith.trunci %[[B64]] : i64 to i32
// CHECK: scf.for %[[FLAT:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[FIRST:.*]] = arith.muli %[[FLAT]], %[[M]] : i64
// CHECK: %[[REM:.*]] = arith.remsi %[[FIRST]], %[[B64]] : i64
// CHECK: scf.if
// CHECK: memref.alloca_scope
// CHECK: %[[KEEP:.*]] = memref.alloca() {{.*}} : memref<1024xi32>
// CHECK: scf.for %[[L:.*]] = %{{.*}} to %[[B]] step
// CHECK: memref.store %{{.*}}, %[[KEEP]]
// CHECK: kdsl.load
// CHECK: scf.execute_region
// CHECK: } {kdsl.lane_barrier, kdsl.per_lane}
// CHECK: } {kdsl.lane_loop}
// CHECK-NOT: kdsl.lane_loop
// CHECK: scf.for {{.*}} iter_args
// CHECK: scf.for %[[L2:.*]] = %{{.*}} to %[[B]] step
// CHECK: memref.load %[[KEEP]]
// CHECK: kdsl.store
// CHECK: } {kdsl.lane_loop}
kdsl.kernel @k(%x: !kdsl.array<f32, 1>, %out: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "out"]} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %x[%j] : <f32, 1>
  %t = kdsl.tile_from_lanes %v : f32 -> <?xf32>
  %s = kdsl.tile_scan add %t : <?xf32>
  %u = kdsl.tile_to_lanes %s : <?xf32> -> f32
  kdsl.store %u, %out[%j] : <f32, 1>
  kdsl.return
}

// A tile kernel that does not depend on its lanes is left alone.
// CHECK-LABEL: kdsl.kernel @plain(
// CHECK-NOT: kdsl.launch_dim 4
// CHECK-NOT: kdsl.lane_loop
// CHECK: kdsl.return
kdsl.kernel @plain(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %t = kdsl.tile_load %x[%i] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  kdsl.tile_store %t, %x[%i] : !kdsl.tile<4xf32>, !kdsl.array<f32, 1>
  kdsl.return
}
