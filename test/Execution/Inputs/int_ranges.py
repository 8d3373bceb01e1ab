# Integer arguments of every width and sign (spec-int-ranges.test).
import warp as wp


@wp.kernel
def ints(
    i8: wp.array(dtype=wp.int8),
    u8: wp.array(dtype=wp.uint8),
    i32: wp.array(dtype=int),
    i64: wp.array(dtype=wp.int64),
    u64: wp.array(dtype=wp.uint64),
    v: wp.array(dtype=wp.vec3i),
    s8: wp.int8,
    su8: wp.uint8,
    s32: int,
    sv: wp.vec2s,
    out: wp.array(dtype=wp.int64),
):
    out[0] = wp.int64(i8[0]) + wp.int64(u8[0]) + wp.int64(i32[0]) + i64[0]
    out[1] = wp.int64(u64[0] >> wp.uint64(60))
    out[2] = wp.int64(v[0][2]) + wp.int64(s8) + wp.int64(su8) + wp.int64(s32) + wp.int64(sv[1])


@wp.kernel
def shape0(a: wp.array2d(dtype=float), out: wp.array(dtype=int)):
    out[0] = a.shape[0]
