# Corner cases of kdsl's scalar semantics (docs/language.md sections 7.2, 7.3,
# 7.8, 8.2 and 9), run by test/Execution/semantics.test. The expected values
# are worked out by hand in test/Execution/semantics.expected.json.
#
# Every local keeps one type, int <-> float conversions are explicit, and the
# operands that matter come from kernel arguments or arrays so that the
# run-time code, not only a constant folder, is exercised.

import warp as wp


@wp.kernel
def int_division(a: wp.array(dtype=int), b: wp.array(dtype=int), quot: wp.array(dtype=int), floordiv: wp.array(dtype=int), rem: wp.array(dtype=int)):
    """C division: / and // truncate toward zero, % has the sign of the dividend."""
    i = wp.tid()
    quot[i] = a[i] / b[i]
    floordiv[i] = a[i] // b[i]
    rem[i] = a[i] % b[i]


@wp.kernel
def float_division(a: wp.array(dtype=float), b: wp.array(dtype=float), quot: wp.array(dtype=float), floordiv: wp.array(dtype=float), rem: wp.array(dtype=float)):
    """IEEE /, // = floor(a / b), % = fmod (sign of the dividend)."""
    i = wp.tid()
    quot[i] = a[i] / b[i]
    floordiv[i] = a[i] // b[i]
    rem[i] = a[i] % b[i]


@wp.kernel
def float_rounding(
    x: wp.array(dtype=float),
    sign_out: wp.array(dtype=float),
    step_out: wp.array(dtype=float),
    frac_out: wp.array(dtype=float),
    round_out: wp.array(dtype=float),
    trunc_out: wp.array(dtype=float),
    floor_out: wp.array(dtype=float),
    ceil_out: wp.array(dtype=float),
    abs_out: wp.array(dtype=float),
    int_out: wp.array(dtype=int),
):
    i = wp.tid()
    v = x[i]
    sign_out[i] = wp.sign(v)
    step_out[i] = wp.step(v)
    frac_out[i] = wp.frac(v)
    round_out[i] = wp.round(v)
    trunc_out[i] = wp.trunc(v)
    floor_out[i] = wp.floor(v)
    ceil_out[i] = wp.ceil(v)
    abs_out[i] = abs(v)
    int_out[i] = int(v)


@wp.kernel
def int_sign_step(x: wp.array(dtype=int), u: wp.array(dtype=wp.uint32), sign_out: wp.array(dtype=int), step_out: wp.array(dtype=int), usign: wp.array(dtype=wp.uint32), ustep: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    sign_out[i] = wp.sign(x[i])
    step_out[i] = wp.step(x[i])
    usign[i] = wp.sign(u[i])
    ustep[i] = wp.step(u[i])


@wp.kernel
def nan_min_max(x: float, out: wp.array(dtype=float), flags: wp.array(dtype=wp.bool)):
    """min / max / clamp ignore a NaN operand (C fmin / fmax)."""
    n = wp.nan
    out[0] = wp.min(x, n)
    out[1] = wp.min(n, x)
    out[2] = wp.max(x, n)
    out[3] = wp.max(n, x)
    out[4] = wp.min(n, n)
    out[5] = wp.clamp(n, -1.0, 1.0)
    out[6] = wp.max(x, -wp.inf)
    out[7] = wp.min(x, wp.inf)
    # zero-width smoothstep: the quotient is NaN, -inf or +inf
    out[8] = wp.smoothstep(x, x, x)
    out[9] = wp.smoothstep(x, x, x + 1.0)
    out[10] = wp.smoothstep(x, x, x - 1.0)
    flags[0] = n == n
    flags[1] = n != n
    flags[2] = n < x
    flags[3] = wp.isnan(out[4])
    flags[4] = bool(n)
    flags[5] = wp.isinf(x / 0.0)


@wp.kernel
def float32_precision(big: float, tiny: float, out: wp.array(dtype=float), out64: wp.array(dtype=wp.float64)):
    """float stays float32: 2**24 + 1 is not a float32."""
    x = big + 1.0
    out[0] = x
    out[1] = x - big
    out[2] = (big + 3.0) - big
    s = tiny + 1.0
    out[3] = s - 1.0
    y = wp.float64(big) + wp.float64(1.0)
    out64[0] = y
    out64[1] = y - wp.float64(big)
    out[4] = wp.float32(y)
    # an unconstrained literal expression is float32 arithmetic too
    z = 16777216.0 + 1.0
    out[5] = z - 16777216.0


@wp.kernel
def wraparound(
    u: wp.uint32,
    s8: wp.int8,
    i: int,
    one: int,
    h: wp.uint16,
    u32: wp.array(dtype=wp.uint32),
    i8: wp.array(dtype=wp.int8),
    u8: wp.array(dtype=wp.uint8),
    i32: wp.array(dtype=int),
    u16: wp.array(dtype=wp.uint16),
    i64: wp.array(dtype=wp.int64),
    u64: wp.array(dtype=wp.uint64),
    flags: wp.array(dtype=wp.bool),
):
    """Fixed-width two's-complement arithmetic, C conversions and shifts."""
    m = u - wp.uint32(1)
    u32[0] = m
    u32[1] = m + wp.uint32(1)
    u32[2] = (u + wp.uint32(65536)) * wp.uint32(65536)
    u32[3] = (u + wp.uint32(3000000000)) + wp.uint32(3000000000)
    u32[4] = wp.uint32(one - 2)
    u32[5] = m / wp.uint32(2)
    u32[6] = m % wp.uint32(10)
    u32[7] = m >> wp.uint32(28)
    u32[8] = (m << wp.uint32(4)) ^ wp.uint32(255)
    flags[0] = m > wp.uint32(5)

    i8[0] = s8 + wp.int8(1)
    i8[1] = -s8 - wp.int8(2)
    i8[2] = (s8 - wp.int8(27)) * wp.int8(3)
    i8[3] = wp.int8(i - 2147483447)
    i8[4] = s8 >> wp.int8(3)
    i8[5] = (s8 + wp.int8(1)) >> wp.int8(7)
    flags[1] = s8 + wp.int8(1) < wp.int8(0)

    b = wp.uint8(u + wp.uint32(250))
    u8[0] = b + wp.uint8(10)
    u8[1] = wp.uint8(i - 2147483387)
    u8[2] = (b + wp.uint8(5)) << wp.uint8(1)
    u8[3] = wp.uint8(3) - wp.uint8(5)
    u8[4] = (b - wp.uint8(50)) / wp.uint8(3)
    u8[5] = ~(b - b)

    i32[0] = i + 1
    i32[1] = -(i + 1)
    i32[2] = i * 2
    i32[3] = one << 31
    i32[4] = (one - 8) >> 1
    i32[5] = (i + 1) >> 31
    i32[6] = int(m)
    i32[7] = int(wp.int64(i) * wp.int64(2) + wp.int64(3))
    i32[8] = ~(one - 8)

    u16[0] = h + wp.uint16(1)
    u16[1] = wp.uint16(i)
    u16[2] = h >> wp.uint16(15)

    k = wp.int64(i)
    i64[0] = wp.int64(one) << wp.int64(40)
    i64[1] = k * k
    i64[2] = k + wp.int64(1)
    i64[3] = wp.int64(one - 8) / wp.int64(2)
    i64[4] = wp.int64(one - 8) % wp.int64(2)
    i64[5] = wp.int64(m)
    i64[6] = wp.int64(s8 + wp.int8(1))
    i64[7] = wp.int64(-1) >> wp.int64(63)

    w = wp.uint64(u) - wp.uint64(1)
    u64[0] = w
    u64[1] = w >> wp.uint64(63)
    u64[2] = wp.uint64(m) + wp.uint64(1)
    u64[3] = wp.uint64(one - 2)
