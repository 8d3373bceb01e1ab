# Kernels that fault or never end (verify-emitted-spec.test).
import warp as wp


@wp.kernel
def div(a: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = a[i] // a[0]


@wp.kernel
def spin(n: int, out: wp.array(dtype=int)):
    i = int(0)
    while i < n:
        i = (i + 1) % 1000
    out[0] = i
