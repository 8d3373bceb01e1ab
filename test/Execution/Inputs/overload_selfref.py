# An overload of a @wp.func calling another overload of the same name (as in
# Warp's test_codegen_instancing), for overload_selfref.test.
import warp as wp


@wp.func
def f() -> wp.float64:
    return wp.float64(2.0)


@wp.func
def f(x: wp.float64):
    # the other overload: not recursion
    return f() * x


@wp.func
def f(x: wp.float64, y: wp.float64):
    return f(x) + f() * y


@wp.kernel
def k(a: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = f(a[i]) + f(a[i], a[i] * a[i])
