// RUN: kdsl-opt --kdsl-autodiff %s | FileCheck %s
// Structs and vectors: a struct's adjoint is a struct of the same type (zero
// in integer fields); builtins are expanded in the adjoint, and the adjoint
// of an extracted component is inserted back at its position.

!P = !kdsl.struct<"P", {m: f32, id: i32}>

// CHECK-LABEL: kdsl.kernel @structs_backward(
// CHECK-SAME: %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[G:.*]] = kdsl.load %[[ADJ_Y]]
// struct_extract: adj(s) = insert(adj, zero struct, "m")
// CHECK:      %[[Z:.*]] = kdsl.struct_create(%{{.*}}, %{{.*}}) : !P
// CHECK-NEXT: %[[DS:.*]] = kdsl.struct_insert %[[G]], %[[Z]]["m"]
// struct_create: adj(field m) = extract(adj(s), "m")
// CHECK-NEXT: %[[DM:.*]] = kdsl.struct_extract %[[DS]]["m"]
// CHECK-NEXT: %[[OLD1:.*]] = kdsl.load %[[ADJ_X]][%{{.*}}]
// CHECK-NEXT: %[[NEW1:.*]] = arith.addf %[[OLD1]], %[[DM]]
// CHECK-NEXT: kdsl.store %[[NEW1]], %[[ADJ_X]][%{{.*}}]
kdsl.kernel @structs(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %c = arith.constant 0 : i32
  %s = kdsl.struct_create(%v, %c) : !P
  %w = kdsl.struct_extract %s["m"] : !P
  kdsl.store %w, %y[%i] : <f32, 1>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @vec_backward(
// CHECK-SAME: %[[ADJ_V:[a-z0-9_]+]]: !kdsl.array<vector<3xf32>, 1>, %[[ADJ_D:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// The replay keeps kdsl.dot; its reverse is at the vector level, as Warp's
// adj_dot: adj_v += adj * v for each operand (lib/Autodiff/ReverseExpanded.cpp).
// CHECK:      %[[V:.*]] = kdsl.load %x[
// CHECK-NEXT: kdsl.dot %[[V]], %[[V]]
// CHECK-NEXT: %[[G2:.*]] = kdsl.load %[[ADJ_D]]
// CHECK-NEXT: %[[GS:.*]] = vector.broadcast %[[G2]] : f32 to vector<3xf32>
// CHECK-NEXT: %[[P1:.*]] = arith.mulf %[[GS]], %[[V]] : vector<3xf32>
// CHECK-NEXT: %[[P2:.*]] = arith.mulf %[[GS]], %[[V]] : vector<3xf32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[P1]], %[[P2]] : vector<3xf32>
// CHECK-NEXT: %[[OLD2:.*]] = kdsl.load %[[ADJ_V]][%{{.*}}]
// CHECK-NEXT: %[[NEW2:.*]] = arith.addf %[[OLD2]], %[[SUM]]
// CHECK-NEXT: kdsl.store %[[NEW2]], %[[ADJ_V]][%{{.*}}]
kdsl.kernel @vec(%x: !kdsl.array<vector<3xf32>, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <vector<3xf32>, 1>
  %d = kdsl.dot %v, %v : vector<3xf32>
  kdsl.store %d, %y[%i] : <f32, 1>
  kdsl.return
}

// An array inside a struct argument: its adjoint is the same field of the
// struct's adjoint (Warp's convention).
!S = !kdsl.struct<"S", {data: !kdsl.array<f32, 1>, scale: f32}>
// CHECK-LABEL: kdsl.kernel @struct_field_array_backward(
// CHECK-SAME: %[[ADJ_S:[a-z0-9_]+]]: !S, %[[ADJ_Y:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[G:.*]] = kdsl.load %[[ADJ_Y]]
// CHECK-NEXT: %[[ADJ_DATA:.*]] = kdsl.struct_extract %[[ADJ_S]]["data"]
// CHECK-NEXT: kdsl.atomic add %[[ADJ_DATA]][%{{.*}}], %[[G]]
kdsl.kernel @struct_field_array(%s: !S, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["s", "y"]} {
  %i = kdsl.tid : i32
  %d = kdsl.struct_extract %s["data"] : !S
  %v = kdsl.load %d[%i] : <f32, 1>
  kdsl.store %v, %y[%i] : <f32, 1>
  kdsl.return
}

// Two fields read from one struct: the adjoints of the reads (each a struct
// of zeros but its field) are added field by field without the known zeros:
// no `adj + 0.0`, which canonicalization cannot fold away (-0.0 + 0.0 is
// +0.0).
!T = !kdsl.struct<"T", {a: f32, b: f32}>
// CHECK-LABEL: kdsl.kernel @two_fields_backward(
// CHECK-SAME: %[[ADJ_TS:[a-z0-9_]+]]: !kdsl.array<!T, 1>, %[[ADJ_Y2:[a-z0-9_]+]]: !kdsl.array<f32, 1>)
// CHECK:      %[[G2:.*]] = kdsl.load %[[ADJ_Y2]]
// CHECK:      %[[DB:.*]] = kdsl.struct_insert %{{.*}}, %{{.*}}["b"]
// CHECK:      %[[DA:.*]] = kdsl.struct_insert %{{.*}}, %{{.*}}["a"]
// CHECK-NEXT: %[[FA:.*]] = kdsl.struct_extract %[[DA]]["a"]
// CHECK-NEXT: %[[SUM:.*]] = kdsl.struct_insert %[[FA]], %[[DB]]["a"]
// CHECK-NEXT: %[[OLD:.*]] = kdsl.load %[[ADJ_TS]]
// CHECK:      kdsl.struct_extract %[[SUM]]["a"]
// CHECK:      kdsl.struct_extract %[[SUM]]["b"]
// CHECK:      kdsl.store %{{.*}}, %[[ADJ_TS]]
kdsl.kernel @two_fields(%ts: !kdsl.array<!T, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["ts", "y"]} {
  %i = kdsl.tid : i32
  %t = kdsl.load %ts[%i] : <!T, 1>
  %a = kdsl.struct_extract %t["a"] : !T
  %b = kdsl.struct_extract %t["b"] : !T
  %p = arith.mulf %a, %b : f32
  kdsl.store %p, %y[%i] : <f32, 1>
  kdsl.return
}
