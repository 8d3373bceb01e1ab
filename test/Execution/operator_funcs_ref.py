"""Independent reference for Inputs/operator_funcs.py (operator_funcs.test).

Warp 1.16 (warp/native/builtin.h): on floats mod is C fmod and floordiv is
floor(a / b); on integers div, mod and floordiv are C's truncating / and %
(floordiv too); >> is arithmetic; ~k is -k - 1; unot(n) is n == 0;
mat * vec is the matrix product. Values only (the gradients are checked
against finite differences in the .test).

usage: operator_funcs_ref.py SPEC.json
"""
import json
import math
import sys


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def cmod(a, b):
    return a - cdiv(a, b) * b


def expected(spec):
    g = {k: v["data"] for k, v in spec["inputs"].items() if "data" in v}
    out = {k: v for k, v in g.items()}
    fo, vo, io = [], [], []
    for i in range(spec["dim"]):
        x, y, v, m, n, k = g["x"][i], g["y"][i], g["v"][i], g["m"][i], g["n"][i], g["k"][i]
        a = x * y + (x - 1.0) / y
        fo.append(a + math.fmod(x, y) * 10.0 - math.floor(x / y) + y)
        mv = [sum(m[r][c] * v[c] for c in range(3)) for r in range(3)]
        vo.append([mv[r] + 2.0 * v[r] + v[r] / y + v[r] * x for r in range(3)])
        b = (n & 12) + (n | 1) * 3 + (n ^ k) * 5
        c = (n << 2) + (n >> 1) + (-k - 1) * 7
        d = cdiv(n, k) * 11 + cmod(n, k) * 13 + cdiv(n, k) * 17
        io.append(b + c + d + (1000 if n == 0 else 0) + 5)
    out.update({"fo": fo, "vo": vo, "io": io})
    out["v"] = [[float(a) for a in r] for r in g["v"]]
    out["m"] = [[[float(a) for a in r] for r in mm] for mm in g["m"]]
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
