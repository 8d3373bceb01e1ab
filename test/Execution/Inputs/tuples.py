# First-class tuples (Warp's tuple_t), for tuples.test: tuple values in
# locals, returned from funcs, indexed with constant indices, unpacked, passed
# to funcs (typed, generic Any and tuple[T, ...]), len() and wp.static(len()),
# loops over range(len(t)) (unrolled), and gradients through them.
from typing import Any

import warp as wp


@wp.func
def stats(x: wp.float64, y: wp.float64) -> tuple[wp.float64, wp.float64, int]:
    return (x + y, x * y, 2)


@wp.func
def weighted(t: tuple[wp.vec3d, wp.float64]) -> wp.float64:
    return wp.length(t[0]) * t[1]


@wp.func
def total(values: tuple[wp.float64, ...]):
    s = wp.float64(0.0)
    for i in range(wp.static(len(values))):
        s += values[i]
    return s


@wp.func
def weighted_sum(values: Any):
    s = wp.float64(0.0)
    for i in range(len(values)):
        s += values[i] * wp.float64(i + 1)
    return s


@wp.kernel
def tuples(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
           out: wp.array2d(dtype=wp.float64), n: wp.array2d(dtype=int)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    t = stats(x, y)               # a tuple local from a func with 3 results
    s, p, k = t                   # unpacked
    out[i, 0] = t[0] * t[1]       # (x + y) * x * y
    out[i, 1] = s - p + wp.float64(t[-1])
    w = (wp.vec3d(x, y, wp.float64(2.0)), y)
    out[i, 2] = weighted(w) + weighted((w[0], x))
    out[i, 3] = total((x, y, x * y))
    out[i, 4] = weighted_sum((x, y)) + weighted_sum((x, x, y))
    n[i, 0] = len(t) * 10 + wp.static(len(w)) + k * 100
    q = wp.quat_to_axis_angle(wp.quat(0.0, 0.0, 0.0, 1.0))
    n[i, 1] = wp.static(len(q))
