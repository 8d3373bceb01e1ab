import warp as wp


@wp.kernel
def int_vec_expect(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec2ui), out: wp.array(dtype=int)):
    i = wp.tid()
    wp.expect_eq(a[i], wp.vec3i(1, -2, 3))
    wp.expect_neq(a[i], wp.vec3i(1, -2, 4))
    wp.expect_eq(b[i], wp.vec2ui(wp.uint32(7), wp.uint32(4000000000)))
    out[i] = 1


@wp.kernel
def negative_index(x: wp.array(dtype=float), m: wp.array2d(dtype=float), out: wp.array(dtype=float),
                   rev: wp.array(dtype=float), acc: wp.array(dtype=float), last: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = x[-1 - i]
    rev[-1 - i] = 2.0 * x[i]
    wp.atomic_add(acc, -1, x[i])
    row = m[-1]
    last[i] = 0.5 * row[i] + m[-2, -1 - i]
