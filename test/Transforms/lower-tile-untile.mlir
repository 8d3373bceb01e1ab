// RUN: kdsl-opt %s --kdsl-lower-tiles | FileCheck %s
// RUN: kdsl-opt %s --kdsl-lower-tiles --kdsl-lower-lanes | FileCheck %s --check-prefix=LANES
//
// kdsl-lower-tiles (LowerTileUntile.cpp, docs/design/tiles.md "Lanes"):
// wp.untile of a lane-extent tile_map over a lane-extent tile_arange is the
// map's region on the lane's own index (start + lane * step), so no tile
// buffer is left; a map whose tile has another user stays. The state a
// while loop carries into the map's region keeps the tid index it was
// made from the block's (kdsl.lane_uniform), so kdsl-lower-lanes runs the
// loop whole in each lane (it holds no block work any more) and the index
// is the block's coordinate.

// CHECK-LABEL: kdsl.kernel @round
// CHECK-NOT: memref.alloca()
// CHECK: kdsl.tid {kdsl.lane_uniform = array<i1: true, false>}
// CHECK: scf.while
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[L:.*]] = arith.index_cast %[[T]] : index to i32
// CHECK: %[[S:.*]] = arith.muli %[[L]], %{{.*}} : i32
// CHECK: %[[E:.*]] = arith.addi %{{.*}}, %[[S]] : i32
// CHECK: %[[H:.*]] = arith.addi %[[E]], %{{.*}} : i32
// CHECK: kdsl.store %[[H]]
// CHECK-NOT: kdsl.tile_
// LANES-LABEL: kdsl.kernel @round
// LANES: %[[Q:.*]] = kdsl.load %x[
// LANES: scf.for
// LANES: scf.while (%{{.*}} = %[[Q]])
// LANES: } {kdsl.lane_loop}
kdsl.kernel @round(%x: !kdsl.array<i32, 1>, %out: !kdsl.array<i32, 2>) attributes {arg_names = ["x", "out"]} {
  %i, %j = kdsl.tid : i32, i32
  %start = kdsl.load %x[%i] : <i32, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.while (%s = %start) : (i32) -> i32 {
    %more = arith.cmpi slt, %s, %c3 : i32
    scf.condition(%more) %s : i32
  } do {
  ^bb0(%s: i32):
    %lanes = kdsl.tile_arange %c0, %c1 : <?xi32>
    %t = kdsl.tile_map %lanes : !kdsl.tile<?xi32> -> <?xi32> {
    ^bb0(%k: i32):
      %h = arith.addi %k, %s : i32
      kdsl.tile_yield %h : i32
    }
    %own = kdsl.tile_to_lanes %t : <?xi32> -> i32
    kdsl.store %own, %out[%i, %j] : <i32, 2>
    %next = arith.addi %s, %c1 : i32
    scf.yield %next : i32
  }
  kdsl.return
}

// A map read whole (tile_sum) as well as untiled: it stays, and so does
// its buffer; the untile becomes the lane's own element all the same.
// CHECK-LABEL: kdsl.kernel @whole
// CHECK: memref.alloca() {{.*}} : memref<1024xi32>
// CHECK: gpu.thread_id x
kdsl.kernel @whole(%out: !kdsl.array<i32, 1>) attributes {arg_names = ["out"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %lanes = kdsl.tile_arange %c0, %c1 : <?xi32>
  %t = kdsl.tile_map %lanes : !kdsl.tile<?xi32> -> <?xi32> {
  ^bb0(%k: i32):
    %h = arith.muli %k, %k : i32
    kdsl.tile_yield %h : i32
  }
  %own = kdsl.tile_to_lanes %t : <?xi32> -> i32
  %s = kdsl.tile_reduce %t : <?xi32> -> <1xi32> {
  ^bb0(%a: i32, %b: i32):
    %y = arith.addi %a, %b : i32
    kdsl.tile_yield %y : i32
  }
  %e = kdsl.tile_extract %s[%c0] : !kdsl.tile<1xi32>
  %v = arith.addi %own, %e : i32
  kdsl.store %v, %out[%j] : <i32, 1>
  kdsl.return
}
