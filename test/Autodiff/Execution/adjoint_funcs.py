# Funcs stay funcs in the adjoint (issue 27): every @wp.func a differentiated
# kernel calls gets one adjoint function adj_<name> (lib/Autodiff/AdjointFuncs.cpp),
# which the kernel's backward calls; one kernel per construct, in float64 so
# that adjoint_funcs.test checks the gradients against float64 finite
# differences.
from typing import Any

import warp as wp


# Nested funcs: the two-layer swish MLP of the issue.
@wp.func
def swish(z: wp.float64):
    return z / (wp.float64(1.0) + wp.exp(-z))


@wp.func
def layer(x: wp.float64, w: wp.float64, b: wp.float64):
    return swish(x * w + b)


@wp.kernel
def mlp(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
        out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    h = layer(x[i], w[0], b[0])
    out[i] = layer(h, w[1], b[1])


# A dynamic loop inside a func: its tape lives in adj_horner's call.
@wp.func
def horner(c: wp.array(dtype=wp.float64), n: int, x: wp.float64):
    acc = wp.float64(0.0)
    for k in range(n):
        acc = acc * x + c[n - 1 - k]
    return acc


@wp.kernel
def poly(c: wp.array(dtype=wp.float64), n: int, xs: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = horner(c, n, xs[i]) * horner(c, n, xs[i] * wp.float64(0.5))


# An array argument read at other threads' elements: adj_stencil adds into
# adj_a with atomics, and so does the kernel's own read of a[i].
@wp.func
def stencil(a: wp.array(dtype=wp.float64), i: int, n: int):
    l = a[(i + n - 1) % n]
    r = a[(i + 1) % n]
    return l * r - wp.float64(2.0) * a[i]


@wp.kernel
def laplace(a: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    n = a.shape[0]
    out[i] = stencil(a, i, n) + a[i] * a[i]


# A struct of floats and vectors, returned and taken; vectors and matrices.
@wp.struct
class Body:
    pos: wp.vec3d
    vel: wp.vec3d
    mass: wp.float64


@wp.func
def step(b: Body, f: wp.vec3d, dt: wp.float64):
    out = Body()
    out.vel = b.vel + f * (dt / b.mass)
    out.pos = b.pos + out.vel * dt
    out.mass = b.mass
    return out


@wp.func
def rotate(m: wp.mat33d, v: wp.vec3d):
    return m @ v + wp.cross(v, m[0])


@wp.kernel
def integrate(pos: wp.array(dtype=wp.vec3d), vel: wp.array(dtype=wp.vec3d), mass: wp.array(dtype=wp.float64),
              rot: wp.array(dtype=wp.mat33d), out: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    b = Body()
    b.pos = pos[i]
    b.vel = vel[i]
    b.mass = mass[i]
    b = step(b, rotate(rot[i], vel[i]), wp.float64(0.1))
    b = step(b, rotate(rot[i], b.pos), wp.float64(0.1))
    out[i] = b.pos + b.vel


# Overloads (two funcs of one name) and a generic func used at two types.
@wp.func
def energy(v: wp.vec3d, m: wp.float64):
    return wp.float64(0.5) * m * wp.dot(v, v)


@wp.func
def energy(w: wp.float64, m: wp.float64):
    return wp.float64(0.5) * m * w * w


@wp.func
def twice(x: Any):
    return x + x


@wp.kernel
def energies(v: wp.array(dtype=wp.vec3d), w: wp.array(dtype=wp.float64), m: wp.array(dtype=wp.float64),
             out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    e = energy(twice(v[i]), m[i]) + energy(twice(w[i]), m[i])
    wp.atomic_add(out, 0, e)


# A func that calls a func with a custom gradient: adj_soft calls the user's
# adj_clip, as the kernel's own adjoint would.
@wp.func
def clip(x: wp.float64):
    return wp.min(wp.max(x, wp.float64(-1.0)), wp.float64(1.0))


@wp.func_grad(clip)
def adj_clip(x: wp.float64, adj_ret: wp.float64):
    wp.adjoint[x] += adj_ret


@wp.func
def soft(x: wp.float64):
    return clip(x) * x


@wp.kernel
def soft_clip(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = soft(x[i]) + soft(x[i] * wp.float64(3.0))


# Prelude funcs (Warp's noise): adj_ functions of the prelude's noise.
@wp.kernel
def noise_field(seed: int, p: wp.array(dtype=wp.vec2), out: wp.array(dtype=float)):
    i = wp.tid()
    s = wp.rand_init(seed)
    c = wp.curlnoise(s, p[i])
    out[i] = wp.noise(s, p[i]) + wp.pnoise(s, p[i], 4, 4) + c[0] * c[1]
