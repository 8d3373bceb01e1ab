# Vector, matrix and quaternion builtins in float64, for finite-difference
# gradient checks (vector_builtins.test).
import warp as wp


@wp.kernel
def vec_builtins(v: wp.array(dtype=wp.vec3d), w: wp.array(dtype=wp.vec3d), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    a = v[i]
    b = w[i]
    out[i, 0] = wp.dot(a, b) + wp.length(a) * wp.length_sq(b)
    c = wp.cross(a, b)
    out[i, 1] = c[0] + 2.0 * c[1] - c.z
    n = wp.normalize(a)
    out[i, 2] = n.x * 3.0 + n.y - n.z * 0.5
    m = wp.outer(a, b)
    out[i, 3] = m[0, 1] + m[2, 0] * 2.0 + wp.trace(m)
    cw = wp.cw_mul(a, b) + wp.cw_div(a, b)
    out[i, 4] = cw[0] + cw[1] * cw[2]
    s = a * 2.0 - b / 3.0 + wp.vec3d(a[2], b[0], 1.0)
    out[i, 5] = s[0] * s[1] + s[2]
    out[i, 6] = wp.max(a) + wp.min(b)


@wp.kernel
def mat_builtins(m: wp.array(dtype=wp.mat33d), v: wp.array(dtype=wp.vec3d), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    A = m[i]
    x = v[i]
    out[i, 0] = wp.determinant(A)
    B = wp.inverse(A)
    out[i, 1] = B[0, 0] + B[1, 2] * 2.0 - B[2, 1]
    y = wp.transpose(A) * x
    out[i, 2] = y[0] + y[1] * y[2]
    d = wp.diag(x)
    out[i, 3] = wp.trace(d * A) + wp.determinant(A + wp.identity(n=3, dtype=wp.float64))
    out[i, 4] = wp.dot(A[1], x) + A[2, 2] * x[0]
    C = A * 0.5 + wp.mat33d(x[0], 0.0, 0.0, 0.0, x[1], 0.0, 0.0, 0.0, x[2])
    out[i, 5] = wp.determinant(C * C)


@wp.kernel
def quat_builtins(axis: wp.array(dtype=wp.vec3d), angle: wp.array(dtype=wp.float64),
                  v: wp.array(dtype=wp.vec3d), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    q = wp.quat_from_axis_angle(wp.normalize(axis[i]), angle[i])
    x = v[i]
    r = wp.quat_rotate(q, x)
    s = wp.quat_rotate_inv(q, x)
    out[i, 0] = r[0] + 2.0 * r[1] - r[2]
    out[i, 1] = s[0] * s[1] + s[2]
    qi = wp.quat_inverse(q)
    out[i, 2] = qi[0] + qi[1] * qi[3]
    R = wp.quat_to_matrix(q)
    out[i, 3] = R[0, 1] + R[2, 0] * R[1, 1]
    p = q * qi + q
    out[i, 4] = p[0] + p[1] + p[2] * p[3]
