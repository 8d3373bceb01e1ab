"""Independent reference for Inputs/scalar_math.py (scalar_math.test).

Warp 1.16: erf, erfc (C's erf/erfc), erfinv and erfcinv (their inverses),
rint (round half to even), copysign(x, y) (|x| with y's sign),
nonzero(x) = 1 if x != 0 else 0. The inverses are found here by bisection
on math.erf / math.erfc in float64 (independent of kdsl's Newton scheme).
Adjoints (Warp's adj_*): erf' = 2/sqrt(pi) exp(-x^2), erfc' = -erf',
erfinv'(y) = sqrt(pi)/2 exp(erfinv(y)^2), erfcinv' = -sqrt(pi)/2 exp(erfcinv(z)^2),
d copysign(x, y)/dx = +1 when x and y have the same sign bit, else -1.

usage: scalar_math_ref.py SPEC.json             expected output (either kernel)
       scalar_math_ref.py --merge-grads OUT.json  "grads" moved into "outputs"
"""
import math
import struct
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from refcli import main  # noqa: E402


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def bisect(f, target, lo, hi, increasing):
    for _ in range(400):
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def erfcinv(z):
    if z == 1.0:
        return 0.0
    if z > 1.0:
        return -erfcinv(2.0 - z)
    return bisect(math.erfc, z, 0.0, 30.0, increasing=False)


def erfinv(y):
    if y < 0:
        return -erfinv(-y)
    if y < 0.5:
        return bisect(math.erf, y, 0.0, 1.0, increasing=True)
    return erfcinv(1.0 - y)


C_ERF = 2.0 / math.sqrt(math.pi)
C_INV = math.sqrt(math.pi) / 2.0


def derf(x):
    return C_ERF * math.exp(-x * x)


def same_sign(x, y):
    return math.copysign(1.0, x) == math.copysign(1.0, y)


def rint(x):
    return math.copysign(float(round(x)), x)  # Python's round() ties to even


def expected32(spec):
    ins, seed = spec["inputs"], spec["backward"]["seed"]
    x, p, z, r, s = ([f32(a) for a in ins[k]["data"]] for k in "xpzrs")
    n = ins["n"]["data"]
    out = {"x": x, "p": p, "z": z, "r": r, "s": s, "n": n}
    out["erf32"] = [f32(math.erf(a)) for a in x]
    out["erfc32"] = [f32(math.erfc(a)) for a in x]
    out["erfinv32"] = [f32(erfinv(a)) for a in p]
    out["erfcinv32"] = [f32(erfcinv(a)) for a in z]
    out["rint32"] = [rint(a) for a in r]
    out["copysign32"] = [math.copysign(a, b) for a, b in zip(x, s)]
    out["nonzero32"] = [1.0 if a != 0 else 0.0 for a in r]
    out["nonzeroi"] = [1 if a != 0 else 0 for a in n]
    out["grad.x"] = [seed["erf32"][i] * derf(a) - seed["erfc32"][i] * derf(a)
                     + seed["copysign32"][i] * (1.0 if same_sign(a, s[i]) else -1.0)
                     for i, a in enumerate(x)]
    out["grad.p"] = [seed["erfinv32"][i] * C_INV * math.exp(erfinv(a) ** 2) for i, a in enumerate(p)]
    out["grad.z"] = [-seed["erfcinv32"][i] * C_INV * math.exp(erfcinv(a) ** 2) for i, a in enumerate(z)]
    for name in ("erf32", "erfc32", "erfinv32", "erfcinv32", "copysign32"):
        out["grad." + name] = [0.0] * len(x)
    return out


def expected64(spec):
    ins, seed = spec["inputs"], spec["backward"]["seed"]["out"]
    x, p, z, s = (ins[k]["data"] for k in "xpzs")
    out = {"x": x, "p": p, "z": z, "s": s}
    out["out"] = [math.erf(x[i]) + math.erfc(x[i] * 0.5) * 2.0 + erfinv(p[i]) * 3.0
                  + erfcinv(z[i]) * 5.0 + math.copysign(x[i], s[i]) * 7.0 for i in range(len(x))]
    out["grad.x"] = [seed[i] * (derf(x[i]) - 2.0 * 0.5 * derf(x[i] * 0.5)
                                + 7.0 * (1.0 if same_sign(x[i], s[i]) else -1.0)) for i in range(len(x))]
    out["grad.p"] = [seed[i] * 3.0 * C_INV * math.exp(erfinv(p[i]) ** 2) for i in range(len(x))]
    out["grad.z"] = [-seed[i] * 5.0 * C_INV * math.exp(erfcinv(z[i]) ** 2) for i in range(len(x))]
    out["grad.out"] = [0.0] * len(x)
    return out


def expected(spec):
    fn = expected64 if spec["kernel"] == "scalar_math64" else expected32
    return {"ok": True, "outputs": fn(spec)}


if __name__ == "__main__":
    main(expected)
