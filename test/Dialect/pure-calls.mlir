// RUN: kdsl-opt --canonicalize --cse %s | FileCheck %s
// A func.call marked kdsl.pure (lib/Dialect/PureCalls.cpp) has no effect:
// unused, canonicalization erases it (and a loop holding only it); CSE
// merges two identical ones. A call without the mark keeps every effect.

func.func private @f(%a: f32) -> f32 {
  %m = arith.mulf %a, %a : f32
  return %m : f32
}

// CHECK-LABEL: func.func @unused(
// CHECK-NEXT: call @f(%{{.*}}) : (f32) -> f32
// CHECK-NEXT: return
func.func @unused(%a: f32) {
  %0 = func.call @f(%a) {kdsl.pure} : (f32) -> f32
  %1 = func.call @f(%a) : (f32) -> f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (f32) {
    %y = func.call @f(%x) {kdsl.pure} : (f32) -> f32
    scf.yield %y : f32
  }
  return
}

// CHECK-LABEL: func.func @merged(
// CHECK-NEXT: %[[R:.*]] = call @f(%{{.*}}) {kdsl.pure}
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[R]], %[[R]]
// CHECK-NEXT: return %[[S]]
func.func @merged(%a: f32) -> f32 {
  %0 = func.call @f(%a) {kdsl.pure} : (f32) -> f32
  %1 = func.call @f(%a) {kdsl.pure} : (f32) -> f32
  %2 = arith.addf %0, %1 : f32
  return %2 : f32
}
