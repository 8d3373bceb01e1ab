# A struct with fields of every size and padding holes between them
# (test/Execution/c-layout.test): the host (kdsl-run) and the kernels must
# agree on its C layout.
import warp as wp


@wp.struct
class Mixed:
    a: wp.int8
    g: wp.int32
    c: wp.int16
    d: wp.vec3h
    f: wp.bool
    e: wp.int64
    b: wp.float64


@wp.kernel
def shift(items: wp.array(dtype=Mixed), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    m = items[i]
    out[i] = wp.float64(m.a) + m.b + wp.float64(m.c) + wp.float64(m.d[2]) + wp.float64(m.e) + wp.float64(m.g)
    m.a = m.a + wp.int8(1)
    m.b = m.b * wp.float64(2.0)
    m.c = m.c - wp.int16(3)
    m.d = wp.vec3h(m.d[1], m.d[2], m.d[0])
    m.e = m.e * wp.int64(10)
    m.f = not m.f
    m.g = m.g + wp.int32(100)
    items[i] = m
