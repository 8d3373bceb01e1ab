// RUN: kdsl-opt --kdsl-named-cse --mlir-print-debuginfo --mlir-print-local-scope %s | FileCheck %s

// kdsl-named-cse: MLIR's CSE, handing the adjoint names (adj_<name>,
// SourceNames.h) of each op it erases to the op it keeps.

// The op kept has a name: the erased op's becomes an alias (the emitters
// declare it as a copy).
// CHECK-LABEL: func.func @merged(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[X:.*]] = arith.mulf %[[A]], %[[A]] : f32 loc(fused["adj_r"("t.py":1:1), fused<"kdsl.alias">["adj_dy"]])
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @merged(%a: f32) -> (f32, f32) {
  %x = arith.mulf %a, %a : f32 loc("adj_r"("t.py":1:1))
  %y = arith.mulf %a, %a : f32 loc("adj_dy"("t.py":2:1))
  return %x, %y : f32, f32
}

// The op kept has none: it takes the erased op's name.
// CHECK-LABEL: func.func @unnamed_kept(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[X:.*]] = arith.addf %[[A]], %[[A]] : f32 loc("adj_dy"(
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @unnamed_kept(%a: f32) -> (f32, f32) {
  %x = arith.addf %a, %a : f32
  %y = arith.addf %a, %a : f32 loc("adj_dy"("t.py":3:1))
  return %x, %y : f32, f32
}

// Names other than adjoint names are not handed on.
// CHECK-LABEL: func.func @forward_name(
// CHECK-NEXT: %[[X:.*]] = arith.subf {{.*}} : f32 loc("{{.*}}named-cse.mlir":
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @forward_name(%a: f32) -> (f32, f32) {
  %x = arith.subf %a, %a : f32
  %y = arith.subf %a, %a : f32 loc("dy"("t.py":4:1))
  return %x, %y : f32, f32
}
