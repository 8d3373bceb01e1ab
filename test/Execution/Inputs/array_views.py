# Views of multi-dimensional arrays (a[i] of a 2-d array is a 1-d array), for
# array_views.test: read, written, passed to a func, len / .shape, atomics,
# 3-d views and gradients through them.
import warp as wp


@wp.func
def row_sum(r: wp.array(dtype=wp.float64)):
    s = wp.float64(0.0)
    for j in range(len(r)):
        s += r[j] * r[j]
    return s


@wp.kernel
def rows(m: wp.array2d(dtype=wp.float64), sums: wp.array(dtype=wp.float64), scaled: wp.array2d(dtype=wp.float64),
         hist: wp.array2d(dtype=wp.int32), n: wp.array(dtype=wp.int32)):
    i = wp.tid()
    r = m[i]
    sums[i] = row_sum(r)
    out = scaled[i]
    for j in range(r.shape[0]):
        out[j] = r[j] * wp.float64(i + 1)
    # every thread counts into row 0 of hist through a view
    wp.atomic_add(hist[0], i % 2, 1)
    n[i] = len(m[i]) * 10 + scaled.shape[1]


@wp.kernel
def views3d(a: wp.array3d(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    plane = a[i]
    line = a[i, 1]
    out[i] = plane[0][1] + line[2] * 10.0 + float(plane.shape[0] * 100 + line.shape[0] * 1000)
