"""Independent reference for examples/newton_solver.py (see Inputs/wpref.py).

Set NEWTON_REF_TRACE=1 to print every convergence test, to check that the
spec's inputs keep them far from their thresholds (the iteration counts are
compared exactly).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, BOOL, F32, F64, I32, Kernel, main, wp, wp_assert, wrange  # noqa: E402

MAX_ITERS = 50
TOL = 1e-12
TOL32 = 1e-6
TRACE = os.environ.get("NEWTON_REF_TRACE")


def trace(*a):
    if TRACE:
        print(*a, file=sys.stderr)


def solve_kepler(M, ecc):
    E = M if ecc < 0.8 else F64(wp.pi)
    it = I32(0)
    while it < MAX_ITERS:
        f = E - ecc * wp.sin(E) - M
        fp = 1.0 - ecc * wp.cos(E)
        dE = f / fp
        E = E - dE
        it += 1
        trace("kepler", M, ecc, it, "dE", dE)
        if wp.abs(dE) < F64(TOL):
            break
    return E, it


def kepler(i, mean_anomaly, ecc, E_out, iters, pos):
    e = ecc[i]
    E, n = solve_kepler(mean_anomaly[i], e)
    if not wp.isfinite(E):
        E = mean_anomaly[i]
    E_out[i] = E
    iters[i] = n
    x = wp.cos(E) - e
    y = wp.sqrt(1.0 - e * e) * wp.sin(E)
    pos[i] = wp.vec2d(x, y)


def newton_cbrt(a):
    if a == 0.0:
        return F32(0.0)
    x = wp.max(wp.abs(a), 1.0)
    while True:
        x_next = x - (x * x * x - wp.abs(a)) / (3.0 * x * x)
        trace("cbrt", a, "step", wp.abs(x_next - x), "tol", TOL32 * x if False else F32(TOL32) * x)
        if wp.abs(x_next - x) <= TOL32 * x:
            x = x_next
            break
        x = x_next
    return wp.sign(a) * x


def cube_roots(i, a, out):
    r = newton_cbrt(a[i])
    out[i] = r
    wp.expect_near(r, wp.cbrt(a[i]), 1e-3 * wp.max(wp.abs(r), 1.0))


def circle_line_residual(p, radius, slope):
    return wp.vec2(p.x * p.x + p.y * p.y - radius * radius, p.y - slope * p.x)


def newton_2d(i, radius, slope, solution, converged):
    r = radius[i]
    k = slope[i]
    p = wp.vec2(r, r)
    ok = False
    for it in wrange(20):
        F = circle_line_residual(p, r, k)
        trace("newton2d", i, it, "|F|", wp.length(F))
        if wp.length(F) < TOL32:
            ok = True
            break
        J = wp.mat22(2.0 * p.x, 2.0 * p.y, -k, 1.0)
        trace("newton2d", i, it, "|det|", wp.abs(wp.determinant(J)))
        if wp.abs(wp.determinant(J)) < TOL32:
            break
        p = p - wp.inverse(J) * F
    solution[i] = p
    converged[i] = ok


def bisect_sqrt2():
    lo = F32(1.0)
    hi = F32(2.0)
    for it in wrange(100):
        mid = 0.5 * (lo + hi)
        f = mid * mid - 2.0
        if wp.abs(f) < 1e-7:
            return mid
        if f > 0.0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


def check_solvers(tid):
    wp.expect_near(bisect_sqrt2(), wp.sqrt(2.0), 1e-5)
    E, n = solve_kepler(F64(1.0), F64(0.5))
    residual = E - F64(0.5) * wp.sin(E) - F64(1.0)
    wp.expect_near(residual, F64(0.0), F64(1e-9))
    wp_assert(n <= MAX_ITERS)
    wp.expect_near(newton_cbrt(F32(-27.0)), -3.0, 1e-4)


KERNELS = {
    "kepler": Kernel(kepler, [("mean_anomaly", ArrT(F64)), ("ecc", ArrT(F64)), ("E_out", ArrT(F64)),
                              ("iters", ArrT(I32)), ("pos", ArrT(wp.vec2d))]),
    "cube_roots": Kernel(cube_roots, [("a", ArrT(F32)), ("out", ArrT(F32))]),
    "newton_2d": Kernel(newton_2d, [("radius", ArrT(F32)), ("slope", ArrT(F32)), ("solution", ArrT(wp.vec2)),
                                    ("converged", ArrT(BOOL))]),
    "check_solvers": Kernel(check_solvers, []),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
