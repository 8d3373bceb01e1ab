// RUN: kdsl-opt %s --split-input-file --kdsl-lower-tiles | FileCheck %s
// RUN: kdsl-opt %s --split-input-file --kdsl-lower-tiles --kdsl-lower-lanes=gpu=true | FileCheck %s --check-prefix=GPU
//
// kdsl-lower-tiles on lane ops of @wp.struct elements (docs/design/tiles.md
// "Tiles of structs"): t[i] += v and -= v combine the lane's struct into
// the element field by field as Warp 1.16's struct operator+= (f32, vector
// and i32 fields added, the i8 field kept, nested structs in turn); t[i] = v
// stores the struct whole; a stack of structs is a buffer of them whose pop
// of an empty stack gives the struct of zeros; a func taking a tile stack
// is inlined. On the GPU a struct live-in of a lane step passes the shared
// stages field by field and is rebuilt in the replay.

// CHECK-LABEL: kdsl.kernel @scatter
// CHECK: %[[R:.*]] = kdsl.load %src[%j] : <!R, 1>
// The add: the lane's element, if in range, combined field by field.
// CHECK: scf.execute_region {
// CHECK: %[[IN:.*]] = arith.cmpi ult, %j, %c4_i32{{.*}} : i32
// CHECK: scf.if %[[IN]] {
// CHECK: %[[OLD:.*]] = memref.load %[[A:.*]][%{{.*}}] : memref<4x!R>
// CHECK-NEXT: %[[OX:.*]] = kdsl.struct_extract %[[OLD]]["x"] : !R
// CHECK-NEXT: %[[VX:.*]] = kdsl.struct_extract %[[R]]["x"] : !R
// CHECK-NEXT: %[[X:.*]] = arith.addf %[[OX]], %[[VX]] : f32
// CHECK-NEXT: %[[ON:.*]] = kdsl.struct_extract %[[OLD]]["n"] : !R
// CHECK-NEXT: %[[VN:.*]] = kdsl.struct_extract %[[R]]["n"] : !R
// CHECK-NEXT: %[[N:.*]] = arith.addi %[[ON]], %[[VN]] : i32
// CHECK-NEXT: %[[K:.*]] = kdsl.struct_extract %[[OLD]]["k"] : !R
// CHECK-NEXT: %[[OI:.*]] = kdsl.struct_extract %[[OLD]]["inner"] : !R
// CHECK-NEXT: %[[VI:.*]] = kdsl.struct_extract %[[R]]["inner"] : !R
// CHECK-NEXT: %[[OV:.*]] = kdsl.struct_extract %[[OI]]["v"] : !P
// CHECK-NEXT: %[[VV:.*]] = kdsl.struct_extract %[[VI]]["v"] : !P
// CHECK-NEXT: %[[V:.*]] = arith.addf %[[OV]], %[[VV]] : vector<3xf32>
// CHECK-NEXT: %[[I:.*]] = kdsl.struct_create(%[[V]]) : !P
// CHECK-NEXT: %[[NEW:.*]] = kdsl.struct_create(%[[X]], %[[N]], %[[K]], %[[I]]) : !R
// CHECK: memref.store %[[NEW]], %[[A]][%{{.*}}] : memref<4x!R>
// CHECK: } {kdsl.lane_barrier, kdsl.per_lane}
// The subtraction: the same with subf / subi, the i8 field kept.
// CHECK: scf.execute_region {
// CHECK: arith.subf %{{.*}} : f32
// CHECK: arith.subi %{{.*}} : i32
// CHECK-NOT: arith.subi %{{.*}} : i8
// CHECK: arith.subf %{{.*}} : vector<3xf32>
// CHECK: } {kdsl.lane_barrier, kdsl.per_lane}
// The assignment: the whole struct.
// CHECK: scf.execute_region {
// CHECK: scf.if
// CHECK-NEXT: %[[P:.*]] = arith.index_cast %j : i32 to index
// CHECK-NEXT: memref.store %[[R]], %{{.*}}[%[[P]]] : memref<4x!R>
// CHECK: } {kdsl.lane_barrier, kdsl.per_lane}
// CHECK-NOT: kdsl.tile_
//
// GPU-LABEL: kdsl.kernel @scatter
// GPU-DAG: memref.alloca() {kdsl.lane_stage} : memref<256xf32, #gpu.address_space<workgroup>>
// GPU-DAG: memref.alloca() {kdsl.lane_stage} : memref<256xi32, #gpu.address_space<workgroup>>
// GPU-DAG: memref.alloca() {kdsl.lane_stage} : memref<256xi8, #gpu.address_space<workgroup>>
// GPU-DAG: memref.alloca() {kdsl.lane_stage} : memref<256xvector<3xf32>, #gpu.address_space<workgroup>>
// GPU-NOT: memref<256x!R
// GPU: scf.for
// GPU: memref.store %{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// GPU: scf.for
// GPU: %[[LX:.*]] = memref.load %{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// GPU-NEXT: %[[LN:.*]] = memref.load %{{.*}} : memref<256xi32, #gpu.address_space<workgroup>>
// GPU-NEXT: %[[LK:.*]] = memref.load %{{.*}} : memref<256xi8, #gpu.address_space<workgroup>>
// GPU-NEXT: %[[LV:.*]] = memref.load %{{.*}} : memref<256xvector<3xf32>, #gpu.address_space<workgroup>>
// GPU-NEXT: %[[LI:.*]] = kdsl.struct_create(%[[LV]]) : !P
// GPU-NEXT: %[[LR:.*]] = kdsl.struct_create(%[[LX]], %[[LN]], %[[LK]], %[[LI]]) : !R
// GPU: kdsl.struct_extract %[[LR]]["x"] : !R
!R = !kdsl.struct<"R", {x: f32, n: i32, k: i8, inner: !kdsl.struct<"P", {v: vector<3xf32>}>}>
kdsl.kernel @scatter(%src: !kdsl.array<!R, 1>, %out: !kdsl.array<!R, 1>) attributes {arg_names = ["src", "out"]} {
  %i, %j = kdsl.tid : i32, i32
  %c0 = arith.constant 0 : i32
  %r = kdsl.load %src[%j] : <!R, 1>
  %t = kdsl.tile_load %src[%c0] : !kdsl.array<!R, 1> -> !kdsl.tile<4x!R>
  %a = kdsl.tile_scatter add %t[%j], %r : !kdsl.tile<4x!R>
  %s = kdsl.tile_scatter sub %a[%j], %r : !kdsl.tile<4x!R>
  %e = kdsl.tile_scatter exch %s[%j], %r : !kdsl.tile<4x!R>
  kdsl.tile_store %e, %out[%c0] : !kdsl.tile<4x!R>, !kdsl.array<!R, 1>
  kdsl.return
}

// -----

// A stack of structs, and a func taking the stack that pushes into it.
// CHECK-LABEL: kdsl.kernel @stack
// CHECK: %[[DATA:.*]] = memref.alloca() {{.*}} : memref<4x!E>
// CHECK: %[[COUNT:.*]] = memref.alloca() {{.*}} : memref<1xi32>
// CHECK: %[[E:.*]] = kdsl.struct_create
// The push, inlined from @push: the struct stored at slot `count`.
// CHECK: scf.execute_region -> i32 {
// CHECK: memref.store %[[E]], %[[DATA]][%{{.*}}] : memref<4x!E>
// CHECK: } {kdsl.lane_barrier, kdsl.per_lane}
// The pop: the top struct, or the struct of zeros.
// CHECK: %{{.*}}:2 = scf.execute_region -> (!E, i32) {
// CHECK: scf.if %{{.*}} -> (!E) {
// CHECK: memref.load %[[DATA]][%{{.*}}] : memref<4x!E>
// CHECK: } else {
// CHECK: kdsl.struct_create(%c0_i32{{.*}}, %cst{{.*}}) : !E
// CHECK-NOT: func.call
// CHECK-NOT: func.func @push
!E = !kdsl.struct<"E", {value: i32, weight: f32}>
func.func @push(%s: !kdsl.tile_stack<4, !E>, %e: !E) {
  %true = arith.constant true
  %slot = kdsl.tile_stack_push %s, %e, %true : !kdsl.tile_stack<4, !E>
  return
}
kdsl.kernel @stack(%out: !kdsl.array<f32, 1>) attributes {arg_names = ["out"]} {
  %i, %j = kdsl.tid : i32, i32
  %st = kdsl.tile_stack_alloc : !kdsl.tile_stack<4, !E>
  %w = arith.sitofp %j : i32 to f32
  %e = kdsl.struct_create(%j, %w) : !E
  func.call @push(%st, %e) : (!kdsl.tile_stack<4, !E>, !E) -> ()
  %v, %slot = kdsl.tile_stack_pop %st : !kdsl.tile_stack<4, !E>
  %x = kdsl.struct_extract %v["weight"] : !E
  kdsl.store %x, %out[%j] : <f32, 1>
  kdsl.return
}
