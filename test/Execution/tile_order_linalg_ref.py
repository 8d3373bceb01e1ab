"""Independent reference for Inputs/tile_order_linalg.py (tile-order-linalg.test).

Restates, with plain Python lists and the math module, what Warp 1.16's
tile builtins compute: tile_argmin/argmax (the first extreme index),
inclusive/exclusive scans, tile_reduce with a user func, tile_sort (stable,
ascending keys, the values moved with them), Cholesky factors (L L^T = A,
and U^T U = A with fill_mode="upper"), forward/back substitution, a + diag(d),
and the unnormalized DFT along the last dimension (exp(-2 pi i k n / N),
+ for the inverse).

usage: tile_order_linalg_ref.py SPEC.json
"""
import cmath
import json
import math
import sys


def scan(xs, f, exclusive=False):
    out, acc = [], None
    for i, x in enumerate(xs):
        if exclusive:
            out.append(acc if acc is not None else 0 * x)
            acc = x if acc is None else f(acc, x)
        else:
            acc = x if acc is None else f(acc, x)
            out.append(acc)
    return out


def argext(xs, better):
    best = 0
    for i, x in enumerate(xs):
        if better(x, xs[best]):
            best = i
    return best


def cholesky(a):
    n = len(a)
    l = [[0.0] * n for _ in range(n)]
    for j in range(n):
        l[j][j] = math.sqrt(a[j][j] - sum(l[j][k] ** 2 for k in range(j)))
        for i in range(j + 1, n):
            l[i][j] = (a[i][j] - sum(l[i][k] * l[j][k] for k in range(j))) / l[j][j]
    return l


def transpose(m):
    return [list(r) for r in zip(*m)]


def forward(t, y):
    x = []
    for i in range(len(y)):
        x.append((y[i] - sum(t[i][k] * x[k] for k in range(i))) / t[i][i])
    return x


def back(t, y):
    n = len(y)
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(t[i][k] * x[k] for k in range(i + 1, n))) / t[i][i]
    return x


def columns(f, t, m):
    cols = [f(t, list(c)) for c in zip(*m)]
    return transpose(cols)


def dft(row, sign):
    n = len(row)
    z = [complex(*v) for v in row]
    out = [sum(z[j] * cmath.exp(sign * 2j * math.pi * k * j / n) for j in range(n)) for k in range(n)]
    return [[c.real, c.imag] for c in out]


def expected(spec):
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    x, xi = arr["x"], arr["xi"]
    arr["idx"] = [argext(x, lambda a, b: a < b), argext(x, lambda a, b: a > b),
                  argext(xi, lambda a, b: a < b), argext(xi, lambda a, b: a > b)]
    add = lambda a, b: a + b
    arr["scans"] = [scan(x, add), scan(x, add, True), scan(x, min), scan(x, max)]
    arr["iscans"] = [scan(xi, add), scan(xi, add, True), scan(xi, max)]
    red = abs(x[0])
    for v in x[1:]:
        red = max(abs(red), abs(v))
    arr["red"] = [red]
    order = sorted(range(len(x)), key=lambda i: x[i])  # Python's sort is stable
    arr["skeys"] = [x[i] for i in order]
    arr["svals"] = order
    arr["ikeys"] = sorted(xi)

    a, b, d = arr["A"], arr["B"], arr["d"]
    l = cholesky(a)
    u = transpose(l)  # A symmetric: its upper triangle's factor is L^T
    arr["L"], arr["U"] = l, u
    lt = transpose(l)
    arr["sol"] = [back(lt, forward(l, d)), back(u, forward(transpose(u), d)), forward(l, d), back(u, d)]
    arr["X"] = [r1 + r2 for r1, r2 in zip(columns(forward, l, b),
                                          columns(back, lt, columns(forward, l, b)))]
    diag = [[a[i][j] + (d[i] if i == j else 0.0) for j in range(4)] for i in range(4)]
    arr["D"] = diag + l
    arr["f"] = [dft(r, -1) for r in arr["xc"]]
    arr["g"] = [dft(r, 1) for r in arr["f"]]
    arr["fs"] = [dft(r, -1) for r in arr["xs"]]
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
