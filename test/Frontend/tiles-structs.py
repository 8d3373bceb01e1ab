# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=llvm --kernel structs -o /dev/null
# RUN: kdsl-translate %s --emit=cpp --kernel structs 2>&1 | FileCheck %s --check-prefix=LOWER
# LOWER: extern "C" void structs_cpu_forward(
# LOWER: extern "C" void structs_cpu_backward(
#
# Tiles of structs (Warp 1.16's test_tile_struct.py), wp.tile_scatter_add /
# tile_scatter_masked and wp.tile_stack(...) func parameters (issue 30), to
# kdsl IR (struct tiles are lowered as buffers of structs, with adjoints:
# docs/design/tiles.md; test/Execution/tile-structs.test runs them).
import warp as wp

TILE_M = wp.constant(8)


@wp.struct
class Inner:
    x: float
    y: wp.vec3


# bool and 8/16-bit integer fields are carried (from the left operand), not
# added, as Warp's struct tiles do.
@wp.struct
class Outer:
    payload: Inner
    flag: wp.bool
    small: wp.int8
    w: wp.float16


@wp.func
def scale(s: Inner) -> Inner:
    out = Inner()
    out.x = s.x + 1.0
    out.y = s.y * 2.0
    return out


# CHECK-LABEL: func.func private @push
# CHECK-SAME: !kdsl.tile_stack<
@wp.func
def push(s: wp.tile_stack(capacity=8, dtype=int), v: int):
    wp.tile_stack_push(s, v, True)


# tile_map returning a struct, + and - (also in place) field by field.
# CHECK-LABEL: kdsl.kernel @structs
# CHECK: %[[T:.*]] = kdsl.tile_load %{{.*}} -> <8x!Inner>
# CHECK: %[[M:.*]] = kdsl.tile_map %[[T]] : !kdsl.tile<8x!Inner> -> <8x!Inner>
# CHECK: func.call @scale
# CHECK: kdsl.tile_map %[[M]], %[[T]] : !kdsl.tile<8x!Inner>, !kdsl.tile<8x!Inner> -> <8x!Inner>
# CHECK: arith.addf {{.*}} : f32
# CHECK: arith.addf {{.*}} : vector<3xf32>
# CHECK: kdsl.struct_create
# CHECK: kdsl.tile_map
# CHECK: arith.subf {{.*}} : f32
# CHECK: arith.subf {{.*}} : vector<3xf32>
# CHECK: kdsl.tile_reduce {{.*}} : <8x!Inner> -> <1x!Inner>
# CHECK: kdsl.tile_atomic_add {{.*}} : <8x!Inner>, <!Inner, 1>
# The sum of Outer: the nested struct's fields and the float16 added, the
# bool and the int8 taken from the first operand.
# CHECK: kdsl.tile_reduce {{.*}} : <8x!Outer> -> <1x!Outer>
# CHECK-NEXT: ^bb0(%[[A:.*]]: !Outer, %[[B:.*]]: !Outer):
# CHECK: arith.addf {{.*}} : vector<3xf32>
# CHECK: %[[FLAG:.*]] = kdsl.struct_extract %[[A]]["flag"]
# CHECK-NEXT: %[[SMALL:.*]] = kdsl.struct_extract %[[A]]["small"]
# CHECK-NEXT: %[[WA:.*]] = kdsl.struct_extract %[[A]]["w"]
# CHECK-NEXT: %[[WB:.*]] = kdsl.struct_extract %[[B]]["w"]
# CHECK-NEXT: %[[W:.*]] = arith.addf %[[WA]], %[[WB]] : f16
# CHECK-NEXT: kdsl.struct_create(%{{.*}}, %[[FLAG]], %[[SMALL]], %[[W]]) : !Outer
@wp.kernel
def structs(
    a: wp.array(dtype=Inner), b: wp.array(dtype=Outer), out: wp.array(dtype=Inner), outb: wp.array(dtype=Outer)
):
    t = wp.tile_load(a, shape=TILE_M)
    m = wp.tile_map(scale, t)
    wp.tile_store(out, m + t)
    d = m - t
    wp.tile_store(out, wp.tile_sum(d))
    wp.tile_atomic_add(out, d)
    u = wp.tile_load(b, shape=TILE_M)
    wp.tile_store(outb, wp.tile_sum(u))


# Every lane with has_value adds (writes) its value at its index; a lane
# without one moves its index past the tile (skipped). t[i] += v of a
# struct tile is the same update.
# CHECK-LABEL: kdsl.kernel @scatter
# CHECK: %[[BINS:.*]] = kdsl.tile_splat {{.*}} : <4xf32>
# CHECK: %[[C4:.*]] = arith.constant 4 : i32
# CHECK: %[[IDX:.*]] = arith.select %{{.*}}, %{{.*}}, %[[C4]] : i32
# CHECK: kdsl.tile_scatter add %[[BINS]][%[[IDX]]], %{{.*}} : <4xf32>
# CHECK: kdsl.tile_scatter exch %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : <2x4xi32>
# CHECK: kdsl.tile_scatter add %{{.*}}[%{{.*}}], %{{.*}} : <8x!Inner>
# CHECK: kdsl.tile_scatter sub %{{.*}}[%{{.*}}], %{{.*}} : <8x!Inner>
# CHECK: kdsl.tile_stack_alloc
# CHECK: func.call @push
@wp.kernel
def scatter(data: wp.array(dtype=float), a: wp.array(dtype=Inner), out: wp.array(dtype=float), outi: wp.array2d(dtype=int), outs: wp.array(dtype=Inner)):
    i = wp.tid()
    bins = wp.tile_zeros(dtype=float, shape=4, storage="shared")
    wp.tile_scatter_add(bins, int(data[i] / 2.0), 1.0, data[i] >= 0.0)
    wp.tile_store(out, bins)
    t = wp.tile_zeros(shape=(2, 4), dtype=int, storage="shared")
    wp.tile_scatter_masked(t, 1, 3, 7, True)
    wp.tile_store(outi, t)
    st = wp.tile_zeros(shape=TILE_M, dtype=Inner, storage="shared")
    wp.tile_scatter_add(st, 0, a[i], True, atomic=False)
    st[1] -= a[i]
    wp.tile_store(outs, st)
    s = wp.tile_stack(capacity=8, dtype=int)
    push(s, 3)
