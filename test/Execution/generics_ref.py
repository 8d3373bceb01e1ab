"""Independent reference for Inputs/generics.py (generics.test).

apply: out = 0.5 x^3 - x + sin(x) + 1.25 through the generic poly, so the
adjoint of x is seed * (1.5 x^2 - 1 + cos(x)); apply_int: out = n^2 - 1
through the int overload of poly. Computed in float64 (float32 runs are
compared with compare.py's default tolerances).

usage: generics_ref.py SPEC.json              expected output
       generics_ref.py --merge-grads OUT.json
           kdsl-run's output with its "grads" moved into "outputs" as
           "grad.NAME", so that compare.py checks both.
"""
import math
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from refcli import main  # noqa: E402


def expected(spec):
    ins = spec["inputs"]
    if spec["kernel"] == "apply_int":
        ns = ins["ns"]["data"]
        return {"ok": True, "outputs": {"ns": ns, "out": [n * n - 1 for n in ns]}}
    xs = ins["xs"]["data"]
    seed = spec["backward"]["seed"]["out"]
    out = {"xs": xs, "out": [0.5 * x ** 3 - x + math.sin(x) + 1.25 for x in xs]}
    out["grad.xs"] = [s * (1.5 * x * x - 1.0 + math.cos(x)) for x, s in zip(xs, seed)]
    out["grad.out"] = [0.0] * len(xs)  # consumed by the backward pass
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    main(expected)
