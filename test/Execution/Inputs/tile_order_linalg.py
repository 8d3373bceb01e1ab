# Tile ops kdsl-lower-tiles lowers in LowerTileOrder.cpp and
# LowerTileLinalg.cpp (issue 30): argmin/argmax, scans, tile_reduce with a
# user func, tile_sort; cholesky (lower and upper), the solves and their
# _inplace forms, diag_add; fft/ifft of vec2d and vec2f tiles. For
# tile-order-linalg.test.
import warp as wp

N = wp.constant(12)


@wp.func
def absmax(a: float, b: float):
    return wp.max(wp.abs(a), wp.abs(b))


@wp.kernel
def order(x: wp.array(dtype=float), xi: wp.array(dtype=int), idx: wp.array(dtype=int),
          scans: wp.array2d(dtype=float), iscans: wp.array2d(dtype=int), red: wp.array(dtype=float),
          skeys: wp.array(dtype=float), svals: wp.array(dtype=int), ikeys: wp.array(dtype=int)):
    t = wp.tile_load(x, shape=N)
    ti = wp.tile_load(xi, shape=N)
    wp.tile_store(idx, wp.tile_argmin(t), offset=0)
    wp.tile_store(idx, wp.tile_argmax(t), offset=1)
    wp.tile_store(idx, wp.tile_argmin(ti), offset=2)
    wp.tile_store(idx, wp.tile_argmax(ti), offset=3)
    wp.tile_store(scans, wp.tile_reshape(wp.tile_scan_inclusive(t), shape=(1, N)), offset=(0, 0))
    wp.tile_store(scans, wp.tile_reshape(wp.tile_scan_exclusive(t), shape=(1, N)), offset=(1, 0))
    wp.tile_store(scans, wp.tile_reshape(wp.tile_scan_min_inclusive(t), shape=(1, N)), offset=(2, 0))
    wp.tile_store(scans, wp.tile_reshape(wp.tile_scan_max_inclusive(t), shape=(1, N)), offset=(3, 0))
    wp.tile_store(iscans, wp.tile_reshape(wp.tile_scan_inclusive(ti), shape=(1, N)), offset=(0, 0))
    wp.tile_store(iscans, wp.tile_reshape(wp.tile_scan_exclusive(ti), shape=(1, N)), offset=(1, 0))
    wp.tile_store(iscans, wp.tile_reshape(wp.tile_scan_max_inclusive(ti), shape=(1, N)), offset=(2, 0))
    wp.tile_store(red, wp.tile_reduce(absmax, t))
    keys = wp.tile_load(x, shape=N)
    vals = wp.tile_arange(N, dtype=int)
    wp.tile_sort(keys, vals)
    wp.tile_store(skeys, keys)
    wp.tile_store(svals, vals)
    ik = wp.tile_load(xi, shape=N)
    iv = wp.tile_arange(N, dtype=int)
    wp.tile_sort(ik, iv)
    wp.tile_store(ikeys, ik)


@wp.kernel
def linalg(A: wp.array2d(dtype=wp.float64), B: wp.array2d(dtype=wp.float64), d: wp.array(dtype=wp.float64),
           L: wp.array2d(dtype=wp.float64), U: wp.array2d(dtype=wp.float64), x: wp.array2d(dtype=wp.float64),
           X: wp.array2d(dtype=wp.float64), D: wp.array2d(dtype=wp.float64)):
    a = wp.tile_load(A, shape=(4, 4))
    b = wp.tile_load(B, shape=(4, 2))
    v = wp.tile_load(d, shape=4)
    l = wp.tile_cholesky(a)
    wp.tile_store(L, l)
    u = wp.tile_cholesky(a, fill_mode="upper")
    wp.tile_store(U, u)
    # Rows of x: cholesky_solve (lower), cholesky_solve (upper), lower_solve,
    # upper_solve of v.
    wp.tile_store(x, wp.tile_reshape(wp.tile_cholesky_solve(l, v), shape=(1, 4)), offset=(0, 0))
    wp.tile_store(x, wp.tile_reshape(wp.tile_cholesky_solve(u, v, fill_mode="upper"), shape=(1, 4)), offset=(1, 0))
    wp.tile_store(x, wp.tile_reshape(wp.tile_lower_solve(l, v), shape=(1, 4)), offset=(2, 0))
    wp.tile_store(x, wp.tile_reshape(wp.tile_upper_solve(u, v), shape=(1, 4)), offset=(3, 0))
    # Two right-hand sides, in place.
    y = wp.tile_load(B, shape=(4, 2))
    wp.tile_lower_solve_inplace(l, y)
    wp.tile_store(X, y, offset=(0, 0))
    wp.tile_cholesky_solve_inplace(l, b)
    wp.tile_store(X, b, offset=(0, 2))
    wp.tile_store(D, wp.tile_diag_add(a, v))
    c = wp.tile_load(A, shape=(4, 4))
    wp.tile_cholesky_inplace(c)
    wp.tile_store(D, c, offset=(4, 0))


@wp.kernel
def fft(x: wp.array2d(dtype=wp.vec2d), f: wp.array2d(dtype=wp.vec2d), g: wp.array2d(dtype=wp.vec2d),
        xs: wp.array2d(dtype=wp.vec2f), fs: wp.array2d(dtype=wp.vec2f)):
    t = wp.tile_load(x, shape=(2, 8))
    wp.tile_fft(t)
    wp.tile_store(f, t)
    wp.tile_ifft(t)
    wp.tile_store(g, t)
    s = wp.tile_load(xs, shape=(1, 6))
    wp.tile_fft(s)
    wp.tile_store(fs, s)
