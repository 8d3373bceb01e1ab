# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# wp.zeros(shape, dtype) in kernel code (Warp's fixedarray): wrong uses.

import warp as wp


@wp.kernel
def k(n: int):
    i = wp.tid()
    # expected-error@+1 {{the `shape` argument must be specified as a constant when zero-initializing an array}}
    a = wp.zeros(shape=(i,), dtype=int)

# -----

import warp as wp


@wp.kernel
def k(n: int):
    # expected-error@+1 {{the `shape` argument must be specified as a constant when zero-initializing an array}}
    a = wp.zeros(shape=(2, n), dtype=float)

# -----

import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    # expected-error@+1 {{wp.zeros() dtype must be a scalar, vector, matrix, quaternion, transform or struct type, got array(dtype=float32)}}
    a = wp.zeros(shape=2, dtype=wp.array(dtype=float))

# -----

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.zeros() extents must not be negative, got -1}}
    a = wp.zeros(shape=(2, -1), dtype=float)

# -----

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.zeros() shape has 1 to 4 extents, got 5}}
    a = wp.zeros(shape=(1, 1, 1, 1, 1), dtype=float)

# -----

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.zeros() missing argument 'dtype'}}
    a = wp.zeros(shape=3)

# -----

# Warp: "The function `func` returns a fixed-size array whereas it has its
# return type annotated as `Array[int32]`."

import warp as wp


@wp.func
def f() -> wp.array2d[int]:
    arr = wp.zeros(shape=(2, 3), dtype=int)
    # expected-error@+1 {{the function 'f' returns a fixed-size array (fixedarray(dtype=int32, shape=(2, 3))) whereas its return type is annotated as array(dtype=int32, ndim=2)}}
    return arr


@wp.kernel
def k():
    arr = f()  # expected-note {{in the call to 'f'}}

# -----

import warp as wp


@wp.func
def f() -> wp.fixedarray(shape=(2, 2), dtype=int):
    arr = wp.zeros(shape=(2, 3), dtype=int)
    # expected-error@+1 {{the function 'f' returns a fixed-size array (fixedarray(dtype=int32, shape=(2, 3))) whereas its return type is annotated as fixedarray(dtype=int32, shape=(2, 2))}}
    return arr


@wp.kernel
def k():
    arr = f()  # expected-note {{in the call to 'f'}}

# -----

import warp as wp


@wp.func
def f(a: wp.array(dtype=float)):
    if a[0] > 0.0:
        return a
    b = wp.zeros(shape=2, dtype=float)
    # expected-error@+1 {{the function 'f' returns a fixed-size array (fixedarray(dtype=float32, shape=(2,))) whereas its return type is array(dtype=float32)}}
    return b


@wp.kernel
def k(x: wp.array(dtype=float)):
    arr = f(x)  # expected-note {{in the call to 'f'}}

# -----

import warp as wp


@wp.func
def f() -> wp.fixedarray(shape=(2, 2)):  # expected-error {{a fixedarray return annotation takes shape= and dtype=}}
    return wp.zeros(shape=(2, 2), dtype=int)


@wp.kernel
def k():
    arr = f()  # expected-note {{in the call to 'f'}}

# -----

import warp as wp


@wp.kernel
def k():
    a = wp.zeros(shape=3, dtype=float)
    # expected-error@+1 {{argument 'x': expected array(dtype=int32), got fixedarray(dtype=float32, shape=(3,))}}
    g(a)


@wp.func
def g(x: wp.array(dtype=int)):
    x[0] = 1

# -----

import warp as wp


@wp.kernel
def k(a: wp.fixedarray(shape=3, dtype=float)):  # expected-error {{wp.fixedarray is supported only as a func's return annotation}}
    pass
