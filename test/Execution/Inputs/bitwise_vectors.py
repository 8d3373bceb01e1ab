# Bitwise operators on integer vectors and matrices (Warp's bit_and, bit_or,
# bit_xor, lshift, rshift and invert overloads: element-wise) and the
# augmented assignments &=, |=, ^= on array elements, which Warp makes
# atomic_and / atomic_or / atomic_xor (also wp.atomic_* on vector and matrix
# arrays): bitwise_vectors.test.
import warp as wp

mat22ui = wp.types.matrix(shape=(2, 2), dtype=wp.uint32)


@wp.kernel
def ops(a: wp.array(dtype=wp.vec3ui), b: wp.array(dtype=wp.vec3ui), s: wp.array(dtype=wp.vec3i),
        out: wp.array(dtype=wp.vec3ui), sout: wp.array(dtype=wp.vec3i), mout: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i * 6 + 0] = x & y
    out[i * 6 + 1] = x | y
    out[i * 6 + 2] = x ^ y
    out[i * 6 + 3] = ~x
    out[i * 6 + 4] = x << wp.vec3ui(wp.uint32(i + 1))
    out[i * 6 + 5] = x >> wp.vec3ui(wp.uint32(2))
    sout[i * 2 + 0] = s[i] >> wp.vec3i(1)
    sout[i * 2 + 1] = ~s[i]
    m = mat22ui(x[0], x[1], y[0], y[1])
    n = mat22ui(wp.uint32(1), wp.uint32(2), wp.uint32(3), wp.uint32(4))
    r = (m & ~n) ^ (m << n)
    mout[i * 4 + 0] = r[0, 0]
    mout[i * 4 + 1] = r[0, 1]
    mout[i * 4 + 2] = r[1, 0]
    mout[i * 4 + 3] = r[1, 1]


@wp.kernel
def atomics(acc: wp.array(dtype=wp.vec3ui), wide: wp.array(dtype=wp.vec2ul), macc: wp.array(dtype=mat22ui)):
    i = wp.tid()
    bit = wp.vec3ui(wp.uint32(1)) << wp.vec3ui(wp.uint32(i))
    acc[0] |= bit
    acc[1] &= ~bit
    acc[2] ^= bit
    wp.atomic_or(acc, 3, bit << wp.vec3ui(wp.uint32(4)))
    wp.atomic_xor(acc, 4, bit)
    wp.atomic_and(acc, 5, ~bit)
    wbit = wp.vec2ul(wp.uint64(1)) << wp.vec2ul(wp.uint64(40 + i))
    wide[0] |= wbit
    mbit = mat22ui(wp.uint32(1)) << mat22ui(wp.uint32(i * 2))
    macc[0] |= mbit
    macc[1] ^= mbit
