# SAXPY and friends: the smallest useful Warp kernels.
#
# Shows: 1-D launches with wp.tid(), scalar and array arguments, the
# wp.array[...] subscript form, float64 arithmetic with adapting literals,
# augmented assignment on array elements, a bounds check with an early bare
# `return`, module constants, and host code that the compiler skips.

import warp as wp

SCALE = wp.constant(2.0)
BLOCK = 256


@wp.kernel
def saxpy(a: float, x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=float)):
    """out = a * x + y, one element per thread."""
    i = wp.tid()
    out[i] = a * x[i] + y[i]


@wp.kernel
def daxpy(a: wp.float64, x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    """In-place double precision y += a * x."""
    i = wp.tid()
    y[i] += a * x[i]


@wp.kernel
def scale_in_place(x: wp.array[float], n: int):
    """Multiply the first n entries by SCALE; threads past n do nothing."""
    i = wp.tid()
    if i >= n or i >= x.shape[0]:
        return
    x[i] *= SCALE


@wp.kernel
def axpby_blocked(alpha: float, beta: float, x: wp.array[float], y: wp.array[float]):
    """y = alpha * x + beta * y where each thread handles one BLOCK-sized chunk."""
    b = wp.tid()
    n = x.shape[0]
    start = b * BLOCK
    end = wp.min(start + BLOCK, n)
    for i in range(start, end):
        y[i] = alpha * x[i] + beta * y[i]


@wp.kernel
def mixed_precision_dot_partial(x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=wp.float64)):
    """Accumulate a dot product in float64 to limit round-off."""
    i = wp.tid()
    prod = wp.float64(x[i]) * wp.float64(y[i])
    wp.atomic_add(out, 0, prod)


if __name__ == "__main__":
    import numpy as np

    wp.init()
    n = 1 << 20
    x = wp.array(np.linspace(0.0, 1.0, n, dtype=np.float32), dtype=float)
    y = wp.array(np.ones(n, dtype=np.float32), dtype=float)
    out = wp.zeros(n, dtype=float)
    wp.launch(saxpy, dim=n, inputs=[2.0, x, y, out])
    wp.launch(scale_in_place, dim=n, inputs=[out, n // 2])
    wp.launch(axpby_blocked, dim=(n + BLOCK - 1) // BLOCK, inputs=[0.5, 0.5, x, y])
    print("saxpy:", out.numpy()[:4], "y:", y.numpy()[:4])
