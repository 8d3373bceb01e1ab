# Warp's strided loops over a block's lanes (tests/tile/test_tile_reduce.py,
# tile_strided_loop_kernel; issue 30, docs/design/tiles.md "Lanes"), for
# tile-strided-loop.test: `range(lane, upper, wp.block_dim())` has the same
# trip count in every lane when upper is a multiple of the block dimension.
import warp as wp


@wp.kernel
def strided_max(arr: wp.array[float], max_val: wp.array[float]):
    # Warp's kernel: the block's maximum of arr, B elements a round.
    _tid, lane = wp.tid()
    num_threads = wp.block_dim()
    thread_max = wp.float32(-wp.inf)
    length = arr.shape[0]
    upper = ((length + num_threads - 1) // num_threads) * num_threads
    for el_id in range(lane, upper, num_threads):
        if el_id < length:
            val = arr[el_id]
        else:
            val = wp.float32(-wp.inf)
        t = wp.tile(val)
        local_max = wp.tile_max(t)
        thread_max = wp.max(thread_max, local_max[0])
    if lane == 0:
        max_val[0] = thread_max


@wp.kernel
def strided_rounds(arr: wp.array[float], sums: wp.array[float], rounds: wp.array[int]):
    # Block i sums its rows of arr (B elements a round, a lower bound of
    # lane plus the block's offset), each lane writing the running total of
    # the rounds it took part in, and counts its rounds.
    i, lane = wp.tid()
    nb = wp.block_dim()
    start = i * 2 * nb
    total = float(0.0)
    count = int(0)
    for k in range(start + lane, start + 2 * nb, nb):
        s = wp.tile_sum(wp.tile(arr[k] * float(k - start + 1)))
        total = total + s[0]
        count += 1
    sums[i * nb + lane] = total
    if lane == 0:
        rounds[i] = count


@wp.kernel
def ragged(arr: wp.array[float], out: wp.array[float]):
    # range(lane, length, B) with length not a multiple of B: the lanes'
    # counts differ (undefined in Warp): the launch fails.
    _tid, lane = wp.tid()
    length = arr.shape[0]
    total = float(0.0)
    for el in range(lane, length, wp.block_dim()):
        s = wp.tile_sum(wp.tile(arr[el]))
        total = total + s[0]
    out[lane] = total
