// RUN: kdsl-opt --kdsl-index-facts %s | FileCheck %s
// kdsl-index-facts: upstream integer range analysis, seeded with kdsl.tid in
// [0, 2^31 - 2] and kdsl.shape in [0, 2^31 - 1], marks the array indices it
// proves non-negative; a component index proven in [0, extent) is its own
// position. What may be negative (tid - 1, a wrapping tid * 2, a scalar
// argument, a func's parameter) keeps the negative-index adjustment.

// CHECK-LABEL: kdsl.kernel @facts
kdsl.kernel @facts(%x: !kdsl.array<f32, 1>, %m: !kdsl.array<f32, 2>, %k: i32) attributes {arg_names = ["x", "m", "k"]} {
  %i = kdsl.tid : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // CHECK: kdsl.load %{{.*}}[%{{.*}}] {kdsl.nonnegative_indices = array<i1: true>}
  %a = kdsl.load %x[%i] : !kdsl.array<f32, 1>
  // tid + 1 <= 2^31 - 1
  %ip1 = arith.addi %i, %c1 : i32
  // CHECK: kdsl.load %{{.*}}[%{{.*}}] {kdsl.nonnegative_indices = array<i1: true>}
  %b = kdsl.load %x[%ip1] : !kdsl.array<f32, 1>
  %im1 = arith.subi %i, %c1 : i32
  // CHECK: kdsl.load %{{.*}}[%{{.*}}] : <f32, 1>
  %c = kdsl.load %x[%im1] : !kdsl.array<f32, 1>
  // Wraps at 2^30: may be negative.
  %i2 = arith.muli %i, %c2 : i32
  // CHECK: kdsl.load %{{.*}}[%{{.*}}] : <f32, 1>
  %d = kdsl.load %x[%i2] : !kdsl.array<f32, 1>
  // CHECK: kdsl.load %{{.*}}[%{{.*}}, %{{.*}}] {kdsl.nonnegative_indices = array<i1: true, false>}
  %e = kdsl.load %m[%i, %k] : !kdsl.array<f32, 2>
  %s0 = arith.addf %a, %b : f32
  %s1 = arith.addf %s0, %c : f32
  %s2 = arith.addf %s1, %d : f32
  %s3 = arith.addf %s2, %e : f32
  // CHECK: kdsl.store %{{.*}}, %{{.*}}[%{{.*}}] {kdsl.nonnegative_indices = array<i1: true>}
  kdsl.store %s3, %x[%i] : !kdsl.array<f32, 1>
  // CHECK: kdsl.atomic add %{{.*}}[%{{.*}}], %{{.*}} {kdsl.nonnegative_indices = array<i1: true>}
  %old = kdsl.atomic add %x[%ip1], %s3 : !kdsl.array<f32, 1>
  // CHECK: kdsl.subarray %{{.*}}[%{{.*}}] {kdsl.nonnegative_indices = array<i1: true>}
  %row = kdsl.subarray %m[%i] : !kdsl.array<f32, 2> -> !kdsl.array<f32, 1>
  // A loop over range(x.shape[0]) and one over range(k): the induction
  // variable is in [0, bound - 1] either way.
  %n = kdsl.shape %x[0] : !kdsl.array<f32, 1>
  %c0 = arith.constant 0 : i32
  scf.for %j = %c0 to %n step %c1 : i32 {
    // CHECK: kdsl.load %{{.*}}[%{{.*}}] {kdsl.nonnegative_indices = array<i1: true>}
    %v = kdsl.load %row[%j] : !kdsl.array<f32, 1>
    kdsl.store %v, %x[%j] : !kdsl.array<f32, 1>
  }
  scf.for %j = %c0 to %k step %c1 : i32 {
    // CHECK: kdsl.load %{{.*}}[%{{.*}}] {kdsl.nonnegative_indices = array<i1: true>}
    %v = kdsl.load %x[%j] : !kdsl.array<f32, 1>
    kdsl.store %v, %row[%j] : !kdsl.array<f32, 1>
  }
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @components
// CHECK: scf.for %[[J:.*]] =
// CHECK-NEXT: %[[P:.*]] = arith.index_cast %[[J]] : i32 to index
// CHECK-NEXT: vector.extract %{{.*}}[%[[P]]]
// The index of a loop to k may be 3 or more: it stays.
// CHECK: kdsl.component_index
kdsl.kernel @components(%x: !kdsl.array<vector<3xf32>, 1>, %out: !kdsl.array<f32, 1>, %k: i32) attributes {arg_names = ["x", "out", "k"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : !kdsl.array<vector<3xf32>, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  scf.for %j = %c0 to %c3 step %c1 : i32 {
    %p = kdsl.component_index %j, 3, "a component of a vec3f"
    %e = vector.extract %v[%p] : f32 from vector<3xf32>
    kdsl.store %e, %out[%j] : !kdsl.array<f32, 1>
  }
  scf.for %j = %c0 to %k step %c1 : i32 {
    %p = kdsl.component_index %j, 3, "a component of a vec3f"
    %e = vector.extract %v[%p] : f32 from vector<3xf32>
    kdsl.store %e, %out[%j] : !kdsl.array<f32, 1>
  }
  kdsl.return
}

// CHECK-LABEL: func.func @param
// CHECK: kdsl.load %{{.*}}[%{{.*}}] : <f32, 1>
func.func @param(%x: !kdsl.array<f32, 1>, %j: i32) -> f32 {
  %v = kdsl.load %x[%j] : !kdsl.array<f32, 1>
  return %v : f32
}

// A loop that can leave early (Warp's `for k in range(4): if ...: return k`,
// an scf.while): the extract keeps its run-time position. (With upstream's
// SparseConstantPropagation loaded, its trial fold of the extract, given an
// optimistic constant 0, rewrote the position in place to a static 0.)
// CHECK-LABEL: func.func private @first_negative
// CHECK: %[[P:.*]] = {{kdsl.component_index|arith.index_cast}}
// CHECK-NEXT: vector.extract %{{.*}}[%[[P]]] : f32 from vector<4xf32>
func.func private @first_negative(%v: vector<4xf32>) -> i32 {
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant 0.0 : f32
  %r:3 = scf.while (%k = %c0, %done = %false, %found = %c0) : (i32, i1, i32) -> (i32, i1, i32) {
    %lt = arith.cmpi slt, %k, %c4 : i32
    %true = arith.constant true
    %go = arith.xori %done, %true : i1
    %c = arith.andi %lt, %go : i1
    scf.condition(%c) %k, %done, %found : i32, i1, i32
  } do {
  ^bb0(%k: i32, %done: i1, %found: i32):
    %p = kdsl.component_index %k, 4, "a component of vec4f 'v'"
    %e = vector.extract %v[%p] : f32 from vector<4xf32>
    %neg = arith.cmpf olt, %e, %zero : f32
    %next:2 = scf.if %neg -> (i1, i32) {
      %true = arith.constant true
      scf.yield %true, %k : i1, i32
    } else {
      scf.yield %done, %found : i1, i32
    }
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %k1, %next#0, %next#1 : i32, i1, i32
  }
  return %r#2 : i32
}
