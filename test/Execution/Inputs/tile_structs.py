# Tiles of @wp.struct elements and @wp.funcs that take or return tiles
# (issue 30, docs/design/tiles.md), for tile-structs.test.
import warp as wp

TILE = wp.constant(4)


@wp.struct
class Pt:
    m: wp.float32
    v: wp.vec3


@wp.struct
class Body:
    p: Pt
    w: wp.float32


@wp.struct
class Tagged:
    flag: wp.bool
    k: wp.int8
    n: wp.int32
    val: wp.float32


@wp.func
def shift(a: Pt) -> Pt:
    r = Pt()
    r.m = a.m * 2.0 + 1.0
    r.v = a.v - wp.vec3(1.0, 0.0, 0.0)
    return r


@wp.func
def energy(a: Pt) -> float:
    return a.m * wp.dot(a.v, a.v)


@wp.func
def heavier(b: Body) -> Body:
    r = Body()
    r.p = shift(b.p)
    r.w = b.w + 0.5
    return r


# Loads with a partial tile at the end, a map by a func over structs (and to
# floats), struct + struct and -, the sum of a struct tile.
@wp.kernel
def struct_map(src: wp.array(dtype=Pt), dst: wp.array(dtype=Pt), e: wp.array(dtype=float),
               twice: wp.array(dtype=Pt), total: wp.array(dtype=Pt)):
    i = wp.tid()
    t = wp.tile_load(src, shape=TILE, offset=i * TILE)
    s = wp.tile_map(shift, t)
    wp.tile_store(dst, s, offset=i * TILE)
    wp.tile_store(e, wp.tile_map(energy, s), offset=i * TILE)
    wp.tile_store(twice, (s + s) - t, offset=i * TILE)
    wp.tile_store(total, wp.tile_sum(t), offset=i)


# Nested structs: map, atomic add of every field (the old values back), a
# sort of struct values by int keys, a reshape, transpose and extract.
@wp.kernel
def nested(src: wp.array(dtype=Body), keys: wp.array(dtype=int), mapped: wp.array(dtype=Body),
           acc: wp.array(dtype=Body), old: wp.array(dtype=Body), sorted: wp.array(dtype=Body),
           tr: wp.array2d(dtype=Body), third: wp.array(dtype=Body)):
    t = wp.tile_load(src, shape=TILE)
    wp.tile_store(mapped, wp.tile_map(heavier, t))
    was = wp.tile_atomic_add(acc, t, offset=1)
    wp.tile_store(old, was)
    k = wp.tile_load(keys, shape=TILE)
    wp.tile_sort(k, t)
    wp.tile_store(sorted, t)
    wp.tile_store(tr, wp.tile_transpose(wp.tile_reshape(t, shape=(2, 2))))
    third[0] = wp.tile_extract(t, 2)


# Fields without an atomic add (bool, int8) are not accumulated by
# tile_atomic_add: the destination keeps them; int32 and float32 add.
@wp.kernel
def tagged(src: wp.array(dtype=Tagged), acc: wp.array(dtype=Tagged), copy: wp.array(dtype=Tagged)):
    t = wp.tile_load(src, shape=TILE)
    wp.tile_atomic_add(acc, t)
    wp.tile_store(copy, t)


@wp.func
def scaled(t: wp.tile[float, 2, 4], k: float):
    return t * k


@wp.func
def combine(a: wp.tile[float, 2, 4], b: wp.tile[float, 2, 4]):
    c = scaled(a, 2.0) + b
    c += b
    return c


@wp.func
def half_sum(a: wp.tile[float, 2, 4]):
    return wp.tile_sum(a) * 0.5


@wp.func
def pts_energy(t: wp.tile[Pt, 4]) -> float:
    return wp.tile_extract(wp.tile_sum(wp.tile_map(energy, t)), 0)


# @wp.funcs with tile parameters and results, one calling another, one of
# struct tiles returning a scalar.
@wp.kernel
def tile_funcs(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float),
               s: wp.array(dtype=float), pts: wp.array(dtype=Pt), e: wp.array(dtype=float)):
    i = wp.tid()
    x = wp.tile_load(a, shape=(2, 4), offset=(i * 2, 0))
    y = wp.tile_load(b, shape=(2, 4), offset=(i * 2, 0))
    z = combine(x, y)
    wp.tile_store(c, z, offset=(i * 2, 0))
    wp.tile_store(s, half_sum(z), offset=i)
    e[i] = pts_energy(wp.tile_load(pts, shape=TILE, offset=i * TILE))
