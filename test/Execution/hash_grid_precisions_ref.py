"""Brute-force reference of test/Execution/hash-grid-precisions.test.

usage: hash_grid_precisions_ref.py spec > SPEC.json
       hash_grid_precisions_ref.py expect SPEC.json > EXPECTED.json

spec: 60 distinct points on a 1/16 lattice in [-1, 1)^3 (exact in float16),
no pair distance within 0.01 of the radius 0.5 (so float16 rounding cannot
change a count), the same points as vec3h and vec3d, each on a 4 x 3 x 5 grid
of cell width 0.25 (it wraps). expect: every point's count of points within
0.5 (itself included), over all pairs, without a grid.
"""
import json
import math
import random
import sys


def make_spec():
    rnd = random.Random(3)
    pts = []
    while len(pts) < 60:
        p = [rnd.randrange(-16, 16) / 16.0 for _ in range(3)]
        if p not in pts and all(abs(math.dist(p, q) - 0.5) >= 0.01 for q in pts):
            pts.append(p)
    n = len(pts)
    grid = {"dims": [4, 3, 5], "radius": 0.25}
    return {
        "arrays": {"xh": {"data": pts, "dtype": "vec3h"}, "xd": {"data": pts, "dtype": "vec3d"},
                   "ch": {"zeros": [n], "dtype": "int32"}, "cd": {"zeros": [n], "dtype": "int32"}},
        "objects": {"gh": {"hash_grid": dict(grid, points="@xh")}, "gd": {"hash_grid": dict(grid, points="@xd")}},
        "launches": [
            {"kernel": "count_h", "dim": n, "args": {"grid": "@gh", "x": "@xh", "r": 0.5, "counts": "@ch"}},
            {"kernel": "count_d", "dim": n, "args": {"grid": "@gd", "x": "@xd", "r": 0.5, "counts": "@cd"}},
        ],
        "print": ["ch", "cd"],
    }


def main():
    if sys.argv[1] == "spec":
        json.dump(make_spec(), sys.stdout)
        return
    spec = json.load(open(sys.argv[2]))
    out = {}
    for launch in spec["launches"]:
        a = launch["args"]
        pts = spec["arrays"][a["x"][1:]]["data"]
        out[a["counts"][1:]] = [sum(1 for q in pts if math.dist(p, q) <= a["r"]) for p in pts]
    json.dump({"ok": True, "outputs": out, "grads": {}}, sys.stdout)


main()
