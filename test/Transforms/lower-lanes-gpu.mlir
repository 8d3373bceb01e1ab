// RUN: kdsl-opt %s --kdsl-lower-tiles --kdsl-lower-lanes=gpu=true | FileCheck %s
//
// kdsl-lower-lanes for the GPU (LowerLanesGpu.cpp): a step that reads other
// lanes' values (here wp.tile(x), then a stack push whose slot is the
// lane's own result) is replayed by every thread, the lanes in chunks of
// 256: the chunk's threads put the live-in value at their index of a
// workgroup stage between two barriers, then a loop over the chunk's lanes
// runs the step with each lane's value, as that lane, keeping the thread's
// own lane's result.

// CHECK-LABEL: kdsl.kernel @k(
// CHECK-DAG: %[[OWN:.*]] = memref.alloca() : memref<1xi32>
// CHECK-DAG: %[[STAGE:.*]] = memref.alloca() {kdsl.lane_stage} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: %[[V:.*]] = kdsl.load
// CHECK: %[[SELF:.*]] = gpu.thread_id x
// CHECK: %[[SELF32:.*]] = arith.index_cast %[[SELF]] : index to i32
// CHECK: %[[BD:.*]] = gpu.block_dim x
// CHECK: %[[B:.*]] = arith.index_cast %[[BD]] : index to i32
// CHECK: scf.for %[[FIRST:.*]] = %{{.*}} to %[[B]] step %c256_i32{{.*}} : i32 {
// CHECK: %[[REL:.*]] = arith.subi %[[SELF32]], %[[FIRST]] : i32
// CHECK: %[[RELI:.*]] = arith.index_cast %[[REL]] : i32 to index
// CHECK: gpu.barrier
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[REL]]
// CHECK: scf.if %[[IN]] {
// CHECK: memref.store %[[V]], %[[STAGE]][%[[RELI]]]
// CHECK: gpu.barrier
// CHECK: %[[END:.*]] = arith.minsi %[[B]]
// CHECK: scf.for %[[L:.*]] = %[[FIRST]] to %[[END]] step %{{.*}} : i32 {
// CHECK: %[[LV:.*]] = memref.load %[[STAGE]]
// CHECK: scf.execute_region {
// CHECK: memref.store %[[LV]], %{{.*}}[%{{.*}}] : memref<1024xf32>
// CHECK-NOT: kdsl.per_lane
// The push: the stage again, its result kept where the lane is the thread.
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: %[[SLOT:.*]] = scf.execute_region -> i32
// CHECK: %[[MINE:.*]] = arith.cmpi eq, %{{.*}}, %[[SELF32]]
// CHECK: scf.if %[[MINE]] {
// CHECK: memref.store %[[SLOT]], %[[OWN]]
// CHECK: %[[R:.*]] = memref.load %[[OWN]]
// CHECK: kdsl.store %[[R]]
kdsl.kernel @k(%x: !kdsl.array<f32, 1>, %out: !kdsl.array<f32, 1>, %slots: !kdsl.array<i32, 1>) attributes {arg_names = ["x", "out", "slots"]} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %x[%j] : <f32, 1>
  %t = kdsl.tile_from_lanes %v : f32 -> <?xf32>
  %s = kdsl.tile_scan add %t : <?xf32>
  %u = kdsl.tile_to_lanes %s : <?xf32> -> f32
  kdsl.store %u, %out[%j] : <f32, 1>
  %st = kdsl.tile_stack_alloc : !kdsl.tile_stack<4, i32>
  %true = arith.constant true
  %slot = kdsl.tile_stack_push %st, %j, %true : !kdsl.tile_stack<4, i32>
  kdsl.store %slot, %slots[%j] : <i32, 1>
  kdsl.return
}
