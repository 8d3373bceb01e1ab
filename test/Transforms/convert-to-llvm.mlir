// RUN: kdsl-opt %s --kdsl-convert-to-llvm --reconcile-unrealized-casts | FileCheck %s
// Arrays are kdsl_array descriptors {ptr, i64[4] shape, i64[4] byte strides};
// memory holds vectors as packed arrays (C layout), SSA values are LLVM vectors.

// CHECK-LABEL: llvm.func @load_vec(
// CHECK-SAME: %[[A:.*]]: !llvm.struct<(ptr, array<4 x i64>, array<4 x i64>)>, %[[I:.*]]: i32)
// CHECK: %[[DATA:.*]] = llvm.extractvalue %[[A]][0]
// CHECK: %[[STRIDE:.*]] = llvm.extractvalue %[[A]][2, 0]
// CHECK: %[[I64:.*]] = llvm.sext %[[I]] : i32 to i64
// A negative index counts from the end (index + shape), as Warp's index():
// CHECK: %[[EXT:.*]] = llvm.extractvalue %[[A]][1, 0]
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[I64]], %{{.*}} : i64
// CHECK: %[[WRAP:.*]] = llvm.add %[[I64]], %[[EXT]] : i64
// CHECK: %[[IDX:.*]] = llvm.select %[[NEG]], %[[WRAP]], %[[I64]] : i1, i64
// CHECK: %[[OFF:.*]] = llvm.mul %[[IDX]], %[[STRIDE]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[DATA]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// Component by component (LLVM's vectorizers do not take aggregate loads):
// CHECK: %[[E0:.*]] = llvm.getelementptr %[[P]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x f32>
// CHECK: llvm.load %[[E0]] : !llvm.ptr -> f32
// CHECK: llvm.getelementptr %[[P]][0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x f32>
// CHECK-COUNT-1: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.return %{{.*}} : vector<3xf32>
func.func @load_vec(%a: !kdsl.array<vector<3xf32>, 1>, %i: i32) -> vector<3xf32> {
  %v = kdsl.load %a[%i] : !kdsl.array<vector<3xf32>, 1>
  return %v : vector<3xf32>
}

// A row of 16 components or more (a large vector, a row of a large matrix)
// is one vector load or store at the element's alignment, not one per
// component: 64 loads for a 64x64 matrix, not 4,096 (issue 26, finding 18).
// CHECK-LABEL: llvm.func @load_wide(
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: %[[R0:.*]] = llvm.getelementptr %[[P]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<16 x f32>>
// CHECK: llvm.load %[[R0]] {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[R1:.*]] = llvm.getelementptr %[[P]][0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<16 x f32>>
// CHECK: llvm.load %[[R1]] {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
func.func @load_wide(%a: !kdsl.array<vector<2x16xf32>, 1>, %i: i32) -> vector<2x16xf32> {
  %v = kdsl.load %a[%i] : !kdsl.array<vector<2x16xf32>, 1>
  return %v : vector<2x16xf32>
}

// CHECK-LABEL: llvm.func @store_wide(
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<20xf64>, !llvm.ptr
// CHECK-NOT: llvm.store
// CHECK: llvm.return
func.func @store_wide(%a: !kdsl.array<vector<20xf64>, 1>, %i: i32, %v: vector<20xf64>) {
  kdsl.store %v, %a[%i] : !kdsl.array<vector<20xf64>, 1>
  return
}

// kdsl.component_view: the element's address (as kdsl.load computes it), the
// shape and byte strides of its packed C layout.
// CHECK-LABEL: llvm.func @view_rows(
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK: %[[N:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: %[[D1:.*]] = llvm.insertvalue %[[N]], %[[D0]][1, 0]
// CHECK: %[[S:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK: %[[D2:.*]] = llvm.insertvalue %[[S]], %[[D1]][2, 0]
// CHECK: llvm.return %[[D2]]
func.func @view_rows(%a: !kdsl.array<vector<64x32xf32>, 1>, %i: i32) -> !kdsl.array<vector<32xf32>, 1> {
  %v = kdsl.component_view %a[%i] : !kdsl.array<vector<64x32xf32>, 1> -> !kdsl.array<vector<32xf32>, 1>
  return %v : !kdsl.array<vector<32xf32>, 1>
}

// CHECK-LABEL: llvm.func @view_elems(
// CHECK: llvm.mlir.constant(32 : i64)
// CHECK: llvm.insertvalue %{{.*}}[1, 1]
// CHECK: llvm.mlir.constant(8 : i64)
// CHECK: llvm.insertvalue %{{.*}}[2, 1]
// CHECK: llvm.mlir.constant(64 : i64)
// CHECK: llvm.insertvalue %{{.*}}[1, 0]
// CHECK: llvm.mlir.constant(256 : i64)
// CHECK: llvm.insertvalue %{{.*}}[2, 0]
func.func @view_elems(%a: !kdsl.array<vector<64x32xf64>, 1>, %i: i32) -> !kdsl.array<f64, 2> {
  %v = kdsl.component_view %a[%i] : !kdsl.array<vector<64x32xf64>, 1> -> !kdsl.array<f64, 2>
  return %v : !kdsl.array<f64, 2>
}

// CHECK-LABEL: llvm.func @store_2d(
// CHECK: %[[S0:.*]] = llvm.extractvalue %{{.*}}[2, 0]
// CHECK: %[[T0:.*]] = llvm.mul %{{.*}}, %[[S0]] : i64
// CHECK: %[[S1:.*]] = llvm.extractvalue %{{.*}}[2, 1]
// CHECK: %[[T1:.*]] = llvm.mul %{{.*}}, %[[S1]] : i64
// CHECK: %[[OFF:.*]] = llvm.add %[[T0]], %[[T1]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]]
// CHECK: llvm.store %{{.*}}, %[[P]] : f64, !llvm.ptr
func.func @store_2d(%a: !kdsl.array<f64, 2>, %i: i32, %j: i32, %x: f64) {
  kdsl.store %x, %a[%i, %j] : !kdsl.array<f64, 2>
  return
}

// CHECK-LABEL: llvm.func @shape(
// CHECK: %[[E:.*]] = llvm.extractvalue %{{.*}}[1, 1]
// CHECK: llvm.trunc %[[E]] : i64 to i32
func.func @shape(%a: !kdsl.array<f32, 2>) -> i32 {
  %n = kdsl.shape %a[1] : !kdsl.array<f32, 2>
  return %n : i32
}

// Vector atomics are one relaxed atomicrmw per component (4 bytes apart for f32).
// CHECK-LABEL: llvm.func @atomic_vec(
// CHECK: %[[E0:.*]] = llvm.getelementptr %[[BASE:.*]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[O0:.*]] = llvm.atomicrmw fadd %[[E0]], %{{.*}} monotonic : !llvm.ptr, f32
// CHECK: %[[E1:.*]] = llvm.getelementptr %[[BASE]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[O1:.*]] = llvm.atomicrmw fadd %[[E1]], %{{.*}} monotonic : !llvm.ptr, f32
// CHECK: llvm.insertelement %[[O0]]
// CHECK: llvm.insertelement %[[O1]]
func.func @atomic_vec(%a: !kdsl.array<vector<2xf32>, 1>, %i: i32, %v: vector<2xf32>) -> vector<2xf32> {
  %old = kdsl.atomic add %a[%i], %v : !kdsl.array<vector<2xf32>, 1>
  return %old : vector<2xf32>
}

// CHECK-LABEL: llvm.func @atomic_max_int(
// CHECK: llvm.atomicrmw max %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i32
func.func @atomic_max_int(%a: !kdsl.array<i32, 1>, %i: i32, %v: i32) -> i32 {
  %old = kdsl.atomic max %a[%i], %v : !kdsl.array<i32, 1>
  return %old : i32
}

// CHECK-LABEL: llvm.func @structs(
// CHECK-SAME: !llvm.struct<(vector<3xf32>, f32)>
// CHECK: %[[Q:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<(vector<3xf32>, f32)>
// CHECK: llvm.extractvalue %[[Q]][1]
func.func @structs(%p: !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>, %m: f32) -> f32 {
  %q = kdsl.struct_insert %m, %p["mass"] : f32, !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
  %r = kdsl.struct_extract %q["mass"] : !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
  return %r : f32
}

// kdsl.read converts the C layout (vec3 as float[3]) to the SSA form.
// CHECK-LABEL: llvm.func @read_struct(
// CHECK: %[[F0:.*]] = llvm.getelementptr %[[S:.*]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(array<3 x f32>, f32)>
// CHECK: llvm.getelementptr %[[F0]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x f32>
// CHECK: llvm.getelementptr %[[S]][0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(array<3 x f32>, f32)>
// CHECK: llvm.return %{{.*}} : !llvm.struct<(vector<3xf32>, f32)>
func.func @read_struct(%p: !llvm.ptr) -> !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}> {
  %s = kdsl.read %p : !llvm.ptr -> !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
  return %s : !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
}

// An index kdsl-index-facts proved non-negative is zero-extended (no wrap of
// a negative index)...
// CHECK-LABEL: llvm.func @load_nonnegative(
// CHECK-SAME: %[[A:.*]]: !llvm.struct<(ptr, array<4 x i64>, array<4 x i64>)>, %[[I:.*]]: i32)
// CHECK: %[[STRIDE:.*]] = llvm.extractvalue %[[A]][2, 0]
// CHECK: %[[I64:.*]] = llvm.zext nneg %[[I]] : i32 to i64
// CHECK-NOT: llvm.select
// CHECK: llvm.mul %[[I64]], %[[STRIDE]] : i64
func.func @load_nonnegative(%a: !kdsl.array<f32, 1>, %i: i32) -> f32 {
  %v = kdsl.load %a[%i] {kdsl.nonnegative_indices = array<i1: true>} : !kdsl.array<f32, 1>
  return %v : f32
}

// ...and a `trunc nuw` of an i64 (kdsl-lower-launch's coordinates) is used as
// that i64: LLVM's InstCombine turned zext(trunc nuw x) * 4 into
// (x << 2) & 0x3fffffffc, which kept saxpy's grid loop from vectorizing.
// CHECK-LABEL: llvm.func @load_launch_coordinate(
// CHECK-SAME: %[[A:.*]]: !llvm.struct<(ptr, array<4 x i64>, array<4 x i64>)>, %[[T:.*]]: i64)
// CHECK: %[[STRIDE:.*]] = llvm.extractvalue %[[A]][2, 0]
// CHECK-NOT: llvm.zext
// CHECK: llvm.mul %[[T]], %[[STRIDE]] : i64
func.func @load_launch_coordinate(%a: !kdsl.array<f32, 1>, %t: i64) -> f32 {
  %i = arith.trunci %t overflow<nsw, nuw> : i64 to i32
  %v = kdsl.load %a[%i] {kdsl.nonnegative_indices = array<i1: true>} : !kdsl.array<f32, 1>
  return %v : f32
}

// Without nuw the truncation may drop bits: zext of the i32.
// CHECK-LABEL: llvm.func @load_trunc_without_nuw(
// CHECK: %[[I32:.*]] = llvm.trunc %{{.*}} overflow<nsw> : i64 to i32
// CHECK: llvm.zext nneg %[[I32]] : i32 to i64
func.func @load_trunc_without_nuw(%a: !kdsl.array<f32, 1>, %t: i64) -> f32 {
  %i = arith.trunci %t overflow<nsw> : i64 to i32
  %v = kdsl.load %a[%i] {kdsl.nonnegative_indices = array<i1: true>} : !kdsl.array<f32, 1>
  return %v : f32
}
