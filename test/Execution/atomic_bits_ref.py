"""Independent reference for Inputs/atomic_bits.py (atomic_bits.test).

Each thread i works on element i only (so the old values are the inputs),
except the contention part: shared[0] ends as the OR of 1 << i over all
threads, shared[1] is swapped from 0 to 1 by exactly one thread (winners = 1).
Integers wrap to their width; atomic_cas on floats swaps where the value
equals `compare`.

usage: atomic_bits_ref.py SPEC.json
"""
import json
import sys


def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def expected(spec):
    ins = spec["inputs"]
    n = spec["dim"]
    g = {k: v["data"] for k, v in ins.items() if "data" in v}
    out = {k: [list(r) if isinstance(r, list) else r for r in v] for k, v in g.items()}
    out["a"] = [wrap(x & 0x0FF0, 32, True) for x in g["a"]]
    out["u"] = [wrap(x | 0x80000001, 32, False) for x in g["u"]]
    out["l"] = [wrap(x ^ -1, 64, True) for x in g["l"]]
    out["m"] = [[r[0], wrap(r[1] ^ 0xFFFF, 64, False)] for r in g["m"]]
    out["f"] = [i * 0.5 for i in range(n)]
    out["d"] = [-7.25 if x == 2.0 else x for x in g["d"]]
    out["v"] = [[1.0, 2.0, 3.0] for _ in range(n)]
    out["c"] = [i + 100 if x == 5 else x for i, x in enumerate(g["c"])]
    out["old_and"], out["old_or"], out["old_xor"] = g["a"], g["u"], g["l"]
    out["old_m"] = [r[1] for r in g["m"]]
    out["old_exch"], out["old_cas"], out["old_c"] = g["f"], g["d"], g["c"]
    out["old_v"] = [[float(x) for x in r] for r in g["v"]]
    out["shared"] = [sum(1 << i for i in range(n)), 1]
    out["winners"] = [1]
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
