// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// Adjoints of tile kernels (docs/design/tiles.md slice 3, TileRules.cpp): made
// of tile ops that kdsl-lower-tiles lowers; a tile's adjoint is a tile
// (zero: tile_splat; sums: tile_map adds).

// tile_load: the adjoint tile added atomically into adj_x at the same
// offsets; tile_store: adj_y's tile read into the tile's adjoint, then
// zeroed (Warp's adj_tile_store).
// CHECK-LABEL: kdsl.kernel @load_store_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[TID:.*]] = kdsl.tid
// CHECK:      %[[DT:.*]] = kdsl.tile_load %[[ADJ_Y]][%[[TID]]] : <f32, 1> -> <8xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZT:.*]] = kdsl.tile_splat %[[Z]] : <8xf32>
// CHECK-NEXT: kdsl.tile_store %[[ZT]], %[[ADJ_Y]][%[[TID]]]
// CHECK-NEXT: kdsl.tile_atomic_add %[[DT]], %[[ADJ_X]][%[[TID]]] : <8xf32>, <f32, 1>

kdsl.kernel @load_store(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %a = kdsl.tile_load %x[%i] : !kdsl.array<f32, 1> -> !kdsl.tile<8xf32>
  kdsl.tile_store %a, %y[%i] : !kdsl.tile<8xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// tile_map: one map per adjoint, the region recomputed and reversed per
// element (the scalar rules of mulf and sin; what the adjoint does not use
// is dropped, sin's value here); the scalar from above gets the sum of its
// per-element adjoints.
// CHECK-LABEL: kdsl.kernel @map_outer_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_W:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[S:.*]] = kdsl.load %w
// CHECK-NEXT: %[[A:.*]] = kdsl.tile_load %x
// CHECK:      %[[DM:.*]] = kdsl.tile_load %[[ADJ_Y]]
// CHECK:      %[[DA:.*]] = kdsl.tile_map %[[A]], %[[DM]] : !kdsl.tile<8xf32>, !kdsl.tile<8xf32> -> <8xf32> {
// CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %[[D:.*]]: f32):
// CHECK-NEXT:   %[[P:.*]] = arith.mulf %[[E]], %[[S]]
// CHECK-NEXT:   %[[COS:.*]] = math.cos %[[P]]
// CHECK-NEXT:   %[[DP:.*]] = arith.mulf %[[D]], %[[COS]]
// CHECK-NEXT:   %[[DE:.*]] = arith.mulf %[[DP]], %[[S]]
// CHECK-NEXT:   kdsl.tile_yield %[[DE]]
// CHECK:      %[[PER:.*]] = kdsl.tile_map %[[A]], %[[DM]]
// CHECK:        kdsl.tile_yield %[[DS2:.*]] : f32
// CHECK:      %[[SUM:.*]] = kdsl.tile_reduce %[[PER]] : <8xf32> -> <1xf32>
// CHECK:      %[[TOTAL:.*]] = kdsl.tile_extract %[[SUM]]
// CHECK-NEXT: kdsl.tile_atomic_add %[[DA]], %[[ADJ_X]]
// CHECK-NEXT: kdsl.atomic add %[[ADJ_W]][%{{.*}}], %[[TOTAL]]

kdsl.kernel @map_outer(%x: !kdsl.array<f32, 1>, %w: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "w", "y"]} {
  %c0 = arith.constant 0 : i32
  %s = kdsl.load %w[%c0] : !kdsl.array<f32, 1>
  %a = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<8xf32>
  %m = kdsl.tile_map %a : !kdsl.tile<8xf32> -> !kdsl.tile<8xf32> {
  ^bb0(%e: f32):
    %p = arith.mulf %e, %s : f32
    %q = math.sin %p : f32
    kdsl.tile_yield %q : f32
  }
  kdsl.tile_store %m, %y[%c0] : !kdsl.tile<8xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// tile_sum along axis 1: the adjoint of each row's sum reshaped to 2x1 and
// broadcast along the row; tile_atomic_add: the adjoint read from adj_y
// (the old values it returns take none).
// CHECK-LABEL: kdsl.kernel @sum_rows_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 2>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[DR:.*]] = kdsl.tile_load %[[ADJ_Y]][%{{.*}}] : <f32, 1> -> <2xf32>
// CHECK-NEXT: %[[COL:.*]] = kdsl.tile_reshape %[[DR]] : <2xf32> -> <2x1xf32>
// CHECK-NEXT: %[[DA:.*]] = kdsl.tile_broadcast %[[COL]] : <2x1xf32> -> <2x4xf32>
// CHECK-NEXT: kdsl.tile_atomic_add %[[DA]], %[[ADJ_X]]

kdsl.kernel @sum_rows(%x: !kdsl.array<f32, 2>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %c0 = arith.constant 0 : i32
  %a = kdsl.tile_load %x[%c0, %c0] : !kdsl.array<f32, 2> -> !kdsl.tile<2x4xf32>
  %r = kdsl.tile_reduce %a axis 1 : !kdsl.tile<2x4xf32> -> !kdsl.tile<2xf32> {
  ^bb0(%u: f32, %v: f32):
    %s = arith.addf %u, %v : f32
    kdsl.tile_yield %s : f32
  }
  %o = kdsl.tile_atomic_add %r, %y[%c0] : !kdsl.tile<2xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// r = 2 a b + 0.5 c: adj_a = 2 adj_r b^T, adj_b = 2 a^T adj_r (matmuls into
// zero tiles, beta 0), adj_c = 0.5 adj_r.
// CHECK-LABEL: kdsl.kernel @matmul_backward(
// CHECK-SAME: %[[ADJ_A:[a-z0-9_]+]]: !kdsl.array<f64, 2>, %[[ADJ_B:[a-z0-9_]+]]: !kdsl.array<f64, 2>, %[[ADJ_C:[a-z0-9_]+]]: !kdsl.array<f64, 2>)
// CHECK:      %[[TA:.*]] = kdsl.tile_load %a
// CHECK-NEXT: %[[TB:.*]] = kdsl.tile_load %b
// CHECK:      %[[DR:.*]] = kdsl.tile_load %[[ADJ_C]]
// CHECK:      %[[BT:.*]] = kdsl.tile_transpose %[[TB]] : <3x4xf64> -> <4x3xf64>
// CHECK:      %[[Z1:.*]] = kdsl.tile_splat %{{.*}} : <2x3xf64>
// CHECK-NEXT: %[[DA:.*]] = kdsl.tile_matmul %[[DR]], %[[BT]], %[[Z1]] {alpha = 2.000000e+00 : f64, beta = 0.000000e+00 : f64}
// CHECK-NEXT: %[[AT:.*]] = kdsl.tile_transpose %[[TA]] : <2x3xf64> -> <3x2xf64>
// CHECK:      %[[Z2:.*]] = kdsl.tile_splat %{{.*}} : <3x4xf64>
// CHECK-NEXT: %[[DB:.*]] = kdsl.tile_matmul %[[AT]], %[[DR]], %[[Z2]] {alpha = 2.000000e+00 : f64, beta = 0.000000e+00 : f64}
// CHECK:      %[[DC:.*]] = kdsl.tile_map %[[DR]]
// CHECK:        arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK:      kdsl.tile_atomic_add %[[DC]], %[[ADJ_C]]
// CHECK-NEXT: kdsl.tile_atomic_add %[[DB]], %[[ADJ_B]]
// CHECK-NEXT: kdsl.tile_atomic_add %[[DA]], %[[ADJ_A]]

kdsl.kernel @matmul(%a: !kdsl.array<f64, 2>, %b: !kdsl.array<f64, 2>, %c: !kdsl.array<f64, 2>) attributes {arg_names = ["a", "b", "c"]} {
  %c0 = arith.constant 0 : i32
  %ta = kdsl.tile_load %a[%c0, %c0] : !kdsl.array<f64, 2> -> !kdsl.tile<2x3xf64>
  %tb = kdsl.tile_load %b[%c0, %c0] : !kdsl.array<f64, 2> -> !kdsl.tile<3x4xf64>
  %tc = kdsl.tile_load %c[%c0, %c0] : !kdsl.array<f64, 2> -> !kdsl.tile<2x4xf64>
  %r = kdsl.tile_matmul %ta, %tb, %tc {alpha = 2.0 : f64, beta = 0.5 : f64} : !kdsl.tile<2x3xf64>, !kdsl.tile<3x4xf64>, !kdsl.tile<2x4xf64>
  kdsl.tile_store %r, %c[%c0, %c0] : !kdsl.tile<2x4xf64>, !kdsl.array<f64, 2>
  kdsl.return
}

// tile_extract: a one-hot tile (an arange of the row-major indices compared
// with the element's); transposes: transposes; the broadcast of a 2x1 tile:
// the sum along axis 1, reshaped back; the splat of a value: the sum of
// every element.
// CHECK-LABEL: kdsl.kernel @layout_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 2>, %[[ADJ_V:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %{{[a-z0-9_]+}}: !kdsl.array<f32, 2>, %[[ADJ_E:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[DEL:.*]] = kdsl.load %[[ADJ_E]]
// CHECK:      %[[FLAT:.*]] = arith.addi
// CHECK:      %[[IDX:.*]] = kdsl.tile_arange %{{.*}}, %{{.*}} : <6xi32>
// CHECK-NEXT: %[[IDX2:.*]] = kdsl.tile_reshape %[[IDX]] : <6xi32> -> <3x2xi32>
// CHECK:      %[[ONEHOT:.*]] = kdsl.tile_map %[[IDX2]] : !kdsl.tile<3x2xi32> -> <3x2xf32> {
// CHECK-NEXT: ^bb0(%[[K:.*]]: i32):
// CHECK-NEXT:   %[[AT:.*]] = arith.cmpi eq, %[[K]], %[[FLAT]]
// CHECK-NEXT:   arith.select %[[AT]], %[[DEL]], %{{.*}} : f32
// CHECK:      %[[DT:.*]] = kdsl.tile_map {{.*}}, %[[ONEHOT]]
// CHECK:      %[[DTB:.*]] = kdsl.tile_map {{.*}}, %[[ONEHOT]]
// CHECK:      %[[DFULL:.*]] = kdsl.tile_map %[[ONEHOT]] :
// CHECK:      %[[DB:.*]] = kdsl.tile_transpose %[[DTB]] : <3x2xf32> -> <2x3xf32>
// CHECK-NEXT: %[[DCOL:.*]] = kdsl.tile_reduce %[[DB]] axis 1 : <2x3xf32> -> <2xf32>
// CHECK:      %[[DCOL2:.*]] = kdsl.tile_reshape %[[DCOL]] : <2xf32> -> <2x1xf32>
// CHECK-NEXT: %[[DM:.*]] = kdsl.tile_transpose %[[DT]] : <3x2xf32> -> <2x3xf32>
// CHECK-NEXT: %[[DS:.*]] = kdsl.tile_reduce %[[DFULL]] : <3x2xf32> -> <1xf32>
// CHECK:      %[[DSV:.*]] = kdsl.tile_extract %[[DS]]
// CHECK-NEXT: kdsl.atomic add %[[ADJ_V]][%{{.*}}], %[[DSV]]
// CHECK-NEXT: kdsl.tile_atomic_add %[[DCOL2]], %[[ADJ_X]]
// CHECK-NEXT: kdsl.tile_atomic_add %[[DM]], %[[ADJ_X]]

kdsl.kernel @layout(%x: !kdsl.array<f32, 2>, %v: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 2>, %e: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "v", "y", "e"]} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m = kdsl.tile_load %x[%c0, %c0] : !kdsl.array<f32, 2> -> !kdsl.tile<2x3xf32>
  %col = kdsl.tile_load %x[%c0, %c0] : !kdsl.array<f32, 2> -> !kdsl.tile<2x1xf32>
  %s = kdsl.load %v[%c0] : !kdsl.array<f32, 1>
  %full = kdsl.tile_splat %s : !kdsl.tile<3x2xf32>
  %t = kdsl.tile_transpose %m : !kdsl.tile<2x3xf32> -> !kdsl.tile<3x2xf32>
  %b = kdsl.tile_broadcast %col : !kdsl.tile<2x1xf32> -> !kdsl.tile<2x3xf32>
  %tb = kdsl.tile_transpose %b : !kdsl.tile<2x3xf32> -> !kdsl.tile<3x2xf32>
  %p = kdsl.tile_map %t, %tb, %full : !kdsl.tile<3x2xf32>, !kdsl.tile<3x2xf32>, !kdsl.tile<3x2xf32> -> !kdsl.tile<3x2xf32> {
  ^bb0(%u: f32, %w: f32, %z: f32):
    %q = arith.mulf %u, %w : f32
    %q2 = arith.addf %q, %z : f32
    kdsl.tile_yield %q2 : f32
  }
  %el = kdsl.tile_extract %p[%c1, %c0] : !kdsl.tile<3x2xf32>
  kdsl.store %el, %e[%c0] : !kdsl.array<f32, 1>
  kdsl.return
}

// A tile carried by a loop has no tape: reversed iteration k replays the
// forward loop for k iterations to get the tile it entered with.
// CHECK-LABEL: kdsl.kernel @carried_backward(
// CHECK:      %[[A:.*]] = kdsl.tile_load %x
// CHECK:      %[[N:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:      scf.for %{{.*}} iter_args(%{{.*}} = %[[A]]) -> (!kdsl.tile<4xf32>)  : i32
// CHECK:      %[[DY:.*]] = kdsl.tile_load %adj_y
// CHECK:      %[[REV:.*]] = scf.for %[[IT:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[DT:.*]] = %[[DY]]) -> (!kdsl.tile<4xf32>)  : i64 {
// CHECK:        %[[K:.*]] = arith.subi %{{.*}}, %[[IT]] : i64
// CHECK:        %[[KEND:.*]] = arith.addi
// CHECK-NEXT:   %[[REPLAY:.*]] = scf.for %{{.*}} = %{{.*}} to %[[KEND]] step %{{.*}} iter_args(%{{.*}} = %[[A]]) -> (!kdsl.tile<4xf32>)  : i32 {
// CHECK:        %[[NEXT:.*]] = kdsl.tile_map %[[REPLAY]], %[[DT]]
// CHECK:        scf.yield %[[NEXT]] : !kdsl.tile<4xf32>
// CHECK:      kdsl.tile_atomic_add %[[REV]], %adj_x

kdsl.kernel @carried(%x: !kdsl.array<f32, 1>, %n: i32, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "n", "y"]} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%t = %a) -> (!kdsl.tile<4xf32>) : i32 {
    %sq = kdsl.tile_map %t : !kdsl.tile<4xf32> -> !kdsl.tile<4xf32> {
    ^bb0(%u: f32):
      %q = arith.mulf %u, %u : f32
      kdsl.tile_yield %q : f32
    }
    scf.yield %sq : !kdsl.tile<4xf32>
  }
  kdsl.tile_store %r, %y[%c0] : !kdsl.tile<4xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// The indexed forms: the same rules at the positions the indices select;
// the store's adjoint masked to the last of repeated indices (a pairwise
// comparison of the indices, a max along axis 1, broadcast over the tile).
// CHECK-LABEL: kdsl.kernel @indexed_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 2>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 2>)
// CHECK:      %[[IDX:.*]] = kdsl.tile_arange
// CHECK:      %[[LD:.*]] = kdsl.tile_load_indexed %[[ADJ_Y]][%{{.*}}, %{{.*}}] indices %[[IDX]] axis 0
// CHECK:      %[[REP:.*]] = kdsl.tile_reduce %{{.*}} axis 1 : <2x2xi32> -> <2xi32>
// CHECK:      %[[MASK:.*]] = kdsl.tile_broadcast %{{.*}} : <2x1xi32> -> <2x3xi32>
// CHECK:      %[[DT:.*]] = kdsl.tile_map %[[LD]], %[[MASK]]
// CHECK:      %[[Z:.*]] = kdsl.tile_splat %{{.*}} : <2x3xf32>
// CHECK-NEXT: kdsl.tile_store_indexed %[[Z]], %[[ADJ_Y]][%{{.*}}, %{{.*}}] indices %[[IDX]] axis 0
// CHECK-NEXT: kdsl.tile_atomic_add_indexed %[[DT]], %[[ADJ_X]][%{{.*}}, %{{.*}}] indices %[[IDX]] axis 0
kdsl.kernel @indexed(%x: !kdsl.array<f32, 2>, %y: !kdsl.array<f32, 2>) attributes {arg_names = ["x", "y"]} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %idx = kdsl.tile_arange %c0, %c1 : !kdsl.tile<2xi32>
  %t = kdsl.tile_load_indexed %x[%c0, %c0] indices %idx axis 0 : !kdsl.array<f32, 2>, !kdsl.tile<2xi32> -> !kdsl.tile<2x3xf32>
  kdsl.tile_store_indexed %t, %y[%c0, %c0] indices %idx axis 0 : !kdsl.tile<2x3xf32>, !kdsl.array<f32, 2>, !kdsl.tile<2xi32>
  kdsl.return
}

// tile_gather (t[idx, :]): the adjoint spread over a tile with the result's
// axis inserted after the gather's (4x2x3: row r of the input, k of the
// result), kept where idx[k] (from the end when negative) is r, summed over k.
// CHECK-LABEL: kdsl.kernel @gather_backward(
// CHECK:      %[[IDX:.*]] = kdsl.tile_arange %{{.*}}, %{{.*}} : <2xi32>
// CHECK:      %[[DG:.*]] = kdsl.tile_load %adj_y
// CHECK:      %[[R:.*]] = kdsl.tile_reshape %[[DG]] : <2x3xf32> -> <1x2x3xf32>
// CHECK-NEXT: %[[A:.*]] = kdsl.tile_broadcast %[[R]] : <1x2x3xf32> -> <4x2x3xf32>
// CHECK-NEXT: %[[RI:.*]] = kdsl.tile_reshape %[[IDX]] : <2xi32> -> <1x2x1xi32>
// CHECK-NEXT: %[[K:.*]] = kdsl.tile_broadcast %[[RI]] : <1x2x1xi32> -> <4x2x3xi32>
// CHECK:      %[[M:.*]] = kdsl.tile_map %[[A]], %[[K]], %{{.*}} : {{.*}} -> <4x2x3xf32>
// CHECK:        arith.divsi %{{.*}}, %c6_i32
// CHECK:        arith.remsi %{{.*}}, %c4_i32
// CHECK:        %[[HIT:.*]] = arith.cmpi eq
// CHECK-NEXT:   arith.select %[[HIT]]
// CHECK:      %[[S:.*]] = kdsl.tile_reduce %[[M]] axis 1 : <4x2x3xf32> -> <4x3xf32>
// CHECK:      kdsl.tile_atomic_add %[[S]], %adj_x
kdsl.kernel @gather(%x: !kdsl.array<f32, 2>, %y: !kdsl.array<f32, 2>) attributes {arg_names = ["x", "y"]} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %idx = kdsl.tile_arange %c0, %c1 : !kdsl.tile<2xi32>
  %t = kdsl.tile_load %x[%c0, %c0] : !kdsl.array<f32, 2> -> !kdsl.tile<4x3xf32>
  %g = kdsl.tile_gather %t indices %idx axis 0 : !kdsl.tile<4x3xf32>, !kdsl.tile<2xi32> -> !kdsl.tile<2x3xf32>
  kdsl.tile_store %g, %y[%c0, %c0] : !kdsl.tile<2x3xf32>, !kdsl.array<f32, 2>
  kdsl.return
}
