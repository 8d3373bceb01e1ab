# Reductions and scatter with atomics: sum / min / max / count in one pass,
# a histogram, stream compaction that uses the old value returned by
# atomic_add, a bounded work budget with atomic_sub, component-wise atomics
# on vec3 arrays (bounding box), and 2-D atomics for block sums.

import warp as wp

NBINS = 64


@wp.kernel
def init_stats(sum_out: wp.array(dtype=float), min_out: wp.array(dtype=float), max_out: wp.array(dtype=float), count_out: wp.array(dtype=int)):
    sum_out[0] = 0.0
    min_out[0] = wp.inf
    max_out[0] = -wp.inf
    count_out[0] = 0


@wp.kernel
def reduce_stats(
    x: wp.array(dtype=float),
    sum_out: wp.array(dtype=float),
    min_out: wp.array(dtype=float),
    max_out: wp.array(dtype=float),
    count_out: wp.array(dtype=int),
):
    """Skip NaNs; everything else contributes to sum, min, max and count."""
    i = wp.tid()
    v = x[i]
    if wp.isnan(v):
        return
    wp.atomic_add(sum_out, 0, v)
    wp.atomic_min(min_out, 0, v)
    wp.atomic_max(max_out, 0, v)
    wp.atomic_add(count_out, 0, 1)


@wp.kernel
def histogram(x: wp.array(dtype=float), lo: float, hi: float, hist: wp.array(dtype=int)):
    i = wp.tid()
    v = x[i]
    if not wp.isfinite(v):
        return
    width = (hi - lo) / float(NBINS)
    b = int(wp.floor((v - lo) / width))
    b = wp.clamp(b, 0, NBINS - 1)
    hist[b] += 1


@wp.kernel
def compact_positive(x: wp.array(dtype=float), counter: wp.array(dtype=int), out: wp.array(dtype=float), out_index: wp.array(dtype=int)):
    """Append every positive value to `out`; atomic_add returns the slot."""
    i = wp.tid()
    v = x[i]
    if v > 0.0:
        slot = wp.atomic_add(counter, 0, 1)
        out[slot] = v
        out_index[slot] = i


@wp.kernel
def consume_budget(budget: wp.array(dtype=int), requests: wp.array(dtype=int), granted: wp.array(dtype=wp.bool)):
    """Each thread tries to take requests[i] units from a shared budget."""
    i = wp.tid()
    want = requests[i]
    old = wp.atomic_sub(budget, 0, want)
    if old < want:
        # not enough left: give the units back
        wp.atomic_add(budget, 0, want)
        granted[i] = False
    else:
        granted[i] = True


@wp.kernel
def bounding_box(points: wp.array(dtype=wp.vec3), lower: wp.array(dtype=wp.vec3), upper: wp.array(dtype=wp.vec3), centroid_sum: wp.array(dtype=wp.vec3)):
    """Atomics on vec3 arrays act on each component independently."""
    i = wp.tid()
    p = points[i]
    wp.atomic_min(lower, 0, p)
    wp.atomic_max(upper, 0, p)
    centroid_sum[0] += p


@wp.kernel
def block_sums(img: wp.array2d(dtype=float), block: int, sums: wp.array2d(dtype=float), counts: wp.array2d(dtype=int)):
    i, j = wp.tid()
    bi = i / block
    bj = j / block
    wp.atomic_add(sums, bi, bj, img[i, j])
    wp.atomic_add(counts, bi, bj, 1)


@wp.kernel
def int_extrema(keys: wp.array(dtype=wp.int64), lo: wp.array(dtype=wp.int64), hi: wp.array(dtype=wp.int64), n_even: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    k = keys[i]
    wp.atomic_min(lo, 0, k)
    wp.atomic_max(hi, 0, k)
    if k % 2 == 0:
        wp.atomic_add(n_even, 0, wp.uint32(1))


@wp.kernel
def normalize_histogram(hist: wp.array(dtype=int), total: wp.array(dtype=int), pdf: wp.array(dtype=float)):
    b = wp.tid()
    n = total[0]
    pdf[b] = float(hist[b]) / float(wp.max(n, 1))


if __name__ == "__main__":
    import numpy as np

    wp.init()
    data = np.random.default_rng(0).normal(size=100000).astype(np.float32)
    x = wp.array(data, dtype=float)
    s = wp.zeros(1, dtype=float)
    mn = wp.zeros(1, dtype=float)
    mx = wp.zeros(1, dtype=float)
    cnt = wp.zeros(1, dtype=int)
    wp.launch(init_stats, dim=1, inputs=[s, mn, mx, cnt])
    wp.launch(reduce_stats, dim=len(data), inputs=[x, s, mn, mx, cnt])
    print(s.numpy()[0] / cnt.numpy()[0], mn.numpy()[0], mx.numpy()[0])
