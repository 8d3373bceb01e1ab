# Kernels for static-closures.test: wp.static(...) evaluated at compile time
# (unrolled loops, folded conditions, funcs chosen by wp.static) and kernels
# and funcs defined inside a Python function that use its constants.
import warp as wp

N = 4
SCALE = 2.5
MODE = "fast"


@wp.func
def double(x: float):
    return 2.0 * x


@wp.func
def square(x: float):
    return x * x


OPS = (double, square)


@wp.kernel
def unrolled(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    # j is a compile-time value in each copy of the body: OPS[j % 2] picks
    # the func, j * 10 is a literal.
    for j in range(wp.static(N)):
        out[j] = wp.static(OPS[j % 2])(x[j]) + float(wp.static(j * 10))


@wp.kernel
def folded(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    if wp.static(MODE == "fast"):
        out[i] = x[i] * wp.static(SCALE * 2.0)
    else:
        out[i] = x[i] + name_that_is_not_defined  # not type-checked: folded away


@wp.kernel
def lengths(out: wp.array(dtype=int)):
    v = wp.vec3(1.0, 2.0, 7.0)
    m = wp.mat22()
    out[0] = wp.static(len(v))
    out[1] = wp.static(len(m) + len(OPS))
    out[2] = int(v[wp.static(len(v) - 1)])


def make_scaler():
    n = 3
    scale = 0.5

    @wp.func
    def shift(v: float):
        return v + float(n)

    @wp.kernel
    def scaled(x: wp.array(dtype=float), out: wp.array(dtype=float)):
        i = wp.tid()
        out[i] = shift(x[i]) * scale

    return scaled


@wp.func
def double64(x: wp.float64):
    return wp.float64(2.0) * x


@wp.func
def square64(x: wp.float64):
    return x * x


OPS64 = (double64, square64)


@wp.kernel
def unrolled64(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    for j in range(wp.static(N)):
        out[j] = wp.static(OPS64[j % 2])(x[j]) * wp.float64(wp.static(j + 1))
