# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Statements and control flow kdsl rejects or restricts.
# One case per chunk (--split-input-file); each expected-error/-note is
# checked at its line, by its message text.
# (Converted from one file per case, named above each chunk.)

# assert-vector:
# A vector is not an assert condition.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{condition must be a bool, a number or an array, got vec3f}}
    assert v

# -----

# assign-to-call-attribute:
# Assigning to a component of a temporary.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{cannot assign to this expression}}
    wp.vec3(1.0).x = 2.0

# -----

# assign-to-shape:
# Assigning to a.shape[0].

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{cannot assign to this expression}}
    a.shape[0] = 1

# -----

# assign-to-wp-constant:
# Assigning to wp.pi.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{cannot assign to this expression}}
    wp.pi = 3.0

# -----

# augassign-changes-type:
# i += 0.5 would change an int local into a float.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    m = n
    # expected-error@+1 {{operator '+': a float literal cannot be used as int32}}
    m += 0.5

# -----

# break-outside-loop:
# break outside a loop.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'break' outside a loop}}
    break

# -----

# class-in-kernel:
# A class inside a kernel.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{class definitions are not supported in kernel code}}
    class C:
        pass

# -----

# continue-outside-loop:
# continue outside a loop (inside an if).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if n > 0:
        # expected-error@+1 {{'continue' outside a loop}}
        continue

# -----

# del-statement:
# del.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'del' statements are not supported in kernel code}}
    del x

# -----

# for-else:
# for ... else.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{for-else is not supported}}
    for j in range(3):
        pass
    else:
        pass

# -----

# for-over-non-range:
# Iterating over a vector.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{only 'for ... in range(...)' loops (optionally reversed) are supported in kernels}}
    for j in v:
        pass

# -----

# global-statement:
# global.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'global' statements are not supported in kernel code}}
    global n

# -----

# import-statement:
# import inside a kernel.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'import' statements are not supported in kernel code}}
    import math

# -----

# kernel-returns-value:
# return with a value in a kernel.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{kernels cannot return a value}}
    return 1

# -----

# local-read-before-assignment:
# A local read before its first assignment.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{name 't' is not defined}}
    a[i] = t
    t = 1.0

# -----

# nested-def:
# A def inside a kernel.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{nested function definitions are not supported in kernel code}}
    def g():
        pass

# -----

# nonlocal-statement:
# nonlocal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'nonlocal' statements are not supported in kernel code}}
    nonlocal n

# -----

# raise-statement:
# raise.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'raise' statements are not supported in kernel code}}
    raise ValueError("x")

# -----

# range-zero-step:
# A literal zero step.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{range() step must not be zero}}
    for j in range(0, n, 0):
        pass

# -----

# try-statement:
# try / except.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'try' statements are not supported in kernel code}}
    try:
        pass
    except Exception:
        pass

# -----

# unpack-count-mismatch:
# Unpacking a func result into the wrong number of names.

import warp as wp


@wp.func
def f(x: float):
    return x, x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{cannot unpack 2 values into 3 targets}}
    p, q, r = f(1.0)

# -----

# unpack-scalar:
# Unpacking a scalar.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{cannot unpack a value of type float32 into 2 targets}}
    p, q = x

# -----

# vector-condition:
# A vector is not a condition.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{condition must be a bool, a number or an array, got vec3f}}
    if v:
        pass

# -----

# while-else:
# while ... else.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{while-else is not supported}}
    while x > 0.0:
        x = 0.0
    else:
        pass

# -----

# with-statement:
# with.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'with' statements are not supported in kernel code}}
    with x:
        pass


# -----

# kernel-return-annotation:
# Any other return annotation of a kernel.

import warp as wp


@wp.kernel
def k(x: float) -> float:  # expected-error {{kernels cannot return values}}
    pass
