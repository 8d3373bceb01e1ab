# A module imported by main.py (next to it): its funcs are reached as aux.f.
import warp as wp


@wp.func
def scale(x: float):
    return 3.0 * x


@wp.func
def cube(x: wp.float64):
    return x * x * x


@wp.kernel
def never_compiled(a: wp.array(dtype=float)):
    a[0] = undefined_name  # an imported module's kernels are not compiled
