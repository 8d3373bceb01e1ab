# @wp.func patterns: multiple return values unpacked with tuple assignment,
# early returns (also from inside loops), funcs calling funcs, funcs that
# take and return vectors, matrices and structs, and docstrings.

import warp as wp

EPS = wp.constant(1e-6)


@wp.struct
class Interval:
    lo: float
    hi: float


@wp.func
def safe_div(a: float, b: float):
    """Returns (a / b, True), or (0, False) when b is (almost) zero."""
    if wp.abs(b) < EPS:
        return 0.0, False
    return a / b, True


@wp.func
def sort2(a: int, b: int):
    if a <= b:
        return a, b
    return b, a


@wp.func
def polar(p: wp.vec2):
    return wp.length(p), wp.atan2(p.y, p.x)


@wp.func
def solve_quadratic(a: float, b: float, c: float):
    """Real roots of a x^2 + b x + c = 0 as (count, x0, x1) with x0 <= x1."""
    if wp.abs(a) < EPS:
        if wp.abs(b) < EPS:
            return 0, 0.0, 0.0
        x = -c / b
        return 1, x, x
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return 0, 0.0, 0.0
    # numerically stable form: q = -(b + sign(b) sqrt(disc)) / 2
    q = -0.5 * (b + wp.sign(b) * wp.sqrt(disc))
    x0 = q / a
    x1 = x0
    if wp.abs(q) > EPS:
        x1 = c / q
    return 2, wp.min(x0, x1), wp.max(x0, x1)


@wp.func
def first_negative(v: wp.vec4):
    """Index of the first negative component, or -1; returns from inside the loop."""
    for k in range(4):
        if v[k] < 0.0:
            return k
    return -1


@wp.func
def hull(a: Interval, b: Interval):
    r = Interval()
    r.lo = wp.min(a.lo, b.lo)
    r.hi = wp.max(a.hi, b.hi)
    return r


@wp.func
def make_interval(x: float, y: float):
    r = Interval()
    if x <= y:
        r.lo = x
        r.hi = y
    else:
        r.lo = y
        r.hi = x
    return r


@wp.func
def rotation2d(theta: float):
    c = wp.cos(theta)
    s = wp.sin(theta)
    return wp.mat22(c, -s, s, c)


@wp.func
def rotate_and_measure(p: wp.vec2, theta: float):
    """Calls two other funcs and returns three values."""
    q = rotation2d(theta) * p
    r, phi = polar(q)
    return q, r, phi


@wp.kernel
def quadratic_roots(coeffs: wp.array(dtype=wp.vec3), roots: wp.array(dtype=wp.vec2), count: wp.array(dtype=int)):
    i = wp.tid()
    k = coeffs[i]
    n, x0, x1 = solve_quadratic(k.x, k.y, k.z)
    roots[i] = wp.vec2(x0, x1)
    count[i] = n


@wp.kernel
def ratios(num: wp.array(dtype=float), den: wp.array(dtype=float), out: wp.array(dtype=float), n_bad: wp.array(dtype=int)):
    i = wp.tid()
    q, ok = safe_div(num[i], den[i])
    out[i] = q
    if not ok:
        wp.atomic_add(n_bad, 0, 1)


@wp.kernel
def intervals(a: wp.array(dtype=wp.vec2), b: wp.array(dtype=wp.vec2), out: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    ia = make_interval(a[i].x, a[i].y)
    ib = make_interval(b[i].x, b[i].y)
    h = hull(ia, ib)
    h.hi += EPS
    out[i] = wp.vec2(h.lo, h.hi)


@wp.kernel
def check_funcs():
    lo, hi = sort2(5, -3)
    wp.expect_eq(lo, -3)
    wp.expect_eq(hi, 5)
    n, x0, x1 = solve_quadratic(1.0, -3.0, 2.0)
    wp.expect_eq(n, 2)
    wp.expect_near(x0, 1.0, 1e-5)
    wp.expect_near(x1, 2.0, 1e-5)
    wp.expect_eq(first_negative(wp.vec4(1.0, 2.0, -0.5, -1.0)), 2)
    wp.expect_eq(first_negative(wp.vec4(1.0)), -1)
    q, r, phi = rotate_and_measure(wp.vec2(1.0, 0.0), wp.half_pi)
    wp.expect_near(q, wp.vec2(0.0, 1.0), 1e-5)
    wp.expect_near(r, 1.0, 1e-5)
    wp.expect_near(phi, wp.half_pi, 1e-5)


if __name__ == "__main__":
    wp.init()
    wp.launch(check_funcs, dim=1, inputs=[])
