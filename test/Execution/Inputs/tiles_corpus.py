# Forms of Warp 1.16's tile tests (issue 30), for tiles-corpus.test: bitwise
# operators on integer tiles (also in place), a tile of scalars times and
# over a tile of vectors, tile_view with slice() offsets, tile_reshape with
# -1, and an index expression that reads a view of another tile. (Funcs
# taking tiles: tile_structs.py.)
import warp as wp


@wp.kernel
def ops(
    a: wp.array(dtype=wp.uint32),
    out_and: wp.array(dtype=wp.uint32),
    out_or: wp.array(dtype=wp.uint32),
    out_xor: wp.array(dtype=wp.uint32),
    s: wp.array(dtype=float),
    v: wp.array(dtype=wp.vec3),
    out_mul: wp.array(dtype=wp.vec3),
    out_div: wp.array(dtype=wp.vec3),
    out_rdiv: wp.array(dtype=wp.vec3),
):
    s1 = wp.tile_load(a, shape=8)
    s2 = wp.tile_load(a, shape=8, offset=8)
    wp.tile_store(out_or, s1 | s2)
    wp.tile_store(out_xor, s1 ^ s2)
    s1 &= s2
    wp.tile_store(out_and, s1)
    ts = wp.tile_load(s, shape=4)
    tv = wp.tile_load(v, shape=4)
    wp.tile_store(out_mul, ts * tv)
    wp.tile_store(out_div, tv / ts)
    wp.tile_store(out_rdiv, ts / tv)


@wp.kernel
def views(
    src: wp.array(dtype=float),
    m: wp.array2d(dtype=float),
    head: wp.array(dtype=float),
    tail: wp.array(dtype=float),
    r: wp.array2d(dtype=float),
    row: wp.array(dtype=float),
):
    t = wp.tile_load(src, shape=8)
    wp.tile_store(head, wp.tile_view(t, offset=(slice(0, -1, 1),)))
    wp.tile_store(tail, wp.tile_view(t, offset=(slice(-3, 8, 1),)))
    wp.tile_store(r, wp.tile_reshape(t, shape=(-1, 2)))
    tm = wp.tile_load(m, shape=(4, 4))
    wp.tile_store(row, tm[wp.tile_arange(0, 4, dtype=int)[::2][1]][:])
