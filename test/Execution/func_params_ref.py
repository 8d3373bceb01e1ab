"""Independent reference for Inputs/func_params.py (func_params.test).

Plain Python (float64) re-statements of the kernels: a wp.ref[T] argument is
the caller's storage, updated in place; a wp.Function argument is the
function itself. Nothing here comes from kdsl's output.

usage: func_params_ref.py func_params.spec.json       expected outputs
       func_params_ref.py func_params.grad.spec.json  expected outputs and
                                                      gradients ("grad.NAME")
       func_params_ref.py --merge-grads OUT.json      kdsl-run's "grads" moved
                                                      into "outputs"
"""
import copy
import json
import math
import sys


def refs(xs, vs, boxes, out, i):
    xs[i] += 1.5
    a, b = xs[i], float(i)
    a, b = b, a  # swap(a, b)
    out[6 * i], out[6 * i + 1] = a, b
    out[6 * i + 2] = vs[i][0]
    vs[i] = [c * 2.0 for c in vs[i]]
    c = xs[i]
    for _ in range(10):
        if c > 10.0:
            break
        c *= 2.0
    out[6 * i + 3] = c
    boxes[i]["value"] += 3.0
    boxes[i]["v"][1] += 3.0
    vs[i][2] += 1.0
    m = [[1.0, 2.0], [3.0, 4.0]]
    m[1][0] += xs[i]
    if xs[i] > 3.0:
        m[0][1] += 100.0
    out[6 * i + 4] = m[1][0] + m[0][1]
    n = 0
    n += 1
    t = n * 10
    n += 1
    t += n * 10
    out[6 * i + 5] = float(t + n)


def functions(xs, out, i):
    x = xs[i]
    o = 11 * i
    out[o:o + 11] = [
        2 * x, math.sin(x), min(x, 0.5), 2 * x, math.sqrt(x), 4 * x, math.cos(x) + 1.0,
        (x * x - 1.0) + x * 3.0, 2 * x + 2.0, math.exp(x), x * x - 1.0,
    ]


def forward(spec):
    arrays = copy.deepcopy({k: v["data"] if "data" in v else [0.0] * v["zeros"][0]
                            for k, v in spec["arrays"].items()})
    for launch in spec["launches"]:
        a = {k: arrays[v[1:]] for k, v in launch["args"].items()}
        for i in range(launch["dim"]):
            if launch["kernel"] == "refs":
                refs(a["xs"], a["vs"], a["boxes"], a["out"], i)
            else:
                functions(a["xs"], a["out"], i)
    return {"ok": True, "outputs": arrays}


def grads(spec):
    ins = spec["inputs"]
    xs, ys = ins["xs"]["data"], ins["ys"]["data"]
    seed = spec["backward"]["seed"]["out"]
    out, gx, gy = [], [], []
    for x, y, s in zip(xs, ys, seed):
        acc = 0.5 + x * x + math.sin(y) ** 2
        yv = y + x * x
        out.append(acc * yv + x ** 3 + math.sin(acc))
        dacc_dx, dacc_dy = 2 * x, 2 * math.sin(y) * math.cos(y)
        gx.append(s * (dacc_dx * yv + acc * 2 * x + 3 * x * x + math.cos(acc) * dacc_dx))
        gy.append(s * (dacc_dy * yv + acc + math.cos(acc) * dacc_dy))
    return {"ok": True, "outputs": {"xs": xs, "ys": ys, "out": out, "grad.xs": gx,
                                    "grad.ys": gy, "grad.out": [0.0] * len(xs)}}


if __name__ == "__main__":
    if sys.argv[1] == "--merge-grads":
        r = json.load(open(sys.argv[2]))
        for name, g in r.pop("grads", {}).items():
            r["outputs"]["grad." + name] = g
        r.pop("gradcheck", None)
        print(json.dumps(r))
    else:
        spec = json.load(open(sys.argv[1]))
        print(json.dumps(grads(spec) if "backward" in spec else forward(spec)))
