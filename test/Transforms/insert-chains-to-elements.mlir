// RUN: kdsl-opt %s --kdsl-insert-chains-to-elements --split-input-file | FileCheck %s

// Inserts into zeros, one use each: one from_elements, the zeros where
// nothing was inserted; a lane written twice keeps the later value.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32)
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V:.*]] = vector.from_elements %[[C]], %[[B]], %[[Z]], %[[Z]] : vector<4xf32>
// CHECK-NEXT: return %[[V]]
func.func @chain(%a: f32, %b: f32, %c: f32) -> vector<4xf32> {
  %zeros = arith.constant dense<0.0> : vector<4xf32>
  %0 = vector.insert %a, %zeros [0] : f32 into vector<4xf32>
  %1 = vector.insert %b, %0 [1] : f32 into vector<4xf32>
  %2 = vector.insert %c, %1 [0] : f32 into vector<4xf32>
  return %2 : vector<4xf32>
}

// -----

// A constant that is not a splat gives its own elements.
// CHECK-LABEL: func.func @non_splat
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: vector.from_elements %[[ONE]], %arg0, %[[THREE]] : vector<3xf32>
func.func @non_splat(%a: f32) -> vector<3xf32> {
  %base = arith.constant dense<[1.0, 2.0, 3.0]> : vector<3xf32>
  %0 = vector.insert %a, %base [1] : f32 into vector<3xf32>
  return %0 : vector<3xf32>
}

// -----

// Into a vector that is not a constant: unchanged.
// CHECK-LABEL: func.func @into_value
// CHECK-NOT: vector.from_elements
// CHECK: vector.insert
// CHECK: vector.insert
func.func @into_value(%v: vector<3xf32>, %a: f32, %b: f32) -> vector<3xf32> {
  %0 = vector.insert %a, %v [0] : f32 into vector<3xf32>
  %1 = vector.insert %b, %0 [2] : f32 into vector<3xf32>
  return %1 : vector<3xf32>
}

// -----

// An insert read elsewhere too stays, and so does what it builds on; the
// inserts after it start from it, not from a constant.
// CHECK-LABEL: func.func @shared_link
// CHECK: %[[FIRST:.*]] = vector.from_elements %arg0, %{{.*}}, %{{.*}} : vector<3xf32>
// CHECK: %[[LAST:.*]] = vector.insert %arg1, %[[FIRST]] [1]
// CHECK: return %[[FIRST]], %[[LAST]]
func.func @shared_link(%a: f32, %b: f32) -> (vector<3xf32>, vector<3xf32>) {
  %zeros = arith.constant dense<0.0> : vector<3xf32>
  %0 = vector.insert %a, %zeros [0] : f32 into vector<3xf32>
  %1 = vector.insert %b, %0 [1] : f32 into vector<3xf32>
  return %0, %1 : vector<3xf32>, vector<3xf32>
}

// -----

// A named link (an adjoint the emitter declares) ends the chain: the inserts
// after it build on it.
// CHECK-LABEL: func.func @named_link
// CHECK: %[[NAMED:.*]] = vector.from_elements %arg0, %{{.*}}, %{{.*}} : vector<3xf32>
// CHECK: vector.insert %arg1, %[[NAMED]] [2]
func.func @named_link(%a: f32, %b: f32) -> vector<3xf32> {
  %zeros = arith.constant dense<0.0> : vector<3xf32>
  %0 = vector.insert %a, %zeros [0] : f32 into vector<3xf32> loc("adj_top")
  %1 = vector.insert %b, %0 [2] : f32 into vector<3xf32>
  return %1 : vector<3xf32>
}
