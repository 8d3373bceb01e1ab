// RUN: not kdsl-opt %s --split-input-file --kdsl-lower-tiles 2>&1 | FileCheck %s
//
// What kdsl-lower-tiles does not lower yet is an error at the op.

// CHECK: lower-tiles-errors.mlir:[[# @LINE + 4]]:8: error: wp.block_dim() in a @wp.func with tiles (its caller's lanes) is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)
func.func @lanes(%x: !kdsl.array<f32, 1>) {
  %c0 = arith.constant 0 : i32
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %b = kdsl.block_dim
  %f = arith.sitofp %b : i32 to f32
  kdsl.store %f, %x[%c0] : !kdsl.array<f32, 1>
  return
}

// -----

// CHECK: lower-tiles-errors.mlir:[[# @LINE + 4]]:8: error: tiles of '!kdsl.struct<"Particle", {m: f32}>' are not lowered yet (docs/design/tiles.md)
!Particle = !kdsl.struct<"Particle", {m: f32}>
kdsl.kernel @structs(%p: !kdsl.array<!Particle, 1>) attributes {arg_names = ["p"]} {
  %c0 = arith.constant 0 : i32
  %t = kdsl.tile_load %p[%c0] : !kdsl.array<!Particle, 1> -> !kdsl.tile<4x!Particle>
  kdsl.return
}

// -----

// CHECK: lower-tiles-errors.mlir:[[# @LINE + 1]]:1: error: a @wp.func that takes or returns tiles is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)
func.func @f(%t: !kdsl.tile<4xf32>) -> f32 {
  %c0 = arith.constant 0 : i32
  %v = kdsl.tile_extract %t[%c0] : !kdsl.tile<4xf32>
  return %v : f32
}

// -----

// CHECK: lower-tiles-errors.mlir:[[# @LINE + 5]]:8: error: 'scf.while' of a tile is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)
kdsl.kernel @while(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %w = scf.while (%a = %t) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32> {
    scf.condition(%true) %a : !kdsl.tile<4xf32>
  } do {
  ^bb0(%b: !kdsl.tile<4xf32>):
    scf.yield %b : !kdsl.tile<4xf32>
  }
  kdsl.return
}
