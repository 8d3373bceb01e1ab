"""Spec generator and independent brute-force reference for mesh.test.

`mesh_ref.py spec` prints the spec: a closed mesh (an icosahedron subdivided
once, 80 faces, its points pushed in or out radially by up to 10%, with a
velocity per point), query points at least 0.15 away from the unit sphere,
rays from outside aimed near the centre (each first hit at least 1e-3 inside
its face in barycentric terms, and 1e-3 in t before the next hit), and AABB
queries. `mesh_ref.py expect SPEC` prints what Inputs/spatial_mesh.py must
compute, in float64 over every face (no tree): the closest point's distance
and position (unique even when faces tie) and the velocity there, the sign
(-1 inside, 1 outside: the winding number of the watertight mesh decides),
the furthest distance (its furthest point), each ray's first hit (t, face,
normal) and crossing count, the faces whose bounds overlap each box, and the
closest distances again after `extras` (any hit, the hit face's normal,
the AABB counts by mesh_query_aabb_next, mesh_get_point / _velocity and
mesh_get) and
`grow` scaled the points by 1.25 and
{"rebuild": "m"} refitted the mesh.
"""
import json
import math
import random
import struct
import sys


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def sub(a, b):
    return [a[k] - b[k] for k in range(3)]


def add(a, b):
    return [a[k] + b[k] for k in range(3)]


def mul(a, s):
    return [a[k] * s for k in range(3)]


def dot(a, b):
    return sum(a[k] * b[k] for k in range(3))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def icosphere():
    t = (1 + math.sqrt(5)) / 2
    v = [[-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t],
         [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1]]
    v = [mul(p, 1 / norm(p)) for p in v]
    f = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4), (11, 10, 2),
         (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9), (4, 9, 5),
         (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    mid = {}

    def midpoint(a, b):
        key = (min(a, b), max(a, b))
        if key not in mid:
            m = mul(add(v[a], v[b]), 0.5)
            v.append(mul(m, 1 / norm(m)))
            mid[key] = len(v) - 1
        return mid[key]

    out = []
    for a, b, c in f:
        ab, bc, ca = midpoint(a, b), midpoint(b, c), midpoint(c, a)
        out += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
    return v, out


def closest_on_tri(a, b, c, p):
    # Any correct closest point (projection, then the edges): float64.
    n = cross(sub(b, a), sub(c, a))
    nn = dot(n, n)
    w = sub(p, a)
    s = dot(cross(sub(b, a), w), n) / nn  # weight of c
    r = dot(cross(w, sub(c, a)), n) / nn  # weight of b
    if s >= 0 and r >= 0 and r + s <= 1:
        return add(a, add(mul(sub(b, a), r), mul(sub(c, a), s)))
    best = None
    for x, y in ((a, b), (b, c), (c, a)):
        e = sub(y, x)
        t = max(0.0, min(1.0, dot(sub(p, x), e) / dot(e, e)))
        q = add(x, mul(e, t))
        if best is None or norm(sub(q, p)) < norm(sub(best, p)):
            best = q
    return best


def bary(a, b, c, q):
    # (wa, wb, wc) of q in abc.
    n = cross(sub(b, a), sub(c, a))
    nn = dot(n, n)
    wa = dot(cross(sub(c, b), sub(q, b)), n) / nn
    wb = dot(cross(sub(a, c), sub(q, c)), n) / nn
    return wa, wb, 1 - wa - wb


def ray_tri(a, b, c, s, d):
    e1, e2 = sub(b, a), sub(c, a)
    pv = cross(d, e2)
    det = dot(e1, pv)
    if det == 0:
        return None
    tv = sub(s, a)
    b1 = dot(tv, pv) / det
    qv = cross(tv, e1)
    b2 = dot(d, qv) / det
    t = dot(e2, qv) / det
    return t, b1, b2


def winding(P, F, p):
    total = 0.0
    for i, j, k in F:
        a, b, c = sub(P[i], p), sub(P[j], p), sub(P[k], p)
        la, lb, lc = norm(a), norm(b), norm(c)
        det = dot(a, cross(b, c))
        den = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb
        total += 2 * math.atan2(det, den)
    return total / (4 * math.pi)


def make_spec():
    rng = random.Random(3131)
    v, faces = icosphere()
    # one radial factor per point keeps the mesh star-shaped around the origin
    P = []
    for p in v:
        s = rng.uniform(0.9, 1.1)
        P.append([f32(c * s) for c in p])
    V = [[f32(rng.uniform(-1, 1)) for _ in range(3)] for _ in P]
    pts = []
    while len(pts) < 48:
        p = [f32(rng.uniform(-1.8, 1.8)) for _ in range(3)]
        if abs(norm(p) - 1) > 0.15 and norm(p) > 0.2:
            pts.append(p)
    starts, dirs = [], []
    while len(starts) < 24:
        s = [rng.uniform(-1, 1) for _ in range(3)]
        s = [f32(c * 2.5 / norm(s)) for c in s]
        target = [rng.uniform(-0.3, 0.3) for _ in range(3)]
        d = sub(target, s)
        d = [f32(c / norm(d)) for c in d]
        hits = []
        ok = True
        for fi, (i, j, k) in enumerate(faces):
            h = ray_tri(P[i], P[j], P[k], s, d)
            if h is None:
                continue
            t, b1, b2 = h
            if min(b1, b2, 1 - b1 - b2) > 1e-3 and t > 0:
                hits.append((t, fi))
            elif min(b1, b2, 1 - b1 - b2) > -1e-3:
                ok = False  # near an edge: a ray the reference will not judge
        hits.sort()
        if ok and hits and (len(hits) < 2 or hits[1][0] - hits[0][0] > 1e-3):
            starts.append(s)
            dirs.append(d)
    qlo = [[f32(rng.uniform(-1.5, 1.2)) for _ in range(3)] for _ in range(24)]
    qhi = [[f32(c + rng.uniform(0.1, 0.8)) for c in b] for b in qlo]
    v3 = lambda data: {"data": data, "dtype": "vec3f"}  # noqa: E731
    n, r, b = len(pts), len(starts), len(qlo)
    return {
        "arrays": {
            "P": v3(P), "I": {"data": [i for f in faces for i in f], "dtype": "int32"}, "V": v3(V),
            "pts": v3(pts), "starts": v3(starts), "dirs": v3(dirs), "qlo": v3(qlo), "qhi": v3(qhi),
            "dist": {"zeros": [n]}, "cps": {"zeros": [n], "dtype": "vec3f"}, "vel": {"zeros": [n], "dtype": "vec3f"},
            "signs": {"zeros": [n], "dtype": "vec4f"}, "far": {"zeros": [n]},
            "ts": {"zeros": [r]}, "faces": {"full": [r], "value": -1, "dtype": "int32"},
            "normals": {"zeros": [r], "dtype": "vec3f"}, "crossings": {"zeros": [r], "dtype": "int32"},
            "counts": {"zeros": [b], "dtype": "int32"}, "dist2": {"zeros": [n]},
            "anyhit": {"zeros": [r], "dtype": "int32"}, "fnormals": {"zeros": [r], "dtype": "vec3f"},
            "counts2": {"zeros": [r], "dtype": "int32"}, "corner": {"zeros": [r], "dtype": "vec3f"},
            "cvel": {"zeros": [r], "dtype": "vec3f"},
        },
        "objects": {"m": {"mesh": {"points": "@P", "indices": "@I", "velocities": "@V"}}},
        "launches": [
            {"kernel": "closest", "dim": n, "args": {"mesh": "@m", "pts": "@pts", "dist": "@dist", "cps": "@cps",
                                                     "vel": "@vel", "signs": "@signs", "far": "@far"}},
            {"kernel": "rays", "dim": r, "args": {"mesh": "@m", "starts": "@starts", "dirs": "@dirs", "ts": "@ts",
                                                  "faces": "@faces", "normals": "@normals",
                                                  "crossings": "@crossings"}},
            {"kernel": "boxes", "dim": b, "args": {"mesh": "@m", "qlo": "@qlo", "qhi": "@qhi", "counts": "@counts"}},
            {"kernel": "extras", "dim": r, "args": {"mesh": "@m", "starts": "@starts", "dirs": "@dirs", "qlo": "@qlo",
                                                    "qhi": "@qhi", "anyhit": "@anyhit", "fnormals": "@fnormals",
                                                    "counts2": "@counts2", "corner": "@corner", "cvel": "@cvel"}},
            {"kernel": "grow", "dim": len(P), "args": {"points": "@P", "s": 1.25}},
            {"rebuild": "m"},
            {"kernel": "closest_after", "dim": n, "args": {"mesh": "@m", "pts": "@pts", "dist": "@dist2"}},
        ],
        "print": ["dist", "cps", "vel", "signs", "far", "ts", "faces", "normals", "crossings", "counts", "dist2",
                  "anyhit", "fnormals", "counts2", "corner", "cvel"],
    }


def expect(spec):
    a = {k: v.get("data") for k, v in spec["arrays"].items()}
    P, V, I = a["P"], a["V"], a["I"]
    F = [tuple(I[3 * f: 3 * f + 3]) for f in range(len(I) // 3)]
    out = {k: [] for k in spec["print"]}
    for p in a["pts"]:
        best = None
        for i, j, k in F:
            q = closest_on_tri(P[i], P[j], P[k], p)
            d = norm(sub(q, p))
            if best is None or d < best[0]:
                best = (d, q, (i, j, k))
        d, q, (i, j, k) = best
        out["dist"].append(d)
        out["cps"].append(q)
        wa, wb, wc = bary(P[i], P[j], P[k], q)
        out["vel"].append(add(add(mul(V[i], wa), mul(V[j], wb)), mul(V[k], wc)))
        s = -1.0 if winding(P, F, p) > 0.5 else 1.0
        out["signs"].append([s, s, s, s])
        out["far"].append(max(norm(sub(x, p)) for x in P))
    for s, d in zip(a["starts"], a["dirs"]):
        hits = []
        for fi, (i, j, k) in enumerate(F):
            h = ray_tri(P[i], P[j], P[k], s, d)
            if h and h[0] >= 0 and min(h[1], h[2], 1 - h[1] - h[2]) >= 0:
                hits.append((h[0], fi))
        hits.sort()
        t, fi = hits[0]
        i, j, k = F[fi]
        n = cross(sub(P[j], P[i]), sub(P[k], P[i]))
        out["ts"].append(t)
        out["faces"].append(fi)
        out["normals"].append(mul(n, 1 / norm(n)))
        out["crossings"].append(len(hits))
    for lo, hi in zip(a["qlo"], a["qhi"]):
        c = 0
        for i, j, k in F:
            flo = [min(P[i][x], P[j][x], P[k][x]) for x in range(3)]
            fhi = [max(P[i][x], P[j][x], P[k][x]) for x in range(3)]
            c += not any(lo[x] > fhi[x] or hi[x] < flo[x] for x in range(3))
        out["counts"].append(c)
    out["anyhit"] = [1] * len(out["ts"])
    out["fnormals"] = list(out["normals"])
    out["counts2"] = out["counts"][: len(out["ts"])]
    out["corner"] = [P[I[5 * t + 1]] for t in range(len(out["ts"]))]
    out["cvel"] = [V[I[5 * t + 1]] for t in range(len(out["ts"]))]
    P2 = [[f32(c * f32(1.25)) for c in p] for p in P]
    for p in a["pts"]:
        out["dist2"].append(min(norm(sub(closest_on_tri(P2[i], P2[j], P2[k], p), p)) for i, j, k in F))
    return {"ok": True, "outputs": out, "grads": {}}


if sys.argv[1] == "spec":
    print(json.dumps(make_spec()))
else:
    print(json.dumps(expect(json.load(open(sys.argv[2])))))
