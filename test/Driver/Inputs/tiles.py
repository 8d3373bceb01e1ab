# A tile kernel for test/Driver/tiles-targets.test.
import warp as wp


@wp.kernel
def tiled(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    # a comment keeps the tile_load on line 10
    s = 2.0
    a = wp.tile_load(x, shape=16, offset=i * 16)
    t = wp.tile_sum(a * s)
    out[i] = t[0]
