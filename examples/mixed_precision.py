# A tour of the scalar, vector, matrix and quaternion types in every
# precision: float16 (h), float32 (f, also the unsuffixed names), float64 (d)
# and int32 vectors (i); the wp.array[...] / wp.array2d[...] subscript forms;
# explicit conversions between precisions; literals adapting to the other
# operand's type.

import warp as wp

HALF_EPS = wp.constant(0.001)


@wp.kernel
def half_blend(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.float16), t: wp.float16, out: wp.array(dtype=wp.float16), out32: wp.array(dtype=wp.float32)):
    """float16 arithmetic; the literal 1.0 adapts to float16."""
    i = wp.tid()
    x = a[i] * (1.0 - t) + b[i] * t
    out[i] = x
    out32[i] = wp.float32(x)


@wp.kernel
def half_geometry(
    v2: wp.array(dtype=wp.vec2h),
    v3: wp.array(dtype=wp.vec3h),
    v4: wp.array(dtype=wp.vec4h),
    m2: wp.array(dtype=wp.mat22h),
    m3: wp.array(dtype=wp.mat33h),
    m4: wp.array(dtype=wp.mat44h),
    q: wp.array(dtype=wp.quath),
    lengths: wp.array(dtype=wp.float16),
):
    i = wp.tid()
    a = m2[i] * v2[i]
    b = wp.quat_rotate(q[i], m3[i] * v3[i])
    c = m4[i] * v4[i]
    lengths[i] = wp.length(a) + wp.length(b) + wp.length(c) + wp.float16(HALF_EPS)


@wp.kernel
def double_geometry(
    p: wp.array(dtype=wp.vec3d),
    m2: wp.array(dtype=wp.mat22d),
    m3: wp.array(dtype=wp.mat33d),
    m4: wp.array(dtype=wp.mat44d),
    axis_angle: wp.array(dtype=wp.vec4d),
    out3: wp.array(dtype=wp.vec3d),
    out2: wp.array(dtype=wp.vec2d),
):
    i = wp.tid()
    aa = axis_angle[i]
    q = wp.quat_from_axis_angle(wp.normalize(wp.vec3d(aa.x, aa.y, aa.z)), aa.w)
    identity = wp.quatd(0.0, 0.0, 0.0, 1.0)
    r = q * identity
    x = m3[i] * wp.quat_rotate(r, p[i])
    h = m4[i] * wp.vec4d(x.x, x.y, x.z, 1.0)
    out3[i] = wp.vec3d(h.x, h.y, h.z) * (1.0 / h.w)
    out2[i] = m2[i] * wp.vec2d(x.x, x.y)


@wp.kernel
def float32_aliases(
    a2: wp.array(dtype=wp.vec2f),
    a3: wp.array(dtype=wp.vec3f),
    a4: wp.array(dtype=wp.vec4f),
    m2: wp.array(dtype=wp.mat22f),
    m3: wp.array(dtype=wp.mat33f),
    m4: wp.array(dtype=wp.mat44f),
    q: wp.array(dtype=wp.quatf),
    out3: wp.array(dtype=wp.vec3),
    out_q: wp.array(dtype=wp.quat),
):
    """vec3f is vec3, mat33f is mat33, quatf is quat: values flow between them freely."""
    i = wp.tid()
    s = wp.dot(m2[i] * a2[i], a2[i]) + wp.dot(m4[i] * a4[i], a4[i])
    v = m3[i] * a3[i] * s
    out3[i] = v
    out_q[i] = q[i]


@wp.kernel
def narrow_and_widen(
    f64: wp.array(dtype=wp.float64),
    f32: wp.array(dtype=float),
    f16: wp.array(dtype=wp.float16),
    i32: wp.array(dtype=wp.int32),
    i64: wp.array(dtype=wp.int64),
    u16: wp.array(dtype=wp.uint16),
    i8: wp.array(dtype=wp.int8),
):
    i = wp.tid()
    d = f64[i]
    f32[i] = wp.float32(d)
    f16[i] = wp.float16(d)
    n = wp.int32(wp.floor(d))
    i32[i] = n
    i64[i] = wp.int64(n) * wp.int64(1000000)
    u16[i] = wp.uint16(wp.clamp(n, 0, 65535))
    i8[i] = wp.int8(wp.clamp(n, -128, 127))


@wp.func
def grid_index(c: wp.vec3i, dims: wp.vec3i):
    return (c.x * dims.y + c.y) * dims.z + c.z


@wp.kernel
def integer_vectors(dims: wp.vec3i, cells: wp.array(dtype=wp.vec3i), flat: wp.array(dtype=int), corner: wp.array(dtype=wp.vec2i), rgba: wp.array(dtype=wp.vec4i)):
    i = wp.tid()
    c = cells[i]
    flat[i] = grid_index(c, dims)
    corner[i] = wp.vec2i(c.x, c.y)
    rgba[i] = wp.vec4i(c.x % 256, c.y % 256, c.z % 256, 255)


@wp.kernel
def image_ops(src: wp.array2d[wp.vec3], weights: wp.array[float], dst: wp.array2d(dtype=wp.vec3), use_weights: bool):
    y, x = wp.tid()
    c = src[y, x]
    if use_weights:
        c = c * weights[y]
    dst[y, x] = c


@wp.kernel
def flags_and_bools(values: wp.array(dtype=float), flags: wp.array(dtype=wp.bool), count: wp.array(dtype=wp.int32)):
    i = wp.tid()
    positive = values[i] > 0.0
    flags[i] = positive
    if flags[i] and bool(values[i]):
        wp.atomic_add(count, 0, wp.int32(1))


if __name__ == "__main__":
    wp.init()
