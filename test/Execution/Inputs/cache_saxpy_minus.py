import warp as wp


# Same kernel name and signature as cache_saxpy.py, another result.
@wp.kernel
def saxpy(a: float, x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a * x[i] - y[i]
