# Kernels, funcs and overloads made in host loops over tuples and lists
# the source gives (docs/language.md, "Host loops"); run by host_loops.test.
from typing import Any

import warp as wp


@wp.kernel
def square_add(x: wp.array(dtype=Any), y: wp.array(dtype=Any), out: wp.array(dtype=Any)):
    i = wp.tid()
    out[i] = x.dtype(1.5) * x[i] * x[i] + y[i]


# One overload per item, as Warp's test_fast_math.py writes them.
for T in (wp.float32, wp.float64):
    wp.overload(square_add, [wp.array(dtype=T)] * 3)

COEFFS = [(2.0, 1.0), (-0.5, 3.0)]


def build():
    # A func and a kernel per item: term(x) = c x^2 + d x.
    for c, d in COEFFS:

        @wp.func
        def term(x: wp.float64):
            return wp.float64(c) * x * x + wp.float64(d) * x

        @wp.kernel
        def apply_term(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
            i = wp.tid()
            y[i] = term(x[i]) + wp.sin(x[i])

    # After the loop, `term` is the last iteration's.
    @wp.kernel
    def after_loop(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
        i = wp.tid()
        y[i] = term(x[i])


@wp.func
def add_op(a: wp.float64, b: wp.float64):
    return a + b


@wp.func
def mul_op(a: wp.float64, b: wp.float64):
    return a * b


OPS = {"add": add_op, "mul": mul_op}


def build_ops():
    data = wp.zeros((2, 2), dtype=wp.float64)
    # One kernel per (name, func) pair of a dict; the dtype of a host array.
    for _name, op in OPS.items():

        @wp.kernel
        def apply_op(x: wp.array2d(dtype=data.dtype), y: wp.array(dtype=wp.float64)):
            i = wp.tid()
            y[i] = wp.static(op)(x[i, 0], x[i, 1])
