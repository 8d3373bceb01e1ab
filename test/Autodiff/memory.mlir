// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// Derivative rules of the memory ops (Warp's): atomic_add/sub pass the
// adjoint through (sub negated), atomic_max passes it to the value only where
// the value won; integer atomics carry no adjoint.

// CHECK-LABEL: kdsl.kernel @atomics_backward(
// CHECK-SAME: %[[X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[OUT:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[CNT:[a-z0-9_]+]]: !kdsl.array<i32, 1>,
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_OUT:[a-z0-9_]+]]: !kdsl.array<f32, 1>,
// Recomputation: no atomics.
// CHECK:      %[[V:.*]] = kdsl.load %[[X]]
// CHECK-NOT:  kdsl.atomic
// Reverse order: the max first, then the integer add (nothing), sub, add.
// CHECK:      %[[G2:.*]] = kdsl.load %[[ADJ_OUT]][%{{.*}}]
// CHECK-NEXT: %[[NOW:.*]] = kdsl.load %[[OUT]][%{{.*}}]
// CHECK-NEXT: %[[WON:.*]] = arith.cmpf oeq, %[[NOW]], %[[V]]
// CHECK:      %[[D2:.*]] = arith.select %[[WON]], %[[G2]], %{{.*}}
// CHECK-NOT:  %[[CNT]]
// CHECK:      %[[G1:.*]] = kdsl.load %[[ADJ_OUT]][%{{.*}}]
// CHECK-NEXT: %[[D1:.*]] = arith.negf %[[G1]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[D2]], %[[D1]]
// CHECK-NEXT: %[[G0:.*]] = kdsl.load %[[ADJ_OUT]][%{{.*}}]
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[S1]], %[[G0]]
// CHECK-NEXT: %[[OLD1:.*]] = kdsl.load %[[ADJ_X]][%{{.*}}]
// CHECK-NEXT: %[[NEW1:.*]] = arith.addf %[[OLD1]], %[[S0]]
// CHECK-NEXT: kdsl.store %[[NEW1]], %[[ADJ_X]][%{{.*}}]
kdsl.kernel @atomics(%x: !kdsl.array<f32, 1>, %out: !kdsl.array<f32, 1>, %cnt: !kdsl.array<i32, 1>) attributes {arg_names = ["x", "out", "cnt"]} {
  %i = kdsl.tid : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %0 = kdsl.atomic add %out[%c0], %v : <f32, 1>
  %1 = kdsl.atomic sub %out[%c1], %v : <f32, 1>
  %2 = kdsl.atomic add %cnt[%c0], %c1 : <i32, 1>
  %3 = kdsl.atomic max %out[%c2], %v : <f32, 1>
  kdsl.return
}

// An integer store carries no adjoint; a vector store reads a vector adjoint.
// CHECK-LABEL: kdsl.kernel @stores_backward(
// CHECK-SAME: %[[ADJ_V:[a-z0-9_]+]]: !kdsl.array<vector<3xf32>, 1>)
// CHECK-NOT:  kdsl.store
// CHECK:      kdsl.load %[[ADJ_V]][%{{.*}}] : <vector<3xf32>, 1>
// CHECK-NOT:  kdsl.load
// CHECK:      kdsl.return
kdsl.kernel @stores(%n: !kdsl.array<i32, 1>, %v: !kdsl.array<vector<3xf32>, 1>) attributes {arg_names = ["n", "v"]} {
  %i = kdsl.tid : i32
  kdsl.store %i, %n[%i] : <i32, 1>
  %c = arith.constant dense<1.0> : vector<3xf32>
  kdsl.store %c, %v[%i] : <vector<3xf32>, 1>
  kdsl.return
}

// Reads of other threads' elements (x[i + 1], x[0]) may collide: their
// adjoints are accumulated atomically.
// CHECK-LABEL: kdsl.kernel @neighbors_backward(
// CHECK-SAME: %[[ADJ_XN:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %{{[a-z0-9_]+}}: !kdsl.array<f32, 1>)
// CHECK:      kdsl.atomic add %[[ADJ_XN]][%{{.*}}], %{{.*}} : <f32, 1>
// CHECK:      kdsl.atomic add %[[ADJ_XN]][%{{.*}}], %{{.*}} : <f32, 1>
// CHECK-NOT:  kdsl.store %{{.*}}, %[[ADJ_XN]]
kdsl.kernel @neighbors(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %c1 = arith.constant 1 : i32
  %j = arith.addi %i, %c1 : i32
  %a = kdsl.load %x[%i] : <f32, 1>
  %b = kdsl.load %x[%j] : <f32, 1>
  %s = arith.addf %a, %b : f32
  kdsl.store %s, %y[%i] : <f32, 1>
  kdsl.return
}

// A struct element read at the thread's own index: its adjoint (a struct)
// is added to adj_x[i] field by field, without atomics.
!P = !kdsl.struct<"P", {m: f32, id: i32}>
// CHECK-LABEL: kdsl.kernel @struct_element_backward(
// CHECK-SAME: %[[ADJ_PS:[a-z0-9_]+]]: !kdsl.array<!P, 1>, %{{[a-z0-9_]+}}: !kdsl.array<f32, 1>)
// CHECK:      %[[OLD:.*]] = kdsl.load %[[ADJ_PS]][%[[TID:.*]]] : <!P, 1>
// CHECK-NEXT: %[[OM:.*]] = kdsl.struct_extract %[[OLD]]["m"]
// CHECK-NEXT: %[[DM:.*]] = kdsl.struct_extract %{{.*}}["m"]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[OM]], %[[DM]]
// CHECK-NEXT: %[[NEW:.*]] = kdsl.struct_insert %[[SUM]], %[[OLD]]["m"]
// CHECK-NEXT: kdsl.store %[[NEW]], %[[ADJ_PS]][%[[TID]]]
kdsl.kernel @struct_element(%ps: !kdsl.array<!P, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["ps", "y"]} {
  %i = kdsl.tid : i32
  %p = kdsl.load %ps[%i] : <!P, 1>
  %m = kdsl.struct_extract %p["m"] : !P
  kdsl.store %m, %y[%i] : <f32, 1>
  kdsl.return
}

// A struct element read at another index: other threads may read the same
// element, so its adjoint is added atomically, one kdsl.atomic per
// differentiable field on a view of that field (the integer field has none).
!Q = !kdsl.struct<"Q", {m: f32, id: i32, v: vector<2xf32>}>
// CHECK-LABEL: kdsl.kernel @struct_other_element_backward(
// CHECK-SAME: %[[ADJ_QS:[a-z0-9_]+]]: !kdsl.array<!Q, 1>, %{{[a-z0-9_]+}}: !kdsl.array<f32, 1>)
// CHECK:      %[[C0:.*]] = arith.constant 0 : i32
// CHECK:      %[[DQ:.*]] = kdsl.struct_insert %{{.*}}["m"] : f32, !Q
// CHECK-NEXT: %[[VM:.*]] = kdsl.field_view %[[ADJ_QS]]["m"] : <!Q, 1>
// CHECK-NEXT: %[[DM:.*]] = kdsl.struct_extract %[[DQ]]["m"] : !Q
// CHECK-NEXT: kdsl.atomic add %[[VM]][%[[C0]]], %[[DM]] : <f32, 1>
// CHECK-NEXT: %[[VV:.*]] = kdsl.field_view %[[ADJ_QS]]["v"] : <!Q, 1>
// CHECK-NEXT: %[[DV:.*]] = kdsl.struct_extract %[[DQ]]["v"] : !Q
// CHECK-NEXT: kdsl.atomic add %[[VV]][%[[C0]]], %[[DV]] : <vector<2xf32>, 1>
// CHECK-NOT:  kdsl.field_view
kdsl.kernel @struct_other_element(%qs: !kdsl.array<!Q, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["qs", "y"]} {
  %i = kdsl.tid : i32
  %c0 = arith.constant 0 : i32
  %q = kdsl.load %qs[%c0] : <!Q, 1>
  %m = kdsl.struct_extract %q["m"] : !Q
  kdsl.store %m, %y[%i] : <f32, 1>
  kdsl.return
}
