"""Independent reference for Inputs/degrees_radians.py (degrees_radians.test).

Warp: degrees(x) = x * (180 / pi), radians(x) = x * (pi / 180), with the
constant and the product rounded to the argument's float type. The adjoint
of x is seed * constant (for rad64, d * 2.0 first: 2 * constant).

usage: degrees_radians_ref.py SPEC.json            expected output
       degrees_radians_ref.py --merge-grads OUT.json
           kdsl-run's output with its "grads" moved into "outputs" as
           "grad.NAME", so that compare.py checks both.
"""
import math
import struct
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from refcli import main  # noqa: E402


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


DEG64 = 180.0 / math.pi
RAD64 = math.pi / 180.0
DEG32 = f32(DEG64)
RAD32 = f32(RAD64)


def scale32(xs, c):
    return [f32(f32(x) * c) for x in xs]


def vscale32(vs, c):
    return [scale32(v, c) for v in vs]


def expected(spec):
    ins = spec["inputs"]
    seed = spec["backward"]["seed"]
    x = [f32(a) for a in ins["x"]["data"]]
    y = [f32(a) for a in ins["y"]["data"]]
    v = [[f32(a) for a in r] for r in ins["v"]["data"]]
    w = [[f32(a) for a in r] for r in ins["w"]["data"]]
    d = ins["d"]["data"]
    n = len(x)
    out = {"x": x, "y": y, "v": v, "w": w, "d": d,
           "deg": scale32(x, DEG32), "rad": scale32(y, RAD32),
           "vdeg": vscale32(v, DEG32), "vrad": vscale32(w, RAD32),
           "deg64": [a * DEG64 for a in d], "rad64": [(a * 2.0) * RAD64 for a in d]}
    out["grad.x"] = scale32(seed["deg"], DEG32)
    out["grad.y"] = scale32(seed["rad"], RAD32)
    out["grad.v"] = vscale32(seed["vdeg"], DEG32)
    out["grad.w"] = vscale32(seed["vrad"], RAD32)
    out["grad.d"] = [seed["deg64"][i] * DEG64 + 2.0 * (seed["rad64"][i] * RAD64) for i in range(n)]
    # The outputs' adjoints are consumed by the backward pass (no retain_grad).
    for name in ("deg", "rad", "deg64", "rad64"):
        out["grad." + name] = [0.0] * n
    for name in ("vdeg", "vrad"):
        out["grad." + name] = [[0.0] * 3 for _ in range(n)]
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    main(expected)
