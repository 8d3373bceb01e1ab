# Iterative solvers with while loops: Kepler's equation in float64 by
# Newton's method with a convergence `break`, a `while True` cube-root
# iteration checked against wp.cbrt, a 2-D Newton solve with a mat22
# Jacobian, and bisection with an early return from inside the loop.

import warp as wp

MAX_ITERS = 50
TOL = wp.constant(1e-12)
TOL32 = wp.constant(1e-6)


@wp.func
def solve_kepler(M: wp.float64, ecc: wp.float64):
    """Solve E - e sin(E) = M for the eccentric anomaly; returns (E, iterations)."""
    E = M if ecc < 0.8 else wp.float64(wp.pi)
    it = int(0)
    while it < MAX_ITERS:
        f = E - ecc * wp.sin(E) - M
        fp = 1.0 - ecc * wp.cos(E)
        dE = f / fp
        E = E - dE
        it += 1
        if wp.abs(dE) < wp.float64(TOL):
            break
    return E, it


@wp.kernel
def kepler(mean_anomaly: wp.array(dtype=wp.float64), ecc: wp.array(dtype=wp.float64), E_out: wp.array(dtype=wp.float64), iters: wp.array(dtype=int), pos: wp.array(dtype=wp.vec2d)):
    i = wp.tid()
    e = ecc[i]
    E, n = solve_kepler(mean_anomaly[i], e)
    if not wp.isfinite(E):
        E = mean_anomaly[i]
    E_out[i] = E
    iters[i] = n
    # position on the unit-semi-major-axis orbit
    x = wp.cos(E) - e
    y = wp.sqrt(1.0 - e * e) * wp.sin(E)
    pos[i] = wp.vec2d(x, y)


@wp.func
def newton_cbrt(a: float):
    """Cube root by Newton's method; a while True loop left with break."""
    if a == 0.0:
        return 0.0
    x = wp.max(wp.abs(a), 1.0)
    while True:
        x_next = x - (x * x * x - wp.abs(a)) / (3.0 * x * x)
        if wp.abs(x_next - x) <= TOL32 * x:
            x = x_next
            break
        x = x_next
    return wp.sign(a) * x


@wp.kernel
def cube_roots(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    r = newton_cbrt(a[i])
    out[i] = r
    wp.expect_near(r, wp.cbrt(a[i]), 1e-3 * wp.max(wp.abs(r), 1.0))


@wp.func
def circle_line_residual(p: wp.vec2, radius: float, slope: float):
    """F(x, y) = (x^2 + y^2 - r^2, y - slope x)."""
    return wp.vec2(p.x * p.x + p.y * p.y - radius * radius, p.y - slope * p.x)


@wp.kernel
def newton_2d(radius: wp.array(dtype=float), slope: wp.array(dtype=float), solution: wp.array(dtype=wp.vec2), converged: wp.array(dtype=wp.bool)):
    i = wp.tid()
    r = radius[i]
    k = slope[i]
    p = wp.vec2(r, r)
    ok = bool(False)
    for it in range(20):
        F = circle_line_residual(p, r, k)
        if wp.length(F) < TOL32:
            ok = True
            break
        J = wp.mat22(2.0 * p.x, 2.0 * p.y, -k, 1.0)
        if wp.abs(wp.determinant(J)) < TOL32:
            break
        p = p - wp.inverse(J) * F
    solution[i] = p
    converged[i] = ok


@wp.func
def bisect_sqrt2():
    """Bisection for x^2 = 2 on [1, 2]; returns from inside the loop."""
    lo = float(1.0)
    hi = float(2.0)
    for it in range(100):
        mid = 0.5 * (lo + hi)
        f = mid * mid - 2.0
        if wp.abs(f) < 1e-7:
            return mid
        if f > 0.0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


@wp.kernel
def check_solvers():
    wp.expect_near(bisect_sqrt2(), wp.sqrt(2.0), 1e-5)
    E, n = solve_kepler(wp.float64(1.0), wp.float64(0.5))
    residual = E - wp.float64(0.5) * wp.sin(E) - wp.float64(1.0)
    wp.expect_near(residual, wp.float64(0.0), wp.float64(1e-9))
    assert n <= MAX_ITERS
    wp.expect_near(newton_cbrt(-27.0), -3.0, 1e-4)


if __name__ == "__main__":
    wp.init()
    wp.launch(check_solvers, dim=1, inputs=[])
