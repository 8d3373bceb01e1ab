// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// Warp vectors, matrices and quaternions have a fixed size, and
// !kdsl.array / !kdsl.struct already reject scalable vectors, but the op
// operand constraints (VectorOfRankAndType / VectorOfLengthAndType) accept
// them: kdsl.diag even turns a vector<[3]xf32> into a fixed 3x3 matrix and
// kdsl.matmul of two vector<[2]x2xf32> "returns" a fixed vector<2x2xf32>.
// The constraints should be the Fixed* variants.

func.func @length_scalable(%v: vector<[4]xf32>) {
  // expected-error @+1 {{kdsl.length}}
  %0 = kdsl.length %v : vector<[4]xf32>
  return
}

// -----

func.func @dot_scalable(%v: vector<[4]xi32>) {
  // expected-error @+1 {{kdsl.dot}}
  %0 = kdsl.dot %v, %v : vector<[4]xi32>
  return
}

// -----

func.func @normalize_scalable(%v: vector<[2]xf64>) {
  // expected-error @+1 {{kdsl.normalize}}
  %0 = kdsl.normalize %v : vector<[2]xf64>
  return
}

// -----

func.func @cross_scalable(%v: vector<[3]xf32>) {
  // expected-error @+1 {{kdsl.cross}}
  %0 = kdsl.cross %v, %v : vector<[3]xf32>
  return
}

// -----

func.func @diag_scalable(%v: vector<[3]xf32>) {
  // expected-error @+1 {{kdsl.diag}}
  %0 = kdsl.diag %v : vector<[3]xf32> -> vector<3x3xf32>
  return
}

// -----

func.func @determinant_scalable(%m: vector<[2]x2xf32>) {
  // expected-error @+1 {{kdsl.determinant}}
  %0 = kdsl.determinant %m : vector<[2]x2xf32>
  return
}

// -----

func.func @inverse_scalable(%m: vector<3x[3]xf64>) {
  // expected-error @+1 {{kdsl.inverse}}
  %0 = kdsl.inverse %m : vector<3x[3]xf64>
  return
}

// -----

func.func @matmul_scalable(%m: vector<[2]x2xf32>) {
  // expected-error @+1 {{kdsl.matmul}}
  %0 = kdsl.matmul %m, %m : vector<[2]x2xf32>, vector<[2]x2xf32> -> vector<2x2xf32>
  return
}

// -----

func.func @quat_mul_scalable(%q: vector<[4]xf32>) {
  // expected-error @+1 {{kdsl.quat_mul}}
  %0 = kdsl.quat_mul %q, %q : vector<[4]xf32>
  return
}

// -----

func.func @quat_rotate_scalable(%q: vector<[4]xf32>, %v: vector<[3]xf32>) {
  // expected-error @+1 {{kdsl.quat_rotate}}
  %0 = kdsl.quat_rotate %q, %v : vector<[4]xf32>, vector<[3]xf32>
  return
}

// -----

func.func @quat_to_matrix_scalable(%q: vector<[4]xf32>) {
  // expected-error @+1 {{kdsl.quat_to_matrix}}
  %0 = kdsl.quat_to_matrix %q : vector<[4]xf32> -> vector<3x3xf32>
  return
}
