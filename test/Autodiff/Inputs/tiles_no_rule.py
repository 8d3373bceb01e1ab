# Tile kernels through ops without a derivative rule yet, for
# test/Autodiff/tiles-no-rule.test.
import warp as wp


@wp.kernel
def sorted_sum(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    k = wp.tile_load(x, shape=8)
    v = wp.tile_arange(8, dtype=int)
    wp.tile_sort(k, v)
    out[0] = wp.tile_sum(k * k)[0]


@wp.kernel
def scanned(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=8)
    s = wp.tile_scan_max_inclusive(t)
    wp.tile_store(out, s)


@wp.kernel
def product(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=8)
    out[0] = wp.tile_reduce(wp.mul, t)[0]


@wp.kernel
def int_only(x: wp.array(dtype=int), out: wp.array(dtype=int)):
    t = wp.tile_load(x, shape=8)
    s = wp.tile_scan_inclusive(t)
    wp.tile_store(out, s)
