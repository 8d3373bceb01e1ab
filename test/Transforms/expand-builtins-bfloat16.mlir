// RUN: kdsl-opt %s --kdsl-expand-builtins | FileCheck %s
// RUN: kdsl-opt %s --canonicalize --kdsl-expand-builtins | FileCheck %s --check-prefix=CANON

// Conversions to bfloat16 from integers and float64 round through float32,
// as Warp's do (docs/language.md 7.8): 16842753 is float32 16842752, a tie
// that rounds to 16777216, where one rounding would give 16908288. The
// canonicalizer folds the front end's truncf(sitofp) into one sitofp to bf16;
// the expansion splits it again.

// CHECK-LABEL: func.func @from_int(
// CHECK: %[[F:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK-NEXT: arith.truncf %[[F]] : f32 to bf16
// CHECK: %[[U:.*]] = arith.uitofp %{{.*}} : i64 to f32
// CHECK-NEXT: arith.truncf %[[U]] : f32 to bf16
// CHECK: %[[V:.*]] = arith.sitofp %{{.*}} : vector<3xi32> to vector<3xf32>
// CHECK-NEXT: arith.truncf %[[V]] : vector<3xf32> to vector<3xbf16>
// CANON-LABEL: func.func @from_int(
// CANON: %[[F:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CANON-NEXT: arith.truncf %[[F]] : f32 to bf16
func.func @from_int(%i: i32, %u: i64, %v: vector<3xi32>) -> (bf16, bf16, vector<3xbf16>) {
  %f = arith.sitofp %i : i32 to f32
  %b = arith.truncf %f : f32 to bf16
  %c = arith.uitofp %u : i64 to bf16
  %d = arith.sitofp %v : vector<3xi32> to vector<3xbf16>
  return %b, %c, %d : bf16, bf16, vector<3xbf16>
}

// CHECK-LABEL: func.func @from_f64(
// CHECK: %[[F:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: arith.truncf %[[F]] : f32 to bf16
// float32 -> bfloat16 and float16 widening stay as they are.
// CHECK-LABEL: func.func @untouched(
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT: arith.sitofp %{{.*}} : i32 to f16
func.func @from_f64(%x: f64) -> bf16 {
  %b = arith.truncf %x : f64 to bf16
  return %b : bf16
}
func.func @untouched(%x: f32, %i: i32) -> (bf16, f16) {
  %b = arith.truncf %x : f32 to bf16
  %h = arith.sitofp %i : i32 to f16
  return %b, %h : bf16, f16
}
