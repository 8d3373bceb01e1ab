// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// scf.if: the reversed if takes the same branch, recomputes it and reverses
// it; it yields the adjoints of the outer values the branch uses (here v).

// CHECK-LABEL: kdsl.kernel @branch_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[V:.*]] = kdsl.load
// CHECK:      %[[C:.*]] = arith.cmpf ogt, %[[V]]
// CHECK:      scf.if %[[C]] -> (f32)
// CHECK:      %[[DR:.*]] = kdsl.load %[[ADJ_Y]]
// CHECK-NEXT: %[[DV:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:   %[[E:.*]] = math.exp %[[V]]
// CHECK-NEXT:   %[[T:.*]] = arith.mulf %[[DR]], %[[E]]
// CHECK-NEXT:   scf.yield %[[T]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   arith.negf %[[V]]
// CHECK-NEXT:   %[[N:.*]] = arith.negf %[[DR]]
// CHECK-NEXT:   scf.yield %[[N]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[OLD1:.*]] = kdsl.load %[[ADJ_X]][%{{.*}}]
// CHECK-NEXT: %[[NEW1:.*]] = arith.addf %[[OLD1]], %[[DV]]
// CHECK-NEXT: kdsl.store %[[NEW1]], %[[ADJ_X]][%{{.*}}]
kdsl.kernel @branch(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %zero = arith.constant 0.0 : f32
  %c = arith.cmpf ogt, %v, %zero : f32
  %r = scf.if %c -> (f32) {
    %e = math.exp %v : f32
    scf.yield %e : f32
  } else {
    %n = arith.negf %v : f32
    scf.yield %n : f32
  }
  kdsl.store %r, %y[%i] : <f32, 1>
  kdsl.return
}

// A store inside a branch: the reversed if reads the adjoint in the branch.
// CHECK-LABEL: kdsl.kernel @guarded_store_backward(
// CHECK-SAME: %[[ADJ_X2:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y2:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[V2:.*]] = kdsl.load
// CHECK:      %[[DV2:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:   %[[G:.*]] = kdsl.load %[[ADJ_Y2]]
// CHECK-NEXT:   scf.yield %[[G]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.0
// CHECK-NEXT:   scf.yield %[[Z]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[OLD2:.*]] = kdsl.load %[[ADJ_X2]][%{{.*}}]
// CHECK-NEXT: %[[NEW2:.*]] = arith.addf %[[OLD2]], %[[DV2]]
// CHECK-NEXT: kdsl.store %[[NEW2]], %[[ADJ_X2]][%{{.*}}]
kdsl.kernel @guarded_store(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %i, %c0 : i32
  scf.if %c {
    kdsl.store %v, %y[%i] : <f32, 1>
  }
  kdsl.return
}
