# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Generic funcs and kernels, func overloads and wp.overload: errors.

# no-overload-matches: no def of f takes (float32); every candidate is listed.

import warp as wp


@wp.func
# expected-note@+1 {{candidate: f(x: int32)}}
def f(x: int):
    return x


@wp.func
# expected-note@+1 {{candidate: f(x: vec3f)}}
def f(x: wp.vec3):
    return x[0]


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{no overload of 'f' takes the arguments (float32)}}
    a[i] = f(a[i])

# -----

# generic-array-ndim: wp.array(dtype=Any) takes 1-d arrays only.

from typing import Any

import warp as wp


@wp.func
# expected-note@+1 {{candidate: first(xs: Any)}}
def first(xs: wp.array(dtype=Any)):
    return xs[0]


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    # expected-error@+1 {{no overload of 'first' takes the arguments (array(dtype=float32, ndim=2))}}
    x = first(a)

# -----

# instance-body-error: the body of an instance is checked with its types.

from typing import Any

import warp as wp


@wp.func
def half(x: Any):
    # expected-error@+1 {{wp.length() expects a float vector or quaternion, got int32}}
    return wp.length(x) * 0.5


@wp.kernel
def k(a: wp.array(dtype=float)):
    v = half(wp.vec3(1.0, 2.0, 3.0))
    # expected-note@+1 {{in the call to 'half' with arguments (int32)}}
    n = half(3)

# -----

# overload-not-generic: only generic kernels can be overloaded.

import warp as wp


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0


@wp.overload
# expected-error@+1 {{only generic kernels can be overloaded (as in Warp): kernel 'scale' has no typing.Any parameter}}
def scale(a: wp.array(dtype=float)):
    ...

# -----

# overload-call-not-generic

import warp as wp


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0


# expected-error@+1 {{only generic kernels can be overloaded (as in Warp): kernel 'scale' has no typing.Any parameter}}
wp.overload(scale, [wp.array(dtype=float)])

# -----

# stub-return-annotation

from typing import Any

import warp as wp


@wp.kernel
def k(x: Any):
    pass


@wp.overload
# expected-error@+1 {{return annotations are not allowed on @wp.overload stubs}}
def k(x: float) -> float: ...

# -----

# stub-parameter-count

from typing import Any

import warp as wp


@wp.kernel
def k(x: Any, y: float):
    pass


@wp.overload
# expected-error@+1 {{this @wp.overload of kernel 'k' has 1 parameter(s), the kernel 2}}
def k(x: float): ...

# -----

# overload-dict-unknown-name

from typing import Any

import warp as wp


@wp.kernel
def k(x: Any):
    pass


# expected-error@+1 {{kernel 'k' has no parameter 'y'}}
wp.overload(k, {"y": float})

# -----

# overload-dict-leaves-generic

from typing import Any

import warp as wp


@wp.kernel
def k(x: Any, y: Any):
    pass


# expected-error@+1 {{no type given for the generic parameter 'y' of kernel 'k'}}
wp.overload(k, {"x": float})

# -----

# overload-list-too-long

from typing import Any

import warp as wp


@wp.kernel
def k(x: Any):
    pass


# expected-error@+1 {{kernel 'k' takes 1 argument(s), 2 types given}}
wp.overload(k, [float, int])

# -----

# overload-type-does-not-fit

from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=Any)):
    pass


# expected-error@+1 {{type array(dtype=float32) does not fit parameter 'a' of kernel 'k'}}
wp.overload(k, [wp.array(dtype=float)])

# -----

# overload-no-types

from typing import Any

import warp as wp


@wp.kernel
def k(a: Any):
    pass


# expected-error@+1 {{wp.overload() of kernel 'k' needs its types as a list or a dict of parameter names}}
wp.overload(k, float)

# -----

# unannotated-func-parameter: Warp requires annotations ("Incomplete argument
# annotations"); Any is the way to a generic parameter.

import warp as wp


@wp.func
# expected-error@+1 {{parameter 'x' needs a type annotation (as in Warp; typing.Any makes it generic)}}
def f(x):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = f(a[0])

# -----

# overload-stub-of-func: Warp's @wp.overload finds a kernel only.

from typing import Any

import warp as wp


@wp.func
# expected-note@+1 {{'f' has a @wp.overload definition}}
def f(x: Any):
    return x


# expected-error@+1 {{kdsl does not support @wp.overload here (nor does Warp): it must follow a generic @wp.kernel of the same name; func overloads are plain @wp.func defs}}
@wp.overload
def f(x: float): ...


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = f(a[0])

# -----

# generic-vector-length: Warp's vector(Any, float) parameter (test_vec.py's
# vector_len_kernel); kdsl's generics are typing.Any parameters only.

from typing import Any

import warp as wp


@wp.kernel
def k(
    v: wp.types.vector(Any, float),  # expected-error {{wp.types.vector() with a generic length (Any) is not supported: give a constant length such as 3, or annotate the parameter typing.Any}}
    out: wp.array(dtype=int),
):
    out[0] = len(v)

# -----

# generic-matrix-shape: matrix((Any, Any), float) (test_mat.py).

from typing import Any

import warp as wp


@wp.kernel
def k(
    m: wp.types.matrix((Any, Any), float),  # expected-error {{wp.types.matrix() with a generic shape (Any) is not supported: give a constant shape such as (3, 3), or annotate the parameter typing.Any}}
    out: wp.array(dtype=float),
):
    out[0] = m[0, 0]

# -----

# generic-vector-dtype-alias: a vector alias with dtype=typing.Any, used as a
# func parameter type; the error is at the alias, not "cannot find module
# typing".

import typing

import warp as wp

# expected-error@+1 {{wp.types.vector() with a generic dtype (Any) is not supported: give a concrete dtype such as float32, or annotate the parameter typing.Any}}
vec3any = wp.types.vector(length=3, dtype=typing.Any)


@wp.func
def first(v: vec3any):
    return v[0]


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'first'}}
    a[0] = first(wp.vec3(1.0, 2.0, 3.0))

# -----

# generic-vector-ctor-dtype: wp.vector(..., dtype=Any) builds no value.

from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    v = wp.vector(1.0, 2.0, dtype=Any)  # expected-error {{wp.vector() needs a concrete dtype such as float32, not Any}}
    a[0] = v[0]

# -----

# typing-name-in-kernel: a typing name used as a value is host code.

from typing import Optional

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = float(Optional)  # expected-error {{'Optional' is imported from Python's standard library module 'typing', which kernel code cannot use here}}
