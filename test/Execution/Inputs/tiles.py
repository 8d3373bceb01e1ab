# Lane-independent tile kernels (issue 30, docs/design/tiles.md slice 2),
# launched as wp.launch_tiled (tiles.spec.json: "tiled": true) on the CPU
# backends; expected values: tiles_ref.py.
import warp as wp

TILE = wp.constant(4)
TM = wp.constant(2)
TN = wp.constant(3)
TK = wp.constant(2)


# Partial tiles at the array's end: the last tile reads 0 past the end
# (seen in its sum), and stores shifted by one skip what falls outside.
@wp.kernel
def load_store(x: wp.array(dtype=float), y: wp.array(dtype=float), sums: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=TILE, offset=i * TILE)
    wp.tile_store(y, t * 2.0 + wp.tile_ones(shape=TILE, dtype=float), offset=i * TILE + 1)
    sums[i] = wp.tile_sum(t)[0]


# 2-d tiles over a 3x5 array: partial along both dimensions.
@wp.kernel
def load_store_2d(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), s: wp.array2d(dtype=float)):
    i, j = wp.tid()
    t = wp.tile_load(a, shape=(TM, TN), offset=(i * TM, j * TN))
    wp.tile_store(b, t + wp.tile_ones(shape=(TM, TN), dtype=float), offset=(i * TM, j * TN))
    s[i, j] = wp.tile_sum(t)[0]


@wp.kernel
def creation(out: wp.array(dtype=float), ints: wp.array(dtype=int)):
    i = wp.tid()
    z = wp.tile_zeros(shape=8, dtype=float)
    o = wp.tile_ones(shape=8, dtype=float)
    f = wp.tile_full(shape=8, value=2.5, dtype=float)
    r = wp.tile_arange(8, dtype=float)
    wp.tile_store(out, z + o * f + r * float(i + 1), offset=i * 8)
    wp.tile_store(ints, wp.tile_arange(1, 17, 2, dtype=int) + wp.tile_full(shape=8, value=i, dtype=int), offset=i * 8)


@wp.func
def axpy(a: float, b: float):
    return 2.0 * a + b


@wp.kernel
def maps(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.tile_load(x, shape=8, offset=i * 8)
    b = wp.tile_map(wp.sqrt, a)
    c = wp.tile_map(axpy, a, b)
    d = -c / 4.0 - a * a
    wp.tile_store(y, d, offset=i * 8)


# Sums over everything and along each axis.
@wp.kernel
def reductions(m: wp.array2d(dtype=float), total: wp.array(dtype=float), rows: wp.array(dtype=float),
               cols: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(m, shape=(3, 4), offset=(i * 3, 0))
    total[i] = wp.tile_sum(t)[0]
    wp.tile_store(rows, wp.tile_sum(t, axis=1), offset=i * 3)
    c = wp.tile_sum(t, axis=0)
    for k in range(4):
        cols[i, k] = c[k]


# The tiled GEMM of docs/design/tiles.md: mixed dtypes, accumulated over K.
@wp.kernel
def gemm(A: wp.array2d(dtype=float), B: wp.array2d(dtype=wp.float16), C: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    acc = wp.tile_zeros(shape=(TM, TN), dtype=wp.float64)
    for k in range(0, int(A.shape[1] / TK)):
        a = wp.tile_load(A, shape=(TM, TK), offset=(i * TM, k * TK))
        b = wp.tile_load(B, shape=(TK, TN), offset=(k * TK, j * TN))
        wp.tile_matmul(a, b, acc)
    wp.tile_store(C, acc, offset=(i * TM, j * TN))


# Value-form matmul, transpose, broadcast, extract, atomic add; the lane
# index of a 1-d tiled launch is named but unused.
@wp.kernel
def layout(y: wp.array2d(dtype=float), q: wp.array2d(dtype=float), bc: wp.array2d(dtype=float),
           ex: wp.array(dtype=float), acc: wp.array(dtype=float), old: wp.array(dtype=float)):
    i, lane = wp.tid()
    m = wp.tile_load(y, shape=(2, 3))
    t = wp.tile_transpose(m)
    wp.tile_store(q, wp.tile_matmul(m, t) * wp.tile_matmul(t, m)[0, 0])
    r = wp.tile_broadcast(wp.tile_arange(3, dtype=float), shape=(2, 3))
    wp.tile_store(bc, r * m)
    ex[i] = m[1, 2] + wp.tile_extract(t, 2, 0)
    o = wp.tile_atomic_add(acc, wp.tile_full(shape=4, value=1.5, dtype=float))
    wp.tile_store(old, o, offset=i * 4)


# A tile carried through a loop and chosen by a branch.
@wp.kernel
def carried(x: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.tile_load(x, shape=TILE, offset=i * TILE)
    b = wp.tile_zeros(shape=TILE, dtype=float)
    for k in range(n):
        c = a
        a = b + wp.tile_ones(shape=TILE, dtype=float)
        b = c * 2.0
    if i == 0:
        s = a
    else:
        s = b
    wp.tile_store(out, s, offset=i * TILE)
