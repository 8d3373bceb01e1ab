# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# wp.grad(f) (Warp's GradWrapper; docs/language.md, "Gradients of
# functions"): what Warp rejects, and what kdsl does not differentiate. One
# case per chunk.

# two-arguments:
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=float), g: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{wp.grad() expects exactly one function argument (as in Warp)}}
    g[i] = wp.grad(square, square)(x[i])

# -----

# not-a-function:
import warp as wp


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=float), g: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{wp.grad() expects a @wp.func or a Warp builtin (as in Warp)}}
    g[i] = wp.grad(x)(x[i])

# -----

# grad-of-grad:
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=float), g: wp.array(dtype=float)):
    i = wp.tid()
    d = wp.grad(square)
    # expected-error@+1 {{wp.grad() expects a @wp.func or a Warp builtin (as in Warp); kdsl has no gradients of gradients}}
    g[i] = wp.grad(d)(x[i])

# -----

# void-function (Warp: "Cannot compute gradient of void function"):
import warp as wp


@wp.func
def nothing(x: float):
    wp.expect_eq(x, x)


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{wp.grad(nothing): cannot compute the gradient of a function that returns no value (as in Warp)}}
    wp.grad(nothing)(x[i])

# -----

# int-result:
import warp as wp


@wp.func
def twice(x: int):
    return x * 2


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=int)):
    i = wp.tid()
    # expected-error@+1 {{wp.grad(twice): kdsl seeds float results only, and the function returns int32}}
    x[i] = wp.grad(twice)(x[i])

# -----

# array-parameter:
import warp as wp


@wp.func
def first(a: wp.array(dtype=float), s: float):
    return a[0] * s


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=float)):
    # expected-error@+1 {{wp.grad(first): kdsl gives gradients with respect to scalar, vector, matrix and quaternion parameters, not the array(dtype=float32) parameter 'a'}}
    d, e = wp.grad(first)(x, 2.0)

# -----

# rebind (Warp: "Cannot reassign local 'g' ... wp.grad"):
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=float)):
    g = wp.grad(square)
    # expected-error@+1 {{assignment to 'g': expected wp.grad(square), got a number}}
    g = 1.0
    out[0] = g

# -----

# grad-as-value:
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=float)):
    g = wp.grad(square)
    # expected-error@+1 {{'g' is a function (wp.grad(square)): it can be called or passed to a wp.Function parameter, not used as a value}}
    out[0] = g

# -----

# builtin-keywords:
import warp as wp


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=float)):
    # expected-error@+1 {{kdsl takes the arguments of wp.grad(wp.pow)(...) by position only}}
    out[0] = wp.grad(wp.pow)(1.0, y=2.0)

# -----

# wrong-arguments:
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel(enable_backward=False)
def k(out: wp.array(dtype=float)):
    # expected-error@+1 {{argument 'x': expected float32, got vec3f}}
    out[0] = wp.grad(square)(wp.vec3())
