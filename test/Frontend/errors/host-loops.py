# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Host loops kdsl does not unroll, or whose items are not values of the
# source (docs/language.md, "Host loops"): the loop variables stay values of
# host code, and kernel code using them gets an error saying so. One case
# per chunk.

# loop-with-break:
# A `break` in the loop's host code: the iterations would differ.

import warp as wp

for c in (1.0, 2.0):
    if c > 1.0:
        break

    @wp.kernel
    def k(x: wp.array(dtype=float)):
        # expected-error@+1 {{'c' is a loop variable of host code}}
        x[0] = c

# -----

# unpack-mismatch:
# An item without one value per target (Python raises).

import warp as wp

for a, b in [(1.0, 2.0), (3.0,)]:

    @wp.kernel
    def k(x: wp.array(dtype=float)):
        # expected-error@+1 {{'a' is a loop variable of host code}}
        x[0] = a + b

# -----

# host-value-item:
# An item that is a value of host code (a numpy call).

import numpy as np
import warp as wp

for s in (np.float32(1.0), 2.0):

    @wp.kernel
    def k(a: wp.array(dtype=float)):
        # expected-error@+1 {{'s' is the variable of the host loop at line 9 bound to a value of host code at line 9}}
        a[0] = s

# -----

# after-the-loop:
# After the loop its variable is a host value; the func the body defined is
# the last iteration's.

import warp as wp

for c in (1.0, 2.0):

    @wp.func
    def f(x: float):
        return x * c


@wp.kernel
def k(x: wp.array(dtype=float)):
    # expected-error@+1 {{'c' is a loop variable of host code}}
    x[0] = f(x[0]) + c

# -----

# error-once:
# An error in the body is reported once, not once per iteration.

import warp as wp

for c in (1.0, 2.0, 3.0):

    @wp.kernel
    def k(a: wp.array(dtype=float)):
        # expected-error@+1 {{name 'undefined_name' is not defined}}
        a[0] = undefined_name * c

# -----

# comprehension:
# A comprehension's items are not known.

import warp as wp

for T in [t for t in (wp.float32, wp.float64)]:

    @wp.kernel
    def k(a: wp.array(dtype=T)):  # expected-error {{'T' is a loop variable of host code}}
        a[0] = a[0]

# -----

# host-array-dtype-unknown:
# The dtype of a host array the source makes without one is only known when
# Python runs (numpy's dtype of the data).

import numpy as np
import warp as wp

inputs = wp.array(np.ones(4))


@wp.kernel
def k(a: wp.array(dtype=inputs.dtype)):  # expected-error {{unsupported type annotation 'inputs.dtype'}}
    a[0] = a[0]

# -----

# warp-vector-types:
# Warp's tuple of vector types is not one kdsl knows (only the tuples of
# scalar types: int_types, float_types, scalar_types, ...).

from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any)):
    a[0] = a[0]


for T in wp.types.vector_types:
    # expected-error@+1 {{'T' is a loop variable of host code}}
    wp.overload(k, [wp.array(dtype=T)])

# -----

# mutated-list:
# A list the host code changes after binding it (append, item assignment):
# its literal is not what the loop iterates over.

from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any)):
    a[0] = a[0]


TYPES = [wp.float32]
TYPES.append(wp.float64)
for T in TYPES:
    # expected-error@+1 {{'T' is a loop variable of host code}}
    wp.overload(k, [wp.array(dtype=T)])

# -----

# starred-items:
# [*a, *b]: the items of a and b are not known where the loop stands.

from typing import Any

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=Any)):
    a[0] = a[0]


A = (wp.float32,)
for T in [*A, wp.float64]:
    # expected-error@+1 {{'T' is a loop variable of host code}}
    wp.overload(k, [wp.array(dtype=T)])
