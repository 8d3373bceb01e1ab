# wp.printf, print and wp.print of scalars, vectors, matrices, quaternions,
# bools and strings (printing.test).
import warp as wp

@wp.kernel
def printing(x: wp.array(dtype=float), n: wp.array(dtype=wp.int64), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22d), q: wp.array(dtype=wp.quat)):
    i = wp.tid()
    wp.printf("i=%d x=%f n=%lld u=%u\n", i, x[i], n[i], wp.uint8(200))
    print(x[i])
    print(n[i])
    print(v[i])
    print(m[i])
    print(q[i])
    print(x[i] > 0.0)
    wp.print(wp.int8(-3))
    print("tab\there \"q\" done")
    wp.printf("no args 100%%\n")
