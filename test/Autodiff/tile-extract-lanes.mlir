// RUN: kdsl-opt --kdsl-autodiff=kernels=perlane %s | FileCheck %s
// RUN: kdsl-opt --kdsl-autodiff=kernels=mixed %s | FileCheck %s --check-prefix=MIXED
// The adjoint of tile_extract in a lane-dependent kernel (TileRules.cpp,
// docs/design/tiles.md "Adjoints of lane-dependent kernels"): the block's
// tile is one for all lanes and a scalar's adjoint is each lane's share, so
// the extracted value gives every lane's share to the tile through a
// per-lane tile_scatter add (Warp's adj_tile_extract adds atomically per
// thread); the one-hot map of other kernels would be one op of the block
// with one lane's adjoint. A store's adjoint is taken by one lane (an
// atomic exchange). A value used both per lane and by the block's tile ops
// is differentiated the same way (its tile ops' part reaches lane 0 only;
// Autodiff/Execution/tile-extract-mixed.test checks it by finite differences).

// CHECK-LABEL: kdsl.kernel @perlane_backward(
// CHECK: %[[ADJ:.*]] = kdsl.atomic exch %adj_y[%j], %{{.*}} : <f32, 1>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZT:.*]] = kdsl.tile_splat %[[Z]] : <4xf32>
// CHECK-NEXT: %[[DT:.*]] = kdsl.tile_scatter add %[[ZT]][%j], %[[ADJ]] : <4xf32>
// The scatter's rule then reads the lane's element of it.
// CHECK: kdsl.tile_extract %[[DT]][%{{.*}}] : <4xf32>
kdsl.kernel @perlane(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %x[%j] : <f32, 1>
  %z = arith.constant 0.0 : f32
  %t0 = kdsl.tile_splat %z : !kdsl.tile<4xf32>
  %t = kdsl.tile_scatter add %t0[%j], %v : !kdsl.tile<4xf32>
  %e = kdsl.tile_extract %t[%j] : !kdsl.tile<4xf32>
  kdsl.store %e, %y[%j] : <f32, 1>
  kdsl.return
}

// MIXED-LABEL: kdsl.kernel @mixed_backward(
// MIXED: kdsl.tile_scatter add %{{.*}}[%c0{{.*}}], %{{.*}} : <4xf32>
kdsl.kernel @mixed(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %v = kdsl.load %x[%j] : <f32, 1>
  %z = arith.constant 0.0 : f32
  %t0 = kdsl.tile_splat %z : !kdsl.tile<4xf32>
  %t = kdsl.tile_scatter add %t0[%j], %v : !kdsl.tile<4xf32>
  %e = kdsl.tile_extract %t[%c0] : !kdsl.tile<4xf32>
  kdsl.store %e, %y[%j] : <f32, 1>
  %u = kdsl.tile_splat %e : !kdsl.tile<4xf32>
  kdsl.tile_store %u, %y[%c0] : !kdsl.tile<4xf32>, !kdsl.array<f32, 1>
  kdsl.return
}
