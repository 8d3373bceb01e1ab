// RUN: kdsl-opt %s --canonicalize --split-input-file | FileCheck %s
// Folds and canonicalization patterns of kdsl struct and quaternion ops.

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>

// struct_extract of struct_create is the field's operand.
// CHECK-LABEL: func.func @extract_of_create(
// CHECK-SAME: %[[POS:.*]]: vector<3xf32>, %[[M:.*]]: f32
// CHECK-NEXT: return %[[M]], %[[POS]] : f32, vector<3xf32>
func.func @extract_of_create(%pos: vector<3xf32>, %m: f32) -> (f32, vector<3xf32>) {
  %p = kdsl.struct_create(%pos, %m) : !P
  %a = kdsl.struct_extract %p["mass"] : !P
  %b = kdsl.struct_extract %p["pos"] : !P
  return %a, %b : f32, vector<3xf32>
}

// struct_extract of struct_insert: the inserted value for the same field,
// the input's field for another one.
// CHECK-LABEL: func.func @extract_of_insert(
// CHECK-SAME: %[[P:.*]]: !P, %[[M:.*]]: f32
// CHECK-NEXT: %[[POS:.*]] = kdsl.struct_extract %[[P]]["pos"] : !P
// CHECK-NEXT: return %[[M]], %[[POS]] : f32, vector<3xf32>
func.func @extract_of_insert(%p: !P, %m: f32) -> (f32, vector<3xf32>) {
  %q = kdsl.struct_insert %m, %p["mass"] : f32, !P
  %a = kdsl.struct_extract %q["mass"] : !P
  %b = kdsl.struct_extract %q["pos"] : !P
  return %a, %b : f32, vector<3xf32>
}

// Rebuilding a struct from all of its own fields, in order, is the struct.
// CHECK-LABEL: func.func @create_of_extracts(
// CHECK-SAME: %[[P:.*]]: !P
// CHECK-NEXT: return %[[P]] : !P
func.func @create_of_extracts(%p: !P) -> !P {
  %a = kdsl.struct_extract %p["pos"] : !P
  %b = kdsl.struct_extract %p["mass"] : !P
  %q = kdsl.struct_create(%a, %b) : !P
  return %q : !P
}

// Fields from two different structs do not fold.
// CHECK-LABEL: func.func @create_of_mixed_extracts(
// CHECK-SAME: %[[P:.*]]: !P, %[[R:.*]]: !P
// CHECK-DAG: %[[A:.*]] = kdsl.struct_extract %[[P]]["pos"] : !P
// CHECK-DAG: %[[B:.*]] = kdsl.struct_extract %[[R]]["mass"] : !P
// CHECK: %[[Q:.*]] = kdsl.struct_create(%[[A]], %[[B]]) : !P
// CHECK: return %[[Q]] : !P
func.func @create_of_mixed_extracts(%p: !P, %r: !P) -> !P {
  %a = kdsl.struct_extract %p["pos"] : !P
  %b = kdsl.struct_extract %r["mass"] : !P
  %q = kdsl.struct_create(%a, %b) : !P
  return %q : !P
}

// Inserting a struct's own field back is the struct.
// CHECK-LABEL: func.func @insert_of_own_extract(
// CHECK-SAME: %[[P:.*]]: !P
// CHECK-NEXT: return %[[P]] : !P
func.func @insert_of_own_extract(%p: !P) -> !P {
  %m = kdsl.struct_extract %p["mass"] : !P
  %q = kdsl.struct_insert %m, %p["mass"] : f32, !P
  return %q : !P
}

// An insert over an insert of the same field drops the older value.
// CHECK-LABEL: func.func @insert_over_insert(
// CHECK-SAME: %[[P:.*]]: !P, %[[A:.*]]: f32, %[[B:.*]]: f32
// CHECK-NEXT: %[[Q:.*]] = kdsl.struct_insert %[[B]], %[[P]]["mass"] : f32, !P
// CHECK-NEXT: return %[[Q]] : !P
func.func @insert_over_insert(%p: !P, %a: f32, %b: f32) -> !P {
  %q = kdsl.struct_insert %a, %p["mass"] : f32, !P
  %r = kdsl.struct_insert %b, %q["mass"] : f32, !P
  return %r : !P
}

// An insert into a struct_create is a struct_create with that field replaced.
// CHECK-LABEL: func.func @insert_into_create(
// CHECK-SAME: %[[POS:.*]]: vector<3xf32>, %[[M:.*]]: f32, %[[N:.*]]: f32
// CHECK-NEXT: %[[Q:.*]] = kdsl.struct_create(%[[POS]], %[[N]]) : !P
// CHECK-NEXT: return %[[Q]] : !P
func.func @insert_into_create(%pos: vector<3xf32>, %m: f32, %n: f32) -> !P {
  %p = kdsl.struct_create(%pos, %m) : !P
  %q = kdsl.struct_insert %n, %p["mass"] : f32, !P
  return %q : !P
}

// quat_inverse is its own inverse; a single one stays.
// CHECK-LABEL: func.func @quat_inverse_twice(
// CHECK-SAME: %[[Q:.*]]: vector<4xf32>
// CHECK-NEXT: %[[I:.*]] = kdsl.quat_inverse %[[Q]] : vector<4xf32>
// CHECK-NEXT: return %[[Q]], %[[I]] : vector<4xf32>, vector<4xf32>
func.func @quat_inverse_twice(%q: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>) {
  %a = kdsl.quat_inverse %q : vector<4xf32>
  %b = kdsl.quat_inverse %a : vector<4xf32>
  return %b, %a : vector<4xf32>, vector<4xf32>
}

// -----

// An assert whose condition is constant true is erased; a constant false one
// (it always reports) and one of a run-time condition stay.
// CHECK-LABEL: func.func @assert_constant(
// CHECK-SAME: %[[C:.*]]: i1
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: kdsl.assert %[[F]], "always"
// CHECK-NEXT: kdsl.assert %[[C]], "run time"
// CHECK-NEXT: return
func.func @assert_constant(%c: i1) {
  %t = arith.constant true
  %f = arith.constant false
  kdsl.assert %t, "never"
  kdsl.assert %f, "always"
  kdsl.assert %c, "run time"
  return
}
