"""Independent reference for examples/mixed_precision.py (see Inputs/wpref.py).

float16 arithmetic follows docs/language.md 9.8: every operation is computed
in float32 and rounded to float16 (F16 in wpref.py).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import (ArrT, BOOL, F16, F32, F64, I8, I32, I64, Kernel, U16,  # noqa: E402
                   main, wp)

HALF_EPS = 0.001


def half_blend(i, a, b, t, out, out32):
    x = a[i] * (1.0 - t) + b[i] * t
    out[i] = x
    out32[i] = F32(x)


def half_geometry(i, v2, v3, v4, m2, m3, m4, q, lengths):
    a = m2[i] * v2[i]
    b = wp.quat_rotate(q[i], m3[i] * v3[i])
    c = m4[i] * v4[i]
    lengths[i] = wp.length(a) + wp.length(b) + wp.length(c) + F16(HALF_EPS)


def double_geometry(i, p, m2, m3, m4, axis_angle, out3, out2):
    aa = axis_angle[i]
    q = wp.quat_from_axis_angle(wp.normalize(wp.vec3d(aa.x, aa.y, aa.z)), aa.w)
    identity = wp.quatd(0.0, 0.0, 0.0, 1.0)
    r = q * identity
    x = m3[i] * wp.quat_rotate(r, p[i])
    h = m4[i] * wp.vec4d(x.x, x.y, x.z, 1.0)
    out3[i] = wp.vec3d(h.x, h.y, h.z) * (F64(1.0) / h.w)
    out2[i] = m2[i] * wp.vec2d(x.x, x.y)


def float32_aliases(i, a2, a3, a4, m2, m3, m4, q, out3, out_q):
    s = wp.dot(m2[i] * a2[i], a2[i]) + wp.dot(m4[i] * a4[i], a4[i])
    v = m3[i] * a3[i] * s
    out3[i] = v
    out_q[i] = q[i]


def narrow_and_widen(i, f64, f32, f16, i32, i64, u16, i8):
    d = f64[i]
    f32[i] = F32(d)
    f16[i] = F16(d)
    n = I32(wp.floor(d))
    i32[i] = n
    i64[i] = I64(n) * I64(1000000)
    u16[i] = U16(wp.clamp(n, 0, 65535))
    i8[i] = I8(wp.clamp(n, -128, 127))


def grid_index(c, dims):
    return (c.x * dims.y + c.y) * dims.z + c.z


def integer_vectors(i, dims, cells, flat, corner, rgba):
    c = cells[i]
    flat[i] = grid_index(c, dims)
    corner[i] = wp.vec2i(c.x, c.y)
    rgba[i] = wp.vec4i(c.x % 256, c.y % 256, c.z % 256, 255)


def image_ops(tid, src, weights, dst, use_weights):
    y, x = tid
    c = src[y, x]
    if use_weights:
        c = c * weights[y]
    dst[y, x] = c


def flags_and_bools(i, values, flags, count):
    positive = values[i] > 0.0
    flags[i] = positive
    if flags[i] and BOOL(values[i]):
        wp.atomic_add(count, 0, I32(1))


A = ArrT
KERNELS = {
    "half_blend": Kernel(half_blend, [("a", A(F16)), ("b", A(F16)), ("t", F16), ("out", A(F16)), ("out32", A(F32))]),
    "half_geometry": Kernel(half_geometry, [("v2", A(wp.vec2h)), ("v3", A(wp.vec3h)), ("v4", A(wp.vec4h)),
                                            ("m2", A(wp.mat22h)), ("m3", A(wp.mat33h)), ("m4", A(wp.mat44h)),
                                            ("q", A(wp.quath)), ("lengths", A(F16))]),
    "double_geometry": Kernel(double_geometry, [("p", A(wp.vec3d)), ("m2", A(wp.mat22d)), ("m3", A(wp.mat33d)),
                                                ("m4", A(wp.mat44d)), ("axis_angle", A(wp.vec4d)),
                                                ("out3", A(wp.vec3d)), ("out2", A(wp.vec2d))]),
    "float32_aliases": Kernel(float32_aliases, [("a2", A(wp.vec2f)), ("a3", A(wp.vec3f)), ("a4", A(wp.vec4f)),
                                                ("m2", A(wp.mat22f)), ("m3", A(wp.mat33f)), ("m4", A(wp.mat44f)),
                                                ("q", A(wp.quatf)), ("out3", A(wp.vec3)), ("out_q", A(wp.quat))]),
    "narrow_and_widen": Kernel(narrow_and_widen, [("f64", A(F64)), ("f32", A(F32)), ("f16", A(F16)),
                                                  ("i32", A(I32)), ("i64", A(I64)), ("u16", A(U16)), ("i8", A(I8))]),
    "integer_vectors": Kernel(integer_vectors, [("dims", wp.vec3i), ("cells", A(wp.vec3i)), ("flat", A(I32)),
                                                ("corner", A(wp.vec2i)), ("rgba", A(wp.vec4i))]),
    "image_ops": Kernel(image_ops, [("src", A(wp.vec3, 2)), ("weights", A(F32)), ("dst", A(wp.vec3, 2)),
                                    ("use_weights", BOOL)], ndim=2),
    "flags_and_bools": Kernel(flags_and_bools, [("values", A(F32)), ("flags", A(BOOL)), ("count", A(I32))]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
