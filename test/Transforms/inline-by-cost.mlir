// RUN: kdsl-opt '--kdsl-inline-by-cost=max-ops=2' %s | FileCheck %s
// RUN: kdsl-opt --kdsl-inline-by-cost %s | FileCheck %s --check-prefix=DEFAULT

// kdsl-inline-by-cost: a call is inlined when its callee is small (at most
// max-ops operations) or called once; other calls stay, and the funcs no
// call names any more go.

// @small (2 ops) and @once (one call site) are inlined; @big (4 ops, two
// calls) stays a func.
// CHECK-LABEL: func.func private @big(
// CHECK-NOT: func.func private @small
// CHECK-NOT: func.func private @once
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f32
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK-NEXT: %[[B1:.*]] = call @big(%[[S]])
// CHECK-NEXT: %[[B2:.*]] = call @big(%[[B1]])
// CHECK-NEXT: %[[A:.*]] = arith.mulf %[[B2]], %[[B2]]
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[A]], %[[B2]]
// CHECK-NEXT: %[[C:.*]] = arith.mulf %[[B]], %[[A]]
// CHECK-NEXT: return %[[C]]

// With the default max-ops (48), every callee is small: no call and no
// private func is left.
// DEFAULT-NOT: func.func private
// DEFAULT-LABEL: func.func @caller(
// DEFAULT-NOT: call
// DEFAULT: return

func.func private @small(%x: f32) -> f32 {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}

func.func private @big(%x: f32) -> f32 {
  %a = arith.mulf %x, %x : f32
  %b = arith.addf %a, %x : f32
  %c = arith.mulf %b, %a : f32
  return %c : f32
}

func.func private @once(%x: f32) -> f32 {
  %a = arith.mulf %x, %x : f32
  %b = arith.addf %a, %x : f32
  %c = arith.mulf %b, %a : f32
  return %c : f32
}

func.func @caller(%x: f32) -> f32 {
  %s = func.call @small(%x) : (f32) -> f32
  %b1 = func.call @big(%s) : (f32) -> f32
  %b2 = func.call @big(%b1) : (f32) -> f32
  %o = func.call @once(%b2) : (f32) -> f32
  return %o : f32
}
