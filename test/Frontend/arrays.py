# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Arrays of 1 to 4 dimensions in every annotation spelling, element loads and
# stores, a.shape[d] and len(a).

import warp as wp


# CHECK-LABEL: kdsl.kernel @spellings(
# CHECK-SAME: %a1: !kdsl.array<f32, 1>, %a1b: !kdsl.array<f32, 1>,
# CHECK-SAME: %a2: !kdsl.array<f32, 2>, %a2b: !kdsl.array<i32, 2>, %a2c: !kdsl.array<f32, 2>,
# CHECK-SAME: %a3: !kdsl.array<f32, 3>, %a3b: !kdsl.array<f32, 3>,
# CHECK-SAME: %a4: !kdsl.array<vector<3xf32>, 4>, %a4b: !kdsl.array<f32, 4>,
# CHECK-SAME: %m: !kdsl.array<vector<3x3xf64>, 1>, %q: !kdsl.array<vector<4xf16>, 2>)
@wp.kernel
def spellings(a1: wp.array(dtype=float), a1b: wp.array[float],
              a2: wp.array2d(dtype=float), a2b: wp.array2d[int], a2c: wp.array(dtype=float, ndim=2),
              a3: wp.array(dtype=float, ndim=3), a3b: wp.array3d(dtype=float),
              a4: wp.array(dtype=wp.vec3, ndim=4), a4b: wp.array4d(dtype=float),
              m: wp.array(dtype=wp.mat33d), q: wp.array2d(dtype=wp.quath)):
    pass


# CHECK-LABEL: kdsl.kernel @access(
@wp.kernel
def access(a1: wp.array(dtype=float), a2: wp.array2d(dtype=float), a3: wp.array3d(dtype=float),
           a4: wp.array4d(dtype=float), v4: wp.array(dtype=wp.vec3, ndim=4), n2: wp.array2d(dtype=int)):
    # CHECK: %[[I:.*]], %[[J:.*]], %[[K:.*]], %[[L:.*]] = kdsl.tid : i32, i32, i32, i32
    i, j, k, l = wp.tid()
    # CHECK: %[[X:.*]] = kdsl.load %a2[%[[I]], %[[J]]] : <f32, 2>
    # CHECK: kdsl.store %[[X]], %a1[%[[I]]] : <f32, 1>
    a1[i] = a2[i, j]
    # CHECK: %[[Y:.*]] = kdsl.load %a4[%[[I]], %[[J]], %[[K]], %[[L]]] : <f32, 4>
    # CHECK: kdsl.store %[[Y]], %a3[%[[I]], %[[J]], %[[K]]] : <f32, 3>
    a3[i, j, k] = a4[i, j, k, l]
    # An element of a vector array, then a component of it.
    # CHECK: %[[V:.*]] = kdsl.load %v4[%[[I]], %[[J]], %[[K]], %[[L]]] : <vector<3xf32>, 4>
    # CHECK: %[[VZ:.*]] = vector.extract %[[V]][2]
    # CHECK: kdsl.store %[[VZ]], %a4[%[[I]], %[[J]], %[[K]], %[[L]]]
    a4[i, j, k, l] = v4[i, j, k, l].z
    # Indices are arbitrary int expressions.
    # CHECK: %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : i32
    # CHECK: kdsl.load %a1[%[[I1]]]
    a1[i] = a1[i + 1]
    # CHECK: %[[S0:.*]] = kdsl.shape %n2[0] : <i32, 2>
    # CHECK: %[[S1:.*]] = kdsl.shape %n2[1] : <i32, 2>
    # CHECK: %[[P:.*]] = arith.muli %[[S0]], %[[S1]] : i32
    # CHECK: kdsl.store %[[P]], %n2[%[[I]], %[[J]]]
    n2[i, j] = n2.shape[0] * n2.shape[1]
    # len(a) is a.shape[0].
    # CHECK: %[[LEN:.*]] = kdsl.shape %a3[0] : <f32, 3>
    # CHECK: kdsl.store %[[LEN]], %n2
    n2[i, j] = len(a3)
    # CHECK: kdsl.shape %a4[3] : <f32, 4>
    n2[i, j] = a4.shape[3]
