# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# The MLIR types of generic vectors/matrices, transforms and spatial types:
# wp.types.vector(length, dtype) is vector<length x dtype>,
# wp.types.matrix(shape=(r, c), dtype) vector<r x c x dtype>, a transform a
# vector<7 x T> (p then q), spatial_vector vec6, spatial_matrix mat66; type
# aliases at module level work as annotations, array dtypes and
# constructors; wp.vector/wp.matrix infer length and dtype.

import warp as wp
from warp.types import vector

vec5 = wp.types.vector(length=5, dtype=float)
vec2i = vector(2, wp.int32)
mat23 = wp.types.matrix(shape=(2, 3), dtype=wp.float64)
alias = vec5
mat33ui = wp.types.matrix(shape=(3, 3), dtype=wp.uint32)
xformd = wp.types.transformation(dtype=wp.float64)


# CHECK-LABEL: kdsl.kernel @types(
# CHECK-SAME: !kdsl.array<vector<5xf32>, 1>
# CHECK-SAME: !kdsl.array<vector<2x3xf64>, 1>
# CHECK-SAME: %t: vector<7xf32>, %td: vector<7xf64>, %th: vector<7xf16>
# CHECK-SAME: %s: vector<6xf32>, %sm: vector<6x6xf64>, %g: vector<9xf32>
# CHECK-SAME: %vi: !kdsl.array<vector<2xi32>, 1>
@wp.kernel
def types(
    a: wp.array(dtype=alias),
    m: wp.array(dtype=mat23),
    t: wp.transform,
    td: wp.transformd,
    th: wp.types.transformation(dtype=wp.float16),
    s: wp.spatial_vector,
    sm: wp.spatial_matrixd,
    g: wp.types.vector(length=9, dtype=wp.float32),
    vi: wp.array(dtype=vec2i),
    v3: wp.array(dtype=wp.vec3),
    tr: wp.array(dtype=wp.transform),
    pq: wp.array(dtype=wp.vec3),
    qq: wp.array(dtype=wp.quat),
):
    i = wp.tid()
    # CHECK: vector.from_elements {{.*}} : vector<5xf32>
    x = vec5(1.0, 2.0, 3.0, 4.0, 5.0)
    a[i] = x
    # CHECK: vector.from_elements {{.*}} : vector<2xi32>
    vi[0] = vec2i(1, 2)
    # wp.vector of three float literals: a vec3f; of two ints: a vec2i.
    # CHECK: vector.from_elements {{.*}} : vector<3xf32>
    v3[i] = wp.vector(1.0, 2.0, 3.0)
    # CHECK: vector.from_elements {{.*}} : vector<2xi32>
    vi[1] = wp.vector(3, 4)
    # CHECK: vector.broadcast {{.*}} : f64 to vector<2x3xf64>
    n = wp.matrix(wp.float64(2.0), shape=(2, 3))
    m[i] = n
    # .p is a vec3, .q a quaternion.
    # CHECK: vector.from_elements {{.*}} : vector<3xf32>
    # CHECK: vector.from_elements {{.*}} : vector<4xf32>
    pq[i] = t.p
    qq[i] = t.q
    # t * t is transform_multiply.
    # CHECK: kdsl.quat_rotate
    # CHECK: kdsl.quat_mul
    tr[i] = t * t


# Integer matrices (Warp has them); alias constructors take Warp's keywords.
# CHECK-LABEL: kdsl.kernel @aliases(
# CHECK-SAME: %u: !kdsl.array<vector<3x3xi32>, 1>, %x: !kdsl.array<vector<7xf64>, 1>
@wp.kernel
def aliases(u: wp.array(dtype=mat33ui), x: wp.array(dtype=xformd), m: wp.array(dtype=mat23)):
    i = wp.tid()
    # CHECK: vector.broadcast {{.*}} : i32 to vector<3x3xi32>
    # CHECK: arith.addi {{.*}} : vector<3x3xi32>
    u[i] = u[i] + mat33ui(wp.uint32(1))
    # xformd(p, q) joins a vec3d and a quatd.
    # CHECK: vector.from_elements {{.*}} : vector<7xf64>
    x[i] = xformd(wp.vec3d(), wp.quatd(wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0)))
    m[i] = mat23(m[i], shape=(2, 3))
