# Tile views and sub-tile assignment (issue 30), for tile-views.test: rows
# t[i] (constant, run-time and negative), slices with steps (t[a:b, ::2],
# t[::-1]), wp.tile_view with and without shape, t[a:b, :] = u and
# wp.tile_assign, and gathers chained with slices.
import warp as wp

TILE_DIM = wp.constant(8)


@wp.kernel
def views(
    src: wp.array2d(dtype=float),
    k: int,
    r1: wp.array(dtype=float),
    rk: wp.array(dtype=float),
    rlast: wp.array(dtype=float),
    sl: wp.array2d(dtype=float),
    col: wp.array(dtype=float),
    tv: wp.array2d(dtype=float),
    tvrow: wp.array(dtype=float),
):
    t = wp.tile_load(src, shape=(4, 6))
    wp.tile_store(r1, t[1])
    wp.tile_store(rk, t[k])
    wp.tile_store(rlast, t[-1])
    wp.tile_store(sl, t[1:3, ::2])
    wp.tile_store(col, t[::-1, 5])
    wp.tile_store(tv, wp.tile_view(t, offset=(1, 2), shape=(2, 3)))
    wp.tile_store(tvrow, wp.tile_view(t, offset=(3,)))


@wp.kernel
def assign(src: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    t = wp.tile_load(src, shape=(4, 6))
    t[0:2, :] = wp.tile_ones(shape=(2, 6), dtype=float)
    t[3] = t[2] * 2.0
    wp.tile_assign(t, wp.tile_full(shape=(2, 2), value=-5.0, dtype=float), offset=(2, 4))
    wp.tile_store(out, t)


@wp.kernel
def chains(src: wp.array(dtype=float), idx: wp.array(dtype=int), a: wp.array(dtype=float), b: wp.array(dtype=float), c: wp.array(dtype=float)):
    t = wp.tile_load(src, shape=(TILE_DIM,))
    i = wp.tile_load(idx, shape=4)
    wp.tile_store(a, t[::2][i])
    wp.tile_store(b, t[i][1:])
    wp.tile_store(c, t[::-1][1:][::2])
