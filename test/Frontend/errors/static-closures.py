# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# wp.static(...) expressions kdsl cannot evaluate at compile time, and names
# captured from host code whose values only the running Python program
# knows (docs/language.md, "wp.static and closures"). One case per chunk.

# factory-parameter:
# A parameter of the function that defines the kernel has no value in the
# source (Warp captures it when Python calls make_kernel).

import warp as wp


def make_kernel(value: int):
    @wp.kernel
    def k(a: wp.array(dtype=float)):
        # expected-error@+1 {{'value' is a parameter of the enclosing function 'make_kernel': kernel code can only use values known from the source}}
        a[0] = float(value)

    return k

# -----

# factory-dtype:
# A factory's dtype parameter used in an annotation.

import warp as wp


def make_kernel(dtype):
    @wp.kernel
    # expected-error@+1 {{'dtype' is a parameter of the enclosing function 'make_kernel'}}
    def k(a: wp.array(dtype=dtype)):
        a[0] = a[0]

    return k

# -----

# host-loop-variable:
# A kernel defined in a loop of host code over values the source does not
# give (a comprehension; a loop over a tuple or list literal is unrolled).

import warp as wp


def test_all():
    for dtype in [t for t in (wp.float32, wp.float64)]:

        @wp.kernel
        # expected-error@+1 {{'dtype' is a loop variable of host code}}
        def k(a: wp.array(dtype=dtype)):
            a[0] = a[0]

# -----

# host-func-parameter-call:
# A func passed to the factory cannot be called.

import warp as wp


def make_kernel(op):
    @wp.kernel
    def k(a: wp.array(dtype=float)):
        # expected-error@+1 {{'op' is a parameter of the enclosing function 'make_kernel'}}
        a[0] = op(a[0])

    return k

# -----

# static-parameter:
# wp.static of a factory parameter says why it has no value.

import warp as wp


def make_kernel(constant):
    @wp.kernel
    def k(a: wp.array(dtype=int)):
        # expected-error@+1 {{wp.static() expression is not a compile-time value kdsl can evaluate: 'constant' is a parameter of the enclosing function 'make_kernel'}}
        a[0] = wp.static(constant)

    return k

# -----

# static-division-by-zero:
# Warp raises when it evaluates 1.0 / 0.0 in Python.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.static() expression is not a compile-time value kdsl can evaluate: division by zero}}
    a[0] = wp.static(1.0 / 0.0)

# -----

# static-kernel-variable:
# A variable of the kernel has no compile-time value.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    # expected-error@+1 {{wp.static() cannot use 'i': it is a variable of 'k', not a compile-time value}}
    a[i] = wp.static(i + 1)

# -----

# static-loop-not-constant:
# A wp.static that uses the loop variable needs an unrolled loop.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), n: int):
    # expected-error@+1 {{wp.static() in this loop uses the loop variable 'i', so the loop must be unrolled, but its range is not a compile-time constant}}
    for i in range(n):
        a[i] = wp.static(i)

# -----

# static-loop-break:
# break in a loop unrolled for wp.static.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{break, continue and for-else are not supported in a loop that kdsl unrolls for wp.static()}}
    for i in range(4):
        a[i] = wp.static(i)
        if a[i] > 2:
            break

# -----

# static-range-object:
# Warp rejects a range returned by wp.static.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{wp.static() cannot give the iterable of a for loop (Warp rejects it too); write range(wp.static(n))}}
    for i in wp.static(range(3)):
        a[i] = i

# -----

# static-len-unknown:
# len() of a local whose type only checking knows must still be a
# compile-time length (a tuple, vector, matrix or quaternion).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    t = a
    # expected-error@+1 {{len() in wp.static() needs a tuple, vector, matrix, quaternion or tile, got array(dtype=int32)}}
    a[0] = wp.static(len(t))

# -----

# static-arguments:
# wp.static takes one expression.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{wp.static() takes exactly one argument}}
    a[0] = wp.static(1, 2)

# -----

# static-in-func:
# @wp.func bodies are expanded too; the dead branch is still dropped, the
# live one checked.

import warp as wp

FLAG = False


@wp.func
def f(x: float):
    if wp.static(FLAG):
        return undefined_name
    # expected-error@+1 {{name 'also_undefined' is not defined}}
    return x + also_undefined


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = f(a[0])
