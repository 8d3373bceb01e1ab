# Kernel of builtin_rules.test: the builtins whose adjoints autodiff writes
# in vector form (lib/Autodiff/ReverseExpanded.cpp): normalize (vec2, vec3,
# quaternion), quat_rotate, quat_rotate_inv (also through transform_point /
# transform_vector), quat_to_matrix, quat_from_axis_angle, diag, trace,
# inverse (2x2, 3x3) and determinant (2x2, 3x3); a spatial vector only half
# of which is read, and a transform without translation (adjoints known to be
# zero are skipped). The quaternions are not of
# unit length (the rules are the derivatives of Warp's formulas for any q),
# and every operand is active.
import warp as wp


@wp.kernel
def builtin_rules(q_in: wp.array(dtype=wp.quatd), v_in: wp.array(dtype=wp.vec3d), m_in: wp.array(dtype=wp.mat33d),
                  a_in: wp.array(dtype=wp.vec2d), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    q = q_in[i]
    v = v_in[i]
    a = a_in[i]
    r = wp.quat_rotate(q, v)
    s = wp.quat_rotate_inv(q, r * 0.5 + v)
    out[i, 0] = r[0] * 1.5 + r[1] - r[2] * r[0] + s[0] * s[2] - s[1]
    X = wp.transformd(v * 0.25, q)
    p = wp.transform_point(X, s)
    d = wp.transform_vector(X, r)
    out[i, 1] = p[0] - p[1] * p[2] + d[2] * 0.75 - d[0] * d[1]
    n = wp.normalize(v)
    nq = wp.normalize(q)
    n2 = wp.normalize(a)
    out[i, 2] = n[0] * 2.0 - n[1] * n[2] + nq[3] * nq[0] - nq[1] + n2[1] * n[0] + n2[0]
    R = wp.quat_to_matrix(q)
    out[i, 3] = R[0, 1] * 2.0 + R[1, 2] * R[2, 0] - R[1, 0] + R[2, 2] * R[0, 0] + R[2, 1] * R[1, 1] + R[0, 2]
    qa = wp.quat_from_axis_angle(v, q[3] + a[0])
    out[i, 4] = qa[0] * qa[3] + qa[1] * 1.5 - qa[2] * qa[2] + qa[3]
    M = m_in[i]
    D = wp.diag(v * a[1])
    t = wp.trace(M * D)
    Mi = wp.inverse(M + D)
    out[i, 5] = t * t + Mi[0, 1] - Mi[2, 0] * Mi[1, 1] + Mi[1, 2] * 0.5 + wp.determinant(M - D)
    A = wp.mat22d(a[0], a[1], v[2], a[0] * v[1])
    Ai = wp.inverse(A)
    out[i, 6] = wp.determinant(A) * Ai[0, 1] + Ai[1, 0] - Ai[1, 1] * Ai[0, 0] + D[1, 1] * D[2, 2]
    # Only the top half of the twist is read: its bottom half gets no adjoint.
    tw = wp.transform_twist(X, wp.spatial_vectord(v, r))
    out[i, 7] = wp.length(wp.spatial_top(tw)) * a[1]
    # A transform without translation: quat_rotate of a zero vector.
    Y = X * wp.transformd(wp.vec3d(), qa)
    out[i, 8] = Y[0] * Y[3] - Y[1] + Y[2] * 0.5 + Y[4] * Y[6] + Y[5]
