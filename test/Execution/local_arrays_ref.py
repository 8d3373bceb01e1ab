"""Independent reference for Inputs/local_arrays.py (local_arrays.test).

The kernels restated in closed form (worked out by hand, float64):
  fill_use: ramp(x)[1] = x * (3, 4, 5), bump adds 100 at column i, so the row
    sums to 12x + 100; vs[2][1] = 2x, ps[1].x = 0.5, vs[0] is zero:
    out = 14x + 100.5; meta = (2, 3, 4, 7 + 0).
  grads: a = (x, 2x, 3x, 4x), a[0] = x^2, t = x^4 + 29x^2, a[3] = sin(t);
    ramp64(x)[1, 2] * ramp64(x)[0, 1] = 5x * x; dot(vs[1], vs[1]) = 5x^2 + x^4:
    y = sin(x^4 + 29x^2) + 2x^2 + 5x^2 + 5x^2 + x^4,
    dy/dx = cos(x^4 + 29x^2) (4x^3 + 58x) + 24x + 4x^3.

usage: local_arrays_ref.py SPEC.json  (prints kdsl-run's output form; for the
       grads spec, "grads" holds seed * dy/dx for x and zeros for y)
"""
import json
import math
import sys

spec = json.load(open(sys.argv[1]))
ins = spec["inputs"]
if spec["kernel"] == "fill_use":
    xs = ins["x"]["data"]
    out = {"x": xs, "out": [14.0 * x + 100.5 for x in xs], "meta": [2, 3, 4, 7]}
    print(json.dumps({"ok": True, "outputs": out}))
else:
    xs = ins["x"]["data"]
    seed = spec["backward"]["seed"]["y"]
    y = [math.sin(x**4 + 29 * x * x) + 12 * x * x + x**4 for x in xs]
    dx = [s * (math.cos(x**4 + 29 * x * x) * (4 * x**3 + 58 * x) + 24 * x + 4 * x**3)
          for x, s in zip(xs, seed)]
    print(json.dumps({"ok": True, "outputs": {"x": xs, "y": y, "grad.x": dx, "grad.y": [0.0] * len(xs)}}))
