# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Calls: builtins, user funcs, host code, recursion.
# One case per chunk (--split-input-file); each expected-error/-note is
# checked at its line, by its message text.
# (Converted from one file per case, named above each chunk.)

# builtin-keyword-arg:
# A keyword argument that is not one of the builtin's parameter names (Warp's
# wp.sqrt takes x, also by keyword).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.sqrt() got an unexpected keyword argument 'value'}}
    c = wp.sqrt(value=x)

# -----

# builtin-too-few-args:
# Too few arguments for a builtin.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.atan2() takes 2 argument(s), got 1}}
    a[i] = wp.atan2(x)

# -----

# builtin-too-many-args:
# Too many arguments for a builtin.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.sqrt() takes 1 argument(s), got 2}}
    a[i] = wp.sqrt(x, x)

# -----

# call-kernel-from-kernel:
# A kernel cannot be called from a kernel.

import warp as wp


@wp.kernel
def g(a: wp.array(dtype=float)):
    pass


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{kernels cannot be called from kernel code; 'g' is a kernel}}
    g(a)

# -----

# call-local-variable:
# Calling a local variable.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    f = x
    # expected-error@+1 {{'f' is a local variable, not a function}}
    c = f(1.0)

# -----

# constructor-arg-count-message:
# Regression (was a bug): the expected argument count is lost from the message: it reads
#   vec3f() takes 0, 1 or \x03 arguments, got 2
# (the count is a uint8_t passed to llvm::Twine, which prints it as a raw
# character).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{vec3f() takes 0, 1 or 3 arguments, got 2}}
    c = wp.vec3(1.0, 2.0)

# -----

# constructor-arg-count:
# wp.vec3 with two arguments.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    # expected-error-re@+1 {{vec3f() takes 0, 1 or {{.*}} arguments, got 2}}
    a[0] = wp.vec3(1.0, 2.0)

# -----

# cross-of-vec2:
# wp.cross needs 3-vectors.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.cross() expects a float vec3, got vec2f}}
    w = wp.cross(wp.vec2(1.0, 2.0), wp.vec2(1.0, 2.0))

# -----

# dot-mismatched-vectors:
# wp.dot of vectors of different types.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.dot() expects vec3f, got vec3d}}
    a[i] = wp.dot(v, wp.vec3d(1.0, 2.0, 3.0))

# -----

# func-argument-type:
# A func argument of the wrong type.

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    # expected-error@+1 {{argument 'x': expected float32, got int32}}
    a[0] = f(n)

# -----

# func-bare-return-mixed:
# A bare return in a func that returns values elsewhere.

import warp as wp


@wp.func
def f(x: float):
    if x > 0.0:
        return
    # expected-error@+1 {{this 'return' has a value but the function returned nothing before}}
    return x

# -----

# func-falls-off-end:
# A value-returning func that can reach its end.

import warp as wp


@wp.func
# expected-error@+1 {{function 'f' returns float32 but can reach its end without a return statement}}
def f(x: float):
    if x > 0.0:
        return x

# -----

# func-missing-argument:
# A func call with a missing argument.

import warp as wp


@wp.func
def f(x: float, y: float):
    return x + y


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{missing argument 'y' in the call to 'f'}}
    a[0] = f(1.0)

# -----

# func-return-different-counts:
# A func returning 2 values on one path and 1 on another.

import warp as wp


@wp.func
def f(x: float):
    if x > 0.0:
        return x, x
    # expected-error@+1 {{this 'return' gives 1 value(s) but the function returns 2}}
    return x

# -----

# func-return-different-types:
# A func returning int32 on one path and float32 on another.

import warp as wp


@wp.func
def f(x: float, n: int):
    if x > 0.0:
        return n
    # expected-error@+1 {{return value: expected int32, got float32}}
    return x

# -----

# func-return-none-annotation:
# `-> None` was ignored: the func returned a float. Warp rejects it ("has its
# return type annotated as `None` but the code returns a value").

import warp as wp


@wp.func
def f(x: float) -> None:
    # expected-error@+1 {{this 'return' has a value but the function is annotated '-> None'}}
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = f(1.0)

# -----

# func-too-many-arguments:
# A func call with too many arguments.

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{'f' takes 1 argument(s), got 2}}
    a[0] = f(1.0, 2.0)

# -----

# func-unknown-keyword:
# A func call with an unknown keyword argument.

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{'f' has no parameter 'y'}}
    a[0] = f(y=1.0)

# -----

# func-void-result-used:
# Using the result of a func that returns nothing.

import warp as wp


@wp.func
def f(x: float):
    pass


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{this call returns no value}}
    a[0] = f(1.0)

# -----

# host-function-call:
# A host (undecorated) function is not callable from a kernel.

import warp as wp


def helper(x):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{name 'helper' is not defined}}
    a[0] = helper(1.0)

# -----

# host-name-in-kernel:
# Regression (was a bug): a top-level name whose value is host code (`data = np.zeros(8)`) is
# undefined inside a kernel (docs/language.md sections 1 and 11). kdsl
# reports the error at the host code, with a confusing message, and only
# a note at the use:
#   4:8: error: method calls are not supported in kernel code
#   10:12: note: constant 'data' used here
# The error belongs at the use in the kernel.

import warp as wp


data = np.zeros(8)


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{name 'data' is not defined}}
    a[0] = data[0]

# -----

# method-call:
# Method calls on values.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{method calls are not supported in kernel code}}
    c = v.normalize()

# -----

# print-call:
# print() of a value Warp cannot print (print of scalars, vectors and
# matrices works: test/Execution/printing.test).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{print() cannot print a value of type array(dtype=float32)}}
    print(a)

# -----

# printf-format:
# wp.printf's format must be a string literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.printf() needs a string literal as its format (f-strings are not supported)}}
    wp.printf(x)

# -----

# printf-vector:
# wp.printf takes scalars (C's printf has no vectors).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.printf() arguments must be scalars, got vec3f}}
    wp.printf("%f\n", v)

# -----

# recursion-direct:
# A func calling itself.

import warp as wp


@wp.func
# expected-error@+1 {{recursion is not supported: 'f' calls itself}}
def f(x: int):
    # expected-note@+1 {{in the call to 'f'}}
    return f(x - 1)

# -----

# recursion-indirect:
# Two funcs calling each other.

import warp as wp


@wp.func
# expected-error@+1 {{recursion is not supported: 'f' calls itself through 'g'}}
def f(x: int):
    # expected-note@+1 {{in the call to 'g'}}
    return g(x)


@wp.func
def g(x: int):
    # expected-note@+1 {{in the call to 'f'}}
    return f(x)

# -----

# select-removed:
# NVIDIA Warp 1.16 has no wp.select: its error, and the hint on wp.where's
# argument order (select took the false value first).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+2 {{wp.select() has been removed. Use wp.where(cond, value_if_true, value_if_false) instead.}}
    # expected-note@+1 {{wp.select(cond, value_if_false, value_if_true) is wp.where(cond, value_if_true, value_if_false)}}
    out[i] = wp.select(a[i] > 0.0, 1.0, 2.0)

# -----

# sqrt-of-int:
# wp.sqrt needs a float.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.sqrt() expects a float, got int32}}
    a[i] = wp.sqrt(n)

# -----

# tid-five-dims:
# wp.tid() unpacked into 5 names.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.tid() supports at most 4 launch dimensions, got 5}}
    p, q, r, s, t = wp.tid()

# -----

# tid-in-func:
# wp.tid() inside a func.

import warp as wp


@wp.func
def f(x: int):
    # expected-error@+1 {{wp.tid() can only be called in a kernel}}
    i = wp.tid()
    return i

# -----

# tid-inconsistent-dims:
# Two wp.tid() calls with different dimension counts.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.tid() gives 2 dimension(s) here but 1 earlier in this kernel}}
    p, q = wp.tid()

# -----

# unknown-builtin-tile:
# A real Warp builtin that kdsl does not support.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{unknown or unsupported builtin 'wp.texture_sample'}}
    t = wp.texture_sample(a)

# -----

# unknown-builtin:
# An unknown wp. builtin.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{unknown or unsupported builtin 'wp.foo'}}
    a[i] = wp.foo(x)

# -----

# where-mismatched-types:
# wp.where with arms of different types.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{wp.where(): a float literal cannot be used as int32}}
    c = wp.where(x > 0.0, 1.0, n)

# -----

# overload-recursion:
# An overload may call another overload of its name, not itself.

import warp as wp


@wp.func
def g() -> float:
    return 1.0


@wp.func
# expected-error@+1 {{recursion is not supported: 'g' calls itself}}
def g(x: float):
    return g(x) + g()


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'g'}}
    a[0] = g(a[0])
