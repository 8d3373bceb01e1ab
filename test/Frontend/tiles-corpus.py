# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=llvm --kernel rand 2>&1 | FileCheck %s --check-prefix=LANES
#
# Forms of Warp 1.16's tile tests that kdsl reads (issue 30): the aligned=
# hint, bitwise operators on integer tiles, tiles of scalars times (or over)
# tiles of vectors, tile_reshape with -1, len() of a tile in wp.static,
# slice() offsets of tile_view, wp.tile[...] annotations of func parameters,
# an index expression that reads a view of another tile, and kernels made by
# factory calls nested in host statements.
from typing import Literal

import warp as wp

TILE_M = wp.constant(8)
TILE_N = wp.constant(4)

# Funcs come first in the module: a tile annotation makes a func generic,
# instantiated per tile type (and a tile of another dtype or shape does not
# match it).
# CHECK-LABEL: func.func private @passthrough_tile_dtype_float32_shape_8_4
# CHECK-SAME: (%{{.*}}: !kdsl.tile<8x4xf32>) -> !kdsl.tile<8x4xf32>
# CHECK-LABEL: func.func private @halve_sum_tile_dtype_float64_shape_16

# `A, B = x, y` at module level binds both names (example_tile_cholesky.py).
np_type, wp_type = "float64", wp.float64


# CHECK-LABEL: kdsl.kernel @aligned
# CHECK: kdsl.tile_load {{.*}} -> <8x4xf32>
# CHECK: kdsl.tile_store
@wp.kernel
def aligned(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(TILE_M, TILE_N), aligned=True)
    wp.tile_store(b, t, aligned=True)


# CHECK-LABEL: kdsl.kernel @bitwise
# CHECK: kdsl.tile_map {{.*}} : !kdsl.tile<32xi32>, !kdsl.tile<32xi32> -> <32xi32>
# CHECK: arith.andi
# CHECK: arith.ori
# CHECK: arith.xori
# CHECK: kdsl.tile_map {{.*}} -> <32xvector<3xi32>>
# CHECK: arith.andi {{.*}} : vector<3xi32>
@wp.kernel
def bitwise(a: wp.array(dtype=wp.uint32), v: wp.array(dtype=wp.vec3ui)):
    s1 = wp.tile_load(a, shape=32)
    s2 = wp.tile_load(a, shape=32, offset=32)
    s1 &= s2
    s3 = (s1 | s2) ^ s2
    wp.tile_store(a, s3)
    v1 = wp.tile_load(v, shape=32)
    wp.tile_store(v, v1 & v1)


# A tile of scalars times a tile of vectors (and back), a tile of vectors
# over a tile of scalars and a scalar over vectors, element-wise.
# CHECK-LABEL: kdsl.kernel @mixed
# CHECK: kdsl.tile_map {{.*}} : !kdsl.tile<8xf32>, !kdsl.tile<8xvector<3xf32>> -> <8xvector<3xf32>>
# CHECK: kdsl.tile_map {{.*}} : !kdsl.tile<8xvector<3xf32>>, !kdsl.tile<8xf32> -> <8xvector<3xf32>>
# CHECK: arith.divf
@wp.kernel
def mixed(s: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    ts = wp.tile_load(s, shape=8)
    tv = wp.tile_load(v, shape=8)
    wp.tile_store(out, ts * tv)
    wp.tile_store(out, tv / ts)
    wp.tile_store(out, ts / tv)


# CHECK-LABEL: kdsl.kernel @reshape_len
# CHECK: kdsl.tile_reshape {{.*}} : <32x1xf32> -> <4x8xf32>
# CHECK: %[[LEN:.*]] = arith.constant 8 : i32
# CHECK: kdsl.store %[[LEN]], %out
@wp.kernel
def reshape_len(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), out: wp.array(dtype=int)):
    a = wp.tile_load(x, shape=(32, 1))
    b = wp.tile_reshape(a, shape=(-1, 8))
    wp.tile_store(y, b)
    c = wp.tile_load(x, shape=(TILE_M, TILE_N))
    out[0] = wp.static(len(c))


# CHECK-LABEL: kdsl.kernel @slice_offsets
# CHECK: kdsl.tile_view %{{.*}}[%{{.*}}] {steps = array<i64: 1>} : <64xf32> -> <63xf32>
# CHECK: kdsl.tile_view %{{.*}}[%{{.*}}] {steps = array<i64: 2>} : <64xf32> -> <3xf32>
# CHECK: kdsl.tile_view %{{.*}}[%{{.*}}, %{{.*}}] {steps = array<i64: 0, 1>} : <8x4xf32> -> <2xf32>
@wp.kernel
def slice_offsets(src: wp.array(dtype=float), src2: wp.array2d(dtype=float), dst: wp.array(dtype=float)):
    t = wp.tile_load(src, shape=64)
    wp.tile_store(dst, wp.tile_view(t, offset=(slice(0, -1, 1),)))
    wp.tile_store(dst, wp.tile_view(t, offset=(slice(-6, None, 2),)))
    u = wp.tile_load(src2, shape=(TILE_M, TILE_N))
    wp.tile_store(dst, wp.tile_view(u, offset=(3, slice(2))))


@wp.func
def passthrough(t: wp.tile[float, Literal[8], Literal[4]]) -> wp.tile[float, Literal[8], Literal[4]]:
    return t


@wp.func
def halve_sum(t: wp.tile[wp_type]):
    return wp.tile_sum(t) * wp_type(0.5)


# CHECK-LABEL: kdsl.kernel @annotated
# CHECK: func.call @passthrough_tile_dtype_float32_shape_8_4
# CHECK: func.call @halve_sum_tile_dtype_float64_shape_16
@wp.kernel
def annotated(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), d: wp.array(dtype=wp_type)):
    t = passthrough(wp.tile_load(a, shape=(TILE_M, TILE_N)))
    wp.tile_store(b, t)
    wp.tile_store(d, halve_sum(wp.tile_load(d, shape=16)))


# t[<an element of a view of another tile>]: the row view's start is that
# element, read before the view (this did not verify).
# CHECK-LABEL: kdsl.kernel @inline_index
# CHECK: %[[IDX:.*]] = kdsl.tile_arange {{.*}} : <8xi32>
# CHECK: %[[EVEN:.*]] = kdsl.tile_view %[[IDX]][%{{.*}}] {steps = array<i64: 2>} : <8xi32> -> <4xi32>
# CHECK: %[[ROW:.*]] = kdsl.tile_extract %[[EVEN]]
# CHECK: kdsl.tile_view %{{.*}}[%{{.*}}, %{{.*}}] {steps = array<i64: 0, 1>} : <8x8xf32> -> <8xf32>
@wp.kernel
def inline_index(src: wp.array2d(dtype=float), dst: wp.array(dtype=float)):
    t = wp.tile_load(src, shape=(8, 8))
    wp.tile_store(dst, t[wp.tile_arange(0, 8, dtype=int)[::2][0]][:])


def create_scan_kernel(tile_dim: int):
    @wp.kernel
    def scan_kernel(input: wp.array2d(dtype=float), output: wp.array2d(dtype=float)):
        i = wp.tid()
        t = wp.tile_load(input[i], shape=tile_dim)
        wp.tile_store(output[i], wp.tile_scan_inclusive(t))

    return scan_kernel


# A factory call inside another call of host code makes an instance, with
# the arguments the source gives (a local of the host function here).
# CHECK-LABEL: kdsl.kernel @scan_kernel
# CHECK: kdsl.tile_scan {{.*}} : <1234xf32>
def test_scan(device):
    N = 1234
    wp.launch_tiled(create_scan_kernel(N), dim=[56], inputs=[None, None], block_dim=64, device=device)


# wp.tile_randi / tile_randf: lane t of the block starts from
# rand_pcg(t + rng) and draws the elements t, t + B, ... in order (Warp's
# tile.h): element e is draw e / B + 1 of lane e % B. (In Python, this
# gives Warp's documented tile_randi example output exactly.) It reads the
# block dimension: a lane-dependent kernel (kdsl-lower-lanes), whose lane
# loops read it from dims[4].
# LANES-NOT: error
# LANES: define {{.*}} @rand_cpu_forward(
# CHECK-LABEL: kdsl.kernel @rand
# CHECK: %[[IDX:.*]] = kdsl.tile_arange {{.*}} : <4xi32>
# CHECK: %[[B:.*]] = kdsl.block_dim
# CHECK: kdsl.tile_map %[[IDX]] : !kdsl.tile<4xi32> -> <4xi32>
# CHECK: arith.remui %{{.*}}, %[[B]]
# CHECK: arith.divui %{{.*}}, %[[B]]
# CHECK: scf.for
# CHECK: kdsl.tile_reshape {{.*}} : <4xi32> -> <2x2xi32>
# CHECK: kdsl.tile_map {{.*}} -> <4xf32>
# CHECK: arith.uitofp
# CHECK: arith.subf
# CHECK: kdsl.tile_reshape {{.*}} : <4xf32> -> <2x2xf32>
@wp.kernel
def rand(seed: int, x: wp.array2d(dtype=int), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    rng = wp.rand_init(seed, i * 2 + j)
    ti = wp.tile_randi(shape=(2, 2), rng=rng)
    tf = wp.tile_randf(shape=(2, 2), rng=rng, min=-5.0, max=5.0)
    wp.tile_store(x, ti, offset=(i * 2, j * 2))
    wp.tile_store(y, tf, offset=(i * 2, j * 2))
