import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=float), c: int, y: wp.array(dtype=float)):
    i = wp.tid()
    arr = a if c > 0 else b
    y[i] = arr[i]
