"""Independent reference for Inputs/tile_structs.py (tile-structs.test).

Restates each kernel with plain Python dicts and lists, from Warp's tile
semantics (docs/design/tiles.md): tile_load reads the tile at the offset,
elements outside the array as a struct of zeros; tile_store writes the
elements inside the array only; struct + struct adds field by field;
tile_sum adds every element; tile_atomic_add adds each field that has an
atomic add (floats, vectors, int32) and leaves bool and int8 fields of the
destination as they were, returning the old elements; tile_sort is stable
by key. A @wp.func taking tiles computes on copies of them. The values are
small integers and halves: every float32 result is exact.

usage: tile_structs_ref.py SPEC.json
"""
import copy
import json
import sys

TILE = 4


def zero_like(x):
    if isinstance(x, dict):
        return {k: zero_like(v) for k, v in x.items()}
    if isinstance(x, list):
        return [zero_like(v) for v in x]
    if isinstance(x, bool):
        return False
    return 0 if isinstance(x, int) else 0.0


def add(a, b):
    if isinstance(a, dict):
        return {k: add(a[k], b[k]) for k in a}
    if isinstance(a, list):
        return [add(x, y) for x, y in zip(a, b)]
    return a + b


def sub(a, b):
    if isinstance(a, dict):
        return {k: sub(a[k], b[k]) for k in a}
    if isinstance(a, list):
        return [sub(x, y) for x, y in zip(a, b)]
    return a - b


def load(arr, n, off, zero):
    return [copy.deepcopy(arr[off + e]) if 0 <= off + e < len(arr) else copy.deepcopy(zero)
            for e in range(n)]


def store(arr, t, off):
    for e, v in enumerate(t):
        if 0 <= off + e < len(arr):
            arr[off + e] = copy.deepcopy(v)


def shift(p):
    return {"m": p["m"] * 2.0 + 1.0, "v": [p["v"][0] - 1.0, p["v"][1], p["v"][2]]}


def energy(p):
    return p["m"] * sum(c * c for c in p["v"])


def heavier(b):
    return {"p": shift(b["p"]), "w": b["w"] + 0.5}


def expected(spec):
    arr = {}
    for name, a in spec["arrays"].items():
        if "data" in a:
            arr[name] = copy.deepcopy(a["data"])
    zp = {"m": 0.0, "v": [0.0, 0.0, 0.0]}
    zb = {"p": zp, "w": 0.0}
    zt = {"flag": False, "k": 0, "n": 0, "val": 0.0}
    arr["dst"] = [zp] * 6
    arr["e"] = [0.0] * 6
    arr["twice"] = [zp] * 6
    arr["total"] = [zp] * 2
    arr["mapped"] = [zb] * 4
    arr["old"] = [zb] * 4
    arr["sorted"] = [zb] * 4
    arr["tr"] = [[zb, zb], [zb, zb]]
    arr["third"] = [zb]
    arr["tcopy"] = [zt] * 4
    arr["fc"] = [[0.0] * 4 for _ in range(3)]
    arr["fs"] = [0.0] * 2
    arr["fe"] = [0.0] * 2

    # struct_map, dim 2: a map by shift, its energies, 2s - t, the sum of t.
    for i in range(2):
        t = load(arr["src"], TILE, i * TILE, zp)
        s = [shift(p) for p in t]
        store(arr["dst"], s, i * TILE)
        store(arr["e"], [energy(p) for p in s], i * TILE)
        store(arr["twice"], [sub(add(p, p), q) for p, q in zip(s, t)], i * TILE)
        total = t[0]
        for p in t[1:]:
            total = add(total, p)
        arr["total"][i] = total

    # nested, dim 1.
    t = load(arr["bodies"], TILE, 0, zb)
    arr["mapped"] = [heavier(b) for b in t]
    arr["old"] = [copy.deepcopy(arr["acc"][1 + e]) for e in range(TILE)]
    for e in range(TILE):
        arr["acc"][1 + e] = add(arr["acc"][1 + e], t[e])
    keys = arr["keys"]
    order = sorted(range(TILE), key=lambda e: keys[e])  # stable
    s = [t[e] for e in order]
    arr["sorted"] = s
    arr["tr"] = [[s[c * 2 + r] for c in range(2)] for r in range(2)]
    arr["third"] = [s[2]]

    # tagged: flag and k are not accumulated.
    t = load(arr["tg"], TILE, 0, zt)
    for e in range(TILE):
        d = arr["tacc"][e]
        d["n"] += t[e]["n"]
        d["val"] += t[e]["val"]
    arr["tcopy"] = t

    # tile_funcs, dim 2: c = 2a + 2b (scaled(a, 2) + b, then += b), s = sum(c) / 2,
    # e = the sum of the energies of a tile of pts.
    def load2(a, off):
        return [[a[off + r][c] if off + r < len(a) else 0.0 for c in range(4)] for r in range(2)]

    for i in range(2):
        x, y = load2(arr["fa"], i * 2), load2(arr["fb"], i * 2)
        z = [[2.0 * x[r][c] + 2.0 * y[r][c] for c in range(4)] for r in range(2)]
        for r in range(2):
            if i * 2 + r < len(arr["fc"]):
                arr["fc"][i * 2 + r] = z[r]
        arr["fs"][i] = sum(sum(row) for row in z) * 0.5
        arr["fe"][i] = sum(energy(p) for p in load(arr["src"], TILE, i * TILE, zp))
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
