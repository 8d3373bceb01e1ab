# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# The scalar math, extra atomics and operator functions reject what Warp
# rejects, with the call's own name in the message.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{wp.atomic_and() is not supported on arrays of float32}}
    wp.atomic_and(a, i, 1.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=int)):
    i = wp.tid()
    # expected-error@+1 {{wp.atomic_cas() on a 2-d array takes the array, 2 index(es), a compare value and a value}}
    wp.atomic_cas(a, i, 0, 3)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.int16)):
    i = wp.tid()
    # expected-error@+1 {{wp.atomic_exch() is not supported on arrays of int16}}
    wp.atomic_exch(a, i, wp.int16(1))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    # expected-error@+1 {{wp.erf() expects a float, got vec3f}}
    x = wp.erf(wp.vec3(1.0))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{wp.add() takes 2 argument(s), got 3}}
    x = wp.add(1, 2, 3)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{operator '~' needs an integer, got float32}}
    x = wp.invert(a[0])

# -----

# Bitwise operators on vectors: integer vectors/matrices of one type only.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    # expected-error@+1 {{operator '&' is not defined for vec3f and vec3f}}
    x = a[0] & a[1]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3ui), b: wp.array(dtype=wp.vec2ui)):
    # expected-error@+1 {{operator '<<' is not defined for vec3ui and vec2ui}}
    x = a[0] << b[0]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3ui), b: wp.array(dtype=wp.vec3i)):
    # expected-error@+1 {{operator '|': element types differ (vec3ui and vec3i)}}
    x = a[0] | b[0]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    # expected-error@+1 {{operator '~' needs an integer, got vec3f}}
    x = ~a[0]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3h)):
    # expected-error@+1 {{wp.atomic_and() is not supported on arrays of vec3h}}
    wp.atomic_and(a, 0, a[1])

# -----

# Keywords of builtins are Warp's parameter names.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.pow() got an unexpected keyword argument 'base'}}
    a[0] = wp.pow(base=2.0, y=3.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.pow() got multiple values for argument 'x'}}
    a[0] = wp.pow(2.0, x=3.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.clamp() missing argument 'low'}}
    a[0] = wp.clamp(a[1], high=3.0)

# -----

# A struct operator with a @wp.func of that name whose signature does not
# take the operands: the operator's own error.
import warp as wp


@wp.struct
class P:
    x: float


@wp.func
def add(a: P, b: float) -> P:
    return P(a.x + b)


@wp.kernel
def k(a: wp.array(dtype=float)):
    p = P(1.0)
    q = p + 2.0
    # expected-error@+1 {{operator '+' cannot be applied to P}}
    r = p + p
