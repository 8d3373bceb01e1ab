// RUN: kdsl-opt --kdsl-named-canonicalize --mlir-print-debuginfo --mlir-print-local-scope %s | FileCheck %s
// RUN: kdsl-opt --canonicalize --mlir-print-debuginfo --mlir-print-local-scope %s | FileCheck %s --check-prefix=PLAIN

// kdsl-named-canonicalize: MLIR's canonicalizer, keeping the adjoint names
// (adj_<name>, SourceNames.h) of the ops it replaces. The PLAIN lines show
// what the upstream canonicalizer does with the same input.

// A named adjoint only negated again is not folded away with its name:
// -(-x) stays -adj_x, as in Warp's backward.
// CHECK-LABEL: func.func @double_negation(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[A]] : f32 loc("adj_x"("t.py":1:1))
// CHECK-NEXT: %[[M:.*]] = arith.negf %[[N]] : f32
// CHECK-NEXT: return %[[M]]
// PLAIN-LABEL: func.func @double_negation(
// PLAIN-SAME: %[[A:[a-z0-9]+]]: f32
// PLAIN-NEXT: return %[[A]]
func.func @double_negation(%a: f32) -> f32 {
  %n = arith.negf %a : f32 loc("adj_x"("t.py":1:1))
  %m = arith.negf %n : f32
  return %m : f32
}

// A fold replaces adj_dy = -(-b) by b: b's op takes the name.
// CHECK-LABEL: func.func @fold_hands_name(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[B:.*]] = arith.mulf %[[A]], %[[A]] : f32 loc("adj_dy"(
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[B]], %[[A]]
// CHECK-NEXT: return %[[R]]
// PLAIN-LABEL: func.func @fold_hands_name(
// PLAIN: arith.mulf
// PLAIN-NOT: adj_dy
// PLAIN: return
func.func @fold_hands_name(%a: f32) -> f32 {
  %b = arith.mulf %a, %a : f32
  %n = arith.negf %b : f32
  %m = arith.negf %n : f32 loc("adj_dy"("t.py":2:1))
  %r = arith.addf %m, %a : f32
  return %r : f32
}

// A named adjoint vector read only by component stays; the lanes no extract
// reads become zeros, and what computed them goes.
// CHECK-LABEL: func.func @unread_lanes(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32 {{.*}}, %[[B:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]]
// CHECK-NEXT: %[[V:.*]] = vector.from_elements %[[P]], %[[Z]] : vector<2xf32> loc("adj_X"("t.py":3:1))
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[V]][0]
// CHECK-NEXT: return %[[E]]
// PLAIN-LABEL: func.func @unread_lanes(
// PLAIN-NEXT: %[[P:.*]] = arith.mulf
// PLAIN-NEXT: return %[[P]]
func.func @unread_lanes(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  %q = arith.addf %a, %b : f32
  %v = vector.from_elements %p, %q : vector<2xf32> loc("adj_X"("t.py":3:1))
  %e = vector.extract %v[0] : f32 from vector<2xf32>
  return %e : f32
}

// A reversed `if` with result names folded into selects: each select takes
// its result's name.
// CHECK-LABEL: func.func @if_to_select(
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1 {{.*}}, %[[A:[a-z0-9]+]]: f32 {{.*}}, %[[B:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[HIT:.*]] = arith.select %[[C]], %[[A]], %[[B]] : f32 loc("adj_hit"("t.py":4:1))
// CHECK-NEXT: %[[T:.*]] = arith.select %[[C]], %[[B]], %[[A]] : f32 loc("adj_t"("t.py":4:1))
// CHECK-NEXT: return %[[HIT]], %[[T]]
func.func @if_to_select(%c: i1, %a: f32, %b: f32) -> (f32, f32) {
  %r:2 = scf.if %c -> (f32, f32) {
    scf.yield %a, %b : f32, f32
  } else {
    scf.yield %b, %a : f32, f32
  } loc(fused<{kdsl.result_names = ["adj_hit", "adj_t"]}>["t.py":4:1])
  return %r#0, %r#1 : f32, f32
}
