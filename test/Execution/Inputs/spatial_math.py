# Kernels of spatial_math.test: generic-length vectors and matrices
# (wp.types.vector / wp.types.matrix, wp.vector / wp.matrix), transforms and
# spatial math, in float64 so that finite differences check every gradient.
import warp as wp

vec5d = wp.types.vector(length=5, dtype=wp.float64)
mat23d = wp.types.matrix(shape=(2, 3), dtype=wp.float64)
xform = wp.transformd


@wp.func
def weigh(v: vec5d, k: wp.float64) -> vec5d:
    return v * k


@wp.kernel
def generic(
    v: wp.array(dtype=vec5d),
    m: wp.array(dtype=wp.types.matrix(shape=(2, 3), dtype=wp.float64)),
    x: wp.array(dtype=wp.vec3d),
    vout: wp.array(dtype=vec5d),
    mout: wp.array(dtype=mat23d),
    mv: wp.array(dtype=wp.vec2d),
    sout: wp.array(dtype=wp.float64),
):
    i = wp.tid()
    a: vec5d = weigh(v[i], wp.float64(2.0))
    b = vec5d(wp.float64(1.0), wp.float64(-2.0), wp.float64(3.0), wp.float64(0.5), wp.float64(4.0))
    c = wp.vector(a[4], a[3], a[2], a[1], a[0])
    h = wp.vector(wp.float64(0.25), length=5)
    vout[i] = a + wp.cw_mul(b, c) + h + wp.vector(length=5, dtype=wp.float64)
    mi = m[i]
    mm = wp.matrix(mi[0, 0], mi[1, 1], mi[0, 2], mi[1, 0], mi[0, 1], mi[1, 2], shape=(2, 3))
    mout[i] = mat23d(mm * wp.float64(3.0), shape=(2, 3)) + wp.matrix(wp.float64(1.0), shape=(2, 3))
    mv[i] = mi * x[i]
    sout[i] = wp.dot(a, b) + wp.length(c) + a[4] * c[0]


@wp.kernel
def transforms(
    ta: wp.array(dtype=wp.transformd),
    tb: wp.array(dtype=xform),
    pts: wp.array(dtype=wp.vec3d),
    m44: wp.array(dtype=wp.mat44d),
    mul: wp.array(dtype=wp.transformd),
    star: wp.array(dtype=wp.transformd),
    inv: wp.array(dtype=wp.transformd),
    point: wp.array(dtype=wp.vec3d),
    vector: wp.array(dtype=wp.vec3d),
    mpoint: wp.array(dtype=wp.vec3d),
    mvector: wp.array(dtype=wp.vec3d),
    built: wp.array(dtype=wp.transformd),
    parts: wp.array(dtype=wp.transformd),
    setp: wp.array(dtype=wp.transformd),
    elem: wp.array(dtype=wp.transformd),
    tomat: wp.array(dtype=wp.mat44d),
    compose: wp.array(dtype=wp.mat44d),
):
    i = wp.tid()
    a = ta[i]
    b = tb[i]
    mul[i] = wp.transform_multiply(a, b)
    star[i] = wp.transform_identity(dtype=wp.float64) * b * a
    inv[i] = wp.transform_inverse(a)
    point[i] = wp.transform_point(a, pts[i])
    vector[i] = wp.transform_vector(b, pts[i])
    mpoint[i] = wp.transform_point(m44[i], pts[i])
    mvector[i] = wp.transform_vector(m44[i], pts[i])
    p = wp.transform_get_translation(b)
    q = wp.transform_get_rotation(a)
    built[i] = wp.transformation(p, q, dtype=wp.float64) + wp.transformd(pts[i]) * wp.float64(0.5)
    parts[i] = xform(a.p * wp.float64(2.0) + b.p, b.q) - wp.transformd()
    # .p / .q as assignment targets, of a local and of an array element.
    c = wp.transformd()
    c.p = pts[i]
    c.q = b.q
    c.p += a.p
    setp[i] = c
    elem[i].q = a.q
    tomat[i] = wp.transform_to_matrix(a)
    compose[i] = wp.transform_compose(pts[i], b.q, a.p)


@wp.kernel
def spatial(
    sa: wp.array(dtype=wp.spatial_vectord),
    sb: wp.array(dtype=wp.spatial_vectord),
    r: wp.array(dtype=wp.mat33d),
    s: wp.array(dtype=wp.mat33d),
    dot: wp.array(dtype=wp.float64),
    cross: wp.array(dtype=wp.spatial_vectord),
    dual: wp.array(dtype=wp.spatial_vectord),
    top: wp.array(dtype=wp.vec3d),
    bottom: wp.array(dtype=wp.vec3d),
    adj: wp.array(dtype=wp.spatial_matrixd),
    swapped: wp.array(dtype=wp.spatial_vectord),
    tx: wp.array(dtype=wp.transformd),
    twist: wp.array(dtype=wp.spatial_vectord),
    wrench: wp.array(dtype=wp.spatial_vectord),
):
    i = wp.tid()
    a = sa[i]
    b = sb[i]
    dot[i] = wp.spatial_dot(a, b)
    cross[i] = wp.spatial_cross(a, b)
    dual[i] = wp.spatial_cross_dual(a, b)
    top[i] = wp.spatial_top(a)
    bottom[i] = wp.spatial_bottom(b)
    adj[i] = wp.spatial_adjoint(r[i], s[i])
    swapped[i] = wp.spatial_vector(wp.spatial_bottom(a), wp.spatial_top(b)) + wp.spatial_vectord()
    twist[i] = wp.transform_twist(tx[i], a)
    wrench[i] = wp.transform_wrench(tx[i], b)
