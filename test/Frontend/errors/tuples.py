# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Tuples: indices, targets, kernel parameters, contents.

# tuple-dynamic-index:
# A tuple index must be known at compile time (Warp's extract()).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    t = (1.0, 2.0)
    # expected-error@+1 {{a tuple index must be a compile-time constant (as in Warp)}}
    a[0] = t[n]

# -----

# tuple-index-range:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = (1.0, 2.0)
    # expected-error@+1 {{index 2 is out of range for the tuple (float32, float32)}}
    a[0] = t[2]

# -----

# tuple-element-store:
# Tuple elements are read-only.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = (1.0, 2.0)
    # expected-error@+1 {{cannot assign to this expression}}
    t[0] = 3.0

# -----

# tuple-kernel-param:

import warp as wp


@wp.kernel
# expected-error@+1 {{kernel parameter 't': a tuple cannot be passed to a kernel (only @wp.func parameters can be tuples)}}
def k(t: tuple[float, int]):
    pass

# -----

# tuple-ellipsis-local:
# tuple[T, ...] is generic: only a func parameter.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{tuple[T, ...] (a tuple of any length) is only allowed as a @wp.func parameter type}}
    t: tuple[float, ...] = (1.0, 2.0)

# -----

# tuple-holds-void:

import warp as wp


@wp.func
def nothing(x: float):
    pass


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{a tuple cannot hold a call that returns no value}}
    t = (1.0, nothing(2.0))

# -----

# tuple-wrong-arg:
# A tuple argument must have the parameter's element types (its literals
# are int32 / float32, as in Warp).

import warp as wp


@wp.func
def first(t: tuple[float, float]) -> float:
    return t[0]


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{argument 't': expected (float32, float32), got (int32, int32)}}
    a[0] = first((1, 2))

# -----

# tuple-static-len-array:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    b = a
    # expected-error@+1 {{len() in wp.static() needs a tuple, vector, matrix, quaternion or tile, got array(dtype=int32)}}
    a[0] = wp.static(len(b))
