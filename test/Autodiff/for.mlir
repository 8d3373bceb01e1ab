// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// A dynamic scf.for: the recomputation records the carried value entering
// every iteration on a tape (trip-count entries); the reversed loop runs the
// iterations backwards, reloads iteration k's value, recomputes the body and
// carries adj(acc) and the adjoint of the outer value v.

// CHECK-LABEL: kdsl.kernel @power_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %{{[a-z0-9_]+}}: i32, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[V:.*]] = kdsl.load
// The trip count max(0, ceildiv(n - 0, 1)), as i64, sizes the tape.
// CHECK:      %[[N32:.*]] = arith.maxsi
// CHECK-NEXT: %[[N:.*]] = arith.extsi %[[N32]] : i32 to i64
// CHECK-NEXT: %[[SIZE:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK-NEXT: %[[TAPE:.*]] = memref.alloca(%[[SIZE]]) : memref<?xf32>
// CHECK-NEXT: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)  : i32 {
// CHECK:        memref.store %[[ACC]], %[[TAPE]][%{{.*}}]
// CHECK-NEXT:   arith.mulf %[[ACC]], %[[V]]
// CHECK:      %[[DP:.*]] = kdsl.load %[[ADJ_Y]]
// CHECK:      %[[REV:.*]]:2 = scf.for %[[IT:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[DACC:.*]] = %[[DP]], %[[DV:.*]] = %{{.*}}) -> (f32, f32)  : i64 {
// k = n - 1 - it
// CHECK:        %[[NM1:.*]] = arith.subi %[[N]], %{{.*}} : i64
// CHECK-NEXT:   %[[K:.*]] = arith.subi %[[NM1]], %[[IT]] : i64
// CHECK:        %[[KI:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK-NEXT:   %[[OLD:.*]] = memref.load %[[TAPE]][%[[KI]]]
// CHECK-NEXT:   arith.mulf %[[OLD]], %[[V]]
// m = acc * v: adj(acc) = adj(m) * v, adj(v) += adj(m) * acc
// CHECK-NEXT:   %[[NDACC:.*]] = arith.mulf %[[DACC]], %[[V]]
// CHECK-NEXT:   %[[T:.*]] = arith.mulf %[[DACC]], %[[OLD]]
// CHECK-NEXT:   %[[NDV:.*]] = arith.addf %[[DV]], %[[T]]
// CHECK-NEXT:   scf.yield %[[NDACC]], %[[NDV]]
// CHECK:      %[[OLD1:.*]] = kdsl.load %[[ADJ_X]][%{{.*}}]
// CHECK-NEXT:      %[[NEW1:.*]] = arith.addf %[[OLD1]], %[[REV]]#1
// CHECK-NEXT:      kdsl.store %[[NEW1]], %[[ADJ_X]][%{{.*}}]
kdsl.kernel @power(%x: !kdsl.array<f32, 1>, %n: i32, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "n", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %p = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %one) -> (f32) : i32 {
    %m = arith.mulf %acc, %v : f32
    scf.yield %m : f32
  }
  kdsl.store %p, %y[%i] : <f32, 1>
  kdsl.return
}

// Nested loops: the inner loop's tape is allocated inside the reversed outer
// iteration, in an allocation scope that frees it at the end of the iteration.
// CHECK-LABEL: kdsl.kernel @nested_backward(
// CHECK:      memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK:      scf.for %{{.*}} : i64 {
// CHECK:        memref.alloca_scope -> (f32, f32) {
// CHECK:          memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK:          scf.for %{{.*}} : i32 {
// CHECK:            memref.store
// CHECK:          scf.for %{{.*}} : i64 {
// CHECK:            memref.load
// CHECK:          memref.alloca_scope.return
kdsl.kernel @nested(%x: !kdsl.array<f32, 1>, %n: i32, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "n", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %p = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %one) -> (f32) : i32 {
    %q = scf.for %k = %j to %n step %c1 iter_args(%inner = %acc) -> (f32) : i32 {
      %m = arith.mulf %inner, %v : f32
      scf.yield %m : f32
    }
    %s = arith.addf %q, %acc : f32
    scf.yield %s : f32
  }
  kdsl.store %p, %y[%i] : <f32, 1>
  kdsl.return
}

// A struct carried through the loop is carried as its fields (tapes hold
// scalars and vectors): the recorded loop carries (f32, i32), one tape each,
// and the struct is rebuilt at the top of the body.
!P = !kdsl.struct<"P", {m: f32, k: i32}>
// CHECK-LABEL: kdsl.kernel @struct_carried_backward(
// CHECK:      %[[TM:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK:      %[[TK:.*]] = memref.alloca(%{{.*}}) : memref<?xi32>
// CHECK-NEXT: scf.for %{{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) -> (f32, i32)  : i32 {
// CHECK:        memref.store %[[M]], %[[TM]][%{{.*}}]
// CHECK-NEXT:   memref.store %[[K]], %[[TK]][%{{.*}}]
// CHECK-NEXT:   kdsl.struct_create(%[[M]], %[[K]]) : !P
kdsl.kernel @struct_carried(%x: !kdsl.array<f32, 1>, %n: i32, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "n", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s0 = kdsl.struct_create(%v, %c0) : !P
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %s0) -> (!P) : i32 {
    %m = kdsl.struct_extract %acc["m"] : !P
    %m2 = arith.mulf %m, %v : f32
    %k = kdsl.struct_extract %acc["k"] : !P
    %k2 = arith.addi %k, %c1 : i32
    %next = kdsl.struct_create(%m2, %k2) : !P
    scf.yield %next : !P
  }
  %m = kdsl.struct_extract %s["m"] : !P
  kdsl.store %m, %y[%i] : <f32, 1>
  kdsl.return
}
