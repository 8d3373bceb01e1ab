"""Independent reference for Inputs/unsigned_locals.py (unsigned_locals.test).

Plain Python integers reduced to their width after every operation (2^8,
2^16, 2^32, 2^64), signed views taken explicitly, C division (truncating)
and remainder (sign of the dividend), float32 rounding after every float
operation (struct), float -> integer conversions truncating.

usage: unsigned_locals_ref.py SPEC.json
"""
import json
import struct
import sys


def u(v, bits):
    return v & ((1 << bits) - 1)


def s(v, bits):
    v = u(v, bits)
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def crem(a, b):
    return a - b * cdiv(a, b)


def hash32(i, a, b, n):
    h = u(i * 2654435761, 32)
    x = a ^ h
    rot = u(x << 5, 32) | (x >> 27)
    out = {"mixed": u(u(rot + n, 32) - (x >> 3), 32), "quot": x // b, "rem": x % b}
    fl = f32(f32(x >> 3) + f32(x))
    out["fl"] = fl
    c = 0
    c += 1 if x > b else 0
    c += 2 if x >= 2147483648 else 0
    c += 4 if min(x, b) == b else 0
    c += 8 if max(x, n) == x else 0
    c += 16 if x == a else 0
    out["flags"] = c
    sx = s(x, 32)
    sv = s((sx >> 4) + cdiv(sx, 7) + crem(sx, 7), 32)
    if sx < 0:
        sv = s(sv + 1000, 32)
    out["signed_view"] = sv
    out["wide"] = s(x + sx + int(f32(float(sx))), 64)
    acc = 0
    for k in range(3):
        acc = u(u(acc * 31, 32) + (x >> k), 32)
        if acc > 3000000000:
            acc = u(acc - 1000000000, 32)
    out["acc_out"] = acc
    out["back"] = int(f32(fl * 0.5))
    return out


def narrow_wide(x, b8):
    u8 = u(u(u(x, 8) * 201, 8) + b8, 8)
    u8 = u8 ^ (u8 >> 3)
    out = {"o8": u(u8 // 3 + u8 % 5, 8)}
    u16 = u(x >> 8, 16)
    u16 = u(u(u16 * u16, 16) + 65535, 16)
    out["o16"] = u16 >> 1
    u64 = u(x * 11400714819323198485, 64)
    u64 = u64 ^ (u64 >> 29)
    out["o64"] = u64 // 3
    c = 0
    c += 1 if u8 > 128 else 0
    c += 2 if u16 >= 32768 else 0
    c += 4 if u64 > 9223372036854775808 else 0
    c += 8 if s(u8, 8) < 0 else 0
    c += 16 if s(u16, 16) < 0 else 0
    out["nflags"] = c
    out["f64"] = f32(f32(f32(u64 >> 40) + f32(u16)) + f32(u8))
    return out


def expected(spec):
    arrays = spec["arrays"]
    g = {k: v["data"] for k, v in arrays.items() if "data" in v}
    out = {k: list(v) for k, v in g.items()}
    n = spec["launches"][0]["args"]["n"]
    for i in range(len(g["a"])):
        for k, v in hash32(i, g["a"][i], g["b"][i], n).items():
            out.setdefault(k, [None] * len(g["a"]))[i] = v
        for k, v in narrow_wide(g["a"][i], g["b8"][i]).items():
            out.setdefault(k, [None] * len(g["a"]))[i] = v
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
