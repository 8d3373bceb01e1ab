# Warp 1.16's remaining core builtins (BuiltinsMisc.h, Prelude/dense.py):
# kernels of warp_misc.test, checked against warp_misc_ref.py.
import warp as wp


@wp.struct
class Pun:
    f: wp.float16
    i: wp.int16


@wp.kernel
def xforms(
    t: wp.array(dtype=wp.transformd),
    p: wp.array(dtype=wp.vec3d),
    q: wp.array(dtype=wp.quatd),
    set_out: wp.array(dtype=wp.transformd),
    copy_out: wp.array(dtype=wp.transformd),
    quat_out: wp.array(dtype=wp.quatd),
):
    i = wp.tid()
    x = t[i]
    wp.transform_set_translation(x, p[i])
    if p[i][0] > 0.0:
        wp.transform_set_rotation(xform=x, q=q[i])
    set_out[i] = x
    y = wp.transform_set_translation_copy(t[i], p[i] * wp.float64(2.0))
    copy_out[i] = wp.transform_set_rotation_copy(y, q[i] * wp.float64(3.0)) + t[i]
    v = wp.vec3d(p[i][2], p[i][1], p[i][0])
    quat_out[i] = (
        wp.quaternion(v, q[i][3])
        + wp.quaternion(q[i][1], q[i][0], p[i][1], p[i][2]) * wp.float64(2.0)
        + wp.quaternion(dtype=wp.float64)
        + wp.quaternion(q[i])
    )


@wp.kernel
def divs(
    a: wp.array(dtype=wp.float64),
    v: wp.array(dtype=wp.vec3d),
    m: wp.array(dtype=wp.mat22d),
    q: wp.array(dtype=wp.quatd),
    s_out: wp.array(dtype=wp.float64),
    v_out: wp.array(dtype=wp.vec3d),
    m_out: wp.array(dtype=wp.mat22d),
    q_out: wp.array(dtype=wp.quatd),
):
    i = wp.tid()
    s_out[i] = wp.div_approx(a[i], 2.5) + wp.div_approx(wp.float64(1.0), a[i])
    v_out[i] = wp.div_approx(v[i], a[i]) + wp.div_approx(a[i], v[i])
    m_out[i] = wp.div_approx(m[i], a[i]) + wp.div_approx(a[i], m[i])
    q_out[i] = wp.div_approx(q[i], a[i]) + wp.div_approx(a[i], q[i])


@wp.kernel
def divs32(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.div_approx(a[i], b[i])


@wp.kernel
def casts(
    f: wp.array(dtype=float),
    n: wp.array(dtype=wp.int32),
    d: wp.array(dtype=wp.float64),
    bits: wp.array(dtype=wp.int32),
    floats: wp.array(dtype=float),
    halves: wp.array(dtype=wp.vec2i),
    vbits: wp.array(dtype=wp.vec3i),
    pun: wp.array(dtype=wp.int32),
    words: wp.array(dtype=wp.uint32),
):
    i = wp.tid()
    bits[i] = wp.cast(f[i], wp.int32)
    floats[i] = wp.cast(n[i], dtype=wp.float32)
    halves[i] = wp.cast(d[i], wp.vec2i)
    vbits[i] = wp.cast(wp.vec3(f[i], -f[i], 0.5), wp.vec3i)
    s = Pun()
    s.f = wp.float16(2.0)
    s.i = wp.int16(123 + i)
    pun[i] = wp.cast(s, wp.int32)
    words[i] = wp.cast(n[i], wp.uint32)


@wp.kernel
def utility(v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3), dims: wp.array(dtype=wp.int32)):
    i = wp.tid()
    w = wp.copy(v[i])
    w[0] = 7.0
    out[i] = w + v[i] * wp.copy(2.0)
    wp.breakpoint()
    dims[i] = wp.block_dim()


@wp.kernel
def dense(
    n: int,
    t1: int,
    t2: int,
    A: wp.array(dtype=float),
    B: wp.array(dtype=float),
    C: wp.array(dtype=float),
    S: wp.array(dtype=float),
    L: wp.array(dtype=float),
    b: wp.array(dtype=float),
    x: wp.array(dtype=float),
    y: wp.array(dtype=float),
):
    wp.dense_gemm(n, n, n, t1, t2, A, B, C)
    wp.dense_chol(n, S, 0.5, L)
    wp.dense_subs(n, L, b, x)
    wp.dense_solve(n, S, L, b, y)


@wp.kernel
def gemm64(
    m: int,
    n: int,
    p: int,
    t1: int,
    t2: int,
    A: wp.array(dtype=wp.float64),
    B: wp.array(dtype=wp.float64),
    C: wp.array(dtype=wp.float64),
    loss: wp.array(dtype=wp.float64),
):
    wp.dense_gemm(m, n, p, t1, t2, A, B, C)
    for k in range(m * n):
        loss[0] += C[k] * C[k]


@wp.kernel
def solve64(
    n: int,
    A: wp.array(dtype=wp.float64),
    L: wp.array(dtype=wp.float64),
    b: wp.array(dtype=wp.float64),
    x: wp.array(dtype=wp.float64),
    w: wp.array(dtype=wp.float64),
    loss: wp.array(dtype=wp.float64),
):
    wp.dense_chol(n, A, wp.float64(0.0), L)
    wp.dense_solve(n, A, L, b, x)
    for k in range(n):
        loss[0] += w[k] * x[k] * x[k]


@wp.kernel
def articulation(
    S: wp.array(dtype=wp.spatial_vectord),
    parents: wp.array(dtype=int),
    qd_start: wp.array(dtype=int),
    I_s: wp.array(dtype=wp.spatial_matrixd),
    J: wp.array(dtype=wp.float64),
    M: wp.array(dtype=wp.float64),
):
    # Two articulations (tid 0: joints 0..2, a chain; tid 1: joint 3, a root),
    # written at offsets 0 and 72 (J) and 0 and 324 (M).
    i = wp.tid()
    if i == 0:
        wp.spatial_jacobian(S, parents, qd_start, 0, 3, 0, J)
        wp.spatial_mass(I_s, 0, 3, 0, M)
    else:
        wp.spatial_jacobian(S, parents, qd_start, 3, 1, 72, J)
        wp.spatial_mass(I_s, 3, 1, 324, M)


@wp.kernel
def articulation32(
    S: wp.array(dtype=wp.spatial_vector),
    parents: wp.array(dtype=int),
    qd_start: wp.array(dtype=int),
    I_s: wp.array(dtype=wp.spatial_matrix),
    J: wp.array(dtype=float),
    M: wp.array(dtype=float),
):
    wp.spatial_jacobian(S, parents, qd_start, 0, 3, 0, J)
    wp.spatial_mass(I_s, 0, 3, 0, M)


@wp.kernel
def helpers(
    qd: wp.array(dtype=wp.spatial_vectord),
    r: wp.array(dtype=wp.vec3d),
    q: wp.array(dtype=wp.quatd),
    e: wp.array(dtype=wp.vec3d),
    vel: wp.array(dtype=wp.vec3d),
    twist: wp.array(dtype=wp.quatd),
    angles: wp.array(dtype=wp.vec2d),
    rpy: wp.array(dtype=wp.vec3d),
    from_euler: wp.array(dtype=wp.quatd),
    norms: wp.array(dtype=wp.vec4d),
    smooth: wp.array(dtype=wp.vec3d),
    euler: wp.array(dtype=wp.vec3d),
    euler_p: wp.array(dtype=wp.vec3d),
):
    i = wp.tid()
    vel[i] = wp.velocity_at_point(qd[i], r[i])
    axis = wp.normalize(r[i])
    qn = wp.normalize(q[i])
    twist[i] = wp.quat_twist(axis, qn)
    angles[i] = wp.vec2d(wp.quat_twist_angle(axis, qn), wp.quat_twist_angle_signed(axis, qn))
    rpy[i] = wp.quat_to_rpy(qn)
    from_euler[i] = wp.quat_from_euler(e[i], i % 3, (i + 1) % 3, (i + 2) % 3)
    v = e[i]
    norms[i] = wp.vec4d(wp.norm_l1(v), wp.norm_l2(v), wp.norm_huber(v), wp.norm_pseudo_huber(v, delta=0.5))
    smooth[i] = wp.smooth_normalize(v) + wp.smooth_normalize(v, 2.0)
    euler[i] = wp.quat_to_euler(qn, i % 3, (i + 1) % 3, (i + 2) % 3)
    euler_p[i] = wp.quat_to_euler(qn, (i + 1) % 3, i % 3, (i + 1) % 3)


@wp.kernel
def helpers32(
    q: wp.array(dtype=wp.quat),
    e: wp.array(dtype=wp.vec3),
    rpy: wp.array(dtype=wp.vec3),
    from_euler: wp.array(dtype=wp.quat),
    norms: wp.array(dtype=wp.vec4),
    smooth: wp.array(dtype=wp.vec3),
    euler: wp.array(dtype=wp.vec3),
):
    i = wp.tid()
    qn = wp.normalize(q[i])
    rpy[i] = wp.quat_to_rpy(qn)
    euler[i] = wp.quat_to_euler(qn, 2, 0, 1)
    from_euler[i] = wp.quat_from_euler(e[i], 2, 1, 0)
    v = e[i]
    norms[i] = wp.vec4(wp.norm_l1(v), wp.norm_l2(v), wp.norm_huber(v, 0.25), wp.norm_pseudo_huber(v))
    smooth[i] = wp.smooth_normalize(v)


@wp.kernel
def decompose(
    m: wp.array(dtype=wp.mat44d),
    pos: wp.array(dtype=wp.vec3d),
    rot: wp.array(dtype=wp.mat33d),
    scale: wp.array(dtype=wp.vec3d),
    tpos: wp.array(dtype=wp.vec3d),
    trot: wp.array(dtype=wp.mat33d),
):
    # Rotations as matrices: a quaternion and its negative are one rotation.
    i = wp.tid()
    p, q, s = wp.transform_decompose(m[i])
    pos[i] = p
    rot[i] = wp.quat_to_matrix(q)
    scale[i] = s
    t = wp.transform_from_matrix(m[i] * wp.diag(wp.vec4d(1.0 / s[0], 1.0 / s[1], 1.0 / s[2], wp.float64(1.0))))
    tpos[i] = t.p
    trot[i] = wp.quat_to_matrix(t.q)
