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

// A func with tiles in its signature is inlined: one without a body, or a
// recursive one (IR input; Sema rejects recursion), cannot be.
// CHECK: lower-tiles-errors.mlir:[[# @LINE + 5]]:8: error: a call of 'f', which takes or returns tiles and has no body
func.func private @f(%t: !kdsl.tile<4xf32>) -> f32
kdsl.kernel @calls_f(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %c0 = arith.constant 0 : i32
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %v = func.call @f(%t) : (!kdsl.tile<4xf32>) -> f32
  kdsl.store %v, %x[%c0] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

// CHECK: lower-tiles-errors.mlir:[[# @LINE + 2]]:8: error: a recursive call of 'g', which takes or returns tiles
func.func private @g(%t: !kdsl.tile<4xf32>) -> !kdsl.tile<4xf32> {
  %r = func.call @g(%t) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32>
  return %r : !kdsl.tile<4xf32>
}
kdsl.kernel @calls_g(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %c0 = arith.constant 0 : i32
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %r = func.call @g(%t) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32>
  kdsl.tile_store %r, %x[%c0] : !kdsl.tile<4xf32>, !kdsl.array<f32, 1>
  kdsl.return
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
