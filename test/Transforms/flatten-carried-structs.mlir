// RUN: kdsl-opt %s --split-input-file --kdsl-flatten-carried-structs | FileCheck %s
// RUN: kdsl-opt %s --split-input-file --kdsl-flatten-carried-structs=matrices=true | FileCheck %s --check-prefix=MAT
// Structs of scalars, vectors and matrices (nested structs too) cross scf
// region boundaries as their fields, depth first; with matrices=true,
// matrices cross as 1-D vectors as well.

!P = !kdsl.struct<"P", {x: f32, v: vector<3xf32>}>
// CHECK-LABEL: func.func @for_struct(
// CHECK-SAME: %[[P:.*]]: !P, %[[N:.*]]: index
// CHECK-DAG: %[[X0:.*]] = kdsl.struct_extract %[[P]]["x"] : !P
// CHECK-DAG: %[[V0:.*]] = kdsl.struct_extract %[[P]]["v"] : !P
// CHECK: %[[L:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[X0]], %[[V:.*]] = %[[V0]]) -> (f32, vector<3xf32>) {
// CHECK-NEXT: %[[Q:.*]] = kdsl.struct_create(%[[X]], %[[V]]) : !P
// CHECK-NEXT: %[[F:.*]] = kdsl.struct_extract %[[Q]]["x"] : !P
// CHECK-NEXT: %[[G:.*]] = arith.addf %[[F]], %[[F]] : f32
// CHECK-NEXT: %[[R:.*]] = kdsl.struct_insert %[[G]], %[[Q]]["x"] : f32, !P
// CHECK-DAG: %[[RX:.*]] = kdsl.struct_extract %[[R]]["x"] : !P
// CHECK-DAG: %[[RV:.*]] = kdsl.struct_extract %[[R]]["v"] : !P
// CHECK: scf.yield %[[RX]], %[[RV]] : f32, vector<3xf32>
// CHECK: %[[OUT:.*]] = kdsl.struct_create(%[[L]]#0, %[[L]]#1) : !P
// CHECK: return %[[OUT]] : !P
func.func @for_struct(%p: !P, %n: index) -> !P {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (!P) {
    %f = kdsl.struct_extract %q["x"] : !P
    %g = arith.addf %f, %f : f32
    %s = kdsl.struct_insert %g, %q["x"] : f32, !P
    scf.yield %s : !P
  }
  return %r : !P
}

// -----

// Nested structs flatten depth first; a matrix field stays a matrix unless
// matrices=true.
!In = !kdsl.struct<"In", {a: i32, m: vector<2x2xf32>}>
!Out = !kdsl.struct<"Out", {in: !In, b: f64}>
// CHECK-LABEL: func.func @if_nested(
// CHECK: %[[R:.*]]:3 = scf.if %{{.*}} -> (i32, vector<2x2xf32>, f64) {
// CHECK: %[[IN:.*]] = kdsl.struct_create(%[[R]]#0, %[[R]]#1) : !In
// CHECK: kdsl.struct_create(%[[IN]], %[[R]]#2) : !Out
// MAT-LABEL: func.func @if_nested(
// MAT: %[[R:.*]]:3 = scf.if %{{.*}} -> (i32, vector<4xf32>, f64) {
// MAT: %[[M:.*]] = vector.shape_cast %[[R]]#1 : vector<4xf32> to vector<2x2xf32>
// MAT: %[[IN:.*]] = kdsl.struct_create(%[[R]]#0, %[[M]]) : !In
// MAT: kdsl.struct_create(%[[IN]], %[[R]]#2) : !Out
func.func @if_nested(%c: i1, %a: !Out, %b: !Out) -> !Out {
  %r = scf.if %c -> (!Out) {
    scf.yield %a : !Out
  } else {
    scf.yield %b : !Out
  }
  return %r : !Out
}

// -----

// A struct with an array field is carried as it is.
!A = !kdsl.struct<"A", {data: !kdsl.array<f32, 1>, t: f32}>
// CHECK-LABEL: func.func @array_field(
// CHECK: scf.if %{{.*}} -> (!A)
// CHECK-NOT: kdsl.struct_extract
func.func @array_field(%c: i1, %a: !A, %b: !A) -> !A {
  %r = scf.if %c -> (!A) {
    scf.yield %a : !A
  } else {
    scf.yield %b : !A
  }
  return %r : !A
}

// -----

// scf.while: both regions take the fields, scf.condition passes them on.
!S = !kdsl.struct<"S", {k: i32, w: f32}>
// CHECK-LABEL: func.func @while_struct(
// CHECK: %[[W:.*]]:2 = scf.while (%[[K:.*]] = %{{.*}}, %[[WV:.*]] = %{{.*}}) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT: %[[S:.*]] = kdsl.struct_create(%[[K]], %[[WV]]) : !S
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : i32, f32
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[K2:.*]]: i32, %[[W2:.*]]: f32):
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, f32
// CHECK: kdsl.struct_create(%[[W]]#0, %[[W]]#1) : !S
func.func @while_struct(%s0: !S, %n: i32) -> !S {
  %r = scf.while (%s = %s0) : (!S) -> (!S) {
    %k = kdsl.struct_extract %s["k"] : !S
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %s : !S
  } do {
  ^bb0(%t: !S):
    %k = kdsl.struct_extract %t["k"] : !S
    %c1 = arith.constant 1 : i32
    %k1 = arith.addi %k, %c1 : i32
    %u = kdsl.struct_insert %k1, %t["k"] : i32, !S
    scf.yield %u : !S
  }
  return %r : !S
}

// -----

// A matrix alone is carried as it is unless matrices=true.
// CHECK-LABEL: func.func @for_matrix(
// CHECK: iter_args(%{{.*}} = %{{.*}}) -> (vector<2x2xf32>)
// MAT-LABEL: func.func @for_matrix(
// MAT-SAME: %[[M:.*]]: vector<2x2xf32>
// MAT: %[[F:.*]] = vector.shape_cast %[[M]] : vector<2x2xf32> to vector<4xf32>
// MAT: %[[L:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[F]]) -> (vector<4xf32>) {
// MAT-NEXT: %[[AM:.*]] = vector.shape_cast %[[A]] : vector<4xf32> to vector<2x2xf32>
// MAT: vector.shape_cast %{{.*}} : vector<2x2xf32> to vector<4xf32>
// MAT: %[[OUT:.*]] = vector.shape_cast %[[L]] : vector<4xf32> to vector<2x2xf32>
// MAT: return %[[OUT]]
func.func @for_matrix(%m: vector<2x2xf32>, %n: index) -> vector<2x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %m) -> (vector<2x2xf32>) {
    %b = arith.addf %a, %a : vector<2x2xf32>
    scf.yield %b : vector<2x2xf32>
  }
  return %r : vector<2x2xf32>
}
