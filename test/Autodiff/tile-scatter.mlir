// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// The derivative rule of kdsl.tile_scatter (t[i] op= v by every lane;
// TileRulesScatter.cpp, docs/design/tiles.md): each lane's value gets the
// result's adjoint at its element (0 where its index is outside the tile;
// negated for sub); the tile gets the result's adjoint, with the elements
// an exch overwrote zeroed. Reversed from the last update: exch, sub, add.

// CHECK-LABEL: kdsl.kernel @scatter_backward(
// CHECK: %[[DT:.*]] = kdsl.tile_load %adj_y[%{{.*}}] : <f32, 1> -> <4xf32>
// exch: the lane's value reads the element; the tile's adjoint loses it.
// CHECK: %[[IN:.*]] = arith.cmpi ult, %j, %c4_i32 : i32
// CHECK: %[[SAFE:.*]] = arith.select %[[IN]], %j, %{{.*}} : i32
// CHECK-NEXT: %[[E:.*]] = kdsl.tile_extract %[[DT]][%[[SAFE]]] : <4xf32>
// CHECK: %[[AE:.*]] = arith.select %[[IN]], %[[E]], %{{.*}} : f32
// CHECK: %[[DT2:.*]] = kdsl.tile_scatter exch %[[DT]][%j], %{{.*}} : <4xf32>
// sub: the element of what the exch left, negated.
// CHECK: %[[IN2:.*]] = arith.cmpi ult, %j
// CHECK: %[[E2:.*]] = kdsl.tile_extract %[[DT2]][%{{.*}}] : <4xf32>
// CHECK: %[[S2:.*]] = arith.select %[[IN2]], %[[E2]], %{{.*}} : f32
// CHECK-NEXT: %[[N2:.*]] = arith.negf %[[S2]] : f32
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[AE]], %[[N2]] : f32
// add: the element again, the tile's adjoint passed through.
// CHECK: %[[E3:.*]] = kdsl.tile_extract %[[DT2]][%{{.*}}] : <4xf32>
// CHECK: %[[S3:.*]] = arith.select %{{.*}}, %[[E3]], %{{.*}} : f32
// CHECK-NEXT: %[[V:.*]] = arith.addf %[[SUM]], %[[S3]] : f32
// CHECK-NEXT: kdsl.tile_atomic_add %[[DT2]], %adj_x[%{{.*}}] : <4xf32>, <f32, 1>
// CHECK-NEXT: kdsl.atomic add %adj_x[%j], %[[V]] : <f32, 1>
kdsl.kernel @scatter(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %v = kdsl.load %x[%j] : <f32, 1>
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %a = kdsl.tile_scatter add %t[%j], %v : !kdsl.tile<4xf32>
  %s = kdsl.tile_scatter sub %a[%j], %v : !kdsl.tile<4xf32>
  %e = kdsl.tile_scatter exch %s[%j], %v : !kdsl.tile<4xf32>
  kdsl.tile_store %e, %y[%c0] : !kdsl.tile<4xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// Structs: the element's adjoint selected and negated field by field (the
// int32 field carries none).
// CHECK-LABEL: kdsl.kernel @structs_backward(
// CHECK: %[[SE:.*]] = kdsl.tile_extract %{{.*}}[%{{.*}}] : <4x!S>
// CHECK: %[[M:.*]] = kdsl.struct_extract %[[SE]]["m"] : !S
// CHECK: %[[MS:.*]] = arith.select %{{.*}}, %[[M]], %{{.*}} : f32
// CHECK-NEXT: %[[ID:.*]] = kdsl.struct_extract %[[SE]]["id"] : !S
// CHECK-NEXT: %[[SS:.*]] = kdsl.struct_create(%[[MS]], %[[ID]]) : !S
// CHECK-NEXT: %[[M2:.*]] = kdsl.struct_extract %[[SS]]["m"] : !S
// CHECK-NEXT: %[[NM:.*]] = arith.negf %[[M2]] : f32
!S = !kdsl.struct<"S", {m: f32, id: i32}>
kdsl.kernel @structs(%x: !kdsl.array<!S, 1>, %y: !kdsl.array<!S, 1>) attributes {arg_names = ["x", "y"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %v = kdsl.load %x[%j] : <!S, 1>
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<!S, 1> -> !kdsl.tile<4x!S>
  %s = kdsl.tile_scatter sub %t[%j], %v : !kdsl.tile<4x!S>
  kdsl.tile_store %s, %y[%c0] : !kdsl.tile<4x!S>, !kdsl.array<!S, 1>
  kdsl.return
}
