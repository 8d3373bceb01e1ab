import warp as wp


@wp.struct
class P:
    m: float


@wp.kernel
def k(xs: wp.array(dtype=float), n: int, y: wp.array(dtype=float)):
    i = wp.tid()
    p = P()
    p.m = xs[i]
    for j in range(n):
        p.m = p.m * 2.0
    y[i] = p.m
