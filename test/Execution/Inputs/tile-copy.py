# A 2x2 tile copy for test/Execution/tile-specs.test.
import warp as wp
@wp.kernel
def k(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    i, j = wp.tid()
    t = wp.tile_load(a, shape=(2, 2), offset=(i * 2, j * 2))
    wp.tile_store(b, t, offset=(i * 2, j * 2))
