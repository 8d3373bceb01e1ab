"""Independent reference for Inputs/tiles_corpus.py (tiles-corpus.test).

Restates the kernels with Python's integers and lists: & | ^ of the two
halves of `a`; s[i] * v[i], v[i] / s[i] and s[i] / v[i] component-wise;
src[0:-1] and src[-3:] (Python's slicing, which Warp's slice() offsets
follow), src as 4 rows of 2, and row m[[0, 2][1]] = m[2]. Every
value is exact in float32 (powers of two and small integers).

usage: tiles_corpus_ref.py SPEC.json
"""
import json
import sys


def expected(spec):
    arr = {k: v["data"] for k, v in spec["arrays"].items()}
    a = arr["a"]
    lo, hi = a[:8], a[8:16]
    arr["out_and"] = [x & y for x, y in zip(lo, hi)]
    arr["out_or"] = [x | y for x, y in zip(lo, hi)]
    arr["out_xor"] = [x ^ y for x, y in zip(lo, hi)]
    s, v = arr["s"], arr["v"]
    arr["out_mul"] = [[si * c for c in vi] for si, vi in zip(s, v)]
    arr["out_div"] = [[c / si for c in vi] for si, vi in zip(s, v)]
    arr["out_rdiv"] = [[si / c for c in vi] for si, vi in zip(s, v)]
    src = arr["src"]
    arr["head"] = src[0:-1]
    arr["tail"] = src[-3:]
    arr["r"] = [src[2 * i : 2 * i + 2] for i in range(4)]
    arr["row"] = list(arr["m"][[0, 2][1]])
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
