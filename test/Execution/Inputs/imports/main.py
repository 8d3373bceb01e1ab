# Funcs, structs and constants of other Python modules (docs/language.md,
# "Other modules") and struct redefinition ("Structs").
import warp as wp
import imports_aux as aux
import imports_pkg.shapes as shapes
from imports_pkg.shapes import Box, box_volume


@wp.func
def scale(x: float):  # the same name as aux.scale: its own symbol
    return x + 100.0


@wp.kernel
def use_modules(x: wp.array(dtype=float), b: Box, out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = aux.scale(x[i]) + box_volume(b) + shapes.SIDE + scale(x[i])


@wp.kernel
def use_modules64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    f = aux.cube
    y[i] = f(x[i])


@wp.struct
class Pair:
    a: float


PairA = Pair  # the first Pair, also after the redefinition


@wp.struct
class Pair:
    a: wp.vec2


@wp.kernel
def use_structs(p0: PairA, p1: Pair, out: wp.array(dtype=float)):
    q = Pair()
    q.a = wp.vec2(1.0, 2.0)
    out[0] = p0.a + p1.a[1] + q.a[0]
