import warp as wp


@wp.kernel
def hammer(counts: wp.array(dtype=int), sums: wp.array(dtype=float), lo: wp.array(dtype=float),
           hi: wp.array(dtype=int), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    wp.atomic_add(counts, 0, 1)
    wp.atomic_sub(counts, 1, 2)
    sums[0] += 1.0
    wp.atomic_min(lo, 0, float(i))
    wp.atomic_max(hi, 0, i)
    v[0] += wp.vec3(1.0, 2.0, 0.5)
