"""Independent reference for examples/reductions_atomics.py (see Inputs/wpref.py).

Threads run in order here; the spec's inputs make every output independent of
the order atomics run in (dyadic values sum exactly, and the budget cases
grant all or nothing), except the slots chosen by compact_positive, which the
test compares as multisets (compare.py --unordered).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, BOOL, F32, I32, I64, Kernel, U32, main, wp  # noqa: E402

NBINS = 64


def init_stats(tid, sum_out, min_out, max_out, count_out):
    sum_out[0] = 0.0
    min_out[0] = wp.inf
    max_out[0] = -wp.inf
    count_out[0] = 0


def reduce_stats(i, x, sum_out, min_out, max_out, count_out):
    v = x[i]
    if wp.isnan(v):
        return
    wp.atomic_add(sum_out, 0, v)
    wp.atomic_min(min_out, 0, v)
    wp.atomic_max(max_out, 0, v)
    wp.atomic_add(count_out, 0, 1)


def histogram(i, x, lo, hi, hist):
    v = x[i]
    if not wp.isfinite(v):
        return
    width = (hi - lo) / F32(NBINS)
    b = I32(wp.floor((v - lo) / width))
    b = wp.clamp(b, 0, NBINS - 1)
    hist[b] += 1


def compact_positive(i, x, counter, out, out_index):
    v = x[i]
    if v > 0.0:
        slot = wp.atomic_add(counter, 0, 1)
        out[slot] = v
        out_index[slot] = i


def consume_budget(i, budget, requests, granted):
    want = requests[i]
    old = wp.atomic_sub(budget, 0, want)
    if old < want:
        wp.atomic_add(budget, 0, want)
        granted[i] = False
    else:
        granted[i] = True


def bounding_box(i, points, lower, upper, centroid_sum):
    p = points[i]
    wp.atomic_min(lower, 0, p)
    wp.atomic_max(upper, 0, p)
    centroid_sum[0] += p


def block_sums(tid, img, block, sums, counts):
    i, j = tid
    bi = i / block
    bj = j / block
    wp.atomic_add(sums, bi, bj, img[i, j])
    wp.atomic_add(counts, bi, bj, 1)


def int_extrema(i, keys, lo, hi, n_even):
    k = keys[i]
    wp.atomic_min(lo, 0, k)
    wp.atomic_max(hi, 0, k)
    if k % 2 == 0:
        wp.atomic_add(n_even, 0, U32(1))


def normalize_histogram(b, hist, total, pdf):
    n = total[0]
    pdf[b] = F32(hist[b]) / F32(wp.max(n, 1))


F, I, V3 = ArrT(F32), ArrT(I32), ArrT(wp.vec3)
KERNELS = {
    "init_stats": Kernel(init_stats, [("sum_out", F), ("min_out", F), ("max_out", F), ("count_out", I)]),
    "reduce_stats": Kernel(reduce_stats, [("x", F), ("sum_out", F), ("min_out", F), ("max_out", F),
                                          ("count_out", I)]),
    "histogram": Kernel(histogram, [("x", F), ("lo", F32), ("hi", F32), ("hist", I)]),
    "compact_positive": Kernel(compact_positive, [("x", F), ("counter", I), ("out", F), ("out_index", I)]),
    "consume_budget": Kernel(consume_budget, [("budget", I), ("requests", I), ("granted", ArrT(BOOL))]),
    "bounding_box": Kernel(bounding_box, [("points", V3), ("lower", V3), ("upper", V3), ("centroid_sum", V3)]),
    "block_sums": Kernel(block_sums, [("img", ArrT(F32, 2)), ("block", I32), ("sums", ArrT(F32, 2)),
                                      ("counts", ArrT(I32, 2))], ndim=2),
    "int_extrema": Kernel(int_extrema, [("keys", ArrT(I64)), ("lo", ArrT(I64)), ("hi", ArrT(I64)),
                                        ("n_even", ArrT(U32))]),
    "normalize_histogram": Kernel(normalize_histogram, [("hist", I), ("total", I), ("pdf", F)]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
