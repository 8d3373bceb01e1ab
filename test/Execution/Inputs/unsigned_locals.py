# Unsigned locals (uint32 hashing, uint8/uint16/uint64) used by unsigned and
# by signed operations: unsigned_locals.test.
import warp as wp


@wp.kernel
def hash32(a: wp.array(dtype=wp.uint32), b: wp.array(dtype=wp.uint32), n: wp.uint32,
           mixed: wp.array(dtype=wp.uint32), quot: wp.array(dtype=wp.uint32),
           rem: wp.array(dtype=wp.uint32), fl: wp.array(dtype=float),
           flags: wp.array(dtype=wp.int32), signed_view: wp.array(dtype=wp.int32),
           wide: wp.array(dtype=wp.int64), acc_out: wp.array(dtype=wp.uint32),
           back: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    h = wp.uint32(i) * wp.uint32(2654435761)
    x = a[i] ^ h
    rot = (x << wp.uint32(5)) | (x >> wp.uint32(27))
    mixed[i] = (rot + n) - (x >> wp.uint32(3))
    quot[i] = x / b[i]
    rem[i] = x % b[i]
    fl[i] = float(x >> wp.uint32(3)) + float(x)
    c = int(0)
    if x > b[i]:
        c = c + 1
    if x >= wp.uint32(2147483648):
        c = c + 2
    if wp.min(x, b[i]) == b[i]:
        c = c + 4
    if wp.max(x, n) == x:
        c = c + 8
    if x == a[i]:
        c = c + 16
    flags[i] = c
    # signed operations on the bits of an unsigned local
    s = wp.int32(x)
    sv = (s >> 4) + s / 7 + s % 7
    if s < 0:
        sv = sv + 1000
    signed_view[i] = sv
    wide[i] = wp.int64(x) + wp.int64(s) + wp.int64(float(s))
    acc = wp.uint32(0)
    for k in range(3):
        acc = acc * wp.uint32(31) + (x >> wp.uint32(k))
        if acc > wp.uint32(3000000000):
            acc = acc - wp.uint32(1000000000)
    acc_out[i] = acc
    back[i] = wp.uint32(fl[i] * 0.5)


@wp.kernel
def narrow_wide(a: wp.array(dtype=wp.uint32), b8: wp.array(dtype=wp.uint8),
                o8: wp.array(dtype=wp.uint8), o16: wp.array(dtype=wp.uint16),
                o64: wp.array(dtype=wp.uint64), flags: wp.array(dtype=wp.int32),
                f64: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    u8 = wp.uint8(x) * wp.uint8(201) + b8[i]
    u8 = u8 ^ (u8 >> wp.uint8(3))
    o8[i] = u8 / wp.uint8(3) + u8 % wp.uint8(5)
    u16 = wp.uint16(x >> wp.uint32(8))
    u16 = u16 * u16 + wp.uint16(65535)
    o16[i] = u16 >> wp.uint16(1)
    u64 = wp.uint64(x) * wp.uint64(11400714819323198485)
    u64 = u64 ^ (u64 >> wp.uint64(29))
    o64[i] = u64 / wp.uint64(3)
    c = int(0)
    if u8 > wp.uint8(128):
        c = c + 1
    if u16 >= wp.uint16(32768):
        c = c + 2
    if u64 > wp.uint64(9223372036854775808):
        c = c + 4
    if wp.int8(u8) < wp.int8(0):
        c = c + 8
    if wp.int16(u16) < wp.int16(0):
        c = c + 16
    flags[i] = c
    f64[i] = float(u64 >> wp.uint64(40)) + float(u16) + float(u8)
