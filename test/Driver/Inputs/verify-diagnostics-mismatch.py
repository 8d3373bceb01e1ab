import warp as wp


@wp.kernel
def bad(a: wp.array(dtype=float), x: float):
    # expected-error @+1 {{some other message}}
    a[x] = 1.0
