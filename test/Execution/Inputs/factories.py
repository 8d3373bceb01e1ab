# Kernels and funcs made by factory functions with arguments the source
# gives (factories.test; docs/language.md, "Factories").
import warp as wp


def make_poly(a, b, dtype):
    @wp.func
    def poly(x: dtype):
        return dtype(a) * x * x + dtype(b)

    @wp.kernel
    def apply(x: wp.array(dtype=dtype), y: wp.array(dtype=dtype)):
        i = wp.tid()
        y[i] = poly(x[i])

    return poly, apply


poly64, apply64 = make_poly(3.0, -1.0, wp.float64)


def make_pick(first):
    if first:

        @wp.func
        def pick(u: wp.float64, v: wp.float64):
            return u

    else:

        @wp.func
        def pick(u: wp.float64, v: wp.float64):
            return v

    return pick


pick_u = make_pick(True)
pick_v = make_pick(first=False)


@wp.kernel
def combine(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
            out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = poly64(pick_u(x[i], y[i])) * pick_v(x[i], y[i])
