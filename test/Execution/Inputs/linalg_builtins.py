# Linear algebra, quaternion and geometry builtins (linalg_builtins.test):
# ddot, skew, get_diag, matrix_from_rows/cols, inverse_approx, quat_rpy,
# quat_slerp, quat_from_matrix, quat_to_axis_angle (both forms) in float64
# with gradients; closest_point_edge_edge in float32; argmin, argmax and
# lower_bound (no derivatives).
import warp as wp


@wp.kernel
def linalg_f64(A: wp.array(dtype=wp.mat33d), B: wp.array(dtype=wp.mat33d),
               v: wp.array(dtype=wp.vec3d), u: wp.array(dtype=wp.vec3d),
               q0: wp.array(dtype=wp.quatd), q1: wp.array(dtype=wp.quatd),
               t: wp.array(dtype=wp.float64), rpy: wp.array(dtype=wp.vec3d),
               dd: wp.array(dtype=wp.float64), sk: wp.array(dtype=wp.mat33d),
               gd: wp.array(dtype=wp.vec3d), mr: wp.array(dtype=wp.mat33d),
               mc: wp.array(dtype=wp.mat33d), inv: wp.array(dtype=wp.mat33d),
               qr: wp.array(dtype=wp.quatd), sl: wp.array(dtype=wp.quatd),
               fm: wp.array(dtype=wp.quatd), ax: wp.array(dtype=wp.vec3d),
               an: wp.array(dtype=wp.float64), ax2: wp.array(dtype=wp.vec3d),
               an2: wp.array(dtype=wp.float64)):
    i = wp.tid()
    dd[i] = wp.ddot(A[i], B[i])
    sk[i] = wp.skew(v[i])
    gd[i] = wp.get_diag(A[i])
    mr[i] = wp.matrix_from_rows(v[i], u[i], v[i] + u[i])
    mc[i] = wp.matrix_from_cols(v[i], u[i], v[i] - u[i])
    inv[i] = wp.inverse_approx(A[i])
    r = rpy[i]
    qr[i] = wp.quat_rpy(r[0], r[1], r[2])
    sl[i] = wp.quat_slerp(q0[i], q1[i], t[i])
    fm[i] = wp.quat_from_matrix(B[i])
    axis, angle = wp.quat_to_axis_angle(q0[i])
    ax[i] = axis
    an[i] = angle
    axis2 = wp.vec3d()
    angle2 = wp.float64(0.0)
    if i >= 0:
        wp.quat_to_axis_angle(q1[i], axis2, angle2)
    ax2[i] = axis2
    an2[i] = angle2


@wp.kernel
def edge_edge(p1: wp.array(dtype=wp.vec3), q1: wp.array(dtype=wp.vec3),
              p2: wp.array(dtype=wp.vec3), q2: wp.array(dtype=wp.vec3),
              st: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    st[i] = wp.closest_point_edge_edge(p1[i], q1[i], p2[i], q2[i], 1.0e-3)


@wp.kernel
def search(fv: wp.array(dtype=wp.vec4), iv: wp.array(dtype=wp.vec3i),
           sorted_f: wp.array(dtype=float), sorted_i: wp.array(dtype=wp.int32),
           keys: wp.array(dtype=float),
           amin: wp.array(dtype=wp.uint32), amax: wp.array(dtype=wp.uint32),
           imin: wp.array(dtype=wp.uint32), imax: wp.array(dtype=wp.uint32),
           lb: wp.array(dtype=int), lb_range: wp.array(dtype=int), lb_int: wp.array(dtype=int)):
    i = wp.tid()
    amin[i] = wp.argmin(fv[i])
    amax[i] = wp.argmax(fv[i])
    imin[i] = wp.argmin(iv[i])
    imax[i] = wp.argmax(iv[i])
    lb[i] = wp.lower_bound(sorted_f, keys[i])
    lb_range[i] = wp.lower_bound(sorted_f, 2, 6, keys[i])
    lb_int[i] = wp.lower_bound(sorted_i, wp.int32(keys[i]))


@wp.kernel
def decompositions(A: wp.array(dtype=wp.mat33d), A2: wp.array(dtype=wp.mat22d), S: wp.array(dtype=wp.mat33d),
                   U: wp.array(dtype=wp.mat33d), sigma: wp.array(dtype=wp.vec3d), V: wp.array(dtype=wp.mat33d),
                   U2: wp.array(dtype=wp.mat22d), sigma2: wp.array(dtype=wp.vec2d), V2: wp.array(dtype=wp.mat22d),
                   Q: wp.array(dtype=wp.mat33d), R: wp.array(dtype=wp.mat33d),
                   E: wp.array(dtype=wp.mat33d), d: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    u, s, v = wp.svd3(A[i])
    U[i] = u
    sigma[i] = s
    V[i] = v
    u2 = wp.mat22d()
    s2 = wp.vec2d()
    v2 = wp.mat22d()
    wp.svd2(A2[i], u2, s2, v2)
    U2[i] = u2
    sigma2[i] = s2
    V2[i] = v2
    q = wp.mat33d()
    r = wp.mat33d()
    wp.qr3(A[i], q, r)
    Q[i] = q
    R[i] = r
    e, ev = wp.eig3(S[i])
    E[i] = e
    d[i] = ev


@wp.kernel
def decompositions_f32(A: wp.array(dtype=wp.mat33), S: wp.array(dtype=wp.mat33),
                       U: wp.array(dtype=wp.mat33), sigma: wp.array(dtype=wp.vec3), V: wp.array(dtype=wp.mat33),
                       E: wp.array(dtype=wp.mat33), d: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    u = wp.mat33()
    s = wp.vec3()
    v = wp.mat33()
    wp.svd3(A[i], u, s, v)
    U[i] = u
    sigma[i] = s
    V[i] = v
    e = wp.mat33()
    ev = wp.vec3()
    wp.eig3(S[i], e, ev)
    E[i] = e
    d[i] = ev


@wp.kernel
def svd_in_loop(A: wp.array(dtype=wp.mat33), out: wp.array(dtype=wp.vec3), n: int):
    # Output arguments assigned in a loop and a branch are carried out of them.
    i = wp.tid()
    U = wp.mat33()
    s = wp.vec3()
    V = wp.mat33()
    acc = wp.vec3()
    for j in range(n):
        wp.svd3(A[i] * float(j + 1), U, s, V)
        acc += s
    if n > 3:
        wp.svd3(A[i], U, s, V)
    out[i] = acc + s


@wp.kernel
def tri_tri(v0: wp.array(dtype=wp.vec3), v1: wp.array(dtype=wp.vec3), v2: wp.array(dtype=wp.vec3),
            u0: wp.array(dtype=wp.vec3), u1: wp.array(dtype=wp.vec3), u2: wp.array(dtype=wp.vec3),
            w0: wp.array(dtype=wp.vec3d), w1: wp.array(dtype=wp.vec3d), w2: wp.array(dtype=wp.vec3d),
            x0: wp.array(dtype=wp.vec3d), x1: wp.array(dtype=wp.vec3d), x2: wp.array(dtype=wp.vec3d),
            hit: wp.array(dtype=int), hit64: wp.array(dtype=int)):
    i = wp.tid()
    hit[i] = wp.intersect_tri_tri(v0[i], v1[i], v2[i], u0[i], u1[i], u2[i])
    hit64[i] = wp.intersect_tri_tri(w0[i], w1[i], w2[i], x0[i], x1[i], x2[i])
