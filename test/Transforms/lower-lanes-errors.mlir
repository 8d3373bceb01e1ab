// RUN: not kdsl-opt %s --split-input-file --kdsl-lower-tiles --kdsl-lower-lanes 2>&1 | FileCheck %s
// RUN: not kdsl-opt %s --split-input-file --kdsl-lower-tiles --kdsl-lower-lanes=gpu=true 2>&1 | FileCheck %s --check-prefix=GPU
//
// What kdsl-lower-lanes does not lower yet is an error at the op. With
// gpu=true (PTX, CUDA C) each thread is a lane, so the first two lower
// (lower-lanes-gpu.mlir); a stack of structs holding an array is refused by
// kdsl-lower-tiles.
// GPU-NOT: error:

// CHECK: lower-lanes-errors.mlir:[[# @LINE + 10]]:5: error: a value that varies over the block's lanes, carried by a loop or branch that holds tile operations, is not lowered yet (kdsl-lower-lanes, docs/design/tiles.md)
kdsl.kernel @carried(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %x[%j] : <f32, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %v) -> (f32) : i32 {
    %t = kdsl.tile_from_lanes %a : f32 -> !kdsl.tile<?xf32>
    %u = kdsl.tile_to_lanes %t : !kdsl.tile<?xf32> -> f32
    scf.yield %u : f32
  }
  kdsl.store %r, %x[%j] : <f32, 1>
  kdsl.return
}

// -----

// A lane's value of a type no buffer holds, used after a collective.
// CHECK: lower-lanes-errors.mlir:[[# @LINE + 5]]:8: error: a value of type '!kdsl.array<f32, 1>' that varies over the block's lanes and is used after a tile operation is not lowered yet (kdsl-lower-lanes, docs/design/tiles.md)
kdsl.kernel @arrays(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %odd = arith.cmpi ne, %j, %c0 : i32
  %a = arith.select %odd, %x, %y : !kdsl.array<f32, 1>
  %v = kdsl.load %a[%j] : <f32, 1>
  %t = kdsl.tile_from_lanes %v : f32 -> !kdsl.tile<?xf32>
  %w = kdsl.tile_to_lanes %t : !kdsl.tile<?xf32> -> f32
  kdsl.store %w, %a[%j] : <f32, 1>
  kdsl.return
}

// -----

// A stack of structs holding an array (kdsl-lower-tiles): a pop's struct
// would be a region and branch result on the GPU, which
// convert-gpu-to-nvvm does not convert. (Structs of numbers are lowered:
// lower-tile-struct-lanes.mlir.)
// GPU: lower-lanes-errors.mlir:[[# @LINE + 4]]:8: error: tile stacks of '!kdsl.struct<"E", {v: i32, a: !kdsl.array<f32, 1>}>' are not lowered yet
// CHECK: lower-lanes-errors.mlir:[[# @LINE + 3]]:8: error: tile stacks of '!kdsl.struct<"E", {v: i32, a: !kdsl.array<f32, 1>}>' are not lowered yet (docs/design/tiles.md)
kdsl.kernel @structs(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i, %j = kdsl.tid : i32, i32
  %s = kdsl.tile_stack_alloc : !kdsl.tile_stack<4, !kdsl.struct<"E", {v: i32, a: !kdsl.array<f32, 1>}>>
  kdsl.return
}

// -----

// On the GPU, a lane's struct passes the shared stages field by field; one
// holding an array cannot (the CPU lowers it).
// GPU: lower-lanes-errors.mlir:[[# @LINE + 7]]:8: error: a lane step reads a value of type '!kdsl.struct<"Payload", {data: !kdsl.array<f32, 1>, tag: i32}>', which the GPU's shared stage cannot hold (kdsl-lower-lanes)
!Payload = !kdsl.struct<"Payload", {data: !kdsl.array<f32, 1>, tag: i32}>
kdsl.kernel @payloads(%x: !kdsl.array<!Payload, 1>, %y: !kdsl.array<!Payload, 1>) attributes {arg_names = ["x", "y"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %v = kdsl.load %x[%j] : <!Payload, 1>
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<!Payload, 1> -> !kdsl.tile<2x!Payload>
  %u = kdsl.tile_scatter exch %t[%j], %v : !kdsl.tile<2x!Payload>
  kdsl.tile_store %u, %y[%c0] : !kdsl.tile<2x!Payload>, !kdsl.array<!Payload, 1>
  kdsl.return
}
