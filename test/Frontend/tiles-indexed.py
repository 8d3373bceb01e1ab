# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# The indexed tile memory ops (issue 30) as kdsl IR: the indices tile, the
# axis (default 0) and the offsets (default 0) of each form.
import warp as wp


# CHECK-LABEL: kdsl.kernel @gather
# CHECK: %[[ROWS:.*]] = kdsl.tile_arange {{.*}} : <2xi32>
# CHECK: kdsl.tile_load_indexed %{{.*}}[%{{.*}}, %{{.*}}] indices %[[ROWS]] axis 0 : <f32, 2>, <2xi32> -> <2x3xf32>
# CHECK: %[[COLS:.*]] = kdsl.tile_arange {{.*}} : <3xi32>
# CHECK: kdsl.tile_store_indexed %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] indices %[[COLS]] axis 1 : <2x3xf32>, <f32, 2>, <3xi32>
# CHECK: kdsl.tile_atomic_add_indexed %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] indices %[[ROWS]] axis 0 : <2x3xf32>, <f32, 2>, <2xi32>
@wp.kernel
def gather(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    i = wp.tid()
    rows = wp.tile_arange(2, dtype=int)
    t = wp.tile_load_indexed(x, rows, (2, 3), offset=(i, 0))
    cols = wp.tile_arange(3, dtype=int)
    wp.tile_store_indexed(y, indices=cols, t=t, axis=1)
    wp.tile_atomic_add_indexed(y, rows, t, (0, i), 0)


# t[idx, :], t[:, idx] and t[idx] (Warp's tile_slice_indexed) are gathers.
# CHECK-LABEL: kdsl.kernel @gathers
# CHECK: %[[T:.*]] = kdsl.tile_load {{.*}} -> <4x3xf32>
# CHECK: %[[I:.*]] = kdsl.tile_load {{.*}} -> <2xi32>
# CHECK: kdsl.tile_gather %[[T]] indices %[[I]] axis 0 : <4x3xf32>, <2xi32> -> <2x3xf32>
# CHECK: kdsl.tile_gather %[[T]] indices %[[I]] axis 1 : <4x3xf32>, <2xi32> -> <4x2xf32>
# CHECK: kdsl.tile_gather %[[T]] indices %[[I]] axis 0 : <4x3xf32>, <2xi32> -> <2x3xf32>
@wp.kernel
def gathers(x: wp.array2d(dtype=float), idx: wp.array(dtype=int), y: wp.array2d(dtype=float)):
    t = wp.tile_load(x, shape=(4, 3))
    i = wp.tile_load(idx, shape=2)
    wp.tile_store(y, t[i, :])
    wp.tile_store(y, t[:, i])
    wp.tile_store(y, t[i])
