// kdsl.component_index (v[j] with a run-time j, docs/language.md "Negative
// indices and slices of vectors, quaternions and matrices"): a constant in
// range folds to its position; the LLVM lowering wraps a negative index
// (j + extent). The checked form: component-index-checks.mlir.
// RUN: kdsl-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// RUN: kdsl-opt %s --kdsl-convert-to-llvm | FileCheck %s --check-prefix=LLVM

// FOLD-LABEL: func.func @fold(
// FOLD-DAG: %[[C2:.*]] = arith.constant 2 : index
// FOLD-DAG: %[[C1:.*]] = arith.constant 1 : index
// FOLD-DAG: %[[C7:.*]] = arith.constant 7 : i32
// FOLD: %[[BAD:.*]] = kdsl.component_index %[[C7]], 3, "a component of a vec3f"
// FOLD: return %[[C2]], %[[C1]], %[[BAD]]
func.func @fold() -> (index, index, index) {
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %a = kdsl.component_index %m1, 3, "a component of a vec3f"
  %b = kdsl.component_index %c1, 3, "a component of a vec3f"
  %c = kdsl.component_index %c7, 3, "a component of a vec3f"
  return %a, %b, %c : index, index, index
}

// -----

// LLVM-LABEL: llvm.func @wrap(
// LLVM-SAME: %[[J:.*]]: i32
// LLVM-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// LLVM-DAG: %[[N:.*]] = llvm.mlir.constant(4 : i32) : i32
// LLVM: %[[NEG:.*]] = llvm.icmp "slt" %[[J]], %[[ZERO]] : i32
// LLVM: %[[ADD:.*]] = llvm.add %[[J]], %[[N]] : i32
// LLVM: %[[SEL:.*]] = llvm.select %[[NEG]], %[[ADD]], %[[J]] : i1, i32
// LLVM: %[[POS:.*]] = llvm.sext %[[SEL]] : i32 to i64
// LLVM: llvm.extractelement %{{.*}}[%[[POS]] : i64] : vector<4xf32>
func.func @wrap(%j: i32, %q: vector<4xf32>) -> f32 {
  %p = kdsl.component_index %j, 4, "a component of quatf 'q'"
  %e = vector.extract %q[%p] : f32 from vector<4xf32>
  return %e : f32
}

