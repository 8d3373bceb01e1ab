# wp.identity(n, dtype) of any size n (Warp: matrix(shape=(n, n))) and
# wp.transform_identity(dtype) with the dtype by position
# (identity_sizes.test).
import warp as wp


@wp.kernel
def ident(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    m = wp.identity(n=6, dtype=wp.float64) * x[i]
    one = wp.identity(1, dtype=wp.float64)
    t = wp.transform_identity(wp.float64)
    out[i] = wp.ddot(m, m) + m[5, 5] + m[0, 1] + one[0, 0] * x[i] + t[6]


@wp.kernel
def sizes():
    v1 = wp.vec2()
    v2 = wp.vec3()
    m = wp.identity(n=wp.static(len(v1) + len(v2) + 1), dtype=float)
    wp.expect_eq(wp.ddot(m, m), 6.0)
    t = wp.transform_identity(float)
    wp.expect_eq(wp.static(len(t)), 7)
