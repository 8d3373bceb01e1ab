# Structs without fields (as in Warp's test_struct Empty / EmptyNest), for
# empty_struct.test: a kernel argument, a field of another struct, a local.
import warp as wp


@wp.struct
class Empty:
    pass


@wp.struct
class Nest:
    e: Empty
    z: wp.float64


@wp.func
def scale(e: Empty, x: wp.float64):
    return x * wp.float64(3.0)


@wp.kernel
def k(e: Empty, n: Nest, a: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    local = Empty()
    m = Nest()
    m.z = a[i]
    out[i] = scale(local, m.z) + scale(n.e, n.z) * a[i]
