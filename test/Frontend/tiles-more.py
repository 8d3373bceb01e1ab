# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Warp tiles, front end only (issue 30): views and slices, element updates,
# reductions, reshapes, the Cholesky and triangular solvers, the FFT, lanes
# (wp.tile / untile), scans, sort and tile stacks become kdsl tile ops.
# test/Driver/tiles-more-not-lowered.test checks that other targets refuse them.

import warp as wp

TILE_M = wp.constant(16)
TILE_N = wp.constant(32)
N = wp.constant(8)


@wp.func
def mul2(a: float, b: float):
    return a * b


# t[r] is row r (dimension 0 collapsed, a negative r counts from the end);
# t[4:12, ::2] and t[::-1, :] are strided views; writes go through tile_assign.
# CHECK-LABEL: kdsl.kernel @views
# CHECK: %[[T:.*]] = kdsl.tile_load %src
# CHECK: %[[NEG:.*]] = arith.cmpi slt, %r, %c0_i32
# CHECK: %[[R:.*]] = arith.select %[[NEG]]
# CHECK: %[[ROW:.*]] = kdsl.tile_view %[[T]][%[[R]], %{{.*}}] {steps = array<i64: 0, 1>} : <16x32xf32> -> <32xf32>
# CHECK: kdsl.tile_store %[[ROW]], %out
# CHECK: kdsl.tile_view %[[T]][%c4_i32, %{{.*}}] {steps = array<i64: 1, 2>} : <16x32xf32> -> <8x16xf32>
# CHECK: kdsl.tile_view %[[T]][%c15_i32, %{{.*}}] {steps = array<i64: 0, 1>} : <16x32xf32> -> <32xf32>
# CHECK: kdsl.tile_view %[[T]][%c15_i32{{.*}}, %{{.*}}] {steps = array<i64: -1, 1>} : <16x32xf32> -> <16x32xf32>
# CHECK: %[[V:.*]] = kdsl.tile_view %[[T]][%{{.*}}, %{{.*}}] {steps = array<i64: 1, 1>} : <16x32xf32> -> <4x32xf32>
# CHECK: %[[B0:.*]] = kdsl.tile_splat
# CHECK: %[[B1:.*]] = kdsl.tile_assign %[[V]], %[[B0]][%{{.*}}, %{{.*}}] {steps = array<i64: 1, 1>} : <4x32xf32>, <16x32xf32>
# CHECK: %[[ONES:.*]] = kdsl.tile_splat %{{.*}} : <4x32xf32>
# CHECK: %[[B2:.*]] = kdsl.tile_assign %[[ONES]], %[[B1]][%c0_i32{{.*}}, %c0_i32{{.*}}] {steps = array<i64: 1, 1>}
# CHECK: %[[B3:.*]] = kdsl.tile_assign %[[ROW]], %[[B2]][%{{.*}}, %{{.*}}] {steps = array<i64: 0, 1>} : <32xf32>, <16x32xf32>
# CHECK: kdsl.tile_store %[[B3]], %dst
@wp.kernel
def views(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float), out: wp.array(dtype=float), r: int):
    t = wp.tile_load(src, shape=(TILE_M, TILE_N))
    row = t[r]
    wp.tile_store(out, row)
    wp.tile_store(dst, t[4:12, ::2])
    wp.tile_store(out, t[-1, :])
    wp.tile_store(dst, t[::-1, :])
    v = wp.tile_view(t, offset=(r * 4, 0), shape=(4, TILE_N))
    b = wp.tile_zeros(shape=(TILE_M, TILE_N), dtype=float)
    wp.tile_assign(b, v, offset=(r * 4, 0))
    b[0:4, :] = wp.tile_ones(shape=(4, TILE_N), dtype=float)
    b[r] = row
    wp.tile_store(dst, b)


# t[j] = v and the in-place element operators are per-lane tile_scatter
# updates; `a += b` of whole tiles is the element-wise operator.
# CHECK-LABEL: kdsl.kernel @elements
# CHECK: %[[A1:.*]] = kdsl.tile_scatter exch %{{.*}}[%j], %{{.*}} : <32xf32>
# CHECK: %[[A2:.*]] = kdsl.tile_scatter add %[[A1]][%c0_i32], %{{.*}} : <32xf32>
# CHECK: %[[A3:.*]] = kdsl.tile_scatter sub %[[A2]][%c1_i32], %{{.*}} : <32xf32>
# CHECK: kdsl.tile_scatter bit_or %{{.*}} : <1xi32>
# CHECK: kdsl.tile_scatter bit_xor %{{.*}} : <1xi32>
# CHECK: %[[M:.*]] = kdsl.tile_map %[[A3]] : !kdsl.tile<32xf32> -> <32xf32>
# CHECK: arith.mulf
# CHECK: %[[S:.*]] = kdsl.tile_map %[[A3]], %[[M]]
# CHECK: arith.addf
# CHECK: kdsl.tile_atomic_add %[[S]], %y
@wp.kernel
def elements(x: wp.array(dtype=float), y: wp.array(dtype=float), bits: wp.array(dtype=wp.uint32)):
    _i, j = wp.tid()
    a = wp.tile_zeros(shape=32, dtype=float)
    a[j] = x[j]
    a[0] += x[j]
    a[1] -= 1.0
    s = wp.tile_zeros(shape=1, dtype=wp.uint32)
    s[0] |= bits[j]
    s[0] ^= wp.uint32(1)
    a += a * 2.0
    wp.tile_atomic_add(y, a)
    bits[0] = s[0]


# CHECK-LABEL: kdsl.kernel @reductions
# CHECK: kdsl.tile_reduce %[[T:.*]] : <8x8xf32> -> <1xf32>
# CHECK: kdsl.tile_reduce %[[T]] : <8x8xf32> -> <1xf32>
# CHECK: kdsl.tile_arg_reduce %[[T]] max : <8x8xf32> -> <1xi32>
# CHECK: kdsl.tile_reduce %[[T]] : <8x8xf32> -> <1xf32>
# CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
# CHECK: func.call @{{.*}}mul2{{.*}}(%[[X]], %[[Y]])
# CHECK: kdsl.tile_reduce %[[T]] axis 1 : <8x8xf32> -> <8xf32>
# CHECK: arith.addf
# CHECK: kdsl.tile_splat %{{.*}} : <8xf32>
# CHECK: kdsl.tile_arg_reduce %[[T]] : <8x8xf32> -> <1xi32>
# CHECK: kdsl.tile_reshape %[[T]] : <8x8xf32> -> <64xf32>
# CHECK: %[[R2:.*]] = kdsl.tile_reshape %[[T]] : <8x8xf32> -> <1x64xf32>
# CHECK: kdsl.tile_reshape %[[R2]] : <1x64xf32> -> <64xf32>
# CHECK: kdsl.tile_map %{{.*}} : !kdsl.tile<64xf32> -> <64xf16>
# CHECK: arith.truncf
@wp.kernel
def reductions(x: wp.array2d(dtype=float), out: wp.array(dtype=float), idx: wp.array(dtype=int)):
    t = wp.tile_load(x, shape=(N, N))
    lo = wp.tile_min(t)
    hi = wp.tile_max(t)
    am = wp.tile_argmax(t)
    p = wp.tile_reduce(mul2, t)
    q = wp.tile_reduce(wp.add, t, axis=1)
    e = wp.tile_empty(shape=(N,), dtype=float)
    out[0] = lo[0] + hi[0] + p[0] + q[0] + e[0]
    idx[0] = am[0] + wp.tile_argmin(t)[0]
    r = wp.tile_reshape(t, shape=(N * N,))
    sq = wp.tile_squeeze(wp.tile_reshape(t, shape=(1, N * N)))
    h = wp.tile_astype(r, dtype=wp.float16)
    out[1] = sq[2] + float(h[3])


# CHECK-LABEL: kdsl.kernel @linalg
# CHECK: %[[A:.*]] = kdsl.tile_load %A
# CHECK: %[[D:.*]] = kdsl.tile_load %b
# CHECK: %[[A1:.*]] = kdsl.tile_diag_add %[[A]], %[[D]] : <8x8xf64>, <8xf64>
# CHECK: %[[L:.*]] = kdsl.tile_cholesky %[[A1]] : <8x8xf64>
# CHECK: %[[Y:.*]] = kdsl.tile_triangular_solve %[[L]], %[[D]] : <8x8xf64>, <8xf64>
# CHECK: %[[LT:.*]] = kdsl.tile_transpose %[[L]]
# CHECK: %[[Z:.*]] = kdsl.tile_triangular_solve %[[LT]], %[[Y]] upper : <8x8xf64>, <8xf64>
# CHECK: %[[S:.*]] = kdsl.tile_cholesky_solve %[[L]], %[[D]] : <8x8xf64>, <8xf64>
# CHECK: %[[U:.*]] = kdsl.tile_cholesky %[[A1]] upper : <8x8xf64>
# CHECK: %[[Z2:.*]] = kdsl.tile_triangular_solve %[[L]], %[[Z]] : <8x8xf64>, <8xf64>
# CHECK: %[[S2:.*]] = kdsl.tile_cholesky_solve %[[U]], %[[S]] upper : <8x8xf64>, <8xf64>
# CHECK: %[[L2:.*]] = kdsl.tile_matmul %[[L]], %[[U]], %[[L]] {alpha = -1.000000e+00 : f64, beta = 5.000000e-01 : f64}
# CHECK: kdsl.tile_map %[[Z2]], %[[S2]]
# CHECK: kdsl.tile_store %[[L2]], %A
@wp.kernel
def linalg(A: wp.array2d(dtype=wp.float64), b: wp.array(dtype=wp.float64), x: wp.array(dtype=wp.float64)):
    a = wp.tile_load(A, shape=(N, N))
    d = wp.tile_load(b, shape=N)
    a = wp.tile_diag_add(a, d)
    L = wp.tile_cholesky(a)
    y = wp.tile_lower_solve(L, d)
    z = wp.tile_upper_solve(wp.tile_transpose(L), y)
    s = wp.tile_cholesky_solve(L, d)
    wp.tile_cholesky_inplace(a, fill_mode="upper")
    wp.tile_lower_solve_inplace(L, z)
    wp.tile_cholesky_solve_inplace(a, s, fill_mode="upper")
    wp.tile_matmul(L, a, L, alpha=-1.0, beta=0.5)
    wp.tile_store(x, z + s)
    wp.tile_store(A, L)


# tile_fft / tile_ifft work in place: the local is rebound to the result.
# CHECK-LABEL: kdsl.kernel @fft
# CHECK: %[[T:.*]] = kdsl.tile_load %x{{.*}} -> <1x64xvector<2xf32>>
# CHECK: %[[F:.*]] = kdsl.tile_fft %[[T]] : <1x64xvector<2xf32>>
# CHECK: %[[I:.*]] = kdsl.tile_fft %[[F]] inverse : <1x64xvector<2xf32>>
# CHECK: kdsl.tile_store %[[I]], %y
@wp.kernel
def fft(x: wp.array2d(dtype=wp.vec2f), y: wp.array2d(dtype=wp.vec2f)):
    i = wp.tid()
    t = wp.tile_load(x, shape=(1, 64), offset=(i, 0))
    wp.tile_fft(t)
    wp.tile_ifft(t)
    wp.tile_store(y, t, offset=(i, 0))


# wp.tile(x): the last extent is the block dimension (? in the type).
# CHECK-LABEL: kdsl.kernel @lanes
# CHECK: %[[T:.*]] = kdsl.tile_from_lanes %{{.*}} : f32 -> <?xf32>
# CHECK: kdsl.tile_reduce %[[T]] : <?xf32> -> <1xf32>
# CHECK: %[[TV:.*]] = kdsl.tile_from_lanes %{{.*}} : vector<3xf32> -> <3x?xf32>
# CHECK: %[[TP:.*]] = kdsl.tile_from_lanes %{{.*}} : vector<3xf32> -> <?xvector<3xf32>>
# CHECK: %[[M:.*]] = kdsl.tile_map %[[T]] : !kdsl.tile<?xf32> -> <?xf32>
# CHECK: kdsl.tile_to_lanes %[[M]] : <?xf32> -> f32
# CHECK: kdsl.tile_to_lanes %[[TV]] : <3x?xf32> -> vector<3xf32>
# CHECK: kdsl.tile_to_lanes %[[TP]] : <?xvector<3xf32>> -> vector<3xf32>
@wp.kernel
def lanes(x: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=float), outv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    t = wp.tile(x[i])
    s = wp.tile_sum(t)
    tv = wp.tile(v[i])
    tp = wp.tile(v[i], preserve_type=True)
    out[i] = wp.untile(t * 2.0) + s[0]
    outv[i] = wp.untile(tv) + wp.untile(tp)


# CHECK-LABEL: kdsl.kernel @scans_sort
# CHECK: %[[K:.*]], %[[V:.*]] = kdsl.tile_sort %{{.*}}, %{{.*}} : <32xf32>, <32xi32>
# CHECK: %[[A:.*]] = kdsl.tile_scan add %[[V]] : <32xi32>
# CHECK: %[[B:.*]] = kdsl.tile_scan add %[[V]] exclusive : <32xi32>
# CHECK: %[[C:.*]] = kdsl.tile_scan max %[[K]] : <32xf32>
# CHECK: %[[D:.*]] = kdsl.tile_from_thread %{{.*}}, %c0_i32{{.*}} : i32 -> <32xi32>
# CHECK: kdsl.tile_map %[[A]], %[[B]]
# CHECK: kdsl.tile_map %[[K]], %[[C]]
# CHECK: arith.mulf
# CHECK: kdsl.tile_reduce
@wp.kernel
def scans_sort(keys: wp.array(dtype=float), vals: wp.array(dtype=int), out: wp.array(dtype=int)):
    _i, j = wp.tid()
    k = wp.tile_load(keys, shape=32)
    v = wp.tile_load(vals, shape=32)
    wp.tile_sort(k, v)
    a = wp.tile_scan_inclusive(v)
    b = wp.tile_scan_exclusive(v)
    c = wp.tile_scan_max_inclusive(k)
    d = wp.tile_from_thread(shape=32, value=vals[j], thread_idx=0)
    wp.tile_axpy(2, a, b)
    e = wp.tile_dot(k, c)
    wp.tile_store(out, b + d + v)
    out[0] = int(e[0])


CAP = wp.constant(64)


# CHECK-LABEL: kdsl.kernel @stacks
# CHECK: %[[S:.*]] = kdsl.tile_stack_alloc : <64, i32>
# CHECK: %[[SLOT:.*]] = kdsl.tile_stack_push %[[S]], %{{.*}}, %{{.*}} : <64, i32>
# CHECK: kdsl.tile_stack_count %[[S]] : <64, i32>
# CHECK: %{{.*}}, %{{.*}} = kdsl.tile_stack_pop %[[S]] : <64, i32>
# CHECK: kdsl.tile_stack_clear %[[S]] : <64, i32>
@wp.kernel
def stacks(out: wp.array(dtype=int), counts: wp.array(dtype=int)):
    _i, j = wp.tid()
    s = wp.tile_stack(capacity=CAP, dtype=int)
    idx = wp.tile_stack_push(s, j * 10, j % 2 == 0)
    counts[j] = wp.tile_stack_count(s) + idx
    val, slot = wp.tile_stack_pop(s)
    if slot != -1:
        out[slot] = val
    wp.tile_stack_clear(s)
