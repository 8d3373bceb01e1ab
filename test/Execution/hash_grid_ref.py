"""Independent brute-force reference for examples/hash_grid.py (hash_grid.spec.json).

Every neighbour sum is computed over all pairs, O(n^2), in float64 without any
grid: a correct hash grid query visits every point within the radius, and the
kernels filter by distance, so their results equal these whatever the grid's
dims (hash_grid.spec.json uses an 8x8x8 grid and a 3x2x5 one that wraps) and
query radius (0.25, the cell width, and 0.5). The spec's points keep every
pair distance 3e-3 away from both radii and the nearest distances apart, so
float32 rounding in the kernels cannot change a count or a nearest index.
`move` is float32 (x + v * dt rounded per operation, as the kernel does).
count_group counts the neighbours of the point's own group on a grid built
with "groups", and all of them on a grid without (Warp ignores the group
then).
"""
import json
import math
import struct
import sys


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def sub(a, b):
    return [a[k] - b[k] for k in range(3)]


def norm(a):
    return math.sqrt(sum(c * c for c in a))


def count_neighbors(x, radius):
    return [sum(1 for q in x if norm(sub(p, q)) <= radius) for p in x]


def density(x, h):
    out = []
    for p in x:
        s = 0.0
        for q in x:
            r2 = sum(c * c for c in sub(p, q))
            if h * h - r2 > 0:
                s += (h * h - r2) ** 3
        out.append(s)
    return out


def nearest(x, h):
    out = []
    for i, p in enumerate(x):
        best, best_d = -1, h * h
        for j, q in enumerate(x):
            d = sum(c * c for c in sub(p, q))
            if j != i and d < best_d:
                best, best_d = j, d
        out.append(best)
    return out


def repulsion(x, h, k):
    out = []
    for i, p in enumerate(x):
        acc = [0.0, 0.0, 0.0]
        for j, q in enumerate(x):
            d = sub(p, q)
            r = norm(d)
            if j != i and 0 < r < h:
                acc = [acc[c] + k * (h - r) * (h - r) * d[c] / r for c in range(3)]
        out.append(acc)
    return out


def main():
    spec = json.load(open(sys.argv[1]))
    arrays = {name: desc.get("data") for name, desc in spec["arrays"].items()}
    for launch in spec["launches"]:
        if "rebuild" in launch:
            continue  # no grid here
        k, a = launch["kernel"], launch["args"]
        ref = lambda v: arrays[v[1:]]  # noqa: E731
        if k == "count_neighbors":
            arrays[a["counts"][1:]] = count_neighbors(ref(a["points"]), a["radius"])
        elif k == "count_group":
            x, g = ref(a["points"]), ref(a["groups"])
            grouped = "groups" in spec["objects"][a["grid"][1:]]["hash_grid"]
            arrays[a["counts"][1:]] = [
                sum(1 for j, q in enumerate(x) if norm(sub(p, q)) <= a["radius"] and (not grouped or g[j] == g[i]))
                for i, p in enumerate(x)
            ]
        elif k == "density":
            arrays[a["rho"][1:]] = density(ref(a["x"]), a["h"])
        elif k == "nearest":
            arrays[a["best"][1:]] = nearest(ref(a["x"]), a["h"])
        elif k == "repulsion":
            arrays[a["f"][1:]] = repulsion(ref(a["x"]), a["h"], a["k"])
        elif k == "move":
            x, v, dt = ref(a["x"]), ref(a["v"]), f32(a["dt"])
            arrays[a["x"][1:]] = [[f32(p[c] + f32(w[c] * dt)) for c in range(3)] for p, w in zip(x, v)]
        else:
            raise SystemExit("unknown kernel " + k)
    print(json.dumps({"ok": True, "outputs": {n: arrays[n] for n in spec["print"]}, "grads": {}}))


main()
