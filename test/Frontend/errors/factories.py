# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Factory calls kdsl cannot instantiate (docs/language.md, "Factories"):
# the names they bind have no value in the source, and kernel code that
# uses them gets an error saying why. One case per chunk.

# host-argument:
# An argument only the running program knows (a call of host code).

import numpy as np
import warp as wp


def make_func(value):
    @wp.func
    def f():
        # expected-error@+1 {{'value' is a parameter of factory 'make_func' bound to a value of host code at line 23: kernel code can only use values known from the source}}
        return value

    return f


host = make_func(np.zeros(3))


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = host()

# -----

# missing-argument:
# A call that leaves a parameter without a value (Python raises): the plain
# definition stays, with its parameter unknown.

import warp as wp


def make_func(value):
    @wp.func
    def f():
        # expected-error@+1 {{'value' is a parameter of the enclosing function 'make_func'}}
        return value * 2

    return f


missing = make_func()


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{'missing' is the result of the call of factory 'make_func' at line 19, which has a missing or unknown argument}}
    a[0] = missing()

# -----

# undecided-if:
# A condition on a value of host code chooses between two definitions.

import os
import warp as wp


def make_func(flag):
    if os.environ.get(flag):

        @wp.func
        def f():
            return 1

    else:

        @wp.func
        def f():
            return 2

    return f


g = make_func("FAST")


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{'g' is the result of the call of factory 'make_func' at line 26, which has an `if` at line 11 that depends on values kdsl does not know}}
    a[0] = g()

# -----

# enum-unknown-member:
# A member the enum does not define (Python raises AttributeError).

import enum
import warp as wp


class Color(enum.IntEnum):
    RED = 1


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{names that the enum 'Color' does not define ('Color.PURPLE') are not supported in kernel code}}
    a[0] = Color.PURPLE

# -----

# recursive-factory:
# A factory that calls itself: kdsl stops instantiating at 8 levels.

import warp as wp


def make(n):
    @wp.func
    def f():
        return n

    inner = make(n - 1)
    return f


top = make(3)


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{'top' is the result of the call of factory 'make' at line 18, which has factory calls nested more than 8 deep}}
    a[0] = top()
