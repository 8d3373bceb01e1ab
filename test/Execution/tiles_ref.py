"""Independent reference for Inputs/tiles.py (tiles.test).

Restates each tile kernel with plain Python lists, from Warp's tile
semantics (docs/design/tiles.md): tile_load reads the tile of the given
shape at the offsets, elements outside the array as 0; tile_store writes
the elements inside the array only; tile_sum adds every element (axis=k:
along dimension k); tile_matmul(a, b, c) is c += a @ b in c's type. The
values are small integers and halves: every float32 result here is exact
except the square roots (compared with compare.py's tolerance). A tiled
launch of dim D runs each tile coordinate once (its lanes compute the same
tile).

usage: tiles_ref.py SPEC.json
"""
import json
import math
import sys


def load1(x, n, off):
    return [x[off + e] if 0 <= off + e < len(x) else 0.0 for e in range(n)]


def store1(y, t, off):
    for e, v in enumerate(t):
        if 0 <= off + e < len(y):
            y[off + e] = v


def load2(a, shape, off):
    rows, cols = len(a), len(a[0])
    return [[a[off[0] + r][off[1] + c] if 0 <= off[0] + r < rows and 0 <= off[1] + c < cols else 0.0
             for c in range(shape[1])] for r in range(shape[0])]


def store2(a, t, off):
    for r, row in enumerate(t):
        for c, v in enumerate(row):
            if 0 <= off[0] + r < len(a) and 0 <= off[1] + c < len(a[0]):
                a[off[0] + r][off[1] + c] = v


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def transpose(m):
    return [list(r) for r in zip(*m)]


def expected(spec):
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    for k, v in spec["arrays"].items():
        if "zeros" in v:
            z = v["zeros"]
            zero = 0 if v.get("dtype", "float32").startswith("int") else 0.0
            arr[k] = [[zero] * z[1] for _ in range(z[0])] if isinstance(z, list) and len(z) == 2 else [zero] * (z[0] if isinstance(z, list) else z)
    dims = {l["kernel"]: l["dim"] for l in spec["launches"]}

    # load_store: tiles of 4 at i*4, stored as 2t+1 at i*4+1.
    for i in range(dims["load_store"]):
        t = load1(arr["x"], 4, i * 4)
        store1(arr["y"], [2 * v + 1 for v in t], i * 4 + 1)
        arr["sums"][i] = sum(t)

    # load_store_2d: 2x3 tiles over the 3x5 array a.
    for i in range(2):
        for j in range(2):
            t = load2(arr["a"], (2, 3), (i * 2, j * 3))
            store2(arr["b"], [[v + 1 for v in r] for r in t], (i * 2, j * 3))
            arr["s"][i][j] = sum(sum(r) for r in t)

    # creation: 0 + 1 * 2.5 + arange(8) * (i + 1); arange(1, 17, 2) + i.
    for i in range(3):
        for e in range(8):
            arr["out"][i * 8 + e] = 2.5 + e * (i + 1)
            arr["ints"][i * 8 + e] = 1 + 2 * e + i

    # maps: d = -(2a + sqrt(a)) / 4 - a * a.
    for e, a in enumerate(arr["mx"]):
        arr["my"][e] = -(2 * a + math.sqrt(a)) / 4 - a * a

    # reductions over the 3x4 tiles of m.
    for i in range(2):
        t = arr["m"][i * 3:i * 3 + 3]
        arr["total"][i] = sum(sum(r) for r in t)
        for r in range(3):
            arr["rows"][i * 3 + r] = sum(t[r])
        for c in range(4):
            arr["cols"][i][c] = sum(t[r][c] for r in range(3))

    # gemm: C = A @ B (the 2x3 tiles cover the 4x6 result exactly).
    arr["C"] = matmul(arr["A"], arr["B"])

    # layout (both tiles compute the same q, bc; the atomic adds add twice).
    m = arr["ly"]
    t = transpose(m)
    mt, tm = matmul(m, t), matmul(t, m)
    arr["q"] = [[v * tm[0][0] for v in r] for r in mt]
    arr["bc"] = [[c * m[r][c] for c in range(3)] for r in range(2)]
    for i in range(2):
        arr["ex"][i] = m[1][2] + t[2][0]
    first = list(arr["acc"])
    arr["acc"] = [v + 3.0 for v in first]
    arr["old"] = first + [v + 1.5 for v in first]  # compared unordered

    # carried: three rounds of (a, b) = (b + 1, 2a) from (x, 0).
    for i in range(2):
        a, b = load1(arr["cx"], 4, i * 4), [0.0] * 4
        for _ in range(3):
            a, b = [v + 1 for v in b], [2 * v for v in a]
        store1(arr["cout"], a if i == 0 else b, i * 4)
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
