# Class attributes and dotted module paths in kernel code (docs/language.md,
# "Other modules"): Params.SCALE of a plain class, a @wp.func and a kernel
# defined in the class, and dpkg.sub.consts.cube of `import dpkg.sub.consts`
# (dotted_imports.test).
import warp as wp
import dpkg.sub.consts


class Params:
    SCALE = wp.constant(2.5)
    OFFSET = wp.constant(wp.vec2(1.0, -1.0))

    @wp.func
    def shift(x: float):
        return x + Params.SCALE

    @wp.kernel
    def inside(out: wp.array(dtype=float)):
        i = wp.tid()
        out[i] = Params.shift(float(i)) + Params.OFFSET[1]


@wp.kernel
def use(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = x[i] * wp.float64(Params.SCALE) + dpkg.sub.consts.cube(x[i]) + wp.float64(dpkg.sub.consts.K)
