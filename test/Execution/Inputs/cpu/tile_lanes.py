# Lane-dependent tile kernels (issue 30, docs/design/tiles.md "Lanes"), for
# test/Execution/tile-lanes.test: each block runs its B lanes with the GPU's
# semantics on the CPU. Expected values: tile_lanes_ref.py.
import warp as wp

TILE = wp.constant(8)
CAP = wp.constant(4)


@wp.kernel
def gather(x: wp.array(dtype=float), out: wp.array(dtype=float), total: wp.array(dtype=float),
           count: wp.array(dtype=float)):
    # wp.tile of every lane's value, its sum and scan, wp.untile; the
    # atomic runs once per lane.
    i, j = wp.tid()
    b = wp.block_dim()
    v = x[i * b + j]
    t = wp.tile(v * 2.0)
    s = wp.tile_sum(t)
    u = wp.untile(wp.tile_scan_inclusive(t))
    out[i * b + j] = u + s[0]
    if j == 0:
        total[i] = s[0]
    wp.atomic_add(count, 0, 1.0)


@wp.kernel
def simt(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    # A regular launch with block_dim: the block is B consecutive threads.
    i = wp.tid()
    t = wp.tile(x[i])
    m = wp.tile_max(t)
    out[i] = wp.untile(t * 3.0) + m[0]


@wp.kernel
def vectors(x: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3), sums: wp.array(dtype=float)):
    i, j = wp.tid()
    b = wp.block_dim()
    t = wp.tile(x[i * b + j])
    r = wp.tile_sum(t, axis=1)
    out[i * b + j] = wp.untile(t * 2.0)
    if j == 0:
        sums[i * 3 + 0] = r[0]
        sums[i * 3 + 1] = r[1]
        sums[i * 3 + 2] = r[2]


@wp.kernel
def broadcast(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    # tile_from_thread: the last lane's value in every element.
    i, j = wp.tid()
    b = wp.block_dim()
    v = x[i * b + j]
    t = wp.tile_from_thread(shape=TILE, value=v, thread_idx=b - 1)
    a = wp.tile_load(x, shape=TILE, offset=i * TILE)
    wp.tile_store(out, a + t, offset=i * TILE)


@wp.kernel
def scatter(out: wp.array(dtype=float), ints: wp.array(dtype=int)):
    # t[k] += v per lane: B lanes over a tile of 8 (B need not divide it).
    i, j = wp.tid()
    t = wp.tile_zeros(shape=TILE, dtype=float)
    t[j % TILE] += 1.0 + float(i)
    wp.tile_store(out, t, offset=i * TILE)
    u = wp.tile_zeros(shape=TILE, dtype=int)
    u[(j * 3) % TILE] |= 1 << (j % 5)
    wp.tile_store(ints, u, offset=i * TILE)


@wp.kernel
def stack(slots: wp.array(dtype=int), counts: wp.array(dtype=int),
          popped: wp.array(dtype=int)):
    # A stack of 4 shared by the block: lanes push in lane order, the full
    # stack drops the rest; then every lane pops.
    i, j = wp.tid()
    b = wp.block_dim()
    s = wp.tile_stack(capacity=CAP, dtype=int)
    slot = wp.tile_stack_push(s, j * 10 + i, j % 2 == 0)
    slots[i * b + j] = slot
    counts[i] = wp.tile_stack_count(s)
    val, where = wp.tile_stack_pop(s)
    popped[i * b + j] = val * 100 + where


@wp.kernel
def looped(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    # A loop of the block (its trip count the same in every lane) with a
    # collective inside, carrying a block value.
    i, j = wp.tid()
    b = wp.block_dim()
    acc = float(0.0)
    for k in range(3):
        t = wp.tile(x[i * b + j] * float(k + 1))
        acc = acc + wp.tile_sum(t)[0]
    out[i * b + j] = acc + float(j)
