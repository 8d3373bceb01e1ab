"""Independent reference for examples/funcs_multi_return.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, Kernel, StructT, main, wp, wrange  # noqa: E402

EPS = 1e-6
Interval = StructT("Interval", [("lo", F32), ("hi", F32)])


def safe_div(a, b):
    if wp.abs(b) < EPS:
        return F32(0.0), False
    return a / b, True


def sort2(a, b):
    if a <= b:
        return a, b
    return b, a


def polar(p):
    return wp.length(p), wp.atan2(p.y, p.x)


def solve_quadratic(a, b, c):
    if wp.abs(a) < EPS:
        if wp.abs(b) < EPS:
            return I32(0), F32(0.0), F32(0.0)
        x = -c / b
        return I32(1), x, x
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return I32(0), F32(0.0), F32(0.0)
    q = -0.5 * (b + wp.sign(b) * wp.sqrt(disc))
    x0 = q / a
    x1 = x0
    if wp.abs(q) > EPS:
        x1 = c / q
    return I32(2), wp.min(x0, x1), wp.max(x0, x1)


def first_negative(v):
    for k in wrange(4):
        if v[k] < 0.0:
            return k
    return I32(-1)


def hull(a, b):
    r = Interval()
    r.lo = wp.min(a.lo, b.lo)
    r.hi = wp.max(a.hi, b.hi)
    return r


def make_interval(x, y):
    r = Interval()
    if x <= y:
        r.lo = x
        r.hi = y
    else:
        r.lo = y
        r.hi = x
    return r


def rotation2d(theta):
    c = wp.cos(theta)
    s = wp.sin(theta)
    return wp.mat22(c, -s, s, c)


def rotate_and_measure(p, theta):
    q = rotation2d(theta) * p
    r, phi = polar(q)
    return q, r, phi


def quadratic_roots(i, coeffs, roots, count):
    k = coeffs[i]
    n, x0, x1 = solve_quadratic(k.x, k.y, k.z)
    roots[i] = wp.vec2(x0, x1)
    count[i] = n


def ratios(i, num, den, out, n_bad):
    q, ok = safe_div(num[i], den[i])
    out[i] = q
    if not ok:
        wp.atomic_add(n_bad, 0, 1)


def intervals(i, a, b, out):
    ia = make_interval(a[i].x, a[i].y)
    ib = make_interval(b[i].x, b[i].y)
    h = hull(ia, ib)
    h.hi += EPS
    out[i] = wp.vec2(h.lo, h.hi)


def check_funcs(tid):
    lo, hi = sort2(I32(5), I32(-3))
    wp.expect_eq(lo, -3)
    wp.expect_eq(hi, 5)
    n, x0, x1 = solve_quadratic(F32(1.0), F32(-3.0), F32(2.0))
    wp.expect_eq(n, 2)
    wp.expect_near(x0, 1.0, 1e-5)
    wp.expect_near(x1, 2.0, 1e-5)
    wp.expect_eq(first_negative(wp.vec4(1.0, 2.0, -0.5, -1.0)), 2)
    wp.expect_eq(first_negative(wp.vec4(1.0)), -1)
    q, r, phi = rotate_and_measure(wp.vec2(1.0, 0.0), F32(wp.half_pi))
    wp.expect_near(q, wp.vec2(0.0, 1.0), 1e-5)
    wp.expect_near(r, 1.0, 1e-5)
    wp.expect_near(phi, F32(wp.half_pi), 1e-5)


F, V2 = ArrT(F32), ArrT(wp.vec2)
KERNELS = {
    "quadratic_roots": Kernel(quadratic_roots, [("coeffs", ArrT(wp.vec3)), ("roots", V2), ("count", ArrT(I32))]),
    "ratios": Kernel(ratios, [("num", F), ("den", F), ("out", F), ("n_bad", ArrT(I32))]),
    "intervals": Kernel(intervals, [("a", V2), ("b", V2), ("out", V2)]),
    "check_funcs": Kernel(check_funcs, []),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
