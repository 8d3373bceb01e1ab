// RUN: kdsl-opt %s --kdsl-expand-builtins | FileCheck %s
// The expansions fix Warp's formulas and their operation order (the C++
// prelude mirrors them): checked here op by op.

// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[A:.*]]: vector<3xf32>, %[[B:.*]]: vector<3xf32>
// CHECK-DAG: %[[A0:.*]] = vector.extract %[[A]][0]
// CHECK-DAG: %[[A1:.*]] = vector.extract %[[A]][1]
// CHECK-DAG: %[[A2:.*]] = vector.extract %[[A]][2]
// CHECK-DAG: %[[B0:.*]] = vector.extract %[[B]][0]
// CHECK-DAG: %[[B1:.*]] = vector.extract %[[B]][1]
// CHECK-DAG: %[[B2:.*]] = vector.extract %[[B]][2]
// CHECK: %[[P0:.*]] = arith.mulf %[[A0]], %[[B0]]
// CHECK: %[[P1:.*]] = arith.mulf %[[A1]], %[[B1]]
// CHECK: %[[S1:.*]] = arith.addf %[[P0]], %[[P1]]
// CHECK: %[[P2:.*]] = arith.mulf %[[A2]], %[[B2]]
// CHECK: %[[S2:.*]] = arith.addf %[[S1]], %[[P2]]
// CHECK: return %[[S2]]
// CHECK-NOT: kdsl.dot
func.func @dot(%a: vector<3xf32>, %b: vector<3xf32>) -> f32 {
  %0 = kdsl.dot %a, %b : vector<3xf32>
  return %0 : f32
}

// normalize: v / length(v) when length(v) > 0, else the zero vector.
// CHECK-LABEL: func.func @normalize(
// CHECK: %[[L:.*]] = math.sqrt
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[L]], %{{.*}} : f32
// CHECK-COUNT-3: arith.divf %{{.*}}, %[[L]] : f32
// CHECK: %[[Q:.*]] = vector.from_elements
// CHECK: arith.select %[[POS]], %[[Q]], %{{.*}} : vector<3xf32>
func.func @normalize(%a: vector<3xf32>) -> vector<3xf32> {
  %0 = kdsl.normalize %a : vector<3xf32>
  return %0 : vector<3xf32>
}

// M v: each component is a row dot product.
// CHECK-LABEL: func.func @matvec(
// CHECK-DAG: %[[M00:.*]] = vector.extract %{{.*}}[0, 0]
// CHECK-DAG: %[[M01:.*]] = vector.extract %{{.*}}[0, 1]
// CHECK-DAG: %[[V0:.*]] = vector.extract %{{.*}}[0] : f32 from vector<2xf32>
// CHECK-DAG: %[[V1:.*]] = vector.extract %{{.*}}[1] : f32 from vector<2xf32>
// CHECK: %[[X0:.*]] = arith.mulf %[[M00]], %[[V0]]
// CHECK: %[[X1:.*]] = arith.mulf %[[M01]], %[[V1]]
// CHECK: %[[R0:.*]] = arith.addf %[[X0]], %[[X1]]
// CHECK: vector.from_elements %[[R0]], %{{.*}} : vector<2xf32>
func.func @matvec(%m: vector<2x2xf32>, %v: vector<2xf32>) -> vector<2xf32> {
  %0 = kdsl.matmul %m, %v : vector<2x2xf32>, vector<2xf32> -> vector<2xf32>
  return %0 : vector<2xf32>
}

// CHECK-LABEL: func.func @det(
// CHECK-DAG: %[[A:.*]] = vector.extract %{{.*}}[0, 0]
// CHECK-DAG: %[[B:.*]] = vector.extract %{{.*}}[0, 1]
// CHECK-DAG: %[[C:.*]] = vector.extract %{{.*}}[1, 0]
// CHECK-DAG: %[[D:.*]] = vector.extract %{{.*}}[1, 1]
// CHECK: %[[AD:.*]] = arith.mulf %[[A]], %[[D]]
// CHECK: %[[BC:.*]] = arith.mulf %[[B]], %[[C]]
// CHECK: arith.subf %[[AD]], %[[BC]] : f64
func.func @det(%m: vector<2x2xf64>) -> f64 {
  %0 = kdsl.determinant %m : vector<2x2xf64>
  return %0 : f64
}

// The inverse is the zero matrix when the determinant is 0.
// CHECK-LABEL: func.func @inverse(
// CHECK: %[[DET:.*]] = arith.subf
// CHECK: arith.divf %{{.*}}, %[[DET]]
// CHECK: %[[NZ:.*]] = arith.cmpf une, %[[DET]], %{{.*}} : f32
// CHECK: arith.select %[[NZ]], %{{.*}}, %{{.*}} : vector<2x2xf32>
func.func @inverse(%m: vector<2x2xf32>) -> vector<2x2xf32> {
  %0 = kdsl.inverse %m : vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// Hamilton product: w = aw*bw - ax*bx - ay*by - az*bz.
// CHECK-LABEL: func.func @quat_mul(
// CHECK-COUNT-16: arith.mulf
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
func.func @quat_mul(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %0 = kdsl.quat_mul %a, %b : vector<4xf32>
  return %0 : vector<4xf32>
}

// A dynamic row index into a matrix becomes a select among the rows
// (convert-vector-to-llvm cannot index an array of vectors dynamically).
// CHECK-LABEL: func.func @dyn_row(
// CHECK-SAME: %[[M:.*]]: vector<2x2xf32>, %[[I:.*]]: index
// CHECK-DAG: %[[R0:.*]] = vector.extract %[[M]][0] : vector<2xf32> from vector<2x2xf32>
// CHECK-DAG: %[[R1:.*]] = vector.extract %[[M]][1] : vector<2xf32> from vector<2x2xf32>
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK: arith.select %[[EQ]], %[[R0]], %[[R1]] : vector<2xf32>
func.func @dyn_row(%m: vector<2x2xf32>, %i: index) -> vector<2xf32> {
  %0 = vector.extract %m[%i] : vector<2xf32> from vector<2x2xf32>
  return %0 : vector<2xf32>
}

// n-D vector.from_elements is rebuilt row by row.
// CHECK-LABEL: func.func @from_elements_2d(
// CHECK-NOT: vector.from_elements {{.*}} : vector<2x2xf32>
// CHECK: vector.insert %{{.*}}, %{{.*}} [0] : vector<2xf32> into vector<2x2xf32>
// CHECK: vector.insert %{{.*}}, %{{.*}} [1] : vector<2xf32> into vector<2x2xf32>
func.func @from_elements_2d(%a: f32, %b: f32) -> vector<2x2xf32> {
  %0 = vector.from_elements %a, %b, %b, %a : vector<2x2xf32>
  return %0 : vector<2x2xf32>
}
