# Lane-dependent tile kernels in float64 for the finite-difference gradient
# checks of tile-lanes.test (issue 30, docs/design/tiles.md "Adjoints of
# lane-dependent kernels"): wp.tile(x) / wp.untile and the block's values
# that every lane uses (an element of a tile sum added to each lane's
# value, a scalar of the block in a tile op, a store every lane makes).
import warp as wp

TILE = wp.constant(8)


@wp.kernel
def gather(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    # Each lane's value, the block's sum and inclusive scan of its squares;
    # s[0] is the block's, used by every lane.
    i, lane = wp.tid()
    nb = wp.block_dim()
    v = x[i * nb + lane]
    t = wp.tile(v * v)
    s = wp.tile_sum(t)
    u = wp.untile(wp.tile_scan_inclusive(t))
    wp.atomic_add(loss, 0, (u + s[0]) * w[i * nb + lane])


@wp.kernel
def roundtrip(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    # untile(tile(v)) is v.
    i, lane = wp.tid()
    nb = wp.block_dim()
    v = x[i * nb + lane]
    y[i * nb + lane] = wp.untile(wp.tile(wp.sin(v))) * v


@wp.kernel
def block_sum(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    # tile_sum of wp.tile into a tile_atomic_add (the block's, once).
    i, lane = wp.tid()
    nb = wp.block_dim()
    v = x[i * nb + lane]
    s = wp.tile_sum(wp.tile(v * w[i * nb + lane]))
    wp.tile_atomic_add(loss, s * s)


@wp.kernel
def block_scalars(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
                  z: wp.array(dtype=wp.float64)):
    # Scalars every lane holds alike in tile ops: w[0] read by each lane,
    # c = s[0] of the block; z[i] = c * a is stored by every lane.
    i, lane = wp.tid()
    nb = wp.block_dim()
    v = x[i * nb + lane]
    a = w[0]
    t = wp.tile(v)
    s = wp.tile_sum(t * t)
    c = s[0]
    u = t * a + wp.tile_map(wp.sin, t) * c
    y[i * nb + lane] = wp.untile(u) * v
    z[i] = c * a


@wp.kernel
def vectors(x: wp.array(dtype=wp.vec3d), c: wp.array(dtype=wp.vec3d), loss: wp.array(dtype=wp.float64)):
    # wp.tile of vectors (3, B), a sum along the lanes, untile of a map,
    # the largest component of any lane's vector.
    i, lane = wp.tid()
    nb = wp.block_dim()
    p = x[i * nb + lane]
    t = wp.tile(p)
    r = wp.tile_sum(t, axis=1)
    q = wp.untile(t * t)
    mx = wp.tile_max(t)
    wp.atomic_add(loss, 0, wp.dot(q, c[lane]) + r[1] * p[0] + mx[0] * p[2])


@wp.kernel
def extremes(x: wp.array(dtype=wp.float64), m: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    # A regular launch with block_dim (the block's lanes are consecutive
    # threads, each reading its own element); the block's maximum by every
    # lane into one element (atomic_max of one value), and per lane.
    k = wp.tid()
    t = wp.tile(x[k])
    mx = wp.tile_max(t)
    s = wp.tile_sum(t * t)
    wp.atomic_max(m, 0, s[0])
    out[k] = wp.untile(t * mx[0])


@wp.kernel
def loaded(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
           z: wp.array(dtype=wp.float64)):
    # A tile_load (its adjoint: a tile_atomic_add, the block's) and a
    # tile_store (its adjoint reads and zeroes the block's elements) beside
    # wp.tile / untile.
    i, lane = wp.tid()
    nb = wp.block_dim()
    a = wp.tile_load(x, shape=TILE, offset=i * TILE)
    s = wp.tile_sum(a * a)
    v = w[i * nb + lane]
    t = wp.tile(v * s[0])
    wp.tile_store(y, wp.tile_map(wp.sin, a) * s[0], offset=i * TILE)
    z[i * nb + lane] = wp.untile(t) * v


@wp.kernel
def carried(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    # A loop of each lane's, carrying a float (replayed, not taped, in the
    # adjoint), then a loop of the block's carrying a tile.
    i, lane = wp.tid()
    nb = wp.block_dim()
    v = x[i * nb + lane]
    acc = wp.float64(0.5)
    for k in range(3):
        acc = acc * v + wp.sin(acc)
    t = wp.tile(acc)
    for k in range(2):
        t = wp.tile_map(wp.sin, t) * t
    y[i * nb + lane] = wp.untile(t) * acc
