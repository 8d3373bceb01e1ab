"""Compare kdsl-run output with expected output.

usage: compare.py OUT.json EXPECTED.json [--rtol R] [--atol A] [--ulp N]
                  [--tol NAME=RTOL:ATOL]... [--unordered NAME]...

OUT.json is what kdsl-run printed: {"ok": true, "outputs": {...}, ...}.
EXPECTED.json has the same form (a reference's output, or a hand-written file).

  - "ok" must be true in OUT.json;
  - both must list the same arrays, with the same nested shapes;
  - bools and integers must be equal exactly (a bool is not an integer);
  - floats pass when |out - exp| <= max(atol, rtol * |exp|) (defaults
    atol 1e-6, rtol 1e-5), or, with --ulp N, when they are at most N float32
    ulps apart; "nan", "inf" and "-inf" must match exactly;
  - --tol NAME=RTOL:ATOL overrides the tolerance for one array;
  - --unordered NAME compares the outer level of that array as a multiset
    (for outputs whose order depends on the order atomics ran in).

Prints the first mismatches and exits 1 on any difference.
"""

import argparse
import json
import struct
import sys

SPECIAL = ("nan", "inf", "-inf")
MAX_REPORT = 20


def f32_key(x):
    try:
        i = struct.unpack("<i", struct.pack("<f", x))[0]
    except OverflowError:
        return None
    return i if i >= 0 else -(i & 0x7FFFFFFF)


def kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "special" if v in SPECIAL else "string"
    if isinstance(v, list):
        return "list"
    if isinstance(v, dict):
        return "object"
    return type(v).__name__


def fmt(v):
    return json.dumps(v)


class Comparer:
    def __init__(self, rtol, atol, ulp):
        self.rtol, self.atol, self.ulp = rtol, atol, ulp
        self.errors = []
        self.checked = 0
        self.worst = (0.0, None)  # (diff / tolerance, path)

    def err(self, path, msg):
        self.errors.append(f"{path}: {msg}")

    def leaf(self, path, got, exp, rtol, atol):
        self.checked += 1
        ke, kg = kind(exp), kind(got)
        if ke == "special":
            if got != exp:
                self.err(path, f"got {fmt(got)}, expected {fmt(exp)}")
            return
        if ke == "bool":
            if kg != "bool" or got != exp:
                self.err(path, f"got {fmt(got)}, expected {fmt(exp)} (bool)")
            return
        if ke == "int":
            if kg != "int" or got != exp:
                self.err(path, f"got {fmt(got)}, expected {fmt(exp)} (integer, exact)")
            return
        if ke == "float":
            if kg not in ("int", "float"):
                self.err(path, f"got {fmt(got)}, expected {fmt(exp)} (float)")
                return
            got = float(got)
            diff = abs(got - exp)
            tol = max(atol, rtol * abs(exp))
            ok = diff <= tol
            if not ok and self.ulp is not None:
                a, b = f32_key(got), f32_key(exp)
                ok = a is not None and b is not None and abs(a - b) <= self.ulp
            if ok:
                if tol > 0 and diff / tol > self.worst[0]:
                    self.worst = (diff / tol, path)
            else:
                self.err(path, f"got {got!r}, expected {exp!r} (|diff| {diff:.3g} > tol {tol:.3g})")
            return
        if ke == "string" and got == exp:
            return
        self.err(path, f"got {fmt(got)}, expected {fmt(exp)}")

    def tree(self, path, got, exp, rtol, atol):
        if isinstance(exp, list):
            if not isinstance(got, list):
                self.err(path, f"got {fmt(got)}, expected a list of {len(exp)}")
                return
            if len(got) != len(exp):
                self.err(path, f"got {len(got)} entries, expected {len(exp)}")
                return
            for i, (g, e) in enumerate(zip(got, exp)):
                self.tree(f"{path}[{i}]", g, e, rtol, atol)
            return
        if isinstance(exp, dict):
            if not isinstance(got, dict) or set(got) != set(exp):
                self.err(path, f"got {fmt(got)}, expected an object with keys {sorted(exp)}")
                return
            for k in exp:
                self.tree(f"{path}.{k}", got[k], exp[k], rtol, atol)
            return
        if isinstance(got, (list, dict)):
            self.err(path, f"got {fmt(got)[:60]}, expected {fmt(exp)}")
            return
        self.leaf(path, got, exp, rtol, atol)


def sort_key(v):
    """A total order on JSON values (for --unordered)."""
    if isinstance(v, list):
        return (3, tuple(sort_key(x) for x in v))
    if isinstance(v, str):
        return (2, v)
    if isinstance(v, bool):
        return (0, int(v))
    return (1, float(v))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("expected")
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--atol", type=float, default=1e-6)
    ap.add_argument("--ulp", type=int, default=None)
    ap.add_argument("--tol", action="append", default=[], metavar="NAME=RTOL:ATOL")
    ap.add_argument("--unordered", action="append", default=[], metavar="NAME")
    args = ap.parse_args()

    try:
        with open(args.out) as f:
            out = json.load(f)
    except (OSError, ValueError) as e:
        print(f"compare: cannot read kdsl-run output {args.out}: {e}")
        return 1
    with open(args.expected) as f:
        exp = json.load(f)

    if not isinstance(out, dict) or out.get("ok") is not True:
        print(f"compare: kdsl-run did not succeed: {json.dumps(out)[:2000]}")
        return 1
    got_o = out.get("outputs")
    exp_o = exp["outputs"] if "outputs" in exp else exp
    if not isinstance(got_o, dict):
        print("compare: kdsl-run output has no \"outputs\" object")
        return 1

    per = {}
    for t in args.tol:
        name, _, val = t.partition("=")
        r, _, a = val.partition(":")
        per[name] = (float(r), float(a))

    c = Comparer(args.rtol, args.atol, args.ulp)
    missing = sorted(set(exp_o) - set(got_o))
    extra = sorted(set(got_o) - set(exp_o))
    if missing:
        c.err("outputs", f"missing arrays {missing}")
    if extra:
        c.err("outputs", f"unexpected arrays {extra}")
    for name in exp_o:
        if name not in got_o:
            continue
        g, e = got_o[name], exp_o[name]
        if name in args.unordered and isinstance(g, list) and isinstance(e, list):
            g, e = sorted(g, key=sort_key), sorted(e, key=sort_key)
        rtol, atol = per.get(name, (args.rtol, args.atol))
        c.tree(name, g, e, rtol, atol)

    if c.errors:
        print(f"compare: {len(c.errors)} mismatch(es) between {args.out} and {args.expected}:")
        for e in c.errors[:MAX_REPORT]:
            print("  " + e)
        if len(c.errors) > MAX_REPORT:
            print(f"  ... and {len(c.errors) - MAX_REPORT} more")
        return 1
    worst = f", worst float at {c.worst[0]:.2f} of its tolerance ({c.worst[1]})" if c.worst[1] else ""
    print(f"compare: {c.checked} values in {len(exp_o)} arrays match{worst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
