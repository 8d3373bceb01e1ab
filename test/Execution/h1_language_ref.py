"""Independent reference for Inputs/h1_language.py (h1_language.test).

Python's own list slicing is the reference for Warp's vector/matrix slices
(Warp resolves slice bounds as CPython's slice.indices()); matrices are
lists of rows. Everything is float64, so the values are exact Python floats.

usage: h1_language_ref.py SPEC.json   expected output of kdsl-run
"""
import json
import math
import sys


def scaled(x, s=2.0, shift=0.25):
    return x * s + shift


def add(x, y):
    return [p + q for p, q in zip(x, y)]


def madd(x, y):
    return [add(r, s) for r, s in zip(x, y)]


OFFSET = [0.5, -1.0, 2.0]
ROT = [[0.0, -1.0], [1.0, 0.0]]


def one(v, m):
    a = list(v)
    b = [list(r) for r in m]
    head = a[:3]
    rev = a[::-1]
    mid = a[1:-1]
    a[1:3] = [x * 2.0 for x in mid]
    a[::2] = add(a[::2], rev[1:3])
    out_s = add(add(head, OFFSET), [rev[0], rev[-1], a[-2]])
    col = [r[2] for r in b[0:2]]
    row = b[-1][1:]
    sub = [r[:2] for r in b[1:]]
    out_m = madd(sub, ROT)
    new = [[x * col[1] for x in r] for r in ROT]
    for k in range(2):
        b[k][1:] = new[k]
    b[2] = list(b[-3])
    out_x = (scaled(a[-1]) + scaled(col[0], shift=1.0) + scaled(row[1], 3.0)
             + scaled(shift=-1.0, x=row[0]) + math.pi + (2 * math.pi) * math.log(2))
    return a, out_s, out_m, b, out_x


def main():
    spec = json.load(open(sys.argv[1]))
    ins = spec["inputs"]
    v, m = ins["v"]["data"], ins["m"]["data"]
    outs = {"v": v, "m": m, "out_v": [], "out_s": [], "out_m": [], "out_b": [], "out_x": []}
    for vi, mi in zip(v, m):
        for name, val in zip(("out_v", "out_s", "out_m", "out_b", "out_x"), one(vi, mi)):
            outs[name].append(val)
    json.dump({"ok": True, "outputs": outs}, sys.stdout)


if __name__ == "__main__":
    main()
