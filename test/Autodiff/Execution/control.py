# Branches, early returns, @wp.func calls (with branches and returns), 2-D
# arrays, structs and atomics, for finite-difference gradient checks
# (control.test).
import warp as wp


@wp.func
def piecewise(a: wp.float64, b: wp.float64):
    if a > b:
        return a * b
    elif a > 0.5 * b:
        return wp.sin(a) + b
    return a * a - b


@wp.func
def poly_until(a: wp.float64, n: int):
    s = wp.float64(0.0)
    for k in range(n):
        s = s * a + wp.float64(k + 1)
        if s > 50.0:
            return s * 0.5
    return s


@wp.kernel
def branches(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    r = wp.float64(0.0)
    if a < 0.3:
        r = a * b
    elif a < 0.8:
        r = wp.exp(a) - b
        if b > 1.0:
            r = r * b
    else:
        r = a / b
    if i == 2:
        out[i] = r + 1.0
        return
    out[i] = r * a


@wp.kernel
def funcs(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = piecewise(x[i], y[i]) + poly_until(x[i], n) * y[i]


@wp.kernel
def grid2d(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), out: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    left = a[i, wp.max(j - 1, 0)]
    right = a[i, wp.min(j + 1, a.shape[1] - 1)]
    out[i, j] = (left - 2.0 * a[i, j] + right) * b[i, j] + a[i, j] * a[i, j]


@wp.struct
class Particle:
    pos: wp.vec3d
    mass: wp.float64
    id: int


@wp.func
def energy(p: Particle):
    return 0.5 * p.mass * wp.dot(p.pos, p.pos)


@wp.kernel
def structs(pos: wp.array(dtype=wp.vec3d), mass: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    p = Particle()
    p.pos = pos[i]
    p.mass = mass[i]
    p.id = i
    q = p
    q.pos = q.pos * q.mass
    out[i] = energy(p) + energy(q)


@wp.kernel
def atomics(x: wp.array(dtype=wp.float64), total: wp.array(dtype=wp.float64), lo: wp.array(dtype=wp.float64),
            hi: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = x[i] * x[i]
    wp.atomic_add(total, 0, v)
    wp.atomic_sub(total, 1, wp.sin(x[i]))
    wp.atomic_min(lo, 0, v)
    wp.atomic_max(hi, 0, v * x[i])
    total[2] += x[i]


# A tape of two launches: stage1 writes y, stage2 reads it.
@wp.kernel
def stage1(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = wp.sin(x[i]) * x[i]


@wp.kernel
def stage2(y: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    wp.atomic_add(loss, 0, y[i] * y[i] * w[i])
