"""Spec generator and independent brute-force reference for bvh.test.

`bvh_ref.py spec` prints the spec: 80 random boxes (float32 values) with
group ids, AABB queries and rays. `bvh_ref.py expect SPEC` prints what the
kernels of Inputs/spatial_bvh.py must compute, by testing every box against
every query (O(n * m), no tree): a correct BVH query reports exactly the boxes
that overlap (touching counts) or that the ray meets (Warp's slab test).
The rays are chosen away from every box's boundary (margin 1e-3 in t) so
float32 rounding in the kernels cannot change a count. `shift` moves every
third box by d (float32 sums), then {"rebuild": "b"} refits the BVH: the
second AABB pass must see the moved boxes.
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


def make_spec():
    rng = random.Random(31)
    n, m = 80, 40
    lo = [[f32(rng.uniform(0, 10)) for _ in range(3)] for _ in range(n)]
    hi = [[f32(l + rng.uniform(0.2, 2.5)) for l in b] for b in lo]
    groups = [rng.randrange(4) for _ in range(n)]
    qlo = [[f32(rng.uniform(-1, 10)) for _ in range(3)] for _ in range(m)]
    qhi = [[f32(l + rng.uniform(0.5, 4)) for l in b] for b in qlo]
    starts, dirs = [], []
    while len(starts) < m:
        s = [f32(rng.uniform(-2, 12)) for _ in range(3)]
        d = [f32(rng.uniform(-1, 1)) for _ in range(3)]
        if min(abs(c) for c in d) < 0.05:
            continue
        ok = True
        for b in range(n):
            lmin, lmax = slabs(lo[b], hi[b], s, d)
            if abs(lmax) < 1e-3 or abs(lmax - lmin) < 1e-3:
                ok = False
        if ok:
            starts.append(s)
            dirs.append(d)
    qgroup = [rng.randrange(5) for _ in range(m)]  # group 4 does not exist: the whole BVH
    v3 = lambda data: {"data": data, "dtype": "vec3f"}  # noqa: E731
    zi = {"zeros": [m], "dtype": "int32"}
    return {
        "arrays": {
            "lo": v3(lo), "hi": v3(hi), "g": {"data": groups, "dtype": "int32"},
            "qlo": v3(qlo), "qhi": v3(qhi), "qgroup": {"data": qgroup, "dtype": "int32"},
            "starts": v3(starts), "dirs": v3(dirs),
            "c0": zi, "x0": zi, "s0": zi, "rc": zi, "rs": zi, "gc": zi, "c1": zi, "x1": zi, "s1": zi,
        },
        "objects": {
            "b": {"bvh": {"lowers": "@lo", "uppers": "@hi"}},
            "bg": {"bvh": {"lowers": "@lo", "uppers": "@hi", "groups": "@g"}},
        },
        "launches": [
            {"kernel": "aabb_counts", "dim": m,
             "args": {"bvh": "@b", "qlo": "@qlo", "qhi": "@qhi", "counts": "@c0", "xors": "@x0", "sums": "@s0"}},
            {"kernel": "ray_counts", "dim": m,
             "args": {"bvh": "@b", "starts": "@starts", "dirs": "@dirs", "counts": "@rc", "sums": "@rs"}},
            {"kernel": "group_counts", "dim": m,
             "args": {"bvh": "@bg", "qlo": "@qlo", "qhi": "@qhi", "qgroup": "@qgroup", "counts": "@gc"}},
            {"kernel": "shift", "dim": n, "args": {"lowers": "@lo", "uppers": "@hi", "d": [1.5, -0.75, 2.25]}},
            {"rebuild": "b"},
            {"kernel": "aabb_counts", "dim": m,
             "args": {"bvh": "@b", "qlo": "@qlo", "qhi": "@qhi", "counts": "@c1", "xors": "@x1", "sums": "@s1"}},
        ],
        "print": ["c0", "x0", "s0", "rc", "rs", "gc", "c1", "x1", "s1"],
    }


def aabb(lo, hi, qlo, qhi):
    c, x, s = [], [], []
    for a, b in zip(qlo, qhi):
        hits = [i for i in range(len(lo)) if overlap(lo[i], hi[i], a, b)]
        c.append(len(hits))
        acc = 0
        for i in hits:
            acc ^= i
        x.append(acc)
        s.append(sum(i * i for i in hits))
    return c, x, s


def expect(spec):
    a = {k: v.get("data") for k, v in spec["arrays"].items()}
    lo, hi, qlo, qhi = a["lo"], a["hi"], a["qlo"], a["qhi"]
    out = {}
    out["c0"], out["x0"], out["s0"] = aabb(lo, hi, qlo, qhi)
    rc, rs = [], []
    for s, d in zip(a["starts"], a["dirs"]):
        hits = [i for i in range(len(lo)) if (lambda t: t[1] >= 0 and t[1] >= t[0])(slabs(lo[i], hi[i], s, d))]
        rc.append(len(hits))
        rs.append(sum(hits))
    out["rc"], out["rs"] = rc, rs
    groups = a["g"]
    out["gc"] = [
        sum(1 for i in range(len(lo)) if overlap(lo[i], hi[i], qa, qb) and (g not in groups or groups[i] == g))
        for qa, qb, g in zip(qlo, qhi, a["qgroup"])
    ]
    d = [f32(x) for x in (1.5, -0.75, 2.25)]
    lo2 = [[f32(b[k] + d[k]) for k in range(3)] if i % 3 == 0 else b for i, b in enumerate(lo)]
    hi2 = [[f32(b[k] + d[k]) for k in range(3)] if i % 3 == 0 else b for i, b in enumerate(hi)]
    out["c1"], out["x1"], out["s1"] = aabb(lo2, hi2, qlo, qhi)
    return {"ok": True, "outputs": {n: out[n] for n in spec["print"]}, "grads": {}}


if sys.argv[1] == "spec":
    print(json.dumps(make_spec()))
else:
    print(json.dumps(expect(json.load(open(sys.argv[2])))))
