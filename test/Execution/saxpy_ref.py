"""Independent reference for examples/saxpy.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, F64, I32, Kernel, main, wp, wrange  # noqa: E402

SCALE = 2.0
BLOCK = 256


def saxpy(i, a, x, y, out):
    out[i] = a * x[i] + y[i]


def daxpy(i, a, x, y):
    y[i] += a * x[i]


def scale_in_place(i, x, n):
    if i >= n or i >= x.shape[0]:
        return
    x[i] *= SCALE


def axpby_blocked(b, alpha, beta, x, y):
    n = x.shape[0]
    start = b * BLOCK
    end = wp.min(start + BLOCK, n)
    for i in wrange(start, end):
        y[i] = alpha * x[i] + beta * y[i]


def mixed_precision_dot_partial(i, x, y, out):
    prod = F64(x[i]) * F64(y[i])
    wp.atomic_add(out, 0, prod)


A32, A64 = ArrT(F32), ArrT(F64)
KERNELS = {
    "saxpy": Kernel(saxpy, [("a", F32), ("x", A32), ("y", A32), ("out", A32)]),
    "daxpy": Kernel(daxpy, [("a", F64), ("x", A64), ("y", A64)]),
    "scale_in_place": Kernel(scale_in_place, [("x", A32), ("n", I32)]),
    "axpby_blocked": Kernel(axpby_blocked, [("alpha", F32), ("beta", F32), ("x", A32), ("y", A32)]),
    "mixed_precision_dot_partial": Kernel(mixed_precision_dot_partial, [("x", A32), ("y", A32), ("out", A64)]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
