# Arrays made from pointers in kernel code, wp.array(ptr=..., shape=...,
# dtype=...), and arr.ptr (docs/language.md, "Arrays from pointers"); run
# by array_ptr.test.
import warp as wp


@wp.struct
class Pair:
    a: wp.float32
    b: wp.float32


@wp.kernel
def reshape(src: wp.array2d(dtype=wp.float32), rows: int, cols: int, out: wp.array(dtype=wp.float32)):
    # The 2x3 array viewed as rows x cols (run-time extents) through its address.
    i = wp.tid()
    v = wp.array(ptr=src.ptr, shape=(rows, cols), dtype=wp.float32)
    out[i] = v[i // cols, i % cols] * 10.0 + float(v.shape[0]) + float(len(v[0]))


@wp.kernel
def write_through(a: wp.array(dtype=wp.vec2)):
    # vec2 elements read and written as twice as many float32 values.
    f = wp.array(ptr=a.ptr, shape=a.shape[0] * 2, dtype=wp.float32)
    i = wp.tid()
    f[2 * i + 1] = f[2 * i] + 0.5
    wp.atomic_add(f, 2 * i, 100.0)


@wp.kernel
def as_structs(x: wp.array(dtype=wp.float32), out: wp.array(dtype=wp.float32)):
    p = wp.array(ptr=x.ptr, shape=(x.shape[0] // 2,), dtype=Pair)
    i = wp.tid()
    out[i] = p[i].a * p[i].b
    p[i].b = -1.0


@wp.kernel
def local_reinterpret(out: wp.array(dtype=wp.vec2)):
    # As Warp's test_fixedarray_ptr_reinterpret: a local array viewed as vec2.
    m = wp.zeros(shape=(6,), dtype=wp.float32)
    for k in range(6):
        m[k] = float(k) * 1.5
    v = wp.array(ptr=m.ptr, shape=(3,), dtype=wp.vec2)
    i = wp.tid()
    out[i] = v[i]


@wp.kernel
def no_gradient(x: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    # As in Warp, an array from a pointer has no gradient: only 3 x reaches x.
    i = wp.tid()
    v = wp.array(ptr=x.ptr, shape=x.shape[0], dtype=wp.float64)
    wp.atomic_add(loss, 0, wp.float64(3.0) * x[i] + v[i] * v[i])


@wp.kernel
def null_ptr(a: wp.array(dtype=wp.float32), out: wp.array(dtype=wp.uint64)):
    # The address of an array passed as None is 0; others are not.
    out[0] = a.ptr
    out[1] = wp.uint64(1) if out.ptr != wp.uint64(0) else wp.uint64(0)
