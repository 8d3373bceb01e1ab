"""Independent reference for Inputs/narrow_int_division.py
(narrow_int_division.test).

Warp's C++ divides int8/int16 (and uint8/uint16) operands after C's integer
promotion: both become int, the quotient or remainder is computed in int
(truncating toward zero, the remainder with the dividend's sign), and the
result is converted back to the narrow type (two's complement wrap-around).
So int8(-128) / int8(-1) = 128, which wraps to -128, and the remainder is 0.
Computed here with Python integers; nothing comes from kdsl.

usage: narrow_int_division_ref.py SPEC.json
"""
import json
import sys


def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def cdiv(a, b):  # C: truncates toward zero
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def crem(a, b):  # C: a == (a / b) * b + a % b
    return a - cdiv(a, b) * b


def main():
    spec = json.load(open(sys.argv[1]))
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    out = dict(arr)
    s8 = lambda v: wrap(v, 8, True)  # noqa: E731
    s16 = lambda v: wrap(v, 16, True)  # noqa: E731
    u8 = lambda v: wrap(v, 8, False)  # noqa: E731
    u16 = lambda v: wrap(v, 16, False)  # noqa: E731
    a, b = arr["a8"], arr["b8"]
    out["q8"] = [s8(cdiv(x, y)) for x, y in zip(a, b)]
    out["f8"] = out["q8"]  # Warp's integer // is C division too
    out["r8"] = [s8(crem(x, y)) for x, y in zip(a, b)]
    a, b = arr["a16"], arr["b16"]
    out["q16"] = [s16(cdiv(x, y)) for x, y in zip(a, b)]
    out["r16"] = [s16(crem(x, y)) for x, y in zip(a, b)]
    out["qu8"] = [u8(x // y) for x, y in zip(arr["au8"], arr["bu8"])]
    out["ru8"] = [u8(x % y) for x, y in zip(arr["au8"], arr["bu8"])]
    out["qu16"] = [u16(x // y) for x, y in zip(arr["au16"], arr["bu16"])]
    out["ru16"] = [u16(x % y) for x, y in zip(arr["au16"], arr["bu16"])]
    vout = []
    for x, y in zip(arr["va"], arr["vb"]):
        v = [x, x, y]
        row = [s8(cdiv(c, y)) for c in v]  # v / b
        row += [s8(cdiv(c, d)) for c, d in zip(v, [y, 1, y])]  # cw_div(v, (b, 1, b))
        vout.append(row)
    out["vout"] = vout
    print(json.dumps({"ok": True, "outputs": out}))


main()
