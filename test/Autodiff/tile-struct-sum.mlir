// RUN: kdsl-opt --kdsl-autodiff %s 2>&1 | FileCheck %s
// The tile_sum of a tile of structs (TileRules.cpp, docs/design/tiles.md):
// a tile_reduce whose region adds every float field of its two arguments
// (either order; int fields anything) has the sum's adjoint, a broadcast of
// the result's adjoint; a region that is no such sum has no rule.

// CHECK: warning: kernel 'struct_not_sum' gets no adjoint: 'kdsl.tile_reduce' op autodiff: no derivative rule for this tile reduction yet
// CHECK-LABEL: kdsl.kernel @struct_sum_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<!P, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<!P, 1>)
// CHECK: %[[DS:.*]] = kdsl.tile_load %[[ADJ_Y]][%{{.*}}] : <!P, 1> -> <1x!P>
// CHECK: %[[DA:.*]] = kdsl.tile_broadcast %[[DS]] : <1x!P> -> <4x!P>
// CHECK-NEXT: kdsl.tile_atomic_add %[[DA]], %[[ADJ_X]]
// CHECK-NOT: struct_not_sum_backward
!P = !kdsl.struct<"P", {m: f32, id: i32}>
kdsl.kernel @struct_sum(%x: !kdsl.array<!P, 1>, %y: !kdsl.array<!P, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %a = kdsl.tile_load %x[%i] : !kdsl.array<!P, 1> -> !kdsl.tile<4x!P>
  %s = kdsl.tile_reduce %a : !kdsl.tile<4x!P> -> !kdsl.tile<1x!P> {
  ^bb0(%p: !P, %q: !P):
    %pm = kdsl.struct_extract %p["m"] : !P
    %qm = kdsl.struct_extract %q["m"] : !P
    %m = arith.addf %qm, %pm : f32
    %pi = kdsl.struct_extract %p["id"] : !P
    %r = kdsl.struct_create(%m, %pi) : !P
    kdsl.tile_yield %r : !P
  }
  kdsl.tile_store %s, %y[%i] : !kdsl.tile<1x!P>, !kdsl.array<!P, 1>
  kdsl.return
}

kdsl.kernel @struct_not_sum(%x: !kdsl.array<!P, 1>, %y: !kdsl.array<!P, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %a = kdsl.tile_load %x[%i] : !kdsl.array<!P, 1> -> !kdsl.tile<4x!P>
  %s = kdsl.tile_reduce %a : !kdsl.tile<4x!P> -> !kdsl.tile<1x!P> {
  ^bb0(%p: !P, %q: !P):
    %pm = kdsl.struct_extract %p["m"] : !P
    %m = arith.addf %pm, %pm : f32
    %pi = kdsl.struct_extract %p["id"] : !P
    %r = kdsl.struct_create(%m, %pi) : !P
    kdsl.tile_yield %r : !P
  }
  kdsl.tile_store %s, %y[%i] : !kdsl.tile<1x!P>, !kdsl.array<!P, 1>
  kdsl.return
}
