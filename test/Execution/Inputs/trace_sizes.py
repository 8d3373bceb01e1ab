# wp.trace of any square matrix (Warp's mat.h sums the diagonal of
# mat_t<N, N>; kdsl.trace verified 2x2 to 4x4 only and a 6x6 was an internal
# error) (trace_sizes.test).
import warp as wp


@wp.kernel
def traces(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    m = wp.identity(n=6, dtype=wp.float64) * x[i]
    one = wp.identity(n=1, dtype=wp.float64) * x[i]
    out[i] = wp.trace(m * x[i]) + wp.trace(one)
