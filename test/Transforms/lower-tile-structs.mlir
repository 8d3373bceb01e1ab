// RUN: kdsl-opt %s --split-input-file --kdsl-lower-tiles | FileCheck %s
//
// kdsl-lower-tiles (docs/design/tiles.md): a tile of structs is a
// memref<N x struct> buffer; an element outside the array is a struct of
// zeros, stored in its branch (no struct-typed scf.if result, which
// convert-gpu-to-nvvm cannot convert for a struct with an array field);
// tile_atomic_add adds one field at a time through field views, nested
// structs too, and reads (does not add) bool and int8 fields.

// CHECK-LABEL: kdsl.kernel @atomic
// CHECK: %[[T:.*]] = memref.alloca() {alignment = 16 : i64, kdsl.tile_buffer} : memref<4x!Tag>
// CHECK: %[[OLD:.*]] = memref.alloca() {alignment = 16 : i64, kdsl.tile_buffer} : memref<4x!Tag>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: %[[E:.*]] = kdsl.load %x[%[[IX:.*]]] : <!Tag, 1>
// CHECK: memref.store %[[E]], %[[T]]
// CHECK-NEXT: } else {
// CHECK: %[[ZP:.*]] = kdsl.struct_create(%{{.*}}, %{{.*}}) : !P
// CHECK-NEXT: %[[Z:.*]] = kdsl.struct_create(%false, %c0_i8, %[[ZP]]) : !Tag
// CHECK: memref.store %[[Z]], %[[T]]
// The atomic add, element by element: bool and int8 fields read.
// CHECK: scf.if %{{.*}} {
// CHECK: %[[V:.*]] = memref.load %[[T]]
// CHECK: %[[FV:.*]] = kdsl.field_view %y["flag"] : <!Tag, 1>
// CHECK-NEXT: %[[F:.*]] = kdsl.load %[[FV]][%[[J:.*]]] : <i1, 1>
// CHECK: %[[KV:.*]] = kdsl.field_view %y["k"] : <!Tag, 1>
// CHECK-NEXT: %[[K:.*]] = kdsl.load %[[KV]][%[[J]]] : <i8, 1>
// CHECK: %[[PV:.*]] = kdsl.field_view %y["p"] : <!Tag, 1>
// CHECK: %[[MV:.*]] = kdsl.field_view %[[PV]]["m"] : <!P, 1>
// CHECK-NEXT: %[[M:.*]] = kdsl.atomic add %[[MV]][%[[J]]], %{{.*}} : <f32, 1>
// CHECK: %[[VV:.*]] = kdsl.field_view %[[PV]]["v"] : <!P, 1>
// CHECK-NEXT: %[[VEC:.*]] = kdsl.atomic add %[[VV]][%[[J]]], %{{.*}} : <vector<3xf32>, 1>
// CHECK-NEXT: %[[P:.*]] = kdsl.struct_create(%[[M]], %[[VEC]]) : !P
// CHECK-NEXT: %[[W:.*]] = kdsl.struct_create(%[[F]], %[[K]], %[[P]]) : !Tag
// CHECK: memref.store %[[W]], %[[OLD]]
// CHECK-NEXT: } else {
// CHECK: memref.store %{{.*}}, %[[OLD]]
// CHECK-NOT: kdsl.tile
!Tag = !kdsl.struct<"Tag", {flag: i1, k: i8, p: !kdsl.struct<"P", {m: f32, v: vector<3xf32>}>}>
kdsl.kernel @atomic(%x: !kdsl.array<!Tag, 1>, %y: !kdsl.array<!Tag, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %t = kdsl.tile_load %x[%i] : !kdsl.array<!Tag, 1> -> !kdsl.tile<4x!Tag>
  %old = kdsl.tile_atomic_add %t, %y[%i] : !kdsl.tile<4x!Tag>, !kdsl.array<!Tag, 1>
  kdsl.tile_store %old, %x[%i] : !kdsl.tile<4x!Tag>, !kdsl.array<!Tag, 1>
  kdsl.return
}

// -----

// A struct with an array field: its zero has no data (kdsl.null_array).
// CHECK-LABEL: kdsl.kernel @array_field
// CHECK: memref.alloca() {{.*}} : memref<2x!Payload>
// CHECK: } else {
// CHECK: %[[NULL:.*]] = kdsl.null_array : <f32, 1>
// CHECK: kdsl.struct_create(%[[NULL]], %{{.*}}) : !Payload
!Payload = !kdsl.struct<"Payload", {data: !kdsl.array<f32, 1>, tag: i32}>
kdsl.kernel @array_field(%x: !kdsl.array<!Payload, 1>, %y: !kdsl.array<!Payload, 1>) attributes {arg_names = ["x", "y"]} {
  %c0 = arith.constant 0 : i32
  %t = kdsl.tile_load %x[%c0] : !kdsl.array<!Payload, 1> -> !kdsl.tile<2x!Payload>
  kdsl.tile_store %t, %y[%c0] : !kdsl.tile<2x!Payload>, !kdsl.array<!Payload, 1>
  kdsl.return
}

// -----

// Funcs that take or return tiles are inlined, callees first, and erased:
// their tiles become the kernel's buffers (the load's, one per map).
// CHECK-NOT: func.func
// CHECK-LABEL: kdsl.kernel @funcs
// CHECK-COUNT-3: memref.alloca() {alignment = 16 : i64, kdsl.tile_buffer} : memref<4xf32>
// CHECK-NOT: memref.alloca
// CHECK-NOT: call
// CHECK-COUNT-2: arith.addf
// CHECK-NOT: arith.addf
// CHECK: kdsl.store
func.func private @twice(%t: !kdsl.tile<4xf32>) -> !kdsl.tile<4xf32> {
  %r = kdsl.tile_map %t, %t : !kdsl.tile<4xf32>, !kdsl.tile<4xf32> -> !kdsl.tile<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    kdsl.tile_yield %s : f32
  }
  return %r : !kdsl.tile<4xf32>
}
func.func private @quad(%t: !kdsl.tile<4xf32>) -> !kdsl.tile<4xf32> {
  %a = func.call @twice(%t) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32>
  %b = func.call @twice(%a) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32>
  return %b : !kdsl.tile<4xf32>
}
kdsl.kernel @funcs(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %t = kdsl.tile_load %x[%i] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  %q = func.call @quad(%t) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32>
  kdsl.tile_store %q, %x[%i] : !kdsl.tile<4xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// -----

// Tile funcs nothing calls are erased, one that only an unused one calls too.
// CHECK-LABEL: module
// CHECK-NOT: func.func
// CHECK: kdsl.kernel @none
func.func private @f(%t: !kdsl.tile<4xf32>) -> !kdsl.tile<4xf32> {
  return %t : !kdsl.tile<4xf32>
}
func.func private @g(%t: !kdsl.tile<4xf32>) -> !kdsl.tile<4xf32> {
  %r = func.call @f(%t) : (!kdsl.tile<4xf32>) -> !kdsl.tile<4xf32>
  return %r : !kdsl.tile<4xf32>
}
kdsl.kernel @none() attributes {arg_names = []} {
  kdsl.return
}
