"""Independent float64 reference for Inputs/tuples.py (tuples.test).

usage: tuples_ref.py outputs|grads  -> the expected kdsl-run outputs, or the
gradients of sum(out) with respect to a and b (worked out by hand below).
"""
import json
import math
import sys

A = [1.5, -2.0, 0.25]
B = [2.0, 0.5, -4.0]


def row(x, y):
    s, p = x + y, x * y  # stats(x, y) = (x + y, x * y, 2)
    ln = math.sqrt(x * x + y * y + 4.0)  # |vec3d(x, y, 2)|
    return [
        s * p,  # t[0] * t[1]
        s - p + 2.0,  # s - p + t[-1]
        ln * y + ln * x,  # weighted(w) + weighted((w[0], x))
        x + y + x * y,  # total((x, y, x * y))
        (x + 2 * y) + (x + 2 * x + 3 * y),  # weighted_sum: element k times k + 1
    ]


def grad(x, y):
    # d/dx and d/dy of the sum of row(x, y), term by term.
    ln = math.sqrt(x * x + y * y + 4.0)
    da = (2 * x * y + y * y) + (1 - y) + (x / ln * (x + y) + ln) + (1 + y) + 4
    db = (x * x + 2 * x * y) + (1 - x) + (y / ln * (x + y) + ln) + (1 + x) + 5
    return da, db


if sys.argv[1] == "outputs":
    out = [row(x, y) for x, y in zip(A, B)]
    # n[i] = len(t) * 10 + len(w) + k * 100 with k = 2; len(quat_to_axis_angle(q)) = 2
    n = [[3 * 10 + 2 + 2 * 100, 2] for _ in A]
    print(json.dumps({"outputs": {"a": A, "b": B, "out": out, "n": n}}))
else:
    g = [grad(x, y) for x, y in zip(A, B)]
    print(json.dumps({"outputs": {"a": [d[0] for d in g], "b": [d[1] for d in g],
                                  "out": [[0.0] * 5 for _ in A]}}))
