"""Independent reference for Inputs/host_loops.py (host_loops.test).

The loop `for c, d in COEFFS` over [(2.0, 1.0), (-0.5, 3.0)] makes two
kernels apply_term (y = c x^2 + d x + sin x), the second one named
apply_term_1; after_loop uses the last term, y = -0.5 x^2 + 3 x.
apply_op and apply_op_1 (a loop over OPS.items()): y = x0 + x1 and y = x0 * x1
of each row of x (gradients (1, 1) and (x1, x0)).
square_add (an overload per dtype of the loop over float32 and float64):
out = 1.5 x^2 + y. Adjoints: dy/dx = 2 c x + d + cos x (and 2 c x + d),
d out/dx = 3 x, d out/dy = 1.

usage: host_loops_ref.py SPEC.json              expected output
       host_loops_ref.py --merge-grads OUT.json
"""
import math
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from refcli import main  # noqa: E402

COEFFS = {"apply_term": (2.0, 1.0, True), "apply_term_1": (-0.5, 3.0, True),
          "after_loop": (-0.5, 3.0, False)}


def expected(spec):
    ins = spec["inputs"]
    seed = spec.get("backward", {}).get("seed", {})
    x = ins["x"]["data"]
    if spec["kernel"] in ("apply_op", "apply_op_1"):
        mul = spec["kernel"] == "apply_op_1"
        out = {"x": x, "y": [a * b if mul else a + b for a, b in x]}
        if seed:
            out["grad.x"] = [[g * b, g * a] if mul else [g, g] for g, (a, b) in zip(seed["y"], x)]
            out["grad.y"] = [0.0] * len(x)
        return {"ok": True, "outputs": out}
    if spec["kernel"] == "square_add":
        y = ins["y"]["data"]
        out = {"x": x, "y": y, "out": [1.5 * a * a + b for a, b in zip(x, y)]}
        if seed:
            s = seed["out"]
            out["grad.x"] = [g * 3.0 * a for g, a in zip(s, x)]
            out["grad.y"] = list(s)
            out["grad.out"] = [0.0] * len(x)
        return {"ok": True, "outputs": out}
    c, d, sin = COEFFS[spec["kernel"]]
    out = {"x": x, "y": [c * a * a + d * a + (math.sin(a) if sin else 0.0) for a in x]}
    if seed:
        out["grad.x"] = [g * (2.0 * c * a + d + (math.cos(a) if sin else 0.0))
                         for g, a in zip(seed["y"], x)]
        out["grad.y"] = [0.0] * len(x)
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    main(expected)
