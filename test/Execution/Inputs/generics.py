# Generic kernel and funcs (typing.Any), launched by generics.test at
# float32 and float64: the spec's array dtypes pick the instance.
from typing import Any

import warp as wp


@wp.func
def poly(x: Any):
    c = type(x)(0.5)
    return c * x * x * x - x + wp.sin(x)


# An overload by signature: int32 values take this one, not the template.
@wp.func
def poly(x: int):
    return x * x - 1


@wp.kernel
def apply(xs: wp.array(dtype=Any), out: wp.array(dtype=Any)):
    i = wp.tid()
    out[i] = poly(xs[i]) + xs.dtype(1.25)


@wp.kernel
def apply_int(ns: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = poly(ns[i])
