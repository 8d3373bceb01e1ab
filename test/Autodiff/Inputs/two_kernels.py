import warp as wp


@wp.kernel
def scale(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = 2.0 * x[i]


@wp.kernel(enable_backward=False)
def forward_only(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 0.0
