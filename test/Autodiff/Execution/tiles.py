# Tile kernels in float64 for the finite-difference gradient checks of
# tiles.test (issue 30, docs/design/tiles.md slice 3): every tile op whose
# adjoint kdsl builds.
import warp as wp

TILE = wp.constant(4)
TM = wp.constant(2)
TN = wp.constant(3)
TK = wp.constant(2)


@wp.func
def soft(a: wp.float64, b: wp.float64):
    return a * wp.sin(b) + b * b / (wp.float64(1.0) + a * a)


# Partial tiles at the arrays' ends; tile_map of a builtin and of a
# @wp.func; operators with a scalar from above; tile_full of a value read
# from an array.
@wp.kernel
def map_store(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = w[0]
    a = wp.tile_load(x, shape=TILE, offset=i * TILE)
    b = wp.tile_map(wp.sin, a)
    c = wp.tile_map(soft, a, b)
    d = c * s - a * a + wp.tile_full(shape=TILE, value=w[1], dtype=wp.float64)
    wp.tile_store(y, d, offset=i * TILE)


# Sums over everything and along each axis into a loss, through an extract
# and a tile_atomic_add.
@wp.kernel
def sums(m: wp.array2d(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t = wp.tile_load(m, shape=(3, 4), offset=(i * 3, 0))
    r = wp.tile_sum(t * t, axis=1)
    c = wp.tile_sum(wp.tile_map(wp.cos, t), axis=0)
    total = wp.tile_sum(r * r) + wp.tile_sum(c * c)
    wp.atomic_add(loss, 0, total[0])
    wp.tile_atomic_add(loss, wp.tile_sum(t) * wp.float64(0.5))


# The accumulate form over K, with a nonlinear update of the carried tile
# (the reverse sweep replays the loop to get it back).
@wp.kernel
def gemm(A: wp.array2d(dtype=wp.float64), B: wp.array2d(dtype=wp.float64), C: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    acc = wp.tile_zeros(shape=(TM, TN), dtype=wp.float64)
    for k in range(0, int(A.shape[1] / TK)):
        a = wp.tile_load(A, shape=(TM, TK), offset=(i * TM, k * TK))
        b = wp.tile_load(B, shape=(TK, TN), offset=(k * TK, j * TN))
        wp.tile_matmul(a, b, acc)
        acc = wp.tile_map(wp.tanh, acc)
    wp.tile_store(C, acc * acc, offset=(i * TM, j * TN))


# The value form, a transpose, and a product of the two.
@wp.kernel
def matmul_value(A: wp.array2d(dtype=wp.float64), B: wp.array2d(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    a = wp.tile_load(A, shape=(TM, TK))
    b = wp.tile_load(B, shape=(TK, TN))
    c = wp.tile_matmul(a, b)
    q = wp.tile_matmul(wp.tile_transpose(c), c)
    wp.tile_atomic_add(loss, wp.tile_sum(q * q))


# Broadcasts of (3,), (2, 1) and (1,) tiles to (2, 3), transposes, extracts.
@wp.kernel
def layout(y: wp.array2d(dtype=wp.float64), v: wp.array(dtype=wp.float64), out: wp.array2d(dtype=wp.float64),
           ex: wp.array(dtype=wp.float64)):
    m = wp.tile_load(y, shape=(2, 3))
    row = wp.tile_broadcast(wp.tile_load(v, shape=3), shape=(2, 3))
    col = wp.tile_broadcast(wp.tile_load(y, shape=(2, 1)), shape=(2, 3))
    s = wp.tile_broadcast(wp.tile_sum(m), shape=(2, 3))
    t = wp.tile_transpose(m)
    wp.tile_store(out, wp.tile_transpose(t * t) * row + s * m - col * col)
    ex[0] = m[1, 2] * wp.tile_extract(t, 2, 0)


# The indexed forms: rows 0 and 2 of x gathered, squared and scattered to
# rows 1 and 3 of w; their sines added into row 1 of acc, both.
@wp.kernel
def indexed(x: wp.array2d(dtype=wp.float64), w: wp.array2d(dtype=wp.float64), acc: wp.array2d(dtype=wp.float64)):
    evens = wp.tile_arange(2, dtype=int) * 2
    t = wp.tile_load_indexed(x, indices=evens, shape=(2, 3), offset=(0, 0), axis=0)
    odds = evens + wp.tile_ones(2, dtype=int)
    wp.tile_store_indexed(w, indices=odds, t=t * t, offset=(0, 0), axis=0)
    wp.tile_atomic_add_indexed(acc, indices=wp.tile_ones(2, dtype=int), t=wp.tile_map(wp.sin, t), offset=(0, 0))


# tile_max / tile_min over every element (distinct values): the adjoint goes
# to the extreme element; a wp.tile_reduce with wp.max too.
@wp.kernel
def extremes(m: wp.array2d(dtype=wp.float64), v: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    t = wp.tile_load(m, shape=(2, 3))
    u = wp.tile_load(v, shape=4)
    hi = wp.tile_max(t * t)[0]
    lo = wp.tile_min(wp.tile_map(wp.sin, t))[0]
    r = wp.tile_reduce(wp.max, u)[0]
    loss[0] = hi * lo + r * r


# Repeated indices (Warp 1.16 leaves their order to the lanes):
# tile_store_indexed through [1, 3, 1] along axis 0 writes rows 0 and 2 of
# t to row 1 of w (row 2, the last written, is kept); its adjoint gives the
# gradient to row 2 only, as finite differences find (Warp's
# adj_tile_store_indexed gives it to whichever element its lanes visit
# first). tile_load_indexed through [0, 2, 0] reads row 0 twice: both
# copies' gradients add up.
@wp.kernel
def repeated(x: wp.array2d(dtype=wp.float64), ri: wp.array(dtype=int), wi: wp.array(dtype=int),
             w: wp.array2d(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    rows = wp.tile_load_indexed(x, indices=wp.tile_load(ri, shape=3), shape=(3, 2), axis=0)
    t = wp.tile_map(wp.sin, rows)
    wp.tile_store_indexed(w, indices=wp.tile_load(wi, shape=3), t=t * t, axis=0)
    u = wp.tile_load(w, shape=(4, 2))
    loss[0] = wp.tile_sum(u * u * u)[0] + wp.tile_sum(rows)[0]


# t[idx, :], t[:, idx] and t[idx] (Warp's tile_slice_indexed, kdsl.tile_gather):
# rows [2, 0, -1, 2] (row 2 twice, -1 the last row), columns [1, -3] of a
# 4x3 tile (-3 is column 0) and elements [3, 3, 0] of a 1-d tile; every
# element read adds its adjoint to the source element, a repeated one twice.
@wp.kernel
def gathered(x: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64), ri: wp.array(dtype=int),
             ci: wp.array(dtype=int), ei: wp.array(dtype=int), loss: wp.array(dtype=wp.float64)):
    t = wp.tile_load(x, shape=(4, 3))
    rows = t[wp.tile_load(ri, shape=4)]
    cols = t[:, wp.tile_load(ci, shape=2)]
    v = wp.tile_load(y, shape=4)
    picked = v[wp.tile_load(ei, shape=3)]
    loss[0] = (wp.tile_sum(wp.tile_map(wp.sin, rows) * rows)[0] + wp.tile_sum(cols * cols * cols)[0]
               + wp.tile_sum(picked * picked)[0])
