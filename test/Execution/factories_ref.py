"""Independent reference for Inputs/factories.py (factories.test).

make_poly(3.0, -1.0, wp.float64) gives poly(x) = 3 x^2 - 1 and the kernel
apply: y = poly(x). make_pick(True) returns its first argument,
make_pick(False) its second, so combine computes out = (3 x^2 - 1) * y.
All in float64; the adjoints follow from the derivatives 6 x (times y) and
3 x^2 - 1.

usage: factories_ref.py SPEC.json            expected output
       factories_ref.py --merge-grads OUT.json
"""
import json
import sys


def expected(spec):
    ins, seed = spec["inputs"], spec["backward"]["seed"]
    x = ins["x"]["data"]
    if spec["kernel"] == "apply":
        y = [3.0 * a * a - 1.0 for a in x]
        out = {"x": x, "y": y, "grad.x": [s * 6.0 * a for s, a in zip(seed["y"], x)],
               "grad.y": [0.0] * len(x)}
    else:
        y = ins["y"]["data"]
        out = {"x": x, "y": y, "out": [(3.0 * a * a - 1.0) * b for a, b in zip(x, y)],
               "grad.x": [s * 6.0 * a * b for s, a, b in zip(seed["out"], x, y)],
               "grad.y": [s * (3.0 * a * a - 1.0) for s, a in zip(seed["out"], x)],
               "grad.out": [0.0] * len(x)}
    return {"ok": True, "outputs": out}


def merge(run):
    for name, g in run.pop("grads", {}).items():
        run["outputs"]["grad." + name] = g
    return run


if __name__ == "__main__":
    if sys.argv[1] == "--merge-grads":
        print(json.dumps(merge(json.load(open(sys.argv[2])))))
    else:
        print(json.dumps(expected(json.load(open(sys.argv[1])))))
