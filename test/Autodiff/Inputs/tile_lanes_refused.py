# Lane-dependent tile kernels whose adjoints kdsl refuses
# (tile-lanes-refused.test): each keeps its forward kernel.
import warp as wp


@wp.kernel
def carried(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    # A while loop carrying a float (no replay; a tape would be the block's).
    i, lane = wp.tid()
    nb = wp.block_dim()
    acc = x[i * nb + lane]
    while acc < wp.float64(4.0):
        acc = acc * wp.float64(2.0) + wp.float64(1.0)
    y[i * nb + lane] = wp.untile(wp.tile(acc)) * acc


@wp.kernel
def branched(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i, lane = wp.tid()
    nb = wp.block_dim()
    # t[lane - 1] under a branch that varies: its adjoint (t[k] += v of
    # every lane) would be a collective where only some lanes run.
    t = wp.tile(x[i * nb + lane])
    if lane > 0:
        y[i * nb + lane] = t[lane - 1]


@wp.kernel
def from_thread(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i, lane = wp.tid()
    nb = wp.block_dim()
    # tile_from_thread has no rule yet.
    t = wp.tile_from_thread(shape=4, value=x[i * nb + lane], thread_idx=0)
    wp.tile_store(y, t * t, offset=i * 4)
