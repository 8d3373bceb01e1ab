# Integer hashing and bit manipulation: Wang hash and an LCG on uint32,
# Morton codes (bit interleaving) for spatial sorting, popcount and masks,
# byte packing with uint8 / uint16 / uint64, int8 / int16 quantisation,
# int64 accumulation, and the C semantics of integer / // % on negatives.

import warp as wp

LCG_A = 1103515245
LCG_C = 12345
GRID_BITS = 10


@wp.func
def wang_hash(seed: wp.uint32):
    h = (seed ^ wp.uint32(61)) ^ (seed >> wp.uint32(16))
    h *= wp.uint32(9)
    h = h ^ (h >> 4)
    h *= 668265261
    h = h ^ (h >> 15)
    return h


@wp.func
def lcg_next(state: wp.uint32):
    return state * wp.uint32(LCG_A) + wp.uint32(LCG_C)


@wp.func
def to_unit_float(h: wp.uint32):
    """Top 24 bits as a float in [0, 1)."""
    return float(h >> 8) * (1.0 / 16777216.0)


@wp.func
def spread_bits(v: wp.uint32):
    """Insert two zero bits between each of the low 10 bits of v."""
    x = v & 1023
    x = (x | (x << 16)) & 50331903
    x = (x | (x << 8)) & 50393103
    x = (x | (x << 4)) & 51130563
    x = (x | (x << 2)) & 153391689
    return x


@wp.func
def popcount(v: wp.uint32):
    count = int(0)
    x = v
    while x != wp.uint32(0):
        x = x & (x - wp.uint32(1))  # clear lowest set bit
        count += 1
    return count


@wp.kernel
def random_floats(seed: int, out: wp.array(dtype=float)):
    i = wp.tid()
    state = wang_hash(wp.uint32(i) ^ wp.uint32(seed))
    state = lcg_next(state)
    out[i] = to_unit_float(state)


@wp.kernel
def morton_codes(points: wp.array(dtype=wp.vec3), lower: wp.vec3, inv_extent: wp.vec3, codes: wp.array(dtype=wp.uint32), bits_set: wp.array(dtype=int)):
    i = wp.tid()
    rel = wp.cw_mul(points[i] - lower, inv_extent)
    scale = float((1 << GRID_BITS) - 1)
    cx = wp.uint32(wp.clamp(rel.x * scale, 0.0, scale))
    cy = wp.uint32(wp.clamp(rel.y * scale, 0.0, scale))
    cz = wp.uint32(wp.clamp(rel.z * scale, 0.0, scale))
    code = (spread_bits(cx) << 2) | (spread_bits(cy) << 1) | spread_bits(cz)
    codes[i] = code
    bits_set[i] = popcount(code)


@wp.kernel
def low_bit_masks(n_bits: wp.array(dtype=int), masks: wp.array(dtype=wp.uint32), inverted: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    n = wp.clamp(n_bits[i], 1, 32)
    all_ones = ~wp.uint32(0)
    m = all_ones >> wp.uint32(32 - n)  # logical shift on unsigned values
    masks[i] = m
    inverted[i] = ~m


@wp.kernel
def pack_bytes(rgba: wp.array(dtype=wp.uint8), packed: wp.array(dtype=wp.uint32), keys: wp.array(dtype=wp.uint64), hi16: wp.array(dtype=wp.uint16)):
    """Four uint8 channels -> one uint32; a 64-bit sort key; the top 16 bits."""
    i = wp.tid()
    r = wp.uint32(rgba[4 * i + 0])
    g = wp.uint32(rgba[4 * i + 1])
    b = wp.uint32(rgba[4 * i + 2])
    a = wp.uint32(rgba[4 * i + 3])
    word = r | (g << 8) | (b << 16) | (a << 24)
    packed[i] = word
    keys[i] = (wp.uint64(word) << 32) | wp.uint64(i)
    hi16[i] = wp.uint16(word >> 16)


@wp.kernel
def quantize_int8(x: wp.array(dtype=float), scale: float, q: wp.array(dtype=wp.int8), q16: wp.array(dtype=wp.int16), checksum: wp.array(dtype=wp.int64)):
    """Symmetric quantisation to int8 / int16 plus an int64 checksum."""
    i = wp.tid()
    v = x[i] / scale
    qi = wp.clamp(int(wp.round(v)), -127, 127)
    q[i] = wp.int8(qi)
    q16[i] = wp.int16(wp.clamp(int(wp.round(v * 256.0)), -32767, 32767))
    wp.atomic_add(checksum, 0, wp.int64(qi) * wp.int64(i + 1))


@wp.kernel
def integer_semantics():
    """Integer division and modulo follow C (truncation), not Python."""
    a = -7
    b = 2
    wp.expect_eq(a / b, -3)  # truncates toward zero
    wp.expect_eq(a // b, -3)  # Python would give -4
    wp.expect_eq(a % b, -1)  # sign of the dividend; Python would give 1
    wp.expect_eq(7 % -2, 1)
    wp.expect_eq(-a >> 1, 3)
    wp.expect_eq(a >> 1, -4)  # arithmetic shift on signed values
    wp.expect_eq(~a, 6)
    wp.expect_eq(a & 3, 1)
    wp.expect_eq(a | 1, -7)
    wp.expect_eq(a ^ -1, 6)
    big = wp.int64(1) << wp.int64(40)
    wp.expect_eq(big / wp.int64(1024), wp.int64(1073741824))
    u = wp.uint32(0) - wp.uint32(1)  # wraps around
    wp.expect_eq(u, ~wp.uint32(0))
    wp.expect_neq(u >> 31, wp.uint32(0))
    small = wp.uint8(250) + wp.uint8(10)  # 260 wraps to 4
    wp.expect_eq(small, wp.uint8(4))


if __name__ == "__main__":
    wp.init()
    out = wp.zeros(16, dtype=float)
    wp.launch(random_floats, dim=16, inputs=[42, out])
    wp.launch(integer_semantics, dim=1, inputs=[])
    print(out.numpy())
