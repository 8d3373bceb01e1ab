# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Warp tiles in the front end (issue 30, docs/design/tiles.md slice 1): the
# tile builtins with Warp 1.16's signatures become kdsl tile ops; shapes
# come from module constants and literals. test/Driver/tiles-targets.test
# checks that the other targets take them (kdsl-lower-tiles).

import warp as wp

TILE_M = wp.constant(8)
TILE_N = wp.constant(4)
TILE_K = wp.constant(2)


# The tiled GEMM of docs/design/tiles.md: mixed dtypes, the accumulator
# carried through the loop (tile_matmul's output argument is assigned).
# CHECK-LABEL: kdsl.kernel @tile_gemm
# CHECK: %[[Z:.*]] = kdsl.tile_splat %{{.*}} : <8x4xf64>
# CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (!kdsl.tile<8x4xf64>)
# CHECK: %[[A:.*]] = kdsl.tile_load %A[%{{.*}}, %{{.*}}] : <f32, 2> -> <8x2xf32>
# CHECK: %[[B:.*]] = kdsl.tile_load %B[%{{.*}}, %{{.*}}] : <f16, 2> -> <2x4xf16>
# CHECK: %[[C:.*]] = kdsl.tile_matmul %[[A]], %[[B]], %[[ACC]] : <8x2xf32>, <2x4xf16>, <8x4xf64>
# CHECK: scf.yield %[[C]]
# CHECK: kdsl.tile_store %[[SUM]], %C[%{{.*}}, %{{.*}}] : <8x4xf64>, <f64, 2>
@wp.kernel
def tile_gemm(A: wp.array2d(dtype=float), B: wp.array2d(dtype=wp.float16), C: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    sum = wp.tile_zeros(shape=(TILE_M, TILE_N), dtype=wp.float64)
    for k in range(0, int(A.shape[1] / TILE_K)):
        a = wp.tile_load(A, shape=(TILE_M, TILE_K), offset=(i * TILE_M, k * TILE_K))
        b = wp.tile_load(B, shape=(TILE_K, TILE_N), offset=(k * TILE_K, j * TILE_N))
        wp.tile_matmul(a, b, sum)
    wp.tile_store(C, sum, offset=(i * TILE_M, j * TILE_N))


# Operators are kdsl.tile_map regions of the scalar ops; a scalar operand is
# used from above. tile_sum is a tile_reduce of addf into shape (1,).
# CHECK-LABEL: kdsl.kernel @elementwise
# CHECK: %[[X:.*]] = kdsl.tile_load %x[%{{.*}}] : <f32, 1> -> <16xf32>
# CHECK: %[[ONE:.*]] = kdsl.tile_splat %{{.*}} : <16xf32>
# CHECK: %[[TWO:.*]] = arith.constant 2.0
# CHECK: %[[S:.*]] = kdsl.tile_map %[[ONE]] : !kdsl.tile<16xf32> -> <16xf32> {
# CHECK-NEXT: ^bb0(%[[E:.*]]: f32):
# CHECK-NEXT: %[[M:.*]] = arith.mulf %[[E]], %[[TWO]] : f32
# CHECK-NEXT: kdsl.tile_yield %[[M]] : f32
# CHECK: %[[SUM:.*]] = kdsl.tile_map %[[X]], %[[S]] : !kdsl.tile<16xf32>, !kdsl.tile<16xf32> -> <16xf32> {
# CHECK: arith.addf
# CHECK: %[[NEG:.*]] = kdsl.tile_map %[[SUM]]
# CHECK: arith.negf
# CHECK: %[[DIV:.*]] = kdsl.tile_map %[[NEG]]
# CHECK: arith.divf
# CHECK: %[[R:.*]] = kdsl.tile_reduce %[[DIV]] : <16xf32> -> <1xf32> {
# CHECK: arith.addf
# CHECK: kdsl.tile_extract %[[R]][%{{.*}}] : <1xf32>
# CHECK: kdsl.tile_extract %[[DIV]][%{{.*}}] : <16xf32>
@wp.kernel
def elementwise(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.tile_load(x, shape=16, offset=i * 16)
    b = wp.tile_ones(shape=16, dtype=float)
    c = a + b * 2.0
    d = -c / 3.0
    s = wp.tile_sum(d)
    out[i] = s[0] + wp.tile_extract(d, 3)


# Layout and creation: transpose, broadcast of an arange, value matmul,
# atomic add (returns the old values), sum along an axis, int tiles.
# CHECK-LABEL: kdsl.kernel @layout
# CHECK: %[[M:.*]] = kdsl.tile_load %y[%[[Z0:.*]], %[[Z0]]] : <f32, 2> -> <4x8xf32>
# CHECK: %[[T:.*]] = kdsl.tile_transpose %[[M]] : <4x8xf32> -> <8x4xf32>
# CHECK: %[[Q0:.*]] = kdsl.tile_splat %{{.*}} : <4x4xf32>
# CHECK: kdsl.tile_matmul %[[M]], %[[T]], %[[Q0]] : <4x8xf32>, <8x4xf32>, <4x4xf32>
# CHECK: %[[AR:.*]] = kdsl.tile_arange %{{.*}}, %{{.*}} : <8xf32>
# CHECK: kdsl.tile_broadcast %[[AR]] : <8xf32> -> <4x8xf32>
# CHECK: kdsl.tile_store %{{.*}}, %y[%{{.*}}, %{{.*}}] : <4x8xf32>, <f32, 2>
# CHECK: kdsl.tile_splat %{{.*}} : <16xf32>
# CHECK: kdsl.tile_atomic_add %{{.*}}, %out[%{{.*}}] : <16xf32>, <f32, 1>
# CHECK: kdsl.tile_reduce %[[M]] axis 1 : <4x8xf32> -> <4xf32>
# CHECK: kdsl.tile_arange %{{.*}}, %{{.*}} : <5xi32>
# CHECK: kdsl.tile_load %n[%{{.*}}] : <i32, 1> -> <5xi32>
@wp.kernel
def layout(y: wp.array2d(dtype=float), out: wp.array(dtype=float), n: wp.array(dtype=int)):
    m = wp.tile_load(y, shape=(4, 8))
    t = wp.tile_transpose(m)
    q = wp.tile_matmul(m, t)
    r = wp.tile_broadcast(wp.tile_arange(8, dtype=float), shape=(4, 8))
    wp.tile_store(y, r + m)
    old = wp.tile_atomic_add(out, wp.tile_full(shape=16, value=1.5))
    rs = wp.tile_sum(m, axis=1)
    out[0] = q[1, 2] + old[0] + rs[3]
    ints = wp.tile_arange(2, 12, 2) + wp.tile_load(n, shape=5)
    wp.tile_store(n, ints)


# wp.tile_map of a builtin and of @wp.funcs (the element call in the region).
@wp.func
def axpy(a: float, b: float):
    return 2.0 * a + b


@wp.func
def below(a: float):
    return a < 0.5


# CHECK-LABEL: kdsl.kernel @maps
# CHECK: %[[A:.*]] = kdsl.tile_load %x
# CHECK: %[[S:.*]] = kdsl.tile_map %[[A]] : !kdsl.tile<8xf32> -> <8xf32> {
# CHECK: math.sin
# CHECK: %[[C:.*]] = kdsl.tile_map %[[A]], %[[S]] : !kdsl.tile<8xf32>, !kdsl.tile<8xf32> -> <8xf32> {
# CHECK: func.call @axpy(
# CHECK: %[[D:.*]] = kdsl.tile_map %[[C]], %[[A]]
# CHECK: arith.addf
# CHECK: kdsl.tile_map %[[D]] : !kdsl.tile<8xf32> -> <8xi1> {
# CHECK: func.call @below(
# CHECK: kdsl.tile_store %[[D]], %y
@wp.kernel
def maps(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    b = wp.tile_map(wp.sin, a)
    c = wp.tile_map(axpy, a, b)
    d = wp.tile_map(wp.add, c, a)
    e = wp.tile_map(below, d)
    wp.tile_store(y, d)


# A tile assigned in some branches only starts as a tile of zeros.
# CHECK-LABEL: kdsl.kernel @branches
# CHECK: %[[Z:.*]] = kdsl.tile_splat %{{.*}} : <8xf32>
# CHECK: scf.if {{.*}} -> (!kdsl.tile<8xf32>)
@wp.kernel
def branches(select: int, x: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=8)
    if select == 0:
        s = a
    elif select == 1:
        s = a * 2.0
    wp.tile_store(x, s)


# 3-d tiles and tiles of structs.
@wp.struct
class Particle:
    m: float
    v: wp.vec3


# CHECK-LABEL: kdsl.kernel @ranks_structs
# CHECK: %[[T:.*]] = kdsl.tile_load %a[%{{.*}}, %{{.*}}, %{{.*}}] : <f32, 3> -> <2x3x4xf32>
# CHECK: kdsl.tile_reduce %[[T]] axis 1 : <2x3x4xf32> -> <2x4xf32>
# CHECK: %[[P:.*]] = kdsl.tile_load %p[%{{.*}}] : <!Particle, 1> -> <8x!Particle>
# CHECK: kdsl.tile_extract %[[P]][%{{.*}}] : <8x!Particle>
# CHECK: %[[ZS:.*]] = kdsl.struct_create
# CHECK: kdsl.tile_splat %[[ZS]] : <8x!Particle>
@wp.kernel
def ranks_structs(a: wp.array3d(dtype=float), p: wp.array(dtype=Particle), out: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(2, 3, 4))
    wp.tile_store(out, wp.tile_sum(t, axis=1))
    ps = wp.tile_load(p, shape=8)
    out[0, 0] = ps[1].m
    wp.tile_store(p, wp.tile_zeros(8, dtype=Particle))
