"""Independent reference for Inputs/grad_funcs.py (grad_funcs.test).

The derivatives of each function, worked out by hand and written here as
plain Python (Warp's wp.grad semantics: adjoint returns of T(1): every
component of a vector or matrix 1, a quaternion (1, 0, 0, 0); integer inputs
get 0; a custom gradient replaces the function's own). Nothing here comes
from kdsl's output.

usage: grad_funcs_ref.py grad_funcs.spec.json       expected outputs of 'grads'
       grad_funcs_ref.py grad_funcs.grad.spec.json  expected outputs and
                                                    gradient of x ("grad.x") of
                                                    'forward_only'
       grad_funcs_ref.py --merge-grads OUT.json     kdsl-run's gradient of x
                                                    moved into "outputs"
"""
import json
import math
import sys


def grads_row(a, b, v):
    dot = sum(c * c for c in v)
    return [
        2 * a,                      # square
        2 * a * b, a * a + 3,       # poly: d/dx, d/dy
        2 * b * v[0], 2 * b * v[2], dot,   # vfun: 2 s v, v.v
        2.0, 3.0, 2.0,              # vout: 2 * ones + (0, 1, 0)
        b + 1, a + 1,               # two_results: seeds (1, 1)
        3 * a * a,                  # apply(square): x^3
        3 * a * a, 0.0,             # loop_pow(x, 3), int input
        a + 2 * a,                  # uses_grad: x + 2x (forward code)
        10.0,                       # custom gradient
        a / (a * a + b * b), -b / (a * a + b * b),   # atan2(b, a): d/db, d/da
        math.cos(a),                # sin
        2.0, 0.0,                   # quat_fn: seed (1, 0, 0, 0) times 2
        3.0, 3.0,                   # mfun: 3 * ones
        b,                          # mul(a, b): d/da
    ]


def main():
    if sys.argv[1] == "--merge-grads":
        out = json.load(open(sys.argv[2]))
        out["outputs"]["grad.x"] = out.pop("grads")["x"]
        print(json.dumps(out))
        return
    spec = json.load(open(sys.argv[1]))
    if "launches" in spec:
        arr = spec["arrays"]
        out = []
        for a, b, v in zip(arr["x"]["data"], arr["y"]["data"], arr["v"]["data"]):
            out += grads_row(a, b, v)
        outputs = {"out": out, "v": arr["v"]["data"], "x": arr["x"]["data"], "y": arr["y"]["data"]}
        print(json.dumps({"ok": True, "outputs": outputs}))
        return
    xs = spec["inputs"]["x"]["data"]
    seed = spec["backward"]["seed"]["y"]
    # y = a^3 + (a^2 + 3a^2) + 3a^2 * a; what is differentiated (as in
    # Warp): a^3 and the factor a of the last term (the wp.grad call and the
    # func that calls one are constants): 3a^2 + 3a^2.
    y = [a ** 3 + a * a + 3 * a * a + 3 * a * a * a for a in xs]
    gx = [s * 6 * a * a for a, s in zip(xs, seed)]
    print(json.dumps({"ok": True, "outputs": {"x": xs, "y": y, "grad.x": gx}}))


main()
