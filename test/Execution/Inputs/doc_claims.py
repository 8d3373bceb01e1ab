# Behaviors docs/language.md states (doc-claims.test).
import warp as wp


@wp.func
def total(a: wp.array(dtype=float), n: int):
    s = float(0.0)
    for i in range(n):
        s += a[i]
    return s


@wp.kernel
def use_array_func(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    out[0] = total(a, 3)


@wp.kernel(enable_backward=False)
def no_adjoint(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a[i] * a[i]


@wp.kernel
def vec_eq(u: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    if u[i] == v[i]:
        out[i] = 1
    if u[i] != v[i]:
        out[i] = out[i] + 10


@wp.kernel
def int_pow(a: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = a[i] ** 3
    out[i] += 2 ** a[i]


@wp.func
def put(a: wp.array(dtype=float), i: int, v: float):
    a[i] = v


@wp.kernel
def write_through_func(a: wp.array(dtype=float), m: wp.array(dtype=wp.mat22), q: wp.array(dtype=wp.quat), out: wp.array(dtype=int)):
    i = wp.tid()
    put(a, i, 7.0)
    if m[0] == m[i]:
        out[i] = 1
    if q[0] != q[i]:
        out[i] += 10


@wp.kernel
def ipow(a: wp.array(dtype=int), b: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = a[i] ** b[i]
