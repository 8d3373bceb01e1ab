// RUN: kdsl-opt --kdsl-prepare-emission %s | FileCheck %s
// RUN: kdsl-translate %s --emit=cpp | FileCheck %s --check-prefix=CPP

// kdsl-prepare-emission: canonicalize and CSE before the C++/CUDA C emitters.
// Duplicates merge, dead values go; x + 0.0 stays (it is not x for x = -0.0).

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:.*]]: f32
// CHECK: %[[Z:.*]] = arith.constant 0.0
// CHECK: %[[X:.*]] = arith.addf %[[A]], %[[Z]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[M]], %[[M]]
// CHECK-NEXT: return %[[R]]
// The emitter prints what the pipeline left: one product, no dead division.
// CPP-LABEL: static KDSL_FN float f(
// CPP-SAME: float [[A:[a-z0-9_]+]])
// CPP-NEXT: const float [[X:[a-z0-9_]+]] = [[A]] + 0.0f;
// CPP-NEXT: const float [[M:[a-z0-9_]+]] = [[X]] * [[X]];
// CPP-NEXT: const float [[R:[a-z0-9_]+]] = [[M]] + [[M]];
// CPP-NEXT: return [[R]];
func.func @f(%a: f32) -> f32 {
  %c0 = arith.constant 0.0 : f32
  %x = arith.addf %a, %c0 : f32
  %y = arith.mulf %x, %x : f32
  %z = arith.mulf %x, %x : f32
  %dead = arith.divf %y, %z : f32
  %r = arith.addf %y, %z : f32
  return %r : f32
}
