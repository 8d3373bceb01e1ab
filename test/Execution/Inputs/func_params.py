# wp.ref[T] and wp.Function parameters of @wp.func (func_params.test).
from typing import Any

import warp as wp


@wp.struct
class Box:
    value: float
    v: wp.vec3


# ---- wp.ref[T] ---------------------------------------------------------------


@wp.func
def add_to(x: wp.ref[float], d: float):
    x += d


@wp.func
def scale_vec(v: wp.ref[wp.vec3], s: float) -> float:
    old = v[0]
    v = v * s
    return old


@wp.func
def swap(x: wp.ref[float], y: wp.ref[float]):
    x, y = y, x


@wp.func
def double_until(x: wp.ref[float], n: int):
    # returns from inside a loop: the value at the return is stored back
    for _ in range(n):
        if x > 10.0:
            return
        x = x * 2.0


@wp.func
def bump_box(b: wp.ref[Box], d: float):
    add_to(b.value, d)  # a field of a ref parameter, forwarded
    add_to(b.v[1], d)


@wp.func
def count_up(c: wp.ref[int]) -> int:
    c += 1
    return c * 10


@wp.kernel
def refs(xs: wp.array(dtype=float), vs: wp.array(dtype=wp.vec3), boxes: wp.array(dtype=Box),
         out: wp.array(dtype=float)):
    i = wp.tid()
    add_to(xs[i], 1.5)  # an array element
    a = xs[i]
    b = float(i)
    swap(a, b)  # two locals
    out[6 * i] = a
    out[6 * i + 1] = b
    out[6 * i + 2] = scale_vec(vs[i], 2.0)  # a value and a vector array element
    c = xs[i]
    double_until(c, 10)
    out[6 * i + 3] = c
    bump_box(boxes[i], 3.0)  # a struct array element
    add_to(vs[i].z, 1.0)  # a component of an array element
    m = wp.mat22(1.0, 2.0, 3.0, 4.0)
    add_to(m[1, 0], xs[i])  # a matrix element of a local
    if xs[i] > 3.0:  # inside a branch
        add_to(m[0, 1], 100.0)
    out[6 * i + 4] = m[1, 0] + m[0, 1]
    n = int(0)
    t = count_up(n) + count_up(n)  # 10 + 20, n == 2
    out[6 * i + 5] = float(t + n)


# ---- wp.Function -------------------------------------------------------------


@wp.func
def double_it(x: float):
    return x * 2.0


@wp.func
def poly(x: float):
    return x * x - 1.0


@wp.func
def poly(v: wp.vec2):
    return v[0] * v[1]


@wp.func
def apply(g: wp.Function, x: float):
    return g(x)


@wp.func
def apply2(g: wp.Function, x: float, y: float):
    return g(x, y)


@wp.func
def apply_default(x: float, g: wp.Function = double_it):
    return g(x)


@wp.func
def twice(g: wp.Function, x: float):
    f = g  # a local name for the function
    return f(f(x))


@wp.func
def nested(h: wp.Function, x: float):
    return apply(h, x) + 1.0  # forwarded to another wp.Function parameter


@wp.func
def apply_any(g: wp.Function, x: Any):
    return g(x)


@wp.func
def write_with(g: wp.Function, dst: wp.ref[float], x: float):
    dst = g(x)


@wp.kernel
def functions(xs: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    x = xs[i]
    o = 11 * i
    out[o] = apply(double_it, x)
    out[o + 1] = apply(wp.sin, x)
    out[o + 2] = apply2(wp.min, x, 0.5)
    out[o + 3] = apply_default(x)
    out[o + 4] = apply_default(x, wp.sqrt)
    out[o + 5] = twice(double_it, x)
    out[o + 6] = nested(wp.cos, x)
    out[o + 7] = apply_any(poly, x) + apply_any(poly, wp.vec2(x, 3.0))  # an overload set
    f = double_it  # a kernel-local name for a function
    out[o + 8] = apply(f, x) + f(1.0)
    write_with(wp.exp, out[o + 9], x)
    out[o + 10] = apply(g=poly, x=x)


# ---- gradients through both (float64) -----------------------------------------


@wp.func
def accumulate(acc: wp.ref[wp.float64], x: wp.float64):
    acc += x * x


@wp.func
def cube(x: wp.float64):
    return x * x * x


@wp.func
def apply64(g: wp.Function, x: wp.float64):
    return g(x)


@wp.kernel
def grads(xs: wp.array(dtype=wp.float64), ys: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    acc = wp.float64(0.5)
    accumulate(acc, xs[i])  # acc = 0.5 + x^2
    accumulate(acc, wp.sin(ys[i]))  # + sin(y)^2
    y = ys[i]
    accumulate(y, xs[i])  # y = ys[i] + x^2
    out[i] = acc * y + apply64(cube, xs[i]) + apply64(wp.sin, acc)
