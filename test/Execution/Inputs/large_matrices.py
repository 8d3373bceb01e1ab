# Matrix products, transposes and outer products too large to unroll
# (docs/language.md, "Large matrices"): kdsl-expand-builtins lowers them to
# loops, in the operation order of the unrolled form and the C++ prelude.

import warp as wp

M64 = wp.types.matrix(shape=(64, 64), dtype=wp.float32)
M32x24 = wp.types.matrix(shape=(32, 24), dtype=wp.float32)
M24x40 = wp.types.matrix(shape=(24, 40), dtype=wp.float32)
M32x40 = wp.types.matrix(shape=(32, 40), dtype=wp.float32)
M24x32 = wp.types.matrix(shape=(24, 32), dtype=wp.float32)
M40 = wp.types.matrix(shape=(40, 40), dtype=wp.float32)
V40 = wp.types.vector(length=40, dtype=wp.float32)
V32 = wp.types.vector(length=32, dtype=wp.float32)
V24 = wp.types.vector(length=24, dtype=wp.float32)
M16d = wp.types.matrix(shape=(16, 16), dtype=wp.float64)


@wp.kernel
def matmul64(a: wp.array(dtype=M64), b: wp.array(dtype=M64), c: wp.array(dtype=M64)):
    i = wp.tid()
    c[i] = a[i] @ b[i]


@wp.kernel
def shapes(
    a: wp.array(dtype=M32x24),
    b: wp.array(dtype=M24x40),
    m: wp.array(dtype=M40),
    v: wp.array(dtype=V40),
    u: wp.array(dtype=V32),
    w: wp.array(dtype=V24),
    t: wp.array(dtype=M24x32),
    c: wp.array(dtype=M32x40),
    mv: wp.array(dtype=V40),
    vm: wp.array(dtype=V40),
    tr: wp.array(dtype=M32x24),
    o: wp.array(dtype=M32x24),
):
    i = wp.tid()
    c[i] = wp.mul(a[i], b[i])
    mv[i] = m[i] @ v[i]
    vm[i] = v[i] @ m[i]
    tr[i] = wp.transpose(t[i])
    o[i] = wp.outer(u[i], w[i])


@wp.func
def sandwich(x: M16d, y: M16d):
    return x @ wp.transpose(y) @ x


@wp.kernel
def chain16(a: wp.array(dtype=M16d), b: wp.array(dtype=M16d), out: wp.array(dtype=M16d)):
    i = wp.tid()
    x = sandwich(a[i], b[i])
    for k in range(2):
        x = (x @ a[i]) * wp.float64(0.25)
    out[i] = x


M128 = wp.types.matrix(shape=(128, 128), dtype=wp.float32)


@wp.kernel
def matmul128(a: wp.array(dtype=M128), b: wp.array(dtype=M128), c: wp.array(dtype=M128)):
    # (test/Target/ptx-large-matrices.test)
    i = wp.tid()
    c[i] = a[i] @ b[i]


@wp.kernel
def ops128(
    a: wp.array(dtype=M128),
    b: wp.array(dtype=M128),
    s: wp.array(dtype=float),
    out: wp.array(dtype=M128),
    acc: wp.array(dtype=M128),
    e: wp.array(dtype=float),
):
    # Large matrices in memory: loads, a product, element-wise ops with a
    # scalar, a transpose, an element assigned, elements read at run-time
    # (negative) indices, a store and an atomic add into one element.
    i = wp.tid()
    x = a[i] @ b[i]
    y = (x + a[i]) * s[i] - wp.transpose(b[i])
    j = i % 3 - 3
    y[1, 2] = s[i]
    e[i] = y[j, 5] + x[2][j]
    out[i] = y
    wp.atomic_add(acc, 0, y)
