# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Matrix and quaternion builtins and operators (docs/language.md sections
# 7.5, 8.4 and 8.5).

import warp as wp


# CHECK-LABEL: func.func private @matrices(
# CHECK-SAME: %[[M:[^:]*]]: vector<3x3xf32>, %[[N:[^:]*]]: vector<3x3xf32>, %[[V:[^:]*]]: vector<3xf32>, %[[D:[^:]*]]: vector<2x2xf64>, %[[S:[^:]*]]: f32
@wp.func
def matrices(m: wp.mat33, n: wp.mat33, v: wp.vec3, d: wp.mat22d, s: float):
    # wp.identity is a constant.
    # CHECK-DAG: arith.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : vector<3x3xf32>
    # CHECK-DAG: arith.constant dense<{{.*}}> : vector<4x4xf64>
    i3 = wp.identity(n=3, dtype=float)
    i4 = wp.identity(n=4, dtype=wp.float64)
    # CHECK: vector.transpose %[[M]], [1, 0] : vector<3x3xf32> to vector<3x3xf32>
    r0 = wp.transpose(m)
    # CHECK: kdsl.determinant %[[M]] : vector<3x3xf32>
    r1 = wp.determinant(m)
    # CHECK: kdsl.inverse %[[M]] : vector<3x3xf32>
    r2 = wp.inverse(m)
    # CHECK: kdsl.trace %[[M]] : vector<3x3xf32>
    r3 = wp.trace(m)
    # CHECK: kdsl.diag %[[V]] : vector<3xf32> -> vector<3x3xf32>
    r4 = wp.diag(v)
    # m * n, m * v and v * m are kdsl.matmul.
    # CHECK: kdsl.matmul %[[M]], %[[N]] : vector<3x3xf32>, vector<3x3xf32> -> vector<3x3xf32>
    r5 = m * n
    # CHECK: kdsl.matmul %[[M]], %[[V]] : vector<3x3xf32>, vector<3xf32> -> vector<3xf32>
    r6 = m * v
    # CHECK: kdsl.matmul %[[V]], %[[M]] : vector<3xf32>, vector<3x3xf32> -> vector<3xf32>
    r7 = v * m
    # CHECK: arith.addf %[[M]], %[[N]] : vector<3x3xf32>
    r8 = m + n
    # CHECK: %[[SM:.*]] = vector.broadcast %[[S]] : f32 to vector<3x3xf32>
    # CHECK: arith.mulf %[[M]], %[[SM]] : vector<3x3xf32>
    r9 = m * s
    # CHECK: %[[SM2:.*]] = vector.broadcast %[[S]] : f32 to vector<3x3xf32>
    # CHECK: arith.divf %[[M]], %[[SM2]] : vector<3x3xf32>
    r10 = m / s
    # CHECK: arith.negf %[[M]] : vector<3x3xf32>
    r11 = -m
    # CHECK: kdsl.inverse %[[D]] : vector<2x2xf64>
    r12 = wp.inverse(d)
    # CHECK: kdsl.determinant %[[D]] : vector<2x2xf64>
    r13 = wp.determinant(d)
    # len() of a matrix is its number of rows.
    # CHECK: arith.constant 3 : i32
    r14 = len(m)
    # CHECK: %[[AM:.*]] = math.absf %[[M]] : vector<3x3xf32>
    # CHECK: %[[FM:.*]] = arith.cmpf olt, %[[AM]], %{{.*}} : vector<3x3xf32>
    # CHECK: %[[FLAT:.*]] = vector.shape_cast %[[FM]] : vector<3x3xi1> to vector<9xi1>
    # CHECK: vector.reduction <and>, %[[FLAT]] : vector<9xi1> into i1
    r15 = wp.isfinite(m)
    return i3, i4, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15


# CHECK-LABEL: func.func private @quaternions(
# CHECK-SAME: %[[Q:[^:]*]]: vector<4xf32>, %[[R:[^:]*]]: vector<4xf32>, %[[V:[^:]*]]: vector<3xf32>, %[[A:[^:]*]]: f32, %[[QD:[^:]*]]: vector<4xf64>
@wp.func
def quaternions(q: wp.quat, r: wp.quat, v: wp.vec3, a: float, qd: wp.quatd):
    # quat_identity() is (0, 0, 0, 1).
    # CHECK-DAG: arith.constant dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00]> : vector<4xf32>
    # CHECK-DAG: arith.constant dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00]> : vector<4xf64>
    r0 = wp.quat_identity()
    r1 = wp.quat_identity(dtype=wp.float64)
    # CHECK: kdsl.quat_from_axis_angle %[[V]], %[[A]] : vector<3xf32> -> vector<4xf32>
    r2 = wp.quat_from_axis_angle(v, a)
    # CHECK: kdsl.quat_inverse %[[Q]] : vector<4xf32>
    r3 = wp.quat_inverse(q)
    # CHECK: kdsl.quat_rotate %[[Q]], %[[V]] : vector<4xf32>, vector<3xf32>
    r4 = wp.quat_rotate(q, v)
    # CHECK: kdsl.quat_rotate_inv %[[Q]], %[[V]] : vector<4xf32>, vector<3xf32>
    r5 = wp.quat_rotate_inv(q, v)
    # CHECK: kdsl.quat_to_matrix %[[Q]] : vector<4xf32> -> vector<3x3xf32>
    r6 = wp.quat_to_matrix(q)
    # q * r is the Hamilton product; + - and scaling are component-wise.
    # CHECK: kdsl.quat_mul %[[Q]], %[[R]] : vector<4xf32>
    r7 = q * r
    # CHECK: arith.addf %[[Q]], %[[R]] : vector<4xf32>
    r8 = q + r
    # CHECK: %[[AV:.*]] = vector.broadcast %[[A]] : f32 to vector<4xf32>
    # CHECK: arith.mulf %[[Q]], %[[AV]] : vector<4xf32>
    r9 = q * a
    # CHECK: kdsl.length %[[Q]] : vector<4xf32>
    r10 = wp.length(q)
    # CHECK: kdsl.normalize %[[Q]] : vector<4xf32>
    r11 = wp.normalize(q)
    # CHECK: kdsl.dot %[[Q]], %[[R]] : vector<4xf32>
    r12 = wp.dot(q, r)
    # CHECK: kdsl.length_sq %[[QD]] : vector<4xf64>
    r13 = wp.length_sq(qd)
    # CHECK: vector.extract %[[Q]][3] : f32 from vector<4xf32>
    r14 = q.w
    return r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14
