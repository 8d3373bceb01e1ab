# Warp's indexed tile memory ops (tile_load_indexed, tile_store_indexed,
# tile_atomic_add_indexed), as Warp's tests/tile/test_tile_load_indexed.py
# uses them, for tiles-indexed.test.
import warp as wp

TILE_M = wp.constant(4)
TILE_N = wp.constant(3)
HALF_M = wp.constant(TILE_M // 2)


@wp.func
def add_one(x: int):
    return x + 1


@wp.func
def minus_one(x: int):
    return x - 1


@wp.kernel
def gather(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), z: wp.array2d(dtype=float)):
    i, j = wp.tid()
    # The even rows of each 4x3 block.
    evens = wp.tile_arange(HALF_M, dtype=int, storage="shared") * 2
    t0 = wp.tile_load_indexed(x, indices=evens, shape=(HALF_M, TILE_N), offset=(i * TILE_M, j * TILE_N), axis=0)
    wp.tile_store(y, t0, offset=(i * HALF_M, j * TILE_N))
    # Columns -1, 1, 3 from the block's first: outside the array reads 0.
    cols = wp.tile_map(minus_one, wp.tile_arange(TILE_N, dtype=int) * 2)
    t1 = wp.tile_load_indexed(x, cols, (TILE_M, TILE_N), (i * TILE_M, j * TILE_N), 1, "register")
    wp.tile_store(z, t1, offset=(i * TILE_M, j * TILE_N))


@wp.kernel
def scatter(x: wp.array2d(dtype=float), w: wp.array2d(dtype=float), acc: wp.array2d(dtype=float)):
    i, j = wp.tid()
    t = wp.tile_load(x, shape=(TILE_M, TILE_N), offset=(i * TILE_M, j * TILE_N))
    # Block rows to the odd rows of w (twice as many rows as x).
    odds = wp.tile_map(add_one, wp.tile_arange(TILE_M, dtype=int) * 2)
    wp.tile_store_indexed(w, indices=odds, t=t, offset=(i * 2 * TILE_M, j * TILE_N), axis=0)
    # Every row of the block added into row 1 of the block in acc.
    ones = wp.tile_ones(TILE_M, dtype=int)
    wp.tile_atomic_add_indexed(acc, indices=ones, t=t, offset=(i * TILE_M, j * TILE_N))


@wp.kernel
def permute(v: wp.array(dtype=float), perm: wp.array(dtype=int), out: wp.array(dtype=float)):
    # Indices read from an array: out[e] = v[perm[e]] (index 9 is outside v).
    idx = wp.tile_load(perm, shape=8)
    g = wp.tile_load_indexed(v, indices=idx, shape=(8,))
    wp.tile_store(out, g)


@wp.kernel
def gather_rows(src: wp.array2d(dtype=float), idx: wp.array(dtype=int), dst: wp.array2d(dtype=float), row: wp.array(dtype=float)):
    # t[idx, :] (Warp's tile_slice_indexed): rows 3, 0, -1 (the last) of a
    # 4x3 tile; then t[:, cols] and a gather of a gather's row.
    t = wp.tile_load(src, shape=(4, 3))
    i = wp.tile_load(idx, shape=3)
    g = t[i, :]
    cols = wp.tile_arange(2, dtype=int) * 2
    wp.tile_store(dst, g[:, cols], offset=(0, 0))
    wp.tile_store(row, t[wp.tile_arange(0, 4, dtype=int) * 1][2])
