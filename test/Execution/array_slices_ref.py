"""Independent reference for Inputs/array_slices.py (array_slices.test).

Array slices follow Python's own list slicing (CPython's slice.indices),
which is what Warp's kernel-side views mean: the expected values here come
from slicing nested Python lists, never from kdsl's output.

usage: array_slices_ref.py SPEC.json            expected outputs of the launches
       array_slices_ref.py --grad GRAD_SPEC.json
           expected outputs and gradients of `squares` (gradients as
           "grad.NAME" outputs)
       array_slices_ref.py --merge-grads OUT.json
           kdsl-run's output with its "grads" moved into "outputs" as
           "grad.NAME", so that compare.py checks both.
"""
import copy
import json
import sys


def zeros(shape):
    if len(shape) == 1:
        return [0.0] * shape[0]
    return [zeros(shape[1:]) for _ in range(shape[0])]


def window(a, lo, hi, step, out, out2, shp):
    v = [row[::-1] for row in a[lo:hi:step]]
    shp[:] = [len(v), len(a[0]), 2]
    # out2[lo:hi:step, ::-1] is the same selection of out2's elements
    rows = list(range(len(a)))[lo:hi:step]
    cols = list(range(len(a[0])))[::-1]
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            out[i][j] = v[i][j]
            out2[r][c] = 2.0 * v[i][j]


def forms(a, out):
    s = [a[1][k][-1] for k in range(len(a[1]))][1:]
    out[0] = s[0]
    out[1] = float(len(s))
    t = [a[p][-1][::2] for p in range(len(a))]
    out[2] = t[1][1]
    out[3] = float(len(t[0]))
    u = [blk[:1] for blk in a[-5:100]]
    out[4] = float(len(u) * 100 + len(u[0]) * 10 + len(u[0][0]))
    out[5] = u[1][0][2]
    w = t[::-1]
    out[6] = w[0][0]
    r = a[0][1:]
    out[7] = r[1][3]
    e = a[2:1]
    out[8] = float(len(e) + 0)  # shape[3] of a 3-d array is 0
    out[9] = float(len(s))
    c = a[0][0][1:]
    c2 = c[0:3:2]
    out[10] = c2[0] * 1.0 + c2[1] * 10.0
    out[11] = sum(row[2] for row in a[1])
    out[12] = [row[::-1] for row in a[1][::-1]][0][0]
    z = [row[1:] for row in a[0][1:3]]
    out[13] = z[1][2]
    out[14] = max(z[0][0:2])


def rebind(a, out):
    v = a[1:]
    out[0] = v[0][1]
    v = [row[2] for row in a[1:]]
    out[1] = v[1]
    for k in range(2):
        out[2] += v[k]
    v = [row[0] for row in a[::-1]]
    out[3] = v[0]
    out[4] = float(len(a)) + 2 * 10.0


def run(spec):
    arrays = {}
    for name, a in spec["arrays"].items():
        arrays[name] = copy.deepcopy(a["data"]) if "data" in a else zeros(a["zeros"])
        if a.get("dtype") == "int32":
            arrays[name] = [int(x) for x in arrays[name]]
    for launch in spec["launches"]:
        args = {k: arrays[v[1:]] if isinstance(v, str) else v for k, v in launch["args"].items()}
        {"window": window, "forms": forms, "rebind": rebind}[launch["kernel"]](**args)
    return {"ok": True, "outputs": arrays}


def grad(spec):
    x = spec["inputs"]["x"]["data"]
    lo = spec["inputs"]["lo"]
    seed = spec["backward"]["seed"]["y"]
    rows, cols = len(x), len(x[0])
    y = zeros([rows, cols])
    gx = zeros([rows, cols])
    xs = [row[::-1] for row in x[lo:]]
    src_rows = list(range(rows))[lo:]
    src_cols = list(range(cols))[::-1]
    for i in range(rows - 1):
        for j in range(cols):
            y[1 + i][j] = xs[i][j] * xs[i][j] + 3.0 * x[src_rows[i]][0]
            g = seed[1 + i][j]
            gx[src_rows[i]][src_cols[j]] += 2.0 * xs[i][j] * g
            gx[src_rows[i]][0] += 3.0 * g
    return {"ok": True, "outputs": {"x": x, "y": y, "grad.x": gx, "grad.y": zeros([rows, cols])}}


def main():
    if sys.argv[1] == "--merge-grads":
        out = json.load(open(sys.argv[2]))
        for k, v in out.pop("grads", {}).items():
            out["outputs"]["grad." + k] = v
        json.dump(out, sys.stdout)
    elif sys.argv[1] == "--grad":
        json.dump(grad(json.load(open(sys.argv[2]))), sys.stdout)
    else:
        json.dump(run(json.load(open(sys.argv[1]))), sys.stdout)


main()
