# Function values bound to locals by tuple unpacking (`f, g = sq, tri`) and
# by wp.static (`h = wp.static(TABLE["sq"])`) then passed to a wp.Function
# parameter; run by func_value_locals.test.
import warp as wp


@wp.func
def sq(x: wp.float64):
    return x * x


@wp.func
def tri(x: wp.float64):
    return wp.float64(3.0) * x


@wp.func
def apply(f: wp.Function, x: wp.float64):
    return f(x)


TABLE = {"sq": sq}


@wp.kernel
def combo(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    f, g = sq, tri
    h = wp.static(TABLE["sq"])
    y[i] = f(x[i]) + g(x[i]) + apply(h, x[i] + wp.float64(1.0)) + apply(g, x[i])
