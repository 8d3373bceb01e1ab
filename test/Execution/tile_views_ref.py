"""Independent reference for Inputs/tile_views.py (tile-views.test).

Restates the views with Python's own slicing of nested lists (NumPy's basic
indexing, which Warp's tile views follow): t[i] a row (negative from the
end), t[a:b, ::s] and t[::-1, j], wp.tile_view(t, offset, shape) the block
at offset, wp.tile_view(t, offset=(i,)) row i; t[a:b, :] = u and
wp.tile_assign(t, u, offset) replace a block; t[idx] takes elements by index
(negative from the end). tile_store writes inside the array only. Every
value is a small integer: exact in float32.

usage: tile_views_ref.py SPEC.json
"""
import json
import sys


def store(a, t, off):
    for r, row in enumerate(t):
        for c, v in enumerate(row):
            if 0 <= off[0] + r < len(a) and 0 <= off[1] + c < len(a[0]):
                a[off[0] + r][off[1] + c] = v


def store1(a, t):
    for e, v in enumerate(t):
        if e < len(a):
            a[e] = v


def expected(spec):
    arr = {k: v["data"] for k, v in spec["arrays"].items()}
    t = [list(r) for r in arr["src"]]
    k = spec["launches"][0]["args"]["k"]
    store1(arr["r1"], t[1])
    store1(arr["rk"], t[k])
    store1(arr["rlast"], t[-1])
    store(arr["sl"], [r[::2] for r in t[1:3]], (0, 0))
    store1(arr["col"], [r[5] for r in t[::-1]])
    store(arr["tv"], [r[2:5] for r in t[1:3]], (0, 0))
    store1(arr["tvrow"], t[3])

    u = [list(r) for r in arr["src"]]
    u[0:2] = [[1.0] * 6 for _ in range(2)]
    u[3] = [2.0 * v for v in u[2]]
    for r in (2, 3):
        for c in (4, 5):
            u[r][c] = -5.0
    store(arr["out"], u, (0, 0))

    v, idx = arr["v"], arr["idx"]
    pick = lambda xs, i: xs[i]  # Python's negative indices count from the end
    store1(arr["a"], [pick(v[::2], i) for i in idx])
    store1(arr["b"], [pick(v, i) for i in idx][1:])
    store1(arr["c"], v[::-1][1:][::2])
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
