# wp.grad(f) in forward code (docs/language.md, "Gradients of functions"),
# for grad_funcs.test: @wp.funcs of one and several inputs, vector, matrix
# and quaternion values, several results, a wp.Function parameter, a loop, an
# integer input, a custom gradient, builtins, a local bound to wp.grad(f) and
# a func that calls wp.grad (forward-only in the adjoint, as in Warp).
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.func
def poly(x: float, y: float):
    return x * x * y + 3.0 * y


@wp.func
def vfun(v: wp.vec3, s: float):
    return wp.dot(v, v) * s


@wp.func
def vout(v: wp.vec3):
    return v * 2.0 + wp.vec3(v[1], 0.0, 0.0)


@wp.func
def mfun(m: wp.mat22):
    return m * 3.0


@wp.func
def two_results(x: float, y: float):
    return x * y, x + y


@wp.func
def apply(g: wp.Function, x: float):
    return g(x) * x


@wp.func
def loop_pow(x: float, n: int):
    r = float(1.0)
    for _i in range(n):
        r = r * x
    return r


@wp.func
def uses_grad(x: float):
    return x + wp.grad(square)(x)


@wp.func
def custom(x: float):
    return wp.sin(x)


@wp.func_grad(custom)
def adj_custom(x: float, adj_ret: float):
    wp.adjoint[x] += 10.0 * adj_ret


@wp.func
def quat_fn(q: wp.quat):
    return q * 2.0


@wp.kernel
def grads(x: wp.array(dtype=float), y: wp.array(dtype=float), v: wp.array(dtype=wp.vec3),
          out: wp.array(dtype=float)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    o = i * 24
    out[o + 0] = wp.grad(square)(a)
    dx, dy = wp.grad(poly)(a, b)
    out[o + 1] = dx
    out[o + 2] = dy
    gv, gs = wp.grad(vfun)(v[i], b)
    out[o + 3] = gv[0]
    out[o + 4] = gv[2]
    out[o + 5] = gs
    g = wp.grad(vout)
    w = g(v[i])
    out[o + 6] = w[0]
    out[o + 7] = w[1]
    out[o + 8] = w[2]
    p, q = wp.grad(two_results)(a, b)
    out[o + 9] = p
    out[o + 10] = q
    out[o + 11] = wp.grad(apply)(square, a)
    lp, ln = wp.grad(loop_pow)(a, 3)
    out[o + 12] = lp
    out[o + 13] = float(ln)
    out[o + 14] = uses_grad(a)
    out[o + 15] = wp.grad(custom)(a)
    s, c = wp.grad(wp.atan2)(b, a)
    out[o + 16] = s
    out[o + 17] = c
    out[o + 18] = wp.grad(wp.sin)(a)
    qa = wp.grad(quat_fn)(wp.quat(a, b, 1.0, 2.0))
    out[o + 19] = qa[0]
    out[o + 20] = qa[1]
    gm = wp.grad(mfun)(wp.mat22(a, b, 1.0, 2.0))
    out[o + 21] = gm[0, 0]
    out[o + 22] = gm[1, 1]
    out[o + 23] = wp.grad(wp.mul)(a, b)[0]


@wp.func
def cube64(x: wp.float64):
    return x * x * x


@wp.func
def uses_grad64(x: wp.float64):
    return x * x + wp.grad(cube64)(x)


@wp.kernel
def forward_only(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    y[i] = a * a * a + uses_grad64(a) + wp.grad(cube64)(a) * a
