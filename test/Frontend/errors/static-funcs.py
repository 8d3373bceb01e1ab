# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# @wp.func calls inside wp.static(...) that kdsl cannot evaluate at compile
# time (docs/language.md, "wp.static and closures"). One case per chunk.

# func-division-by-zero:
# Warp runs the func in Python, which raises ZeroDivisionError; so does kdsl.

import warp as wp


@wp.func
def bad(n: int) -> int:
    return n // (n - 3)


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-error@+1 {{wp.static() expression is not a compile-time value kdsl can evaluate: division by zero in @wp.func 'bad'}}
    out[0] = wp.static(bad(3) + 1)

# -----

# forced-unroll-while:
# The loop must be unrolled for wp.static(i), but the func giving its range
# has a while loop, which kdsl does not run at compile time.

import warp as wp


@wp.func
def count() -> int:
    n = 0
    while n < 3:
        n += 1
    return n


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-error@+1 {{so the loop must be unrolled, but its range is not a compile-time constant (it calls @wp.func 'count', whose body kdsl cannot run at compile time (it runs assignments, return, if and constant range loops on numbers and bools))}}
    for i in range(wp.static(count())):
        out[i] = wp.static(i)

# -----

# len-comprehension:
# A comprehension of host code: its items are not known from the source.

import warp as wp


def builder(ids):
    items = [i * 2 for i in ids]

    @wp.kernel
    def k(out: wp.array(dtype=int)):
        # expected-error@+1 {{len() in wp.static() needs the length of 'items', a value of host code (list literals and comprehensions) whose items kdsl does not know}}
        for i in range(wp.static(len(items))):
            out[i] = i

    return k

# -----

# len-host-parameter:
# A parameter of the enclosing function that no call binds.

import warp as wp


def builder(values):
    @wp.kernel
    def k(out: wp.array(dtype=int)):
        # expected-error@+1 {{len() in wp.static() needs the length of 'values', which is a parameter of the enclosing function 'builder', whose value only the running Python program knows}}
        for i in range(wp.static(len(values))):
            out[i] = i

    return k

# -----

# func-host-argument:
# The argument of the call is a value only host code knows.

import warp as wp


@wp.func
def twice(x: int) -> int:
    return 2 * x


def builder(value):
    @wp.kernel
    def k(out: wp.array(dtype=int)):
        # expected-error@+1 {{wp.static() expression is not a compile-time value kdsl can evaluate: 'value' is a parameter of the enclosing function 'builder'}}
        out[0] = wp.static(twice(value))

    return k
