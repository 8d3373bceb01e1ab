# wp.zeros(shape, dtype) in kernel code (Warp's fixedarray): local_arrays.test.
import warp as wp


@wp.func
def ramp(s: float):
    a = wp.zeros(shape=(2, 3), dtype=float)
    for i in range(2):
        for j in range(3):
            a[i, j] = s * float(i * 3 + j)
    return a


@wp.func
def bump(a: wp.array2d(dtype=float), k: int):
    a[1, k] = a[1, k] + 100.0


@wp.struct
class Pair:
    n: int
    x: float


@wp.kernel
def fill_use(x: wp.array(dtype=float), out: wp.array(dtype=float), meta: wp.array(dtype=int)):
    i = wp.tid()
    r = ramp(x[i])
    bump(r, i)  # writes through the reference
    row = r[1]
    s = float(0.0)
    for j in range(len(row)):
        s += row[j]
    vs = wp.zeros(4, dtype=wp.vec3)
    vs[2] = wp.vec3(1.0, 2.0, 3.0) * x[i]
    ps = wp.zeros(shape=(2,), dtype=Pair)
    ps[1].n = 7
    ps[1].x = 0.5
    out[i] = s + vs[2][1] + ps[1].x + vs[0][0]
    if i == 0:
        meta[0] = r.shape[0]
        meta[1] = r.shape[1]
        meta[2] = len(vs)
        meta[3] = ps[1].n + ps[0].n


@wp.func
def ramp64(s: wp.float64):
    a = wp.zeros(shape=(2, 3), dtype=wp.float64)
    for i in range(2):
        for j in range(3):
            a[i, j] = s * wp.float64(i * 3 + j)
    return a


@wp.kernel
def grads(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    xi = x[i]
    a = wp.zeros(shape=4, dtype=wp.float64)
    for k in range(4):
        a[k] = xi * wp.float64(k + 1)
    a[0] = a[0] * a[0]  # read, then overwritten
    t = wp.float64(0.0)
    for k in range(4):
        t += a[k] * a[k]
    a[3] = wp.sin(t)  # overwritten after its use
    r = ramp64(xi)
    vs = wp.zeros(2, dtype=wp.vec3d)
    vs[1] = wp.vec3d(xi, wp.float64(2.0) * xi, xi * xi)
    y[i] = a[3] + a[1] * xi + r[1, 2] * r[0, 1] + wp.dot(vs[1], vs[1])
