"""Independent reference for Inputs/int_pow.py (int_pow.test).

docs/language.md 7.2: integer x ** y is the power wrapped to the type's width
(two's complement), x ** 0 == 1 (also 0 ** 0); a negative exponent of a
signed type gives 0, except for the base 1 (1) and -1 (1 or -1 by the
exponent's parity); an unsigned exponent is a plain non-negative number
(uint8 3 ** 200 == 3^200 mod 256). Python integers; nothing from kdsl.

usage: int_pow_ref.py SPEC.json
"""
import json
import sys


def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def ipow(x, y, bits, signed):
    if signed and y < 0:
        if x == 1:
            return 1
        if x == -1:
            return -1 if y % 2 else 1
        return 0
    return wrap(pow(x, y, 1 << bits), bits, signed)


def main():
    spec = json.load(open(sys.argv[1]))
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    out = dict(arr)
    for w in (8, 16, 32, 64):
        out["o%d" % w] = [ipow(x, y, w, True) for x, y in zip(arr["a%d" % w], arr["b%d" % w])]
        out["uo%d" % w] = [ipow(x, y, w, False) for x, y in zip(arr["ua%d" % w], arr["ub%d" % w])]
    out["cout"] = [wrap(ipow(x, 3, 32, True) + ipow(x, 0, 32, True) + ipow(x, -1, 32, True), 32, True)
                   for x in arr["ca"]]
    out["cuout"] = [ipow(x, 130, 8, False) for x in arr["cb"]]
    print(json.dumps({"ok": True, "outputs": out}))


main()
