"""Module constants against Python's own integers (test/Frontend/python-int-constants.test).

`gen OUT.py OUT.expected SEED`: writes a Warp module of random module constants
(integers of up to a few hundred bits under + - * // % ** << >> & | ^ ~ and
unary minus, int / int, and mixes with floats) whose final values fit an int64 or
are floats, a kernel that stores each into an array, and the values Python gives
them (computed here by Python itself, the reference).

`check IN.mlir IN.expected`: the int64 and float64 constants that
kdsl-translate --emit=mlir stored, in order, must be those values (floats bit
for bit).
"""

import random
import re
import struct
import sys

INT_OPS = ["+", "-", "*", "//", "%", "&", "|", "^", "<<", ">>", "**"]


def rand_int(rng):
    bits = rng.choice([3, 8, 31, 32, 63, 64, 65, 100, 200, 400])
    v = rng.getrandbits(bits) | 1
    return -v if rng.random() < 0.4 else v


def int_expr(rng, depth):
    """(source, value) of a random integer expression."""
    if depth == 0 or rng.random() < 0.25:
        v = rand_int(rng)
        spelling = rng.choice([str(abs(v)), hex(abs(v)), str(abs(v))])
        return ("-" + spelling if v < 0 else spelling), v
    op = rng.choice(INT_OPS + ["~", "neg"])
    if op in ("~", "neg"):
        s, v = int_expr(rng, depth - 1)
        return (f"~({s})", ~v) if op == "~" else (f"-({s})", -v)
    ls, lv = int_expr(rng, depth - 1)
    if op in ("<<", ">>"):
        n = rng.randrange(0, 140)
        return f"({ls}) {op} {n}", (lv << n if op == "<<" else lv >> n)
    if op == "**":
        base = rng.choice([2, 3, -3, 7, 10, -10, 12345])
        n = rng.randrange(0, 60)
        return f"({ls}) * ({base}) ** {n}", lv * base**n
    rs, rv = int_expr(rng, depth - 1)
    if op in ("//", "%") and rv == 0:
        rs, rv = "7", 7
    value = eval(f"({lv}) {op} ({rv})")
    return f"({ls}) {op} ({rs})", value


def fit(rng, s, v):
    """A constant expression over s whose value fits an int64."""
    if -(2**63) <= v < 2**63:
        return s, v
    how = rng.choice(["mod", "shift", "floordiv"])
    if how == "mod":
        m = rng.choice([1000000007, 2**61 - 1, -(2**62) + 5])
        return f"({s}) % {m}", v % m
    if how == "shift":
        k = max(0, v.bit_length() - rng.randrange(1, 63))
        return f"({s}) >> {k}", v >> k
    d = 10 ** max(0, len(str(abs(v))) - 18)
    return f"({s}) // {d}", v // d


def gen(out_py, out_expected, seed):
    rng = random.Random(seed)
    lines = ["import warp as wp", ""]
    ints, floats = [], []
    for i in range(150):
        s, v = fit(rng, *int_expr(rng, 4))
        lines.append(f"I{i} = {s}")
        ints.append(v)
    for i in range(40):
        ls, lv = int_expr(rng, 3)
        rs, rv = int_expr(rng, 3)
        if rv == 0:
            rs, rv = "3", 3
        kind = rng.choice(["div", "fdiv", "mix", "pow"])
        if kind == "div":  # int / int, correctly rounded
            s, v = f"({ls}) / ({rs})", lv / rv
        elif kind == "fdiv":  # floor division and modulo of floats
            x = rng.uniform(-1e6, 1e6)
            y = rng.choice([-7.25, 3.5, 0.1, -1e-3])
            op = rng.choice(["//", "%"])
            s, v = f"{x!r} {op} {y!r}", eval(f"{x!r} {op} {y!r}")
        elif kind == "mix":  # an int (made a float) with a float
            s, v = f"(({ls}) >> 300) * 1.5 + ({rs}) % 1000 / 8", (lv >> 300) * 1.5 + rv % 1000 / 8
        else:  # an int to a negative power is a float
            n = rng.randrange(1, 30)
            s, v = f"3 ** -{n} * (({rs}) % 1000)", 3**-n * (rv % 1000)
        lines.append(f"F{i} = {s}")
        floats.append(v)
    lines += ["", "", "@wp.kernel", "def k(o: wp.array(dtype=wp.int64), f: wp.array(dtype=wp.float64)):"]
    lines += [f"    o[{i}] = I{i}" for i in range(len(ints))]
    lines += [f"    f[{i}] = F{i}" for i in range(len(floats))]
    with open(out_py, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    with open(out_expected, "w") as fh:
        fh.write("\n".join(["i " + str(v) for v in ints] + ["f " + repr(v) for v in floats]) + "\n")


def check(in_mlir, in_expected):
    text = open(in_mlir).read()
    got_i = [int(m) for m in re.findall(r"arith\.constant (-?\d+) : i64", text)]
    got_f = []
    for m in re.findall(r"arith\.constant ([^ ]+) : f64", text):
        if m.startswith("0x"):
            got_f.append(struct.unpack(">d", bytes.fromhex(m[2:]))[0])
        else:
            got_f.append(float(m))
    want_i, want_f = [], []
    for line in open(in_expected):
        kind, v = line.split()
        (want_i if kind == "i" else want_f).append(int(v) if kind == "i" else float(v))
    bad = 0
    if len(got_i) != len(want_i) or len(got_f) != len(want_f):
        print(f"counts differ: {len(got_i)} ints, {len(got_f)} floats; expected {len(want_i)}, {len(want_f)}")
        return 1
    for n, (g, w) in enumerate(zip(got_i, want_i)):
        if g != w:
            print(f"I{n}: kdsl {g}, Python {w}")
            bad += 1
    for n, (g, w) in enumerate(zip(got_f, want_f)):
        if struct.pack("<d", g) != struct.pack("<d", w):
            print(f"F{n}: kdsl {g!r}, Python {w!r}")
            bad += 1
    print(f"{len(want_i)} ints and {len(want_f)} floats checked, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit(check(sys.argv[2], sys.argv[3]))
