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

// cross: (a1*b2 - a2*b1, a2*b0 - a0*b2, a0*b1 - a1*b0).
// CHECK-LABEL: func.func @cross(
// CHECK-SAME: %[[A:.*]]: vector<3xf32>, %[[B:.*]]: vector<3xf32>
// CHECK-DAG: %[[A0:.*]] = vector.extract %[[A]][0]
// CHECK-DAG: %[[A1:.*]] = vector.extract %[[A]][1]
// CHECK-DAG: %[[A2:.*]] = vector.extract %[[A]][2]
// CHECK-DAG: %[[B0:.*]] = vector.extract %[[B]][0]
// CHECK-DAG: %[[B1:.*]] = vector.extract %[[B]][1]
// CHECK-DAG: %[[B2:.*]] = vector.extract %[[B]][2]
// CHECK: %[[T0:.*]] = arith.mulf %[[A1]], %[[B2]]
// CHECK: %[[T1:.*]] = arith.mulf %[[A2]], %[[B1]]
// CHECK: %[[X:.*]] = arith.subf %[[T0]], %[[T1]]
// CHECK: %[[T2:.*]] = arith.mulf %[[A2]], %[[B0]]
// CHECK: %[[T3:.*]] = arith.mulf %[[A0]], %[[B2]]
// CHECK: %[[Y:.*]] = arith.subf %[[T2]], %[[T3]]
// CHECK: %[[T4:.*]] = arith.mulf %[[A0]], %[[B1]]
// CHECK: %[[T5:.*]] = arith.mulf %[[A1]], %[[B0]]
// CHECK: %[[Z:.*]] = arith.subf %[[T4]], %[[T5]]
// CHECK: %[[R:.*]] = vector.from_elements %[[X]], %[[Y]], %[[Z]] : vector<3xf32>
// CHECK: return %[[R]]
func.func @cross(%a: vector<3xf32>, %b: vector<3xf32>) -> vector<3xf32> {
  %0 = kdsl.cross %a, %b : vector<3xf32>
  return %0 : vector<3xf32>
}

// length = sqrt(dot(v, v)); length_sq = dot(v, v); integer vectors use muli/addi.
// CHECK-LABEL: func.func @length(
// CHECK: %[[S:.*]] = arith.addf
// CHECK: %[[L:.*]] = math.sqrt %[[S]] : f64
// CHECK: return %[[L]]
func.func @length(%a: vector<2xf64>) -> f64 {
  %0 = kdsl.length %a : vector<2xf64>
  return %0 : f64
}
// CHECK-LABEL: func.func @length_sq(
// CHECK-COUNT-2: arith.mulf
// CHECK: %[[S:.*]] = arith.addf
// CHECK-NOT: math.sqrt
// CHECK: return %[[S]]
func.func @length_sq(%a: vector<2xf32>) -> f32 {
  %0 = kdsl.length_sq %a : vector<2xf32>
  return %0 : f32
}
// CHECK-LABEL: func.func @dot_int(
// CHECK: %[[P0:.*]] = arith.muli
// CHECK: %[[P1:.*]] = arith.muli
// CHECK: %[[S:.*]] = arith.addi %[[P0]], %[[P1]] : i32
// CHECK: return %[[S]]
func.func @dot_int(%a: vector<2xi32>, %b: vector<2xi32>) -> i32 {
  %0 = kdsl.dot %a, %b : vector<2xi32>
  return %0 : i32
}

// v M: r_j = v0*m0j + v1*m1j.
// CHECK-LABEL: func.func @vecmat(
// CHECK-SAME: %[[V:.*]]: vector<2xf32>, %[[M:.*]]: vector<2x2xf32>
// CHECK-DAG: %[[V0:.*]] = vector.extract %[[V]][0] : f32 from vector<2xf32>
// CHECK-DAG: %[[V1:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
// CHECK-DAG: %[[M00:.*]] = vector.extract %[[M]][0, 0]
// CHECK-DAG: %[[M10:.*]] = vector.extract %[[M]][1, 0]
// CHECK: %[[X0:.*]] = arith.mulf %[[V0]], %[[M00]]
// CHECK: %[[X1:.*]] = arith.mulf %[[V1]], %[[M10]]
// CHECK: %[[R0:.*]] = arith.addf %[[X0]], %[[X1]]
// CHECK: vector.from_elements %[[R0]], %{{.*}} : vector<2xf32>
func.func @vecmat(%v: vector<2xf32>, %m: vector<2x2xf32>) -> vector<2xf32> {
  %0 = kdsl.matmul %v, %m : vector<2xf32>, vector<2x2xf32> -> vector<2xf32>
  return %0 : vector<2xf32>
}

// M N: rows of row-by-column dot products, inserted into a matrix.
// CHECK-LABEL: func.func @matmat(
// CHECK-COUNT-8: arith.mulf
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK: %[[I0:.*]] = vector.insert %{{.*}}, %[[Z]] [0] : vector<2xf32> into vector<2x2xf32>
// CHECK: %[[I1:.*]] = vector.insert %{{.*}}, %[[I0]] [1] : vector<2xf32> into vector<2x2xf32>
// CHECK: return %[[I1]]
func.func @matmat(%m: vector<2x2xf32>, %n: vector<2x2xf32>) -> vector<2x2xf32> {
  %0 = kdsl.matmul %m, %n : vector<2x2xf32>, vector<2x2xf32> -> vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// trace = m00 + m11 + m22, left to right.
// CHECK-LABEL: func.func @trace(
// CHECK-DAG: %[[M00:.*]] = vector.extract %{{.*}}[0, 0]
// CHECK-DAG: %[[M11:.*]] = vector.extract %{{.*}}[1, 1]
// CHECK-DAG: %[[M22:.*]] = vector.extract %{{.*}}[2, 2]
// CHECK: %[[S:.*]] = arith.addf %[[M00]], %[[M11]]
// CHECK: %[[T:.*]] = arith.addf %[[S]], %[[M22]]
// CHECK: return %[[T]]
func.func @trace(%m: vector<3x3xf32>) -> f32 {
  %0 = kdsl.trace %m : vector<3x3xf32>
  return %0 : f32
}

// diag: rows (v0, 0) and (0, v1).
// CHECK-LABEL: func.func @diag(
// CHECK-SAME: %[[V:.*]]: vector<2xf32>
// CHECK-DAG: %[[V0:.*]] = vector.extract %[[V]][0]
// CHECK-DAG: %[[V1:.*]] = vector.extract %[[V]][1]
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[R0:.*]] = vector.from_elements %[[V0]], %[[Z]] : vector<2xf32>
// CHECK: %[[R1:.*]] = vector.from_elements %[[Z]], %[[V1]] : vector<2xf32>
// CHECK: vector.insert %[[R0]], %{{.*}} [0]
// CHECK: vector.insert %[[R1]], %{{.*}} [1]
func.func @diag(%v: vector<2xf32>) -> vector<2x2xf32> {
  %0 = kdsl.diag %v : vector<2xf32> -> vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// quat_inverse: the conjugate (-x, -y, -z, w).
// CHECK-LABEL: func.func @quat_inverse(
// CHECK-SAME: %[[Q:.*]]: vector<4xf32>
// CHECK-DAG: %[[W:.*]] = vector.extract %[[Q]][3]
// CHECK: %[[NX:.*]] = arith.negf
// CHECK: %[[NY:.*]] = arith.negf
// CHECK: %[[NZ:.*]] = arith.negf
// CHECK: vector.from_elements %[[NX]], %[[NY]], %[[NZ]], %[[W]] : vector<4xf32>
func.func @quat_inverse(%q: vector<4xf32>) -> vector<4xf32> {
  %0 = kdsl.quat_inverse %q : vector<4xf32>
  return %0 : vector<4xf32>
}

// quat_rotate: v*(2w^2 - 1) + cross(q.xyz, v)*(2w) + q.xyz*(2 dot(q.xyz, v));
// quat_rotate_inv subtracts the cross term instead.
// CHECK-LABEL: func.func @quat_rotate(
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[WW:.*]] = arith.mulf %[[W:.*]], %[[W]]
// CHECK: %[[WW2:.*]] = arith.mulf %[[WW]], %[[TWO]]
// CHECK: %[[C0:.*]] = arith.subf %[[WW2]], %[[ONE]]
// CHECK: %[[C1:.*]] = arith.mulf %[[W]], %[[TWO]]
// CHECK: %[[T0:.*]] = arith.mulf %{{.*}}, %[[C0]]
// CHECK: %[[T1:.*]] = arith.mulf %{{.*}}, %[[C1]]
// CHECK: %[[T2:.*]] = arith.mulf %{{.*}}, %[[C2:.*]]
// CHECK: %[[S:.*]] = arith.addf %[[T0]], %[[T1]]
// CHECK: arith.addf %[[S]], %[[T2]]
// CHECK-LABEL: func.func @quat_rotate_inv(
// CHECK: %[[C0:.*]] = arith.subf %{{.*}}, %{{.*}} : f32
// CHECK: %[[T0:.*]] = arith.mulf %{{.*}}, %[[C0]]
// CHECK: %[[T1:.*]] = arith.mulf
// CHECK: %[[T2:.*]] = arith.mulf
// CHECK: %[[S:.*]] = arith.subf %[[T0]], %[[T1]]
// CHECK: arith.addf %[[S]], %[[T2]]
func.func @quat_rotate(%q: vector<4xf32>, %v: vector<3xf32>) -> vector<3xf32> {
  %0 = kdsl.quat_rotate %q, %v : vector<4xf32>, vector<3xf32>
  return %0 : vector<3xf32>
}
func.func @quat_rotate_inv(%q: vector<4xf32>, %v: vector<3xf32>) -> vector<3xf32> {
  %0 = kdsl.quat_rotate_inv %q, %v : vector<4xf32>, vector<3xf32>
  return %0 : vector<3xf32>
}

// quat_from_axis_angle: (axis * sin(t/2), cos(t/2)), with t/2 as t * 0.5.
// CHECK-LABEL: func.func @quat_from_axis_angle(
// CHECK-SAME: %[[AX:.*]]: vector<3xf32>, %[[T:.*]]: f32
// CHECK: %[[H:.*]] = arith.mulf %[[T]], %{{.*}} : f32
// CHECK: %[[S:.*]] = math.sin %[[H]]
// CHECK: %[[C:.*]] = math.cos %[[H]]
// CHECK: %[[X:.*]] = arith.mulf %{{.*}}, %[[S]]
// CHECK: %[[Y:.*]] = arith.mulf %{{.*}}, %[[S]]
// CHECK: %[[Z:.*]] = arith.mulf %{{.*}}, %[[S]]
// CHECK: vector.from_elements %[[X]], %[[Y]], %[[Z]], %[[C]] : vector<4xf32>
func.func @quat_from_axis_angle(%ax: vector<3xf32>, %t: f32) -> vector<4xf32> {
  %0 = kdsl.quat_from_axis_angle %ax, %t : vector<3xf32> -> vector<4xf32>
  return %0 : vector<4xf32>
}

// quat_to_matrix: three rotations of the basis vectors, as columns.
// CHECK-LABEL: func.func @quat_to_matrix(
// CHECK-NOT: kdsl.quat_to_matrix
// CHECK: vector.insert %{{.*}}, %{{.*}} [2] : vector<3xf32> into vector<3x3xf32>
func.func @quat_to_matrix(%q: vector<4xf32>) -> vector<3x3xf32> {
  %0 = kdsl.quat_to_matrix %q : vector<4xf32> -> vector<3x3xf32>
  return %0 : vector<3x3xf32>
}

// transpose: row j of the result is column j.
// CHECK-LABEL: func.func @transpose(
// CHECK-DAG: %[[M01:.*]] = vector.extract %{{.*}}[0, 1]
// CHECK-DAG: %[[M11:.*]] = vector.extract %{{.*}}[1, 1]
// CHECK-DAG: %[[M21:.*]] = vector.extract %{{.*}}[2, 1]
// CHECK: %[[R1:.*]] = vector.from_elements %[[M01]], %[[M11]], %[[M21]] : vector<3xf32>
// CHECK: vector.insert %[[R1]], %{{.*}} [1] : vector<3xf32> into vector<2x3xf32>
// CHECK-NOT: vector.transpose
func.func @transpose(%m: vector<3x2xf32>) -> vector<2x3xf32> {
  %0 = vector.transpose %m, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

// outer(a, b)_ij = a_i * b_j.
// CHECK-LABEL: func.func @outer(
// CHECK-SAME: %[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<2xf32>
// CHECK-DAG: %[[A1:.*]] = vector.extract %[[A]][1]
// CHECK-DAG: %[[B0:.*]] = vector.extract %[[B]][0]
// CHECK: arith.mulf %[[A1]], %[[B0]]
// CHECK-NOT: vector.outerproduct
func.func @outer(%a: vector<2xf32>, %b: vector<2xf32>) -> vector<2x2xf32> {
  %0 = vector.outerproduct %a, %b : vector<2xf32>, vector<2xf32>
  return %0 : vector<2x2xf32>
}

// A scalar broadcast to a matrix: one broadcast row, inserted per row.
// CHECK-LABEL: func.func @broadcast_mat(
// CHECK-SAME: %[[S:.*]]: f32
// CHECK-NOT: vector.broadcast %[[S]] : f32 to vector<2x3xf32>
// CHECK: %[[ROW:.*]] = vector.broadcast %[[S]] : f32 to vector<3xf32>
// CHECK-NOT: vector.broadcast %[[S]] : f32 to vector<2x3xf32>
// CHECK: vector.insert %[[ROW]], %{{.*}} [0]
// CHECK: vector.insert %[[ROW]], %{{.*}} [1]
func.func @broadcast_mat(%s: f32) -> vector<2x3xf32> {
  %0 = vector.broadcast %s : f32 to vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

// shape_cast between a matrix and its flat row-major vector, both ways.
// CHECK-LABEL: func.func @shape_casts(
// CHECK-SAME: %[[F:.*]]: vector<4xf32>
// CHECK-DAG: %[[F2:.*]] = vector.extract %[[F]][2]
// CHECK-DAG: %[[F3:.*]] = vector.extract %[[F]][3]
// CHECK: %[[R1:.*]] = vector.from_elements %[[F2]], %[[F3]] : vector<2xf32>
// CHECK: %[[M:.*]] = vector.insert %[[R1]], %{{.*}} [1] : vector<2xf32> into vector<2x2xf32>
// CHECK-DAG: %[[M10:.*]] = vector.extract %[[M]][1, 0]
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %[[M10]], %{{.*}} : vector<4xf32>
// CHECK-NOT: vector.shape_cast
func.func @shape_casts(%f: vector<4xf32>) -> vector<4xf32> {
  %m = vector.shape_cast %f : vector<4xf32> to vector<2x2xf32>
  %g = vector.shape_cast %m : vector<2x2xf32> to vector<4xf32>
  return %g : vector<4xf32>
}

// A dynamic row written into a matrix: each row selects the new or the old one.
// CHECK-LABEL: func.func @dyn_insert(
// CHECK-SAME: %[[M:.*]]: vector<2x2xf32>, %[[R:.*]]: vector<2xf32>, %[[I:.*]]: index
// CHECK: %[[OLD0:.*]] = vector.extract %[[M]][0] : vector<2xf32> from vector<2x2xf32>
// CHECK: %[[EQ0:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK: %[[N0:.*]] = arith.select %[[EQ0]], %[[R]], %[[OLD0]] : vector<2xf32>
// CHECK: %[[OLD1:.*]] = vector.extract %[[M]][1] : vector<2xf32> from vector<2x2xf32>
// CHECK: %[[EQ1:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK: %[[N1:.*]] = arith.select %[[EQ1]], %[[R]], %[[OLD1]] : vector<2xf32>
// CHECK: vector.insert %[[N0]], %{{.*}} [0]
// CHECK: vector.insert %[[N1]], %{{.*}} [1]
func.func @dyn_insert(%m: vector<2x2xf32>, %r: vector<2xf32>, %i: index) -> vector<2x2xf32> {
  %0 = vector.insert %r, %m[%i] : vector<2xf32> into vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// Already-expanded forms stay: 1-D from_elements, static matrix positions.
// CHECK-LABEL: func.func @legal_forms(
// CHECK: vector.extract %{{.*}}[1] : vector<2xf32> from vector<2x2xf32>
// CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
func.func @legal_forms(%m: vector<2x2xf32>, %a: f32) -> (vector<2xf32>, vector<2xf32>) {
  %0 = vector.extract %m[1] : vector<2xf32> from vector<2x2xf32>
  %1 = vector.from_elements %a, %a : vector<2xf32>
  return %0, %1 : vector<2xf32>, vector<2xf32>
}
