# Tiles of @wp.struct elements and @wp.funcs with tile parameters, in
# float64, for the finite-difference gradient checks of tile-structs.test
# (issue 30, docs/design/tiles.md).
import warp as wp

TILE = wp.constant(4)


@wp.struct
class Pd:
    m: wp.float64
    v: wp.vec3d
    id: wp.int32


@wp.struct
class Nest:
    p: Pd
    w: wp.float64


@wp.func
def bend(a: Pd) -> Pd:
    r = Pd()
    r.m = a.m * a.m + wp.sin(a.v[1])
    r.v = a.v * a.m + wp.vec3d(a.v[2], a.v[0], a.v[1])
    r.id = a.id
    return r


@wp.func
def score(a: Pd) -> wp.float64:
    return a.m * wp.dot(a.v, a.v) + wp.cos(a.m)


@wp.func
def nest_score(n: Nest) -> wp.float64:
    return score(n.p) * n.w + n.w * n.w


# load (a partial tile at the end), a map by a func over structs, struct +
# and - of tiles, a map to float64 and its sum into a loss; tile_sum of
# structs, over every element and along an axis.
@wp.kernel
def struct_map(x: wp.array(dtype=Pd), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t = wp.tile_load(x, shape=TILE, offset=i * TILE)
    b = wp.tile_map(bend, t)
    c = (b + t) - wp.tile_map(bend, b)
    s = wp.tile_sum(wp.tile_map(score, c))
    wp.tile_atomic_add(loss, s)
    total = wp.tile_extract(wp.tile_sum(b), 0)
    rows = wp.tile_sum(wp.tile_reshape(c, shape=(2, 2)), axis=1)
    wp.atomic_add(loss, 0, score(total) + wp.tile_extract(wp.tile_sum(wp.tile_map(score, rows)), 0))


# Nested structs: load, map, store (the output seeded), and tile_atomic_add
# of structs into an accumulator (seeded too).
@wp.kernel
def nested(x: wp.array(dtype=Nest), y: wp.array(dtype=wp.float64), acc: wp.array(dtype=Nest)):
    i = wp.tid()
    t = wp.tile_load(x, shape=TILE, offset=i * TILE)
    wp.tile_store(y, wp.tile_map(nest_score, t), offset=i * TILE)
    wp.tile_atomic_add(acc, t, offset=1)


@wp.func
def weigh(t: wp.tile[Pd, 4], w: wp.tile[wp.float64, 4]):
    return wp.tile_map(score, t) * w


@wp.func
def weigh_twice(t: wp.tile[Pd, 4], w: wp.tile[wp.float64, 4]):
    u = weigh(t, w)
    return u * u


# @wp.funcs that take and return tiles (inlined), one calling another, and a
# tile_load_indexed of structs.
@wp.kernel
def tile_funcs(x: wp.array(dtype=Pd), w: wp.array(dtype=wp.float64), idx: wp.array(dtype=int),
               y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    k = wp.tile_load(idx, shape=TILE)
    t = wp.tile_load_indexed(x, indices=k, shape=(TILE,), axis=0)
    ws = wp.tile_load(w, shape=TILE, offset=i * TILE)
    wp.tile_store(y, weigh_twice(t, ws), offset=i * TILE)
