# Dynamic loops carrying values, for finite-difference gradient checks
# (loops.test). Warp's backward pass does not replay dynamic loops: most of
# these give it wrong gradients (docs/autodiff.md).
import warp as wp


@wp.kernel
def carried(x: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    s = wp.float64(0.5)
    p = wp.float64(1.0)
    for j in range(n):
        s = s * wp.sin(a) + p
        p = p * a + wp.float64(j)
    out[i] = s * p


@wp.kernel
def nested(x: wp.array(dtype=wp.float64), n: int, m: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    acc = wp.float64(0.0)
    for j in range(n):
        inner = a
        for k in range(j, m):
            inner = inner * a + wp.float64(k) * 0.1
        acc = acc + inner * acc + inner
    out[i] = acc


@wp.kernel
def break_continue(x: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    s = wp.float64(1.0)
    for j in range(n):
        if j % 3 == 1:
            continue
        s = s * a + wp.float64(0.25)
        if s > 4.0:
            break
    out[i] = s * s


@wp.kernel
def while_loop(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    s = a
    steps = int(0)
    while s < 10.0:
        s = s * (a + 1.0) + 0.5
        steps += 1
    out[i] = s * a + wp.float64(steps)


@wp.kernel
def running_max(x: wp.array2d(dtype=wp.float64), w: wp.array(dtype=wp.float64), n: int,
                out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    best = wp.float64(-1.0e20)
    for j in range(n):
        v = x[i, j] * w[j]
        if v > best:
            best = v
    out[i] = best * best


@wp.kernel
def before_after(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), n: int,
                 out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b = y[i] * 2.0
    c = wp.exp(x[i])
    acc = wp.float64(1.0)
    for j in range(n):
        acc = acc * x[i] + c
    out[i] = acc * b + c * b


@wp.kernel
def static_loop(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = x[i]
    for j in range(3):
        s = wp.sin(s) * x[i] + wp.float64(j)
    out[i] = s


@wp.struct
class Inner:
    w: wp.float64
    m: wp.mat22d


@wp.struct
class State:
    x: wp.float64
    v: wp.vec2d
    k: int
    inner: Inner


@wp.kernel
def struct_carried(x: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    # A struct (nested struct, vector, matrix and int fields) carried through
    # a dynamic for loop and a while loop, and returned by an if: carried as
    # its fields.
    i = wp.tid()
    s = State()
    s.x = x[i]
    s.v = wp.vec2d(x[i], wp.float64(1.0))
    s.inner.w = wp.float64(0.5)
    s.inner.m = wp.mat22d(x[i], wp.float64(1.0), wp.float64(0.0), x[i])
    for j in range(n):
        s.x = s.x * s.inner.w + wp.sin(s.v[0])
        s.v = s.v * s.x
        s.inner.m = s.inner.m * wp.float64(0.5) + wp.mat22d(s.x, s.x, s.x, s.x)
        s.k = s.k + 1
        s.inner.w = s.inner.w + wp.float64(0.25)
    while s.k < n + 2:
        s.x = s.x * wp.float64(0.75) + s.inner.m[0, 1]
        s.k = s.k + 1
    if s.x > wp.float64(0.0):
        s.v = s.v * s.x
    out[i] = s.x + s.v[1] + s.inner.m[1, 0] + wp.float64(s.k)


@wp.struct
class Holder:
    m: wp.float64
    data: wp.array(dtype=wp.float64)


@wp.kernel
def struct_with_array(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    # A local struct holding an array and a float: the float's adjoint flows.
    i = wp.tid()
    h = Holder()
    h.data = x
    h.m = x[i] * x[i]
    out[i] = h.m * h.data[i]
