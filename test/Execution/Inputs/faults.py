import warp as wp


@wp.kernel
def read_past_end(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = x[i + 2]


@wp.kernel
def checked(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = 2.0 * x[i]
    wp.expect_eq(x[i], 1.0)
