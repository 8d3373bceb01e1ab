"""Spec generator and independent reference for volume.test.

`volume_ref.py writer` prints the input of kdsl-test-nvdb-write (a sparse
float grid: two clusters of voxels, one at negative coordinates, one far
away). `volume_ref.py spec NVDB` prints the spec: dense float32, vec3f and
int32 volumes (as wp.Volume.load_from_numpy), the .nvdb file NVDB and an
index grid of voxels, with the launches of Inputs/spatial_volume.py.
`volume_ref.py expect SPEC` prints what the kernels must compute, from the
dense arrays and voxel lists alone (no grid): Warp's load_from_numpy pads
each axis to a multiple of 8 with the background (those voxels are leaf
voxels: volume_store writes them), every voxel outside the leaves reads the
background; world -> index is (x - min_world) / voxel_size in float32;
CLOSEST rounds half away from zero, LINEAR is the trilinear sum over the 8
voxels around the point, its gradient the derivative of that sum. A value
grid's voxel index is leaf * 512 + ((i & 7) << 6 | (j & 7) << 3 | (k & 7))
with the leaves in NanoVDB's order (here: blocks of 8^3 in x-major order);
an index grid numbers its active voxels in the same order.
"""
import json
import math
import random
import struct
import sys


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def rnd(x):  # roundf: half away from zero
    return int(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1)


def nested(shape, fn):
    if len(shape) == 1:
        return [fn((i,)) for i in range(shape[0])]
    return [nested(shape[1:], lambda r, i=i: fn((i,) + r)) for i in range(shape[0])]


DENSE_SHAPE = (5, 7, 10)
VS, ORIGIN, BG = [0.5, 0.25, 1.0], [-1.0, 0.5, 2.0], 3.5
LOOKUP_LO, LOOKUP_DIM = [-2, -1, -3], [14, 12, 20]
STORE_LO, STORE_DIM = [3, 4, 5], [8, 8, 8]
VSHAPE, VBG = (3, 4, 5), [1.0, 2.0, 3.0]
ISHAPE, IBG, IVS, IORIGIN = (6, 5, 4), -7, 2.0, [1.0, 1.0, 1.0]
NVS, NT, NBG = [0.5, 0.5, 0.5], [0.25, -1.0, 3.0], 0.5
NLO, NDIM = [-9, -2, 7], [16, 8, 8]


def dense_data():
    rng = random.Random(7)
    return nested(DENSE_SHAPE, lambda r: f32(rng.uniform(-4, 4)))


def vec_data():
    rng = random.Random(8)
    return nested(VSHAPE, lambda r: [f32(rng.uniform(-2, 2)) for _ in range(3)])


def int_data():
    rng = random.Random(9)
    return nested(ISHAPE, lambda r: rng.randint(-50, 50))


def nvdb_voxels():
    rng = random.Random(10)
    vox = {}
    for i in range(-6, 3):
        for j in range(0, 4):
            for k in range(9, 13):
                vox[(i, j, k)] = f32(rng.uniform(-3, 3))
    for _ in range(20):
        vox[(200 + rng.randint(0, 9), -300 + rng.randint(0, 9), 40 + rng.randint(0, 9))] = f32(rng.uniform(-3, 3))
    return vox


def index_voxels():
    rng = random.Random(11)
    pts = [[rng.randint(0, 11), rng.randint(0, 11), rng.randint(0, 11)] for _ in range(40)]
    pts += pts[:5]  # repeated voxels count once
    for i in range(3):  # a small solid block so LINEAR meets several active voxels
        for j in range(3):
            for k in range(3):
                pts.append([4 + i, 4 + j, 4 + k])
    return pts


def points(rng, n, lo, hi):
    return [[f32(rng.uniform(lo[d], hi[d])) for d in range(3)] for _ in range(n)]


def make_spec(nvdb):
    rng = random.Random(31)
    n = 40
    # world boxes a bit larger than the volumes, so some points sample outside
    p = points(rng, n, [-2.0, 0.0, 0.0], [4.0, 3.0, 20.0])
    p2 = points(rng, n, [-1.0, -1.0, -1.0], [12.0, 11.0, 10.0])
    p3 = points(rng, n, [-3.0, -1.0, 7.0], [1.5, 1.0, 9.5])
    p4 = points(rng, n, [-0.5, -0.5, -0.5], [6.5, 6.5, 6.5])
    nidx = len({tuple(v) for v in index_voxels()})

    def z(shape, dtype="float32"):
        return {"zeros": shape, "dtype": dtype}

    arrays = {
        "a": {"data": dense_data(), "dtype": "float32"},
        "av": {"data": vec_data(), "dtype": "vec3f"},
        "ai": {"data": int_data(), "dtype": "int32"},
        "vox": {"data": index_voxels(), "dtype": "vec3i"},
        "idata": {"data": [f32(10 + 1.5 * i) for i in range(nidx)], "dtype": "float32"},
        "P": {"data": p, "dtype": "vec3f"},
        "P2": {"data": p2, "dtype": "vec3f"},
        "P3": {"data": p3, "dtype": "vec3f"},
        "P4": {"data": p4, "dtype": "vec3f"},
    }
    for pre in ("", "n"):
        for name in ("lin", "near", "val"):
            arrays[pre + name] = z([n])
        for name in ("grad", "uvw", "back", "dirs"):
            arrays[pre + name] = z([n], "vec3f")
    for name, dim in (("lk", LOOKUP_DIM), ("lk2", LOOKUP_DIM), ("nlk", NDIM)):
        arrays[name] = z(dim)
        arrays[name.replace("lk", "ix")] = z(dim, "int32")
    arrays.update(
        vlin=z([n], "vec3f"), vnear=z([n], "vec3f"), inear=z([n], "int32"), igen=z([n], "int32"),
        wrong=z([n]), xlin=z([n]), xnear=z([n]), xcount=z([n], "int32"),
        tv=z([2], "vec3f"), ti=z([2], "int32"), tf=z([2]), tg=z([1], "vec3f"),
    )

    def sample(vol, pts, pre):
        return {"kernel": "sample", "dim": n, "args": {
            "v": vol, "pts": pts, "lin": "@" + pre + "lin", "near": "@" + pre + "near", "val": "@" + pre + "val",
            "grad": "@" + pre + "grad", "uvw_out": "@" + pre + "uvw", "back": "@" + pre + "back",
            "dirs": "@" + pre + "dirs"}}

    def lookup(vol, lo, dim, out, idx):
        return {"kernel": "lookup", "dim": dim, "args": {"v": vol, "lo": lo, "out": out, "idx": idx}}

    launches = [
        sample("@vol", "@P", ""),
        lookup("@vol", LOOKUP_LO, LOOKUP_DIM, "@lk", "@ix"),
        {"kernel": "store", "dim": STORE_DIM, "args": {"v": "@vol", "lo": STORE_LO}},
        lookup("@vol", LOOKUP_LO, LOOKUP_DIM, "@lk2", "@ix2"),
        {"kernel": "vec_and_int", "dim": n, "args": {
            "vv": "@vv", "vi": "@vi", "pts": "@P2", "vlin": "@vlin", "vnear": "@vnear", "inear": "@inear",
            "igen": "@igen", "wrong": "@wrong"}},
        sample("@nv", "@P3", "n"),
        lookup("@nv", NLO, NDIM, "@nlk", "@nix"),
        {"kernel": "index_grid", "dim": n, "args": {
            "v": "@ig", "pts": "@P4", "data": "@idata", "lin": "@xlin", "near": "@xnear", "count": "@xcount"}},
        {"kernel": "typed", "dim": 1, "args": {
            "vol": "@vol", "vv": "@vv", "vi": "@vi", "out_v": "@tv", "out_i": "@ti", "out_f": "@tf", "out_g": "@tg"}},
    ]
    objects = {
        "vol": {"volume": {"data": "@a", "voxel_size": VS, "min_world": ORIGIN, "background": BG}},
        "vv": {"volume": {"data": "@av", "voxel_size": 1.0, "background": VBG}},
        "vi": {"volume": {"data": "@ai", "voxel_size": IVS, "min_world": IORIGIN, "background": IBG}},
        "nv": {"volume": {"nvdb": nvdb}},
        "ig": {"volume": {"voxels": "@vox", "voxel_size": 0.5}},
    }
    printed = sorted(k for k in arrays if k not in ("a", "av", "ai", "vox", "idata", "P", "P2", "P3", "P4", "nix"))
    return {"arrays": arrays, "objects": objects, "launches": launches, "print": printed}


class Grid:
    """Voxel values by coordinate, the leaves' blocks, a map and a background."""

    def __init__(self, values, vs, t, bg, padded=None):
        self.values, self.bg = values, bg
        self.vs = [vs] * 3 if not isinstance(vs, list) else vs
        self.t = t
        if padded is not None:  # load_from_numpy: every voxel of the padded box is a leaf voxel
            blocks = {(i >> 3, j >> 3, k >> 3) for i in range(0, padded[0], 8) for j in range(0, padded[1], 8)
                      for k in range(0, padded[2], 8)}
        else:
            blocks = {(i >> 3, j >> 3, k >> 3) for (i, j, k) in values}
        self.leaf = {b: n for n, b in enumerate(sorted(blocks))}

    def get(self, i, j, k):
        if (i >> 3, j >> 3, k >> 3) not in self.leaf:
            return self.bg
        return self.values.get((i, j, k), self.bg)

    def index(self, i, j, k):
        b = (i >> 3, j >> 3, k >> 3)
        if b not in self.leaf:
            return -1
        return self.leaf[b] * 512 + (((i & 7) << 6) | ((j & 7) << 3) | (k & 7))

    def to_index(self, x):
        return [f32(f32(x[d] - f32(self.t[d])) * f32(1.0 / self.vs[d])) for d in range(3)]

    def linear(self, u, get=None):
        get = get or self.get
        f = [math.floor(c) for c in u]
        t = [u[d] - f[d] for d in range(3)]
        val, grad = None, [0.0, 0.0, 0.0]
        for n in range(8):
            o = (n >> 2, (n >> 1) & 1, n & 1)
            w = [t[d] if o[d] else 1 - t[d] for d in range(3)]
            s = [2 * o[d] - 1 for d in range(3)]
            v = get(f[0] + o[0], f[1] + o[1], f[2] + o[2])
            wt = w[0] * w[1] * w[2]
            gw = [s[0] * w[1] * w[2], s[1] * w[0] * w[2], s[2] * w[0] * w[1]]
            if isinstance(v, list):
                val = [a + wt * b for a, b in zip(val or [0.0] * 3, v)]
            else:
                val = (val or 0.0) + wt * v
                grad = [grad[d] + v * gw[d] for d in range(3)]
        return val, grad

    def closest(self, u):
        return self.get(rnd(u[0]), rnd(u[1]), rnd(u[2]))


def dense_grid(data, shape, vs, t, bg):
    vals = {}
    for i in range(shape[0]):
        for j in range(shape[1]):
            for k in range(shape[2]):
                vals[(i, j, k)] = data[i][j][k]
    padded = [(s + 7) // 8 * 8 for s in shape]
    return Grid(vals, vs, t, bg, padded)


def sample_outputs(g, pts, pre, out):
    for name in ("lin", "near", "val", "grad", "uvw", "back", "dirs"):
        out[pre + name] = []
    for x in pts:
        u = g.to_index(x)
        lin, grad = g.linear(u)
        out[pre + "lin"].append(lin)
        out[pre + "val"].append(lin)
        out[pre + "grad"].append(grad)
        out[pre + "near"].append(g.closest(u))
        out[pre + "uvw"].append(u)
        out[pre + "back"].append([f32(u[d] * f32(g.vs[d])) + f32(g.t[d]) for d in range(3)])
        d = [f32(c * f32(1.0 / g.vs[i])) for i, c in enumerate((1.0, 2.0, 3.0))]
        out[pre + "dirs"].append([d[i] * g.vs[i] + d[i] for i in range(3)])


def lookups(g, lo, dim, with_index=True):
    vals = nested(dim, lambda r: g.get(lo[0] + r[0], lo[1] + r[1], lo[2] + r[2]))
    idx = nested(dim, lambda r: g.index(lo[0] + r[0], lo[1] + r[1], lo[2] + r[2]))
    return vals, idx


def expect(spec):
    arr = spec["arrays"]
    out = {}
    g = dense_grid(arr["a"]["data"], DENSE_SHAPE, VS, ORIGIN, BG)
    sample_outputs(g, arr["P"]["data"], "", out)
    out["lk"], out["ix"] = lookups(g, LOOKUP_LO, LOOKUP_DIM)
    for a in range(STORE_LO[0], STORE_LO[0] + STORE_DIM[0]):
        for b in range(STORE_LO[1], STORE_LO[1] + STORE_DIM[1]):
            for c in range(STORE_LO[2], STORE_LO[2] + STORE_DIM[2]):
                if (a >> 3, b >> 3, c >> 3) in g.leaf:  # leaf voxels only
                    g.values[(a, b, c)] = f32(a + 100 * b + 10000 * c)
    out["lk2"], out["ix2"] = lookups(g, LOOKUP_LO, LOOKUP_DIM)

    gv = dense_grid(arr["av"]["data"], VSHAPE, 1.0, [0.0] * 3, VBG)
    gi = dense_grid(arr["ai"]["data"], ISHAPE, IVS, IORIGIN, IBG)
    for name in ("vlin", "vnear", "inear", "igen", "wrong"):
        out[name] = []
    for x in arr["P2"]["data"]:
        u = gv.to_index(x)
        out["vlin"].append(gv.linear(u)[0])
        out["vnear"].append(gv.closest(u))
        p = gi.to_index(x)
        out["inear"].append(gi.closest(p))
        out["igen"].append(gi.get(int(p[0]), int(p[1]), int(p[2])))
        out["wrong"].append(0.0)

    gn = Grid(nvdb_voxels(), NVS, NT, NBG)
    sample_outputs(gn, arr["P3"]["data"], "n", out)
    out["nlk"], _ = lookups(gn, NLO, NDIM)

    vox = sorted({tuple(v) for v in arr["vox"]["data"]})
    gx = Grid({v: 0.0 for v in vox}, 0.5, [0.0] * 3, None)
    active = sorted(vox, key=lambda v: (gx.leaf[(v[0] >> 3, v[1] >> 3, v[2] >> 3)], gx.index(*v)))
    number = {v: n for n, v in enumerate(active)}
    data = arr["idata"]["data"]

    def iget(i, j, k):
        n = number.get((i, j, k), -1)
        return data[n] if n >= 0 else -2.0

    out["xlin"], out["xnear"], out["xcount"] = [], [], []
    for x in arr["P4"]["data"]:
        u = gx.to_index(x)
        out["xlin"].append(gx.linear(u, iget)[0])
        out["xnear"].append(iget(rnd(u[0]), rnd(u[1]), rnd(u[2])))
        out["xcount"].append(len(vox))
    # typed: after every launch above (vol holds the stores)
    gv.values[(0, 0, 0)] = [9.0, 8.0, 7.0]
    gi.values[(0, 0, 0)] = 99
    g.values[(1, 1, 1)] = 5.0
    out["tv"] = [gv.get(0, 0, 0), gv.get(1, 2, 3)]
    out["ti"] = [gi.get(0, 0, 0), gi.get(2, 1, 0)]
    val, grad = g.linear([1.25, 1.5, 0.75])
    out["tf"], out["tg"] = [g.get(1, 1, 1), val], [grad]
    return {"ok": True, "outputs": {k: out[k] for k in spec["print"]}}


if __name__ == "__main__":
    if sys.argv[1] == "writer":
        vox = nvdb_voxels()
        print(json.dumps({"type": "float", "voxel_size": NVS, "translation": NT, "background": NBG,
                          "voxels": [[i, j, k, v] for (i, j, k), v in sorted(vox.items())]}))
    elif sys.argv[1] == "spec":
        print(json.dumps(make_spec(sys.argv[2])))
    else:
        with open(sys.argv[2]) as f:
            print(json.dumps(expect(json.load(f))))
