"""Independent reference for Inputs/large_matrices.py (large_matrices.test).

Products are Warp's: c_ij = a_i0 b_0j + a_i1 b_1j + ..., summed left to
right, each product and sum rounded to the element type (float32 through
struct; Python's floats are float64). Gradients are Warp's adj_mul,
adj_transpose and adj_outer: adj_A += adj_C B^T, adj_B += A^T adj_C for
C = A B; adj_M += outer(adj_r, v), adj_v += adj_r M for r = M v; adj_v +=
M adj_r, adj_M += outer(v, adj_r) for r = v M; adj_u += adj_O w, adj_w +=
u adj_O for O = outer(u, w), each written as the same left-to-right sums.

usage: large_matrices_ref.py --spec KERNEL       a launch spec for KERNEL, with
                                                 pseudo-random inputs and seeds
       large_matrices_ref.py SPEC.json           expected output
       large_matrices_ref.py --merge-grads OUT.json
"""
import json
import operator
import random
import struct
import sys


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def ident(x):
    return x


SHAPES = {  # argument: (rows, cols); cols None for a vector
    "matmul64": {"a": (64, 64), "b": (64, 64)},
    "shapes": {"a": (32, 24), "b": (24, 40), "m": (40, 40), "v": (40, None), "u": (32, None),
               "w": (24, None), "t": (24, 32)},
    "chain16": {"a": (16, 16), "b": (16, 16)},
    "ops128": {"a": (128, 128), "b": (128, 128), "s": (None, None)},
}
OUTPUTS = {
    "matmul64": {"c": (64, 64)},
    "shapes": {"c": (32, 40), "mv": (40, None), "vm": (40, None), "tr": (32, 24), "o": (32, 24)},
    "chain16": {"out": (16, 16)},
    "ops128": {"out": (128, 128), "acc": (128, 128), "e": (None, None)},
}


def rand_value(rng, shape, small_ints=False):
    r, c = shape
    if small_ints:  # ops128: every value, sum and product exact in float32
        if r is None:
            return float(rng.choice([-2, -1, 1, 2]))
        return [[float(rng.randint(-1, 1)) for _ in range(c)] for _ in range(r)]
    if c is None:
        return [round(rng.uniform(-1, 1), 6) for _ in range(r)]
    return [[round(rng.uniform(-1, 1), 6) for _ in range(c)] for _ in range(r)]


def make_spec(kernel, n=2):
    rng = random.Random(26)
    ints = kernel == "ops128"
    inputs = {name: {"data": [rand_value(rng, s, ints) for _ in range(n)], "requires_grad": True}
              for name, s in SHAPES[kernel].items()}
    for name in OUTPUTS[kernel]:
        inputs[name] = {"zeros": [n]}
    seed = {name: [rand_value(rng, s, ints) for _ in range(n)] for name, s in OUTPUTS[kernel].items()}
    return {"kernel": kernel, "dim": n, "inputs": inputs, "backward": {"seed": seed}}


class Ops:
    def __init__(self, rnd):
        self.r = rnd

    def dot(self, xs, ys):
        s = self.r(xs[0] * ys[0])
        for x, y in zip(xs[1:], ys[1:]):
            s = self.r(s + self.r(x * y))
        return s

    def col(self, m, j):
        return [row[j] for row in m]

    def matmul(self, a, b):  # matrix @ matrix
        return [[self.dot(row, self.col(b, j)) for j in range(len(b[0]))] for row in a]

    def matvec(self, m, v):
        return [self.dot(row, v) for row in m]

    def vecmat(self, v, m):
        return [self.dot(v, self.col(m, j)) for j in range(len(m[0]))]

    def transpose(self, m):
        return [self.col(m, j) for j in range(len(m[0]))]

    def outer(self, u, w):
        return [[self.r(x * y) for y in w] for x in u]

    def scale(self, m, s):
        return [[self.r(x * s) for x in row] for row in m]

    def add(self, x, y):
        if isinstance(x, list):
            return [self.add(p, q) for p, q in zip(x, y)]
        return self.r(x + y)


def ops128(ins, seed, n):
    """Exact: small integers in, every intermediate an integer below 2**24.
    Forward: x = a b, y = (x + a) s - b^T, y[1, 2] = s, e = y[j, 5] + x[2, j]
    with j = i % 3 - 3 (from the end), out = y, acc[0] += y (every thread).
    Backward (Warp's rules): adj_y = adj_out + adj_acc[0] + adj_e at (j, 5);
    adj_s += adj_y[1, 2], which is then cut (the element was assigned);
    with A = that adjoint: adj_b -= A^T, adj_s += sum(A (x + a)),
    X = A s + adj_e at (2, j), adj_a += A s + X b^T, adj_b += a^T X."""
    def mm(p, q):
        qt = list(zip(*q))
        return [[sum(map(operator.mul, row, col)) for col in qt] for row in p]

    def tr(p):
        return [list(c) for c in zip(*p)]

    N = 128
    out, acc, e = [], [[0.0] * N for _ in range(N)], []
    ga, gb, gs = [], [], []
    for i in range(n):
        a, b, s = ins["a"][i], ins["b"][i], ins["s"][i]
        x = mm(a, b)
        bt = tr(b)
        y = [[(x[r][c] + a[r][c]) * s - bt[r][c] for c in range(N)] for r in range(N)]
        y[1][2] = s
        j = (i % 3 - 3) % N
        e.append(y[j][5] + x[2][j])
        out.append(y)
        acc = [[p + q for p, q in zip(pr, qr)] for pr, qr in zip(acc, y)]
        A = [[p + q for p, q in zip(pr, qr)] for pr, qr in zip(seed["out"][i], seed["acc"][0])]
        A[j][5] += seed["e"][i]
        adj_s = A[1][2]
        A[1][2] = 0.0
        adj_s += sum((x[r][c] + a[r][c]) * A[r][c] for r in range(N) for c in range(N))
        X = [[A[r][c] * s for c in range(N)] for r in range(N)]
        X[2][j] += seed["e"][i]
        xbt = mm(X, bt)
        ga.append([[A[r][c] * s + xbt[r][c] for c in range(N)] for r in range(N)])
        atx = mm(tr(a), X)
        gb.append([[atx[r][c] - A[c][r] for c in range(N)] for r in range(N)])
        gs.append(adj_s)
    acc = [acc] + [[[0.0] * N for _ in range(N)] for _ in range(n - 1)]
    outs = dict(ins)
    outs.update({"out": out, "acc": acc, "e": e, "grad.a": ga, "grad.b": gb, "grad.s": gs})
    return {"ok": True, "outputs": outs}


def rounded(x, rnd):
    return [rounded(e, rnd) for e in x] if isinstance(x, list) else rnd(x)


def expected(spec):
    kernel = spec["kernel"]
    if kernel == "ops128":
        ins = {k: v["data"] for k, v in spec["inputs"].items() if "data" in v}
        return ops128(ins, spec["backward"]["seed"], spec["dim"])
    rnd = ident if kernel == "chain16" else f32
    o = Ops(rnd)
    ins = {k: rounded(v["data"], rnd) for k, v in spec["inputs"].items() if "data" in v}
    seed = {k: rounded(v, rnd) for k, v in spec["backward"]["seed"].items()}
    n = spec["dim"]
    out = {k: v for k, v in ins.items()}
    grads = {}
    if kernel == "matmul64":
        a, b, g = ins["a"], ins["b"], seed["c"]
        out["c"] = [o.matmul(a[i], b[i]) for i in range(n)]
        grads["a"] = [o.matmul(g[i], o.transpose(b[i])) for i in range(n)]
        grads["b"] = [o.matmul(o.transpose(a[i]), g[i]) for i in range(n)]
    elif kernel == "shapes":
        I = range(n)
        a, b, m, v, u, w, t = (ins[k] for k in "a b m v u w t".split())
        out["c"] = [o.matmul(a[i], b[i]) for i in I]
        out["mv"] = [o.matvec(m[i], v[i]) for i in I]
        out["vm"] = [o.vecmat(v[i], m[i]) for i in I]
        out["tr"] = [o.transpose(t[i]) for i in I]
        out["o"] = [o.outer(u[i], w[i]) for i in I]
        g = seed
        grads["a"] = [o.matmul(g["c"][i], o.transpose(b[i])) for i in I]
        grads["b"] = [o.matmul(o.transpose(a[i]), g["c"][i]) for i in I]
        # Two contributions each: their sum does not depend on the order.
        grads["m"] = [o.add(o.outer(g["mv"][i], v[i]), o.outer(v[i], g["vm"][i])) for i in I]
        grads["v"] = [o.add(o.vecmat(g["mv"][i], m[i]), o.matvec(m[i], g["vm"][i])) for i in I]
        grads["t"] = [o.transpose(g["tr"][i]) for i in I]
        grads["u"] = [o.matvec(g["o"][i], w[i]) for i in I]
        grads["w"] = [o.vecmat(u[i], g["o"][i]) for i in I]
    else:  # chain16: forward only (its gradients are checked against finite differences)
        res = []
        for i in range(n):
            a, b = ins["a"][i], ins["b"][i]
            x = o.matmul(o.matmul(a, o.transpose(b)), a)
            for _ in range(2):
                x = o.scale(o.matmul(x, a), 0.25)
            res.append(x)
        out["out"] = res
        return {"ok": True, "outputs": out}
    for k, v in grads.items():
        out["grad." + k] = v
    return {"ok": True, "outputs": out}


def main():
    if sys.argv[1] == "--spec":
        print(json.dumps(make_spec(sys.argv[2])))
    elif sys.argv[1] == "--merge-grads":
        result = json.load(open(sys.argv[2]))
        for name, g in result.pop("grads", {}).items():
            result["outputs"]["grad." + name] = g
        if "--drop-grads" in sys.argv:
            result["outputs"] = {k: v for k, v in result["outputs"].items() if not k.startswith("grad.")}
        print(json.dumps(result))
    else:
        print(json.dumps(expected(json.load(open(sys.argv[1])))))


if __name__ == "__main__":
    main()
