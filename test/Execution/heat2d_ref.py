"""Independent reference for examples/heat2d.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, Kernel, main, wp, wrange  # noqa: E402

MAX_ALPHA = 0.25
TILE = 16


def heat_step(tid, u, u_new, alpha):
    i, j = tid
    nx = u.shape[0]
    ny = u.shape[1]
    if i == 0 or j == 0 or i == nx - 1 or j == ny - 1:
        u_new[i, j] = u[i, j]
        return
    lap = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]
    u_new[i, j] = u[i, j] + wp.min(alpha, MAX_ALPHA) * lap


def add_source(tid, u, cx, cy, sigma, amount):
    i, j = tid
    dx = F32(i) - cx
    dy = F32(j) - cy
    u[i, j] += amount * wp.exp(-(dx * dx + dy * dy) / (2.0 * sigma * sigma))


def residual(tid, u, u_new, max_change):
    i, j = tid
    change = wp.abs(u_new[i, j] - u[i, j])
    wp.atomic_max(max_change, 0, change)


def gradient(tid, u, grad):
    i, j = tid
    nx = u.shape[0]
    ny = u.shape[1]
    g = wp.vec2(0.0, 0.0)
    if 0 < i < nx - 1 and 0 < j < ny - 1:
        g.x = 0.5 * (u[i + 1, j] - u[i - 1, j])
        g.y = 0.5 * (u[i, j + 1] - u[i, j - 1])
    grad[i, j] = g


def tile_sums(tid, u, sums):
    i, j = tid
    wp.atomic_add(sums, i // TILE, j // TILE, u[i, j])


def jacobi_poisson(tid, u, f, u_new, h):
    i, j = tid
    nx = u.shape[0]
    ny = u.shape[1]
    if not (0 < i < nx - 1 and 0 < j < ny - 1):
        return
    s = F32(0.0)
    for di in wrange(-1, 2):
        for dj in wrange(-1, 2):
            if di * dj != 0 or (di == 0 and dj == 0):
                continue
            s += u[i + di, j + dj]
    u_new[i, j] = 0.25 * (s + h * h * f[i, j])


A2 = ArrT(F32, 2)
KERNELS = {
    "heat_step": Kernel(heat_step, [("u", A2), ("u_new", A2), ("alpha", F32)], ndim=2),
    "add_source": Kernel(add_source, [("u", A2), ("cx", F32), ("cy", F32), ("sigma", F32), ("amount", F32)], ndim=2),
    "residual": Kernel(residual, [("u", A2), ("u_new", A2), ("max_change", ArrT(F32))], ndim=2),
    "gradient": Kernel(gradient, [("u", A2), ("grad", ArrT(wp.vec2, 2))], ndim=2),
    "tile_sums": Kernel(tile_sums, [("u", A2), ("sums", A2)], ndim=2),
    "jacobi_poisson": Kernel(jacobi_poisson, [("u", A2), ("f", A2), ("u_new", A2), ("h", F32)], ndim=2),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
