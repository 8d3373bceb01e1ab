"""Spec generator and independent brute-force reference for tile-bvh-queries.test.

`tile_bvh_queries_ref.py spec B` prints a spec whose tiled launches (block_dim B)
run the kernels of Inputs/tile_bvh_queries.py: 60 random boxes in a "bvh"
object, 40 random triangles in a "mesh" object, 16 AABB queries and 16 rays.
(`spec B cuda`: without the one_box launch, for kdsl's CUDA host emulation.)
`tile_bvh_queries_ref.py expect SPEC` prints what they must compute, by testing
every box (every face's bounds) against every query, no tree: the number of
hits, each item reported exactly once (marks), the rounds of each query's loop
(ceil(hits / B) full or partial rounds, then the one without hits that ends
it) and the sum of the lanes that got a hit (round r hands its hits to lanes
0, 1, ...: hit k of the round to lane k). None of these depend on the order
in which a traversal finds the hits.
"""
import json
import random
import struct
import sys


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def overlap(lo, hi, qlo, qhi):
    return not any(qlo[k] > hi[k] or qhi[k] < lo[k] for k in range(3))


def slabs(lo, hi, s, d):
    lmin, lmax = -1e300, 1e300
    for k in range(3):
        r = 1.0 / d[k]
        a, b = (lo[k] - s[k]) * r, (hi[k] - s[k]) * r
        lmin, lmax = max(lmin, min(a, b)), min(lmax, max(a, b))
    return lmin, lmax


def ray_hits(lo, hi, s, d):
    lmin, lmax = slabs(lo, hi, s, d)
    return lmax >= 0 and lmax >= lmin


def make_spec(block):
    rng = random.Random(1631)
    n, m, nf = 60, 16, 40
    lo = [[f32(rng.uniform(0, 10)) for _ in range(3)] for _ in range(n)]
    hi = [[f32(x + rng.uniform(0.3, 3.0)) for x in b] for b in lo]
    # Query boxes from small (few hits) to large (more than 32 for some).
    qlo, qhi = [], []
    for q in range(m):
        size = 1.0 + q * 0.6
        a = [f32(rng.uniform(-1, 10 - size / 2)) for _ in range(3)]
        qlo.append(a)
        qhi.append([f32(x + size) for x in a])
    qhi[0] = [f32(x - 50.0) for x in qlo[0]]  # an empty box (upper < lower): no hit
    qlo[m - 1], qhi[m - 1] = [-1.0] * 3, [20.0] * 3  # every box
    # Rays away from every box's slab boundaries (margin 1e-3 in t), so that
    # float32 rounding in the kernels cannot change a hit.
    starts, dirs = [], []
    while len(starts) < m:
        s = [f32(rng.uniform(-2, 12)) for _ in range(3)]
        t = [rng.uniform(3, 7) for _ in range(3)]  # aimed into the boxes
        d = [f32((t[k] - s[k]) / 10) for k in range(3)]
        if min(abs(c) for c in d) < 0.05:
            continue
        if all(abs(t[1]) > 1e-3 and abs(t[1] - t[0]) > 1e-3 for t in (slabs(lo[b], hi[b], s, d) for b in range(n))):
            starts.append(s)
            dirs.append(d)
    pts = []
    for _ in range(nf):
        c = [rng.uniform(0, 10) for _ in range(3)]
        for _ in range(3):
            pts.append([f32(x + rng.uniform(-1.5, 1.5)) for x in c])
    v3 = lambda data: {"data": data, "dtype": "vec3f"}  # noqa: E731
    zi = {"zeros": [m], "dtype": "int32"}
    tiled = lambda kernel, dim, args: {"kernel": kernel, "dim": dim, "tiled": True, "block_dim": block, "args": args}  # noqa: E731
    return {
        "arrays": {
            "lo": v3(lo), "hi": v3(hi), "qlo": v3(qlo), "qhi": v3(qhi), "starts": v3(starts), "dirs": v3(dirs),
            "P": v3(pts), "I": {"data": list(range(3 * nf)), "dtype": "int32"},
            "counts": zi, "marks": {"zeros": [m, n], "dtype": "int32"}, "lanes": zi, "rounds": zi,
            "rcounts": zi, "rmarks": {"zeros": [m, n], "dtype": "int32"}, "sums": zi,
            "onebox": {"zeros": [n], "dtype": "int32"},
            "mcounts": zi, "mmarks": {"zeros": [m, nf], "dtype": "int32"}, "mcounts2": zi,
        },
        "objects": {
            "b": {"bvh": {"lowers": "@lo", "uppers": "@hi"}},
            "m": {"mesh": {"points": "@P", "indices": "@I"}},
        },
        "launches": [
            tiled("tiled_aabb", m, {"bvh": "@b", "qlo": "@qlo", "qhi": "@qhi", "counts": "@counts",
                                    "marks": "@marks", "lanes": "@lanes", "rounds": "@rounds"}),
            tiled("tiled_ray", m, {"bvh": "@b", "starts": "@starts", "dirs": "@dirs", "counts": "@rcounts",
                                   "marks": "@rmarks"}),
            tiled("tiled_sums", m, {"bvh": "@b", "qlo": "@qlo", "qhi": "@qhi", "counts": "@sums"}),
            tiled("one_box", 1, {"bvh": "@b", "lower": qlo[5], "upper": qhi[5], "marks": "@onebox"}),
            tiled("tiled_mesh", m, {"mesh": "@m", "qlo": "@qlo", "qhi": "@qhi", "counts": "@mcounts",
                                    "marks": "@mmarks"}),
            tiled("tiled_mesh_names", m, {"mesh": "@m", "qlo": "@qlo", "qhi": "@qhi", "counts": "@mcounts2"}),
        ],
        "print": ["counts", "marks", "lanes", "rounds", "rcounts", "rmarks", "sums", "onebox", "mcounts",
                  "mmarks", "mcounts2"],
    }


def expect(spec):
    a = {k: v.get("data") for k, v in spec["arrays"].items()}
    block = spec["launches"][0]["block_dim"]
    lo, hi, qlo, qhi = a["lo"], a["hi"], a["qlo"], a["qhi"]
    n = len(lo)
    out = {}
    aabb = [[1 if overlap(lo[b], hi[b], x, y) else 0 for b in range(n)] for x, y in zip(qlo, qhi)]
    out["marks"] = aabb
    out["counts"] = [sum(r) for r in aabb]
    out["sums"] = out["counts"]
    out["rounds"] = [-(-h // block) + 1 for h in out["counts"]]
    lanes = []
    for h in out["counts"]:
        full, rest = divmod(h, block)
        lanes.append(full * block * (block - 1) // 2 + rest * (rest - 1) // 2)
    out["lanes"] = lanes
    rays = [[1 if ray_hits(lo[b], hi[b], s, d) else 0 for b in range(n)] for s, d in zip(a["starts"], a["dirs"])]
    out["rmarks"] = rays
    out["rcounts"] = [sum(r) for r in rays]
    out["onebox"] = aabb[5]
    P, I = a["P"], a["I"]
    flo = [[min(P[I[3 * f + j]][k] for j in range(3)) for k in range(3)] for f in range(len(I) // 3)]
    fhi = [[max(P[I[3 * f + j]][k] for j in range(3)) for k in range(3)] for f in range(len(I) // 3)]
    faces = [[1 if overlap(flo[f], fhi[f], x, y) else 0 for f in range(len(flo))] for x, y in zip(qlo, qhi)]
    out["mmarks"] = faces
    out["mcounts"] = [sum(r) for r in faces]
    out["mcounts2"] = out["mcounts"]
    return {"ok": True, "outputs": {k: out[k] for k in spec["print"]}, "grads": {}}


if sys.argv[1] == "spec":
    spec = make_spec(int(sys.argv[2]))
    if sys.argv[3:] == ["cuda"]:
        # For kdsl's CUDA host emulation, which runs a lane kernel's blocks
        # only where the lane is the last wp.tid() index: one_box reads none.
        spec["launches"] = [x for x in spec["launches"] if x["kernel"] != "one_box"]
        spec["print"].remove("onebox")
    print(json.dumps(spec))
else:
    print(json.dumps(expect(json.load(open(sys.argv[2])))))
