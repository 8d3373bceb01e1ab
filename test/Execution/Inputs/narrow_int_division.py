# Integer /, // and % on int8 and int16 (and their unsigned types) as Warp's
# C++ computes them: the operands are promoted to int, divided, and the
# result truncated back, so int8(-128) / int8(-1) is -128 and the remainder
# 0 (narrow_int_division.test). Also element-wise on an int8 vector.
import warp as wp

vec3b = wp.types.vector(length=3, dtype=wp.int8)


@wp.kernel
def div8(a: wp.array(dtype=wp.int8), b: wp.array(dtype=wp.int8),
         q: wp.array(dtype=wp.int8), f: wp.array(dtype=wp.int8), r: wp.array(dtype=wp.int8)):
    i = wp.tid()
    q[i] = a[i] / b[i]
    f[i] = a[i] // b[i]
    r[i] = a[i] % b[i]


@wp.kernel
def div16(a: wp.array(dtype=wp.int16), b: wp.array(dtype=wp.int16),
          q: wp.array(dtype=wp.int16), r: wp.array(dtype=wp.int16)):
    i = wp.tid()
    x = a[i]
    x /= b[i]
    q[i] = x
    r[i] = wp.mod(a[i], b[i])


@wp.kernel
def divu(a: wp.array(dtype=wp.uint8), b: wp.array(dtype=wp.uint8), c: wp.array(dtype=wp.uint16),
         d: wp.array(dtype=wp.uint16), q8: wp.array(dtype=wp.uint8), r8: wp.array(dtype=wp.uint8),
         q16: wp.array(dtype=wp.uint16), r16: wp.array(dtype=wp.uint16)):
    i = wp.tid()
    q8[i] = a[i] / b[i]
    r8[i] = a[i] % b[i]
    q16[i] = c[i] // d[i]
    r16[i] = c[i] % d[i]


@wp.kernel
def div8_vec(a: wp.array(dtype=wp.int8), b: wp.array(dtype=wp.int8), out: wp.array2d(dtype=wp.int8)):
    i = wp.tid()
    v = vec3b(a[i], a[i], b[i])
    s = v / b[i]
    c = wp.cw_div(v, vec3b(b[i], wp.int8(1), b[i]))
    for k in range(3):
        out[i, k] = s[k]
        out[i, 3 + k] = c[k]
