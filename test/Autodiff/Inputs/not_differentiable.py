import warp as wp


@wp.struct
class P:
    m: float


@wp.kernel
def k(ps: wp.array(dtype=P), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = ps[0].m
