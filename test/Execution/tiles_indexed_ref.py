"""Independent reference for Inputs/tiles_indexed.py (tiles-indexed.test).

Restates Warp's indexed tile ops with plain Python lists (Warp 1.16's
tile_load_indexed / tile_store_indexed / tile_atomic_add_indexed docs): along
`axis`, tile element c is at array index offset[axis] + indices[c[axis]],
along the other dimension at offset[d] + c[d]; an index outside the array
(negative too) reads as 0 or is not written. The values are small integers:
every float32 result is exact. t[idx, :] (gather_rows) takes rows by index, a
negative one from the end.

usage: tiles_indexed_ref.py SPEC.json
"""
import json
import sys

TILE_M, TILE_N, HALF_M = 4, 3, 2


def inside(a, r, c):
    return 0 <= r < len(a) and 0 <= c < len(a[0])


def load_indexed(a, indices, shape, off, axis):
    t = [[0.0] * shape[1] for _ in range(shape[0])]
    for r in range(shape[0]):
        for c in range(shape[1]):
            rr = off[0] + (indices[r] if axis == 0 else r)
            cc = off[1] + (indices[c] if axis == 1 else c)
            if inside(a, rr, cc):
                t[r][c] = a[rr][cc]
    return t


def store(a, t, off):
    for r, row in enumerate(t):
        for c, v in enumerate(row):
            if inside(a, off[0] + r, off[1] + c):
                a[off[0] + r][off[1] + c] = v


def expected(spec):
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    rows, cols = spec["arrays"]["acc"]["zeros"]
    arr["acc"] = [[0.0] * cols for _ in range(rows)]
    x = arr["x"]
    for i in range(2):
        for j in range(2):
            evens = [2 * e for e in range(HALF_M)]
            t0 = load_indexed(x, evens, (HALF_M, TILE_N), (i * TILE_M, j * TILE_N), 0)
            store(arr["y"], t0, (i * HALF_M, j * TILE_N))
            colsel = [2 * e - 1 for e in range(TILE_N)]
            t1 = load_indexed(x, colsel, (TILE_M, TILE_N), (i * TILE_M, j * TILE_N), 1)
            store(arr["z"], t1, (i * TILE_M, j * TILE_N))
    for i in range(2):
        for j in range(2):
            t = load_indexed(x, list(range(TILE_M)), (TILE_M, TILE_N), (i * TILE_M, j * TILE_N), 0)
            for r in range(TILE_M):
                for c in range(TILE_N):
                    rr, cc = i * 2 * TILE_M + 2 * r + 1, j * TILE_N + c
                    if inside(arr["w"], rr, cc):
                        arr["w"][rr][cc] = t[r][c]
                    rr = i * TILE_M + 1
                    if inside(arr["acc"], rr, cc):
                        arr["acc"][rr][cc] += t[r][c]
    src = arr["gsrc"]
    g = [src[k if k >= 0 else k + len(src)] for k in arr["gidx"]]
    arr["gdst"] = [[r[c] for c in (0, 2)] for r in g]
    arr["grow"] = list(src[2])
    v = arr["v"]
    arr["out"] = [v[p] if 0 <= p < len(v) else 0.0 for p in arr["perm"]]
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
