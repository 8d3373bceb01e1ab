# Binary operators on structs through @wp.funcs named after them (Warp's
# emit_BinOp tries a user function "add", "sub", "mul", ... first):
# struct_operators.test.
import warp as wp


@wp.struct
class Complex:
    re: wp.float64
    im: wp.float64


@wp.func
def add(a: Complex, b: Complex) -> Complex:
    return Complex(a.re + b.re, a.im + b.im)


@wp.func
def mul(a: Complex, b: Complex) -> Complex:
    return Complex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)


@wp.func
def mul(a: Complex, s: wp.float64) -> Complex:
    return Complex(a.re * s, a.im * s)


@wp.func
def sub(a: Complex, b: Complex) -> Complex:
    return Complex(a.re - b.re, a.im - b.im)


@wp.kernel
def ops(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = Complex(x[i], y[i])
    b = Complex(wp.float64(2.0), wp.float64(-1.0))
    c = a * b + a - b * wp.float64(3.0)
    d = x[i] * y[i] + wp.float64(1.0)  # floats keep the builtin operators
    out[i] = c.re + wp.float64(10.0) * c.im + d
