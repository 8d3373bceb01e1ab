# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Result types of the linear algebra builtins beyond linalg_builtins.test:
# matrix_from_rows/cols of a number of vectors other than their length,
# quat_from_matrix of a 4x4 matrix (its upper-left 3x3 block), argmin's
# uint32, ddot on integer matrices.

import warp as wp


@wp.kernel
def k(a: wp.vec3, b: wp.vec3, m: wp.mat44, n: wp.array(dtype=wp.vec2i),
      out: wp.array(dtype=float), q: wp.array(dtype=wp.quat), u: wp.array(dtype=wp.uint32)):
    # CHECK: vector.from_elements {{.*}} : vector<2x3xf32>
    r = wp.matrix_from_rows(a, b)
    # CHECK: vector.from_elements {{.*}} : vector<3x2xf32>
    c = wp.matrix_from_cols(a, b)
    out[0] = r[1, 2] + c[2, 1]
    # CHECK: kdsl.normalize {{.*}} : vector<4xf32>
    q[0] = wp.quat_from_matrix(m)
    # CHECK: arith.select {{.*}} : i32
    u[0] = wp.argmin(a)
    v = n[0]
    mi = wp.outer(wp.vec2(1.0, 2.0), wp.vec2(3.0, 4.0))
    # CHECK: arith.muli
    out[1] = float(wp.ddot(wp.matrix_from_rows(v, v), wp.matrix_from_rows(v, v))) + wp.ddot(mi, mi)
