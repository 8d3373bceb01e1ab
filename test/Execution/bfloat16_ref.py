"""Independent reference for Inputs/bfloat16.py (bfloat16.test).

Models Warp 1.16's bfloat16 (warp/native/builtin.h) in Python:
  - float32 -> bfloat16: round to nearest even on the float32 bits; inf
    stays inf; a NaN stays a NaN;
  - every other conversion to bfloat16 goes through float32 first (float64,
    integers, float16; a JSON input value too, as wp.array(..., dtype=
    wp.bfloat16) does);
  - an operation on bfloat16 values is computed in float32 and rounded.
Python computes + - * / of two bfloat16 values exactly in float64, so
rounding that to float32 and then to bfloat16 is the float32 operation.

usage: bfloat16_ref.py SPEC.json              expected output of the plan
       bfloat16_ref.py --grads SPEC.json      expected output of the grad plan
       bfloat16_ref.py --merge-grads OUT.json kdsl-run's output with "grads"
           moved into "outputs" as "grad.NAME", for compare.py
"""
import json
import math
import struct
import sys


def f32(x):
    if isinstance(x, str):
        x = float(x)
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:  # beyond float32: struct refuses; C rounds to inf
        return math.copysign(math.inf, x)


def bf16_bits(x):
    """Warp's wp_float_to_bfloat16_bits_sw on the float32 value of x."""
    bits = struct.unpack("<I", struct.pack("<f", f32(x)))[0]
    if bits & 0x7F800000 == 0x7F800000:
        h = bits >> 16
        if bits & 0x7FFFFF and not h & 0x7F:
            h |= 0x40
        return h
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFFFFFF
    return bits >> 16


def bf16(x):
    return struct.unpack("<f", struct.pack("<I", bf16_bits(x) << 16))[0]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", f32(x)))[0]


# The model itself, checked by hand: ties go to the even neighbour, float64
# and integers round through float32.
assert bf16(1.00390625) == 1.0               # 1 + 2^-8: a tie, to even
assert bf16(1.01171875) == 1.015625          # 1 + 3 * 2^-8: a tie, to even (up)
assert bf16(1.0039062509313226) == 1.0       # float32 first: 1 + 2^-8, a tie
assert bf16(float(16842753)) == 16777216.0   # float32 16842752, a tie, to even
assert bf16(0.1) == 0.10009765625            # 0x3DCD
assert math.isinf(bf16(3.4e38))              # above bfloat16's 3.3895e38
assert math.isnan(bf16(math.nan))


def jnum(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def jlist(xs):
    return [jlist(x) if isinstance(x, list) else jnum(x) for x in xs]


def trunc_int(x):
    return int(math.trunc(x))


def run_plan(spec):
    arrays = {}
    for name, d in spec["arrays"].items():
        dtype = d.get("dtype", "float32")
        conv = {"float32": f32, "float64": float, "int32": int, "float16": f16, "bool": bool}.get(dtype, bf16)
        if "data" in d:
            def c(v):
                return [c(x) for x in v] if isinstance(v, list) else conv(v)
            arrays[name] = c(d["data"])
        else:
            n = d["zeros"][0]
            arrays[name] = [conv(0.0) for _ in range(n)]
    A = arrays
    for launch in spec["launches"]:
        k, dim, args = launch["kernel"], launch["dim"], launch["args"]
        g = {p: (A[v[1:]] if isinstance(v, str) and v.startswith("@") else v) for p, v in args.items()}
        KERNELS[k](dim, g)
    return A


def k_convert(n, g):
    for t in range(n):
        b = bf16(g["f"][t])
        g["from_f"][t] = b
        g["from_d"][t] = bf16(f32(g["d"][t]))
        g["from_i"][t] = bf16(f32(float(g["i"][t])))
        g["from_h"][t] = bf16(g["h"][t])
        g["back_f"][t] = b
        g["to_h"][t] = f16(b)
        g["to_i"][t] = trunc_int(g["from_h"][t])


def k_arith(n, g):
    for t in range(n):
        x, y = g["a"][t], g["b"][t]
        g["out_add"][t] = bf16(x + y)
        g["out_sub"][t] = bf16(x - y)
        g["out_mul"][t] = bf16(x * y)
        g["out_div"][t] = bf16(x / y)
        g["out_chain"][t] = bf16(bf16(x * y) + x)
        g["out_lit"][t] = bf16(-x * bf16(0.1))
        c = 0
        c += 1 if x < y else 0
        c += 2 if x <= y else 0
        c += 4 if x == y else 0
        c += 8 if x != y else 0
        c += 16 if x > y else 0
        c += 32 if x >= y else 0
        g["cmp"][t] = c


def k_math(n, g):
    for t in range(n):
        v = g["x"][t]
        g["out_sqrt"][t] = bf16(math.sqrt(abs(v)))
        g["out_abs"][t] = abs(v)
        g["out_floor"][t] = float(math.floor(v)) if math.isfinite(v) else v
        g["out_min"][t] = min(v, 0.5)
        g["out_max"][t] = max(v, 0.5)
        g["out_clamp"][t] = min(max(v, -1.0), 1.0)
        g["out_sin"][t] = bf16(math.sin(v)) if math.isfinite(v) else math.nan
        g["out_isfinite"][t] = math.isfinite(v)


def k_atomics(n, g):
    acc, lo, hi = g["acc"], g["lo"], g["hi"]
    for t in range(n):
        acc[0] = bf16(acc[0] + g["ones"][t])
        acc[1] = bf16(acc[1] - g["ones"][t])
        acc[2] = bf16(acc[2] + g["ones"][t])
        lo[0] = min(lo[0], g["vals"][t])
        hi[0] = max(hi[0], g["vals"][t])
    g["old"][0] = acc[3]
    acc[3] = bf16(acc[3] + 0.5)


def k_composites(n, g):
    s = g["s"]
    for t in range(n):
        a = g["v"][t]
        g["out_v"][t] = [bf16(bf16(a[i] * 2.0) + (i + 1.0)) for i in range(3)]
        d = bf16(a[0] * a[0])
        d = bf16(d + bf16(a[1] * a[1]))
        d = bf16(d + bf16(a[2] * a[2]))
        g["out_dot"][t] = d
        m = g["m"][t]  # times the identity: exact
        g["out_mv"][t] = [m[0][0], m[0][1], bf16(m[1][0] + m[1][1])]
        g["out_f"][t] = f32(bf16(s["bf16_val"]) + f32(s["f32_val"]))


KERNELS = {"convert": k_convert, "arith": k_arith, "math_ops": k_math, "atomics": k_atomics,
           "composites": k_composites}


def grads(spec):
    """y = x * x * 3 (square) and loss += float32(x)^2 (loss_f32), and their
    adjoints as Warp computes them in bfloat16: adj(a * b) adds b * adj to
    a's adjoint and a * adj to b's, each product rounded; the adjoint of
    float32(x) is the float32 adjoint rounded to bfloat16."""
    arr = spec["arrays"]
    x = [bf16(v) for v in arr["x"]["data"]]
    seed = [bf16(v) for v in spec["backward"]["seed"]["y"]]
    out = {"x": x, "y": [bf16(bf16(v * v) * 3.0) for v in x]}
    gx = []
    for v, s in zip(x, seed):
        adj_p = bf16(s * 3.0)          # p = x * x, y = p * 3
        a = bf16(0.0 + bf16(v * adj_p))
        gx.append(bf16(a + bf16(v * adj_p)))
    out["grad.x"] = gx
    out["grad.y"] = [0.0] * len(x)     # consumed by the backward pass
    w = [bf16(v) for v in arr["w"]["data"]]
    out["w"] = w
    loss = 0.0
    for v in w:
        loss = f32(loss + f32(v * v))
    out["loss"] = [loss]
    out["grad.w"] = [bf16(f32(2.0 * v)) for v in w]
    out["grad.loss"] = [0.0]
    return {"ok": True, "outputs": {k: jlist(v) for k, v in out.items()}}


def main():
    if sys.argv[1] == "--merge-grads":
        out = json.load(open(sys.argv[2]))
        for name, v in out.pop("grads", {}).items():
            out["outputs"]["grad." + name] = v
        out.pop("gradcheck", None)
        json.dump(out, sys.stdout)
        return
    if sys.argv[1] == "--grads":
        json.dump(grads(json.load(open(sys.argv[2]))), sys.stdout)
        return
    spec = json.load(open(sys.argv[1]))
    A = run_plan(spec)
    outputs = {k: jlist(v) if isinstance(v, list) else v for k, v in A.items()}
    json.dump({"ok": True, "outputs": outputs}, sys.stdout)


if __name__ == "__main__":
    main()
