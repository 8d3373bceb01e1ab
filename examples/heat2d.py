# 2-D heat equation on a grid: 2-D launches with `i, j = wp.tid()`,
# wp.array2d and wp.array(..., ndim=2), a[i, j] indexing, shape queries,
# chained comparisons, a Gaussian source term, a convergence residual with
# atomic_max, and per-tile sums with the 2-D form of atomic_add.

import warp as wp

MAX_ALPHA = wp.constant(0.25)  # stability limit of the explicit scheme
TILE = 16


@wp.kernel
def heat_step(u: wp.array2d(dtype=float), u_new: wp.array2d(dtype=float), alpha: float):
    """Explicit 5-point stencil; boundary cells keep their (Dirichlet) value."""
    i, j = wp.tid()
    nx = u.shape[0]
    ny = u.shape[1]
    if i == 0 or j == 0 or i == nx - 1 or j == ny - 1:
        u_new[i, j] = u[i, j]
        return
    lap = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]
    u_new[i, j] = u[i, j] + wp.min(alpha, MAX_ALPHA) * lap


@wp.kernel
def add_source(u: wp.array(dtype=float, ndim=2), cx: float, cy: float, sigma: float, amount: float):
    i, j = wp.tid()
    dx = float(i) - cx
    dy = float(j) - cy
    u[i, j] += amount * wp.exp(-(dx * dx + dy * dy) / (2.0 * sigma * sigma))


@wp.kernel
def residual(u: wp.array2d(dtype=float), u_new: wp.array2d(dtype=float), max_change: wp.array(dtype=float)):
    i, j = wp.tid()
    change = wp.abs(u_new[i, j] - u[i, j])
    wp.atomic_max(max_change, 0, change)


@wp.kernel
def gradient(u: wp.array2d(dtype=float), grad: wp.array2d(dtype=wp.vec2)):
    """Central differences in the interior, zero on the border."""
    i, j = wp.tid()
    nx = u.shape[0]
    ny = u.shape[1]
    g = wp.vec2(0.0, 0.0)
    if 0 < i < nx - 1 and 0 < j < ny - 1:
        g.x = 0.5 * (u[i + 1, j] - u[i - 1, j])
        g.y = 0.5 * (u[i, j + 1] - u[i, j - 1])
    grad[i, j] = g


@wp.kernel
def tile_sums(u: wp.array2d(dtype=float), sums: wp.array2d(dtype=float)):
    """sums[ti, tj] accumulates the TILE x TILE block that contains (i, j)."""
    i, j = wp.tid()
    wp.atomic_add(sums, i // TILE, j // TILE, u[i, j])


@wp.kernel
def jacobi_poisson(u: wp.array2d(dtype=float), f: wp.array2d(dtype=float), u_new: wp.array2d(dtype=float), h: float):
    """One Jacobi sweep for -lap(u) = f; the stencil is visited in a 3x3 loop."""
    i, j = wp.tid()
    nx = u.shape[0]
    ny = u.shape[1]
    if not (0 < i < nx - 1 and 0 < j < ny - 1):
        return
    s = float(0.0)
    for di in range(-1, 2):
        for dj in range(-1, 2):
            if di * dj != 0 or (di == 0 and dj == 0):
                continue
            s += u[i + di, j + dj]
    u_new[i, j] = 0.25 * (s + h * h * f[i, j])


if __name__ == "__main__":
    wp.init()
    nx, ny = 256, 256
    u = wp.zeros((nx, ny), dtype=float)
    u2 = wp.zeros((nx, ny), dtype=float)
    change = wp.zeros(1, dtype=float)
    wp.launch(add_source, dim=(nx, ny), inputs=[u, 128.0, 128.0, 8.0, 1.0])
    for it in range(500):
        wp.launch(heat_step, dim=(nx, ny), inputs=[u, u2, 0.2])
        u, u2 = u2, u
