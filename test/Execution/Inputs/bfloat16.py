# wp.bfloat16 kernels for bfloat16.test: conversions (rounding to nearest
# even, float64 and integers through float32), arithmetic rounded per
# operation, comparisons, math builtins, atomics, generic vectors and
# matrices, a struct field, and gradients through bfloat16 values.
import warp as wp

bf16_vec3 = wp.types.vector(3, dtype=wp.bfloat16)
bf16_mat22 = wp.types.matrix(shape=(2, 2), dtype=wp.bfloat16)


@wp.struct
class Bf16Struct:
    bf16_val: wp.bfloat16
    f32_val: wp.float32


@wp.kernel
def convert(f: wp.array(dtype=wp.float32), d: wp.array(dtype=wp.float64), i: wp.array(dtype=wp.int32),
            h: wp.array(dtype=wp.float16),
            from_f: wp.array(dtype=wp.bfloat16), from_d: wp.array(dtype=wp.bfloat16),
            from_i: wp.array(dtype=wp.bfloat16), from_h: wp.array(dtype=wp.bfloat16),
            back_f: wp.array(dtype=wp.float32), to_h: wp.array(dtype=wp.float16),
            to_i: wp.array(dtype=wp.int32)):
    t = wp.tid()
    b = wp.bfloat16(f[t])
    from_f[t] = b
    from_d[t] = wp.bfloat16(d[t])
    from_i[t] = wp.bfloat16(i[t])
    from_h[t] = wp.bfloat16(h[t])
    back_f[t] = float(b)
    to_h[t] = wp.float16(b)
    to_i[t] = int(from_h[t])


@wp.kernel
def arith(a: wp.array(dtype=wp.bfloat16), b: wp.array(dtype=wp.bfloat16),
          out_add: wp.array(dtype=wp.bfloat16), out_sub: wp.array(dtype=wp.bfloat16),
          out_mul: wp.array(dtype=wp.bfloat16), out_div: wp.array(dtype=wp.bfloat16),
          out_chain: wp.array(dtype=wp.bfloat16), out_lit: wp.array(dtype=wp.bfloat16),
          cmp: wp.array(dtype=wp.int32)):
    t = wp.tid()
    x = a[t]
    y = b[t]
    out_add[t] = x + y
    out_sub[t] = x - y
    out_mul[t] = x * y
    out_div[t] = x / y
    # Two roundings: the product, then the sum (no fused multiply-add).
    out_chain[t] = x * y + x
    out_lit[t] = -x * 0.1
    c = 0
    if x < y:
        c += 1
    if x <= y:
        c += 2
    if x == y:
        c += 4
    if x != y:
        c += 8
    if x > y:
        c += 16
    if x >= y:
        c += 32
    cmp[t] = c


@wp.kernel
def math_ops(x: wp.array(dtype=wp.bfloat16), out_sqrt: wp.array(dtype=wp.bfloat16),
             out_abs: wp.array(dtype=wp.bfloat16), out_floor: wp.array(dtype=wp.bfloat16),
             out_min: wp.array(dtype=wp.bfloat16), out_max: wp.array(dtype=wp.bfloat16),
             out_clamp: wp.array(dtype=wp.bfloat16), out_sin: wp.array(dtype=wp.bfloat16),
             out_isfinite: wp.array(dtype=wp.bool)):
    t = wp.tid()
    v = x[t]
    out_sqrt[t] = wp.sqrt(wp.abs(v))
    out_abs[t] = wp.abs(v)
    out_floor[t] = wp.floor(v)
    out_min[t] = wp.min(v, wp.bfloat16(0.5))
    out_max[t] = wp.max(v, wp.bfloat16(0.5))
    out_clamp[t] = wp.clamp(v, wp.bfloat16(-1.0), wp.bfloat16(1.0))
    out_sin[t] = wp.sin(v)
    out_isfinite[t] = wp.isfinite(v)


@wp.kernel
def atomics(ones: wp.array(dtype=wp.bfloat16), vals: wp.array(dtype=wp.bfloat16),
            acc: wp.array(dtype=wp.bfloat16), lo: wp.array(dtype=wp.bfloat16),
            hi: wp.array(dtype=wp.bfloat16), old: wp.array(dtype=wp.bfloat16)):
    t = wp.tid()
    wp.atomic_add(acc, 0, ones[t])
    wp.atomic_sub(acc, 1, ones[t])
    acc[2] += ones[t]
    wp.atomic_min(lo, 0, vals[t])
    wp.atomic_max(hi, 0, vals[t])
    if t == 0:
        old[0] = wp.atomic_add(acc, 3, wp.bfloat16(0.5))


@wp.kernel
def composites(v: wp.array(dtype=bf16_vec3), m: wp.array(dtype=bf16_mat22), s: Bf16Struct,
               out_v: wp.array(dtype=bf16_vec3), out_dot: wp.array(dtype=wp.bfloat16),
               out_mv: wp.array(dtype=bf16_vec3), out_f: wp.array(dtype=wp.float32)):
    t = wp.tid()
    a = v[t]
    out_v[t] = a * wp.bfloat16(2.0) + bf16_vec3(wp.bfloat16(1.0), wp.bfloat16(2.0), wp.bfloat16(3.0))
    out_dot[t] = wp.dot(a, a)
    mm = m[t]
    w = mm * bf16_mat22(wp.bfloat16(1.0), wp.bfloat16(0.0), wp.bfloat16(0.0), wp.bfloat16(1.0))
    out_mv[t] = bf16_vec3(w[0, 0], w[0, 1], w[1, 0] + w[1, 1])
    out_f[t] = wp.float32(s.bf16_val) + s.f32_val


@wp.kernel
def square(x: wp.array(dtype=wp.bfloat16), y: wp.array(dtype=wp.bfloat16)):
    t = wp.tid()
    y[t] = x[t] * x[t] * wp.bfloat16(3.0)


@wp.kernel
def loss_f32(x: wp.array(dtype=wp.bfloat16), loss: wp.array(dtype=wp.float32)):
    t = wp.tid()
    v = wp.float32(x[t])
    wp.atomic_add(loss, 0, v * v)
