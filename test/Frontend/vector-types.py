# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Vector, matrix and quaternion types (every precision variant), their
# constructors and component access. Vectors are vector<N x T>, matrices
# vector<R x C x T> (row-major) and quaternions vector<4 x T> (x, y, z, w).

import warp as wp


# CHECK-LABEL: kdsl.kernel @variants(
# CHECK-SAME: %a: vector<2xf32>, %b: vector<3xf32>, %c: vector<4xf32>,
# CHECK-SAME: %d: vector<2xf16>, %e: vector<3xf16>, %f: vector<4xf16>,
# CHECK-SAME: %g: vector<2xf32>, %h: vector<3xf32>, %i4: vector<4xf32>,
# CHECK-SAME: %j: vector<2xf64>, %k3: vector<3xf64>, %l: vector<4xf64>,
# CHECK-SAME: %m: vector<2xi32>, %n: vector<3xi32>, %o: vector<4xi32>,
# CHECK-SAME: %m22: vector<2x2xf32>, %m33: vector<3x3xf32>, %m44: vector<4x4xf32>,
# CHECK-SAME: %m22h: vector<2x2xf16>, %m33h: vector<3x3xf16>, %m44h: vector<4x4xf16>,
# CHECK-SAME: %m22f: vector<2x2xf32>, %m33f: vector<3x3xf32>, %m44f: vector<4x4xf32>,
# CHECK-SAME: %m22d: vector<2x2xf64>, %m33d: vector<3x3xf64>, %m44d: vector<4x4xf64>,
# CHECK-SAME: %q: vector<4xf32>, %qh: vector<4xf16>, %qf: vector<4xf32>, %qd: vector<4xf64>)
@wp.kernel
def variants(a: wp.vec2, b: wp.vec3, c: wp.vec4, d: wp.vec2h, e: wp.vec3h, f: wp.vec4h,
             g: wp.vec2f, h: wp.vec3f, i4: wp.vec4f, j: wp.vec2d, k3: wp.vec3d, l: wp.vec4d,
             m: wp.vec2i, n: wp.vec3i, o: wp.vec4i,
             m22: wp.mat22, m33: wp.mat33, m44: wp.mat44, m22h: wp.mat22h, m33h: wp.mat33h, m44h: wp.mat44h,
             m22f: wp.mat22f, m33f: wp.mat33f, m44f: wp.mat44f, m22d: wp.mat22d, m33d: wp.mat33d, m44d: wp.mat44d,
             q: wp.quat, qh: wp.quath, qf: wp.quatf, qd: wp.quatd):
    pass


# wp.vec3 and wp.vec3f are the same type: values mix without conversion.
# CHECK-LABEL: kdsl.kernel @constructors(
@wp.kernel
def constructors(v3: wp.array(dtype=wp.vec3), v2d: wp.array(dtype=wp.vec2d), v4h: wp.array(dtype=wp.vec4h),
                 v3i: wp.array(dtype=wp.vec3i), m22: wp.array(dtype=wp.mat22), m33d: wp.array(dtype=wp.mat33d),
                 q: wp.array(dtype=wp.quat), qd: wp.array(dtype=wp.quatd), g: wp.vec3f):
    i = wp.tid()
    # CHECK: %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xf32>
    # CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<3xf32>
    # CHECK: %[[SUM:.*]] = arith.addf %[[V]], %[[S]] : vector<3xf32>
    # CHECK: %[[SUM2:.*]] = arith.addf %[[SUM]], %g : vector<3xf32>
    # CHECK: kdsl.store %[[SUM2]], %v3
    v3[i] = wp.vec3(1.0, 2.0, 3.0) + wp.vec3(0.5) + g
    # Literals adapt to the constructor's element type.
    # CHECK: %[[D0:.*]] = arith.constant 1.000000e+00 : f64
    # CHECK: %[[D1:.*]] = arith.constant 2.000000e+00 : f64
    # CHECK: vector.from_elements %[[D0]], %[[D1]] : vector<2xf64>
    v2d[i] = wp.vec2d(1.0, 2.0)
    # CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
    v4h[i] = wp.vec4h(1.0, 2.0, 3.0, 4.0)
    # CHECK: %[[VI:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xi32>
    # CHECK: %[[L:.*]] = kdsl.load %v3i
    # CHECK: arith.addi %[[VI]], %[[L]] : vector<3xi32>
    v3i[i] = wp.vec3i(1, 2, 3) + v3i[i]
    # Matrices are built row-major from R*C scalars.
    # CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<2x2xf32>
    m22[i] = wp.mat22(1.0, 2.0, 3.0, 4.0)
    # CHECK: vector.from_elements {{.*}} : vector<3x3xf64>
    m33d[i] = wp.mat33d(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    # CHECK: %[[QW:.*]] = arith.constant 1.000000e+00 : f32
    # CHECK-NEXT: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %[[QW]] : vector<4xf32>
    q[i] = wp.quat(0.0, 0.0, 0.0, 1.0)
    # CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf64>
    qd[i] = wp.quatd(0.0, 0.0, 0.0, 1.0)


# CHECK-LABEL: kdsl.kernel @components(
@wp.kernel
def components(v: wp.array(dtype=wp.vec4), m: wp.mat33, q: wp.quat, out: wp.array(dtype=float), k: int):
    i = wp.tid()
    # CHECK: %[[V:.*]] = kdsl.load %v
    # CHECK: vector.extract %[[V]][0] : f32 from vector<4xf32>
    # CHECK: vector.extract %{{.*}}[1] : f32 from vector<4xf32>
    # CHECK: vector.extract %{{.*}}[2] : f32 from vector<4xf32>
    # CHECK: vector.extract %{{.*}}[3] : f32 from vector<4xf32>
    out[i] = v[i].x + v[i].y + v[i].z + v[i].w
    # A run-time component index (negative ones count from the end).
    # CHECK: %[[K:.*]] = kdsl.component_index %k, 4, "a component of a vec4f"
    # CHECK: vector.extract %{{.*}}[%[[K]]] : f32 from vector<4xf32>
    out[i] = v[i][k]
    # m[i, j] is an element, m[i] a row.
    # CHECK: vector.extract %m[1, 2] : f32 from vector<3x3xf32>
    out[i] = m[1, 2]
    # CHECK: %[[ROW:.*]] = vector.extract %m[2] : vector<3xf32> from vector<3x3xf32>
    # CHECK: vector.extract %[[ROW]][0] : f32 from vector<3xf32>
    out[i] = m[2][0]
    # q.w is the real part, the last component.
    # CHECK: vector.extract %q[3] : f32 from vector<4xf32>
    out[i] = q.w
