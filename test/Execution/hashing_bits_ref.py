"""Independent reference for examples/hashing_bits.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import (ArrT, F32, I8, I16, I32, I64, Kernel, U8, U16, U32, U64,  # noqa: E402
                   main, wp)

LCG_A = 1103515245
LCG_C = 12345
GRID_BITS = 10


def wang_hash(seed):
    h = (seed ^ U32(61)) ^ (seed >> U32(16))
    h *= U32(9)
    h = h ^ (h >> 4)
    h *= 668265261
    h = h ^ (h >> 15)
    return h


def lcg_next(state):
    return state * U32(LCG_A) + U32(LCG_C)


def to_unit_float(h):
    return F32(h >> 8) * (F32(1.0) / F32(16777216.0))


def spread_bits(v):
    x = v & 1023
    x = (x | (x << 16)) & 50331903
    x = (x | (x << 8)) & 50393103
    x = (x | (x << 4)) & 51130563
    x = (x | (x << 2)) & 153391689
    return x


def popcount(v):
    count = I32(0)
    x = v
    while x != U32(0):
        x = x & (x - U32(1))
        count += 1
    return count


def random_floats(i, seed, out):
    state = wang_hash(U32(i) ^ U32(seed))
    state = lcg_next(state)
    out[i] = to_unit_float(state)


def morton_codes(i, points, lower, inv_extent, codes, bits_set):
    rel = wp.cw_mul(points[i] - lower, inv_extent)
    scale = F32((1 << GRID_BITS) - 1)
    cx = U32(wp.clamp(rel.x * scale, 0.0, scale))
    cy = U32(wp.clamp(rel.y * scale, 0.0, scale))
    cz = U32(wp.clamp(rel.z * scale, 0.0, scale))
    code = (spread_bits(cx) << 2) | (spread_bits(cy) << 1) | spread_bits(cz)
    codes[i] = code
    bits_set[i] = popcount(code)


def low_bit_masks(i, n_bits, masks, inverted):
    n = wp.clamp(n_bits[i], 1, 32)
    all_ones = ~U32(0)
    m = all_ones >> U32(32 - n)
    masks[i] = m
    inverted[i] = ~m


def pack_bytes(i, rgba, packed, keys, hi16):
    r = U32(rgba[4 * i + 0])
    g = U32(rgba[4 * i + 1])
    b = U32(rgba[4 * i + 2])
    a = U32(rgba[4 * i + 3])
    word = r | (g << 8) | (b << 16) | (a << 24)
    packed[i] = word
    keys[i] = (U64(word) << 32) | U64(i)
    hi16[i] = U16(word >> 16)


def quantize_int8(i, x, scale, q, q16, checksum):
    v = x[i] / scale
    qi = wp.clamp(I32(wp.round(v)), -127, 127)
    q[i] = I8(qi)
    q16[i] = I16(wp.clamp(I32(wp.round(v * 256.0)), -32767, 32767))
    wp.atomic_add(checksum, 0, I64(qi) * I64(i + 1))


def integer_semantics(tid):
    a = I32(-7)
    b = I32(2)
    wp.expect_eq(a / b, -3)
    wp.expect_eq(a // b, -3)
    wp.expect_eq(a % b, -1)
    wp.expect_eq(I32(7) % -2, 1)
    wp.expect_eq(-a >> 1, 3)
    wp.expect_eq(a >> 1, -4)
    wp.expect_eq(~a, 6)
    wp.expect_eq(a & 3, 1)
    wp.expect_eq(a | 1, -7)
    wp.expect_eq(a ^ -1, 6)
    big = I64(1) << I64(40)
    wp.expect_eq(big / I64(1024), I64(1073741824))
    u = U32(0) - U32(1)
    wp.expect_eq(u, ~U32(0))
    wp.expect_neq(u >> 31, U32(0))
    small = U8(250) + U8(10)
    wp.expect_eq(small, U8(4))


KERNELS = {
    "random_floats": Kernel(random_floats, [("seed", I32), ("out", ArrT(F32))]),
    "morton_codes": Kernel(morton_codes, [("points", ArrT(wp.vec3)), ("lower", wp.vec3), ("inv_extent", wp.vec3),
                                          ("codes", ArrT(U32)), ("bits_set", ArrT(I32))]),
    "low_bit_masks": Kernel(low_bit_masks, [("n_bits", ArrT(I32)), ("masks", ArrT(U32)), ("inverted", ArrT(U32))]),
    "pack_bytes": Kernel(pack_bytes, [("rgba", ArrT(U8)), ("packed", ArrT(U32)), ("keys", ArrT(U64)),
                                      ("hi16", ArrT(U16))]),
    "quantize_int8": Kernel(quantize_int8, [("x", ArrT(F32)), ("scale", F32), ("q", ArrT(I8)), ("q16", ArrT(I16)),
                                            ("checksum", ArrT(I64))]),
    "integer_semantics": Kernel(integer_semantics, []),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
