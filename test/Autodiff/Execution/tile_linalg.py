# Gradients of the tile ops of TileRulesLinalg.cpp (issue 30), each into a
# nonlinear loss, for tile_linalg.test: --check-grads compares every
# requires_grad array's adjoint with float64 finite differences.
import warp as wp


@wp.func
def cabs2(v: wp.vec2d):
    return v[0] * v[0] + wp.sin(v[1])


# Inclusive and exclusive sum scans.
@wp.kernel
def scans(x: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    t = wp.tile_load(x, shape=6)
    a = wp.tile_scan_inclusive(t)
    b = wp.tile_scan_exclusive(t * t)
    loss[0] = wp.tile_sum(a * a)[0] + wp.tile_sum(wp.tile_map(wp.sin, b))[0]


# Cholesky (lower, upper), the Cholesky solves, the triangular solves with
# one and two right-hand sides. Each factor reads one triangle of A: the
# other triangle's gradient is zero, as finite differences find.
@wp.kernel
def chol(A: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64), Y: wp.array2d(dtype=wp.float64),
         loss: wp.array(dtype=wp.float64)):
    a = wp.tile_load(A, shape=(3, 3))
    v = wp.tile_load(y, shape=3)
    w = wp.tile_load(Y, shape=(3, 2))
    l = wp.tile_cholesky(a)
    u = wp.tile_cholesky(a, fill_mode="upper")
    x1 = wp.tile_cholesky_solve(l, v)
    x2 = wp.tile_lower_solve(l, v)
    x3 = wp.tile_upper_solve(u, v)
    x4 = wp.tile_cholesky_solve(u, w, fill_mode="upper")
    x5 = wp.tile_lower_solve(l, w)
    s = wp.tile_sum(l * l * l)[0] + wp.tile_sum(wp.tile_map(wp.sin, u))[0]
    s += wp.tile_sum(x1 * x1)[0] + wp.tile_sum(x2 * x3)[0]
    s += wp.tile_sum(x4 * x4)[0] + wp.tile_sum(wp.tile_map(wp.sin, x5))[0]
    loss[0] = s


# A Cholesky factor of a matrix built in the kernel (both triangles read
# through M M^T + diag(d)).
@wp.kernel
def chol_gram(M: wp.array2d(dtype=wp.float64), d: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
              loss: wp.array(dtype=wp.float64)):
    m = wp.tile_load(M, shape=(3, 3))
    a = wp.tile_diag_add(wp.tile_matmul(m, wp.tile_transpose(m)), wp.tile_load(d, shape=3))
    l = wp.tile_cholesky(a)
    x = wp.tile_cholesky_solve(l, wp.tile_load(y, shape=3))
    loss[0] = wp.tile_sum(x * x)[0] + wp.tile_sum(l)[0]


# fft and ifft of vec2d tiles.
@wp.kernel
def fft(x: wp.array2d(dtype=wp.vec2d), loss: wp.array(dtype=wp.float64)):
    t = wp.tile_load(x, shape=(2, 4))
    f = wp.tile_load(x, shape=(2, 4))
    wp.tile_fft(f)
    g = f * wp.float64(0.5)
    wp.tile_ifft(g)
    loss[0] = wp.tile_sum(wp.tile_map(cabs2, f))[0] + wp.tile_sum(wp.tile_map(cabs2, g + t))[0]


# Views, sub-tile assignment.
@wp.kernel
def views(m: wp.array2d(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    t = wp.tile_load(m, shape=(4, 4))
    r = t[1]
    s = t[1:3, ::2]
    v = wp.tile_view(t, offset=(2, 1), shape=(2, 3))
    u = wp.tile_load(m, shape=(4, 4))
    u[0:2, :] = t[2:4, :] * t[2:4, :]
    u[3] = wp.tile_map(wp.sin, r)
    loss[0] = wp.tile_sum(r * r)[0] + wp.tile_sum(s * s * s)[0] + wp.tile_sum(wp.tile_map(wp.sin, v))[0] + wp.tile_sum(u * u)[0]
