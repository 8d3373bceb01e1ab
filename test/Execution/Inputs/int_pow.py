# Integer ** on every integer type (docs/language.md 7.2): wrapping like *,
# x ** 0 == 1, a negative (signed) exponent gives 0 except for the bases 1
# and -1, and an unsigned exponent is never negative (int_pow.test,
# Target/ptx-int-pow.test).
import warp as wp


@wp.kernel
def pow_signed(a8: wp.array(dtype=wp.int8), b8: wp.array(dtype=wp.int8), o8: wp.array(dtype=wp.int8),
               a16: wp.array(dtype=wp.int16), b16: wp.array(dtype=wp.int16), o16: wp.array(dtype=wp.int16),
               a32: wp.array(dtype=wp.int32), b32: wp.array(dtype=wp.int32), o32: wp.array(dtype=wp.int32),
               a64: wp.array(dtype=wp.int64), b64: wp.array(dtype=wp.int64), o64: wp.array(dtype=wp.int64)):
    i = wp.tid()
    o8[i] = a8[i] ** b8[i]
    o16[i] = a16[i] ** b16[i]
    o32[i] = a32[i] ** b32[i]
    o64[i] = a64[i] ** b64[i]


@wp.kernel
def pow_unsigned(a8: wp.array(dtype=wp.uint8), b8: wp.array(dtype=wp.uint8), o8: wp.array(dtype=wp.uint8),
                 a16: wp.array(dtype=wp.uint16), b16: wp.array(dtype=wp.uint16), o16: wp.array(dtype=wp.uint16),
                 a32: wp.array(dtype=wp.uint32), b32: wp.array(dtype=wp.uint32), o32: wp.array(dtype=wp.uint32),
                 a64: wp.array(dtype=wp.uint64), b64: wp.array(dtype=wp.uint64), o64: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    o8[i] = a8[i] ** b8[i]
    o16[i] = a16[i] ** b16[i]
    o32[i] = a32[i] ** b32[i]
    o64[i] = a64[i] ** b64[i]


@wp.kernel
def pow_const(a: wp.array(dtype=wp.int32), b: wp.array(dtype=wp.uint8), out: wp.array(dtype=wp.int32),
              uout: wp.array(dtype=wp.uint8)):
    i = wp.tid()
    x = a[i]
    out[i] = x ** 3 + x ** 0 + x ** -1
    uout[i] = b[i] ** wp.uint8(130)
