# Kernels for backward-spec.test.
import warp as wp

@wp.kernel
def sq(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = x[i] * x[i]

@wp.kernel(enable_backward=False)
def nograd(x: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x[i] = 0.0
