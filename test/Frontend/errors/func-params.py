# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# wp.ref[T] and wp.Function parameters of @wp.func: what Warp rejects
# (test_ref.py, test_func_parameter_targets.py) and what kdsl's copy-in /
# copy-out of references cannot do. One case per chunk.

# ref-literal: a typed literal is a temporary, not addressable storage.

import warp as wp


@wp.func
def inc(x: wp.ref[wp.int32]):
    x += 1


@wp.kernel
def k():
    # expected-error@+1 {{the wp.ref[int32] parameter 'x' of 'inc' needs an addressable expression (a local variable, an array element, a struct field or a vector/matrix component), not a temporary value}}
    inc(wp.int32(5))

# -----

# ref-call-result: a func's result is a temporary.

import warp as wp


@wp.func
def make() -> wp.int32:
    return wp.int32(1)


@wp.func
def inc(x: wp.ref[wp.int32]):
    x += 1


@wp.kernel
def k(a: wp.array(dtype=wp.int32)):
    # expected-error@+1 {{the wp.ref[int32] parameter 'x' of 'inc' needs an addressable expression}}
    inc(make())

# -----

# ref-call-result-field: so is a field of a func's result.

import warp as wp


@wp.struct
class Box:
    value: float


@wp.func
def make_box() -> Box:
    b = Box()
    b.value = 1.0
    return b


@wp.func
def setf(x: wp.ref[float], v: float):
    x = v


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{the wp.ref[float32] parameter 'x' of 'setf' needs an addressable expression}}
    setf(make_box().value, 2.0)
    a[0] = 0.0

# -----

# ref-constant-local-int: `x = 0` makes x a compile-time constant (Warp).

import warp as wp


@wp.func
def set_int(x: wp.ref[wp.int32], v: wp.int32):
    x = v


@wp.kernel
def k():
    x = 0
    # expected-error@+1 {{cannot pass the constant local 'x' to the wp.ref[int32] parameter 'x' of 'set_int' (it holds a compile-time constant): declare it as x = wp.int32(0) to make it a variable, as Warp asks}}
    set_int(x, wp.int32(2))

# -----

# ref-constant-local-float

import warp as wp


@wp.func
def set_float(x: wp.ref[wp.float32], v: wp.float32):
    x = v


@wp.kernel
def k():
    x = 1.0
    # expected-error@+1 {{declare it as x = wp.float32(1.0) to make it a variable}}
    set_float(x, wp.float32(2.0))

# -----

# ref-type-mismatch: a reference takes exactly its type (no conversion).

import warp as wp


@wp.func
def setf(x: wp.ref[float], v: float):
    x = v


@wp.kernel
def k():
    x = wp.float64(1.0)
    # expected-error@+1 {{the wp.ref[float32] parameter 'x' of 'setf' expects float32, got float64}}
    setf(x, 2.0)

# -----

# ref-alias-component: v[0] and v.x are the same storage.

import warp as wp


@wp.func
def pair(x: wp.ref[float], y: wp.ref[float]):
    x = y + 1.0


@wp.kernel
def k():
    v = wp.vec3()
    # expected-error@+1 {{arguments 'x' and 'y' of 'pair' may refer to the same storage: kdsl passes wp.ref[T] arguments in and out by value and cannot make them alias}}
    pair(v[0], v.x)

# -----

# ref-alias-array: a[i] and a[j] may be one element.

import warp as wp


@wp.func
def pair(x: wp.ref[float], y: wp.ref[float]):
    x = y + 1.0


@wp.kernel
def k(a: wp.array(dtype=float), i: int, j: int):
    # expected-error@+1 {{arguments 'x' and 'y' of 'pair' may refer to the same storage}}
    pair(a[i], a[j])

# -----

# ref-alias-whole: a struct and one of its fields.

import warp as wp


@wp.struct
class Box:
    value: float


@wp.func
def both(b: wp.ref[Box], x: wp.ref[float]):
    x = b.value


@wp.kernel
def k():
    b = Box()
    # expected-error@+1 {{arguments 'b' and 'x' of 'both' may refer to the same storage}}
    both(b, b.value)

# -----

# ref-in-conditional-expression: the store-back needs a statement of its own.

import warp as wp


@wp.func
def bump(x: wp.ref[float]) -> float:
    x += 1.0
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    y = float(0.0)
    # expected-error@+1 {{kdsl cannot call a function with wp.ref[T] parameters inside a conditional expression or an 'and'/'or' operand yet; call it in a statement of its own (or as the whole condition of a while loop)}}
    a[0] = 1.0 if a[1] > 0.0 else bump(y)

# -----

# ref-kernel-parameter

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.ref[T] parameters are only allowed in a @wp.func, not in a kernel}}
def k(x: wp.ref[float]):
    pass

# -----

# ref-default

import warp as wp


@wp.func
# expected-error@+1 {{the wp.ref[T] parameter 'x' cannot have a default value}}
def f(x: wp.ref[float] = 1.0):
    x += 1.0


@wp.kernel
def k():
    y = float(0.0)
    # expected-note@+1 {{in the call to 'f'}}
    f(y)

# -----

# address-of: a raw pointer only @wp.func_native snippets could use.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.uint64)):
    x = wp.int32(1)
    # expected-error@+1 {{wp.address_of() is not supported by kdsl: it gives a raw pointer for @wp.func_native snippets, which kdsl does not support; pass the variable to a wp.ref[T] parameter instead}}
    a[0] = wp.address_of(x)

# -----

# function-kernel-parameter

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.Function parameters are only allowed in a @wp.func, not in a kernel}}
def k(g: wp.Function, a: wp.array(dtype=float)):
    pass

# -----

# function-not-a-function: a number where a wp.Function is expected.

import warp as wp


@wp.func
# expected-note@+1 {{candidate: apply(g: wp.Function, x: float32)}}
def apply(g: wp.Function, x: float):
    return g(x)


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{no overload of 'apply' takes the arguments (float32, float32)}}
    a[0] = apply(3.0, 1.0)

# -----

# function-special-builtin: wp.printf needs special dispatch (Warp: unsupported built-in).

import warp as wp


@wp.func
def apply(g: wp.Function, x: float):
    # expected-error@+1 {{wp.printf cannot be called through a wp.Function parameter (it needs special dispatch; Warp rejects it too)}}
    return g(x)


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'apply' with arguments (wp.printf, float32)}}
    a[0] = apply(wp.printf, 1.0)

# -----

# function-as-value: a function is called or passed on, nothing else.

import warp as wp


@wp.func
def use(g: wp.Function, x: float):
    # expected-error@+1 {{'g' is a function (wp.sin): it can be called or passed to a wp.Function parameter, not used as a value}}
    return g + x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'use' with arguments (wp.sin, float32)}}
    a[0] = use(wp.sin, 1.0)

# -----

# function-wrong-arity: the instance checks the call through the parameter.

import warp as wp


@wp.func
def two(x: float, y: float):
    return x + y


@wp.func
def apply(g: wp.Function, x: float):
    # expected-error@+1 {{missing argument 'y' in the call to 'two'}}
    return g(x)


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'apply' with arguments (two, float32)}}
    a[0] = apply(two, 1.0)

# -----

# function-custom-grad: Warp rejects custom gradients of such funcs.

import warp as wp


@wp.func
# expected-error@+1 {{functions with wp.Function parameters cannot have custom gradients or replay functions (as in Warp)}}
def f(g: wp.Function, x: float):
    return x


@wp.func_grad(f)
def adj_f(g: wp.Function, x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = f(wp.sin, 1.0)

# -----

# A tuple assignment binds names to functions only when every value is one
# (`f, g = sq, tri`); a function next to a number is not supported.

import warp as wp


@wp.func
def sq(x: float):
    return x * x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{'sq' is a function and must be called}}
    f, c = sq, 2.0
    a[0] = f(a[0]) * c
