// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// scf.while: a first run counts the iterations, a second records the values
// entering every evaluation of the condition (count + 1 entries); the
// reversed loop runs count iterations backwards, then the adjoint of the
// value entering the loop joins the init's.

// CHECK-LABEL: kdsl.kernel @grow_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[V:.*]] = kdsl.load
// CHECK:      %[[COUNTING:.*]]:2 = scf.while (%{{.*}} = %[[V]], %{{.*}} = %{{.*}}) : (f32, i64) -> (f32, i64)
// CHECK:      %[[ENTRIES:.*]] = arith.addi %[[COUNTING]]#1, %{{.*}} : i64
// CHECK-NEXT: %[[SIZE:.*]] = arith.index_cast %[[ENTRIES]]
// CHECK-NEXT: %[[TAPE:.*]] = memref.alloca(%[[SIZE]]) : memref<?xf32>
// CHECK:      scf.while (%[[S:.*]] = %[[V]], %[[CNT:.*]] = %{{.*}}) : (f32, i64) -> (f32, i64) {
// CHECK-NEXT:   %[[AT:.*]] = arith.index_cast %[[CNT]]
// CHECK-NEXT:   memref.store %[[S]], %[[TAPE]][%[[AT]]]
// CHECK:      %[[DR:.*]] = kdsl.load %[[ADJ_Y]]
// The last (exiting) evaluation of the condition is reversed first.
// CHECK:      memref.load %[[TAPE]]
// CHECK:      %[[REV:.*]]:2 = scf.for %{{.*}} to %[[COUNTING]]#1 step %{{.*}} iter_args(%[[DS:.*]] = %[[DR]], %[[DV:.*]] = %{{.*}}) -> (f32, f32)  : i64 {
// CHECK:        %[[OLD:.*]] = memref.load %[[TAPE]]
// CHECK:        %[[NDS:.*]] = arith.mulf %[[DS]], %[[V]]
// CHECK-NEXT:   %[[T:.*]] = arith.mulf %[[DS]], %[[OLD]]
// CHECK-NEXT:   %[[NDV:.*]] = arith.addf %[[DV]], %[[T]]
// CHECK-NEXT:   scf.yield %[[NDS]], %[[NDV]]
// adj(v) = adj from the body + adj of the init (s starts as v).
// CHECK:      %[[SUM:.*]] = arith.addf %[[REV]]#1, %[[REV]]#0
// CHECK-NEXT: %[[OLD1:.*]] = kdsl.load %[[ADJ_X]][%{{.*}}]
// CHECK-NEXT: %[[NEW1:.*]] = arith.addf %[[OLD1]], %[[SUM]]
// CHECK-NEXT: kdsl.store %[[NEW1]], %[[ADJ_X]][%{{.*}}]
kdsl.kernel @grow(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %limit = arith.constant 10.0 : f32
  %r = scf.while (%s = %v) : (f32) -> f32 {
    %c = arith.cmpf olt, %s, %limit : f32
    scf.condition(%c) %s : f32
  } do {
  ^bb0(%s2: f32):
    %m = arith.mulf %s2, %v : f32
    scf.yield %m : f32
  }
  kdsl.store %r, %y[%i] : <f32, 1>
  kdsl.return
}
