# Kernels of vector_rules.test: the builtins whose adjoints autodiff writes at
# the vector level (lib/Autodiff/ReverseExpanded.cpp: dot, length, length_sq,
# cross, transpose, outer, matrix * vector, vector * matrix, matrix * matrix),
# with non-square shapes and operands that are both active.
import warp as wp

mat23d = wp.types.matrix(shape=(2, 3), dtype=wp.float64)
mat32d = wp.types.matrix(shape=(3, 2), dtype=wp.float64)


@wp.kernel
def vector_rules(a: wp.array(dtype=wp.vec3d), b: wp.array(dtype=wp.vec2d), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    M = wp.outer(y, x)
    u = M * x
    w = y * M
    out[i, 0] = u[0] * 2.0 + u[1] + w[2] * w[0]
    N = wp.transpose(M)
    P = M * N
    Q = N * M
    out[i, 1] = P[0, 1] + P[1, 1] * 0.5 + Q[2, 0] - Q[1, 2] * Q[0, 0]
    c = wp.cross(x, wp.vec3d(y[0], y[1], x[0]))
    out[i, 2] = wp.dot(c, x) + wp.length(c) * wp.length_sq(x)
    q = wp.quatd(x[0], x[1], y[0], y[1])
    out[i, 3] = wp.dot(q, q) * wp.length(y)
