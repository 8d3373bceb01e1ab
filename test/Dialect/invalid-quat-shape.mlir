// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// Kdsl_Quat and Kdsl_Vec3 are VectorOfLengthAndType<[4]> / <[3]>, which only
// count elements: any vector with 4 (or 3) elements of any rank is accepted as
// a quaternion (or 3-vector). A 2x2 matrix passes as a quaternion, a 1x3
// matrix as a 3-vector, and quat_from_axis_angle can even "return" a 2x2
// matrix. Quaternions and 3-vectors must be rank-1 vector<4xT> / vector<3xT>
// (e.g. FixedVectorOfRankAndType<[1], ...> plus the length check).

func.func @quat_inverse_matrix(%m: vector<2x2xf32>) {
  // expected-error @+1 {{kdsl.quat_inverse}}
  %0 = kdsl.quat_inverse %m : vector<2x2xf32>
  return
}

// -----

func.func @quat_inverse_rank3(%m: vector<2x1x2xf32>) {
  // expected-error @+1 {{kdsl.quat_inverse}}
  %0 = kdsl.quat_inverse %m : vector<2x1x2xf32>
  return
}

// -----

func.func @quat_mul_row(%q: vector<1x4xf32>) {
  // expected-error @+1 {{kdsl.quat_mul}}
  %0 = kdsl.quat_mul %q, %q : vector<1x4xf32>
  return
}

// -----

func.func @quat_rotate_row_vec(%q: vector<4xf32>, %v: vector<1x3xf32>) {
  // expected-error @+1 {{kdsl.quat_rotate}}
  %0 = kdsl.quat_rotate %q, %v : vector<4xf32>, vector<1x3xf32>
  return
}

// -----

func.func @quat_rotate_inv_matrix_quat(%q: vector<2x2xf64>, %v: vector<3xf64>) {
  // expected-error @+1 {{kdsl.quat_rotate_inv}}
  %0 = kdsl.quat_rotate_inv %q, %v : vector<2x2xf64>, vector<3xf64>
  return
}

// -----

func.func @quat_from_axis_angle_column_axis(%v: vector<3x1xf32>, %t: f32) {
  // expected-error @+1 {{kdsl.quat_from_axis_angle}}
  %0 = kdsl.quat_from_axis_angle %v, %t : vector<3x1xf32> -> vector<4xf32>
  return
}

// -----

func.func @quat_from_axis_angle_matrix_result(%v: vector<3xf32>, %t: f32) {
  // expected-error @+1 {{kdsl.quat_from_axis_angle}}
  %0 = kdsl.quat_from_axis_angle %v, %t : vector<3xf32> -> vector<2x2xf32>
  return
}

// -----

func.func @quat_to_matrix_matrix_input(%m: vector<2x2xf32>) {
  // expected-error @+1 {{kdsl.quat_to_matrix}}
  %0 = kdsl.quat_to_matrix %m : vector<2x2xf32> -> vector<3x3xf32>
  return
}

// -----

func.func @cross_row_vectors(%v: vector<1x3xf16>) {
  // expected-error @+1 {{kdsl.cross}}
  %0 = kdsl.cross %v, %v : vector<1x3xf16>
  return
}
