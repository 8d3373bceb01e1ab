#!/usr/bin/env python3
"""differ.py A.json B.json [--ulp N]: two kdsl-run outputs (their "outputs"
and "grads") must agree exactly,
except floats, which may differ by at most N units in the last place
(default 0: bit-identical). Prints the number of values compared and how
many differed at all; exits 1 on a difference beyond the tolerance."""
import json
import math
import struct
import sys


def ulps(a, b, double):
    fmt, ifmt = ("<d", "<q") if double else ("<f", "<i")
    ia = struct.unpack(ifmt, struct.pack(fmt, a))[0]
    ib = struct.unpack(ifmt, struct.pack(fmt, b))[0]
    # Map the sign-magnitude bit patterns onto a monotonic integer line.
    big = 1 << (63 if double else 31)
    ia = ia if ia >= 0 else -big - ia
    ib = ib if ib >= 0 else -big - ib
    return abs(ia - ib)


def walk(a, b, path, out):
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            walk(x, y, f"{path}[{i}]", out)
        return
    if isinstance(a, float) and isinstance(b, float):
        out.append((path, a, b))
        return
    out.append((path, a, b) if a != b else (path, None, None))


def main():
    args = sys.argv[1:]
    max_ulp = 0
    if "--ulp" in args:
        i = args.index("--ulp")
        max_ulp = int(args[i + 1])
        del args[i:i + 2]
    a, b = (json.load(open(p)) for p in args)
    if not (a.get("ok") and b.get("ok")):
        print("differ: a run failed:", a.get("error"), b.get("error"))
        return 1
    sections = ("outputs", "grads")
    for s in sections:
        if a.get(s, {}).keys() != b.get(s, {}).keys():
            print(f"differ: different {s}", sorted(a.get(s, {})), sorted(b.get(s, {})))
            return 1
    values, inexact, bad = 0, 0, []
    for s, name in [(s, n) for s in sections for n in a.get(s, {})]:
        pairs = []
        walk(a[s][name], b[s][name], f"{s}.{name}", pairs)
        for path, x, y in pairs:
            values += 1
            if x is None:
                continue
            if isinstance(x, float) and isinstance(y, float):
                if x == y or (math.isnan(x) and math.isnan(y)):
                    continue
                inexact += 1
                # Outputs do not say float32 or float64; judge in float32 when both round-trip.
                double = struct.unpack("<f", struct.pack("<f", x))[0] != x
                if ulps(x, y, double) <= max_ulp:
                    continue
            bad.append((path, x, y))
    print(f"differ: {values} values, {inexact} not bit-identical, {len(bad)} beyond {max_ulp} ulp")
    for path, x, y in bad[:10]:
        print(f"  {path}: {x!r} vs {y!r}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
