# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Volume builtins are prelude funcs (Prelude/volume.py), one per value type:
# the generic wp.volume_lookup / volume_sample pick theirs by dtype=,
# wp.volume_store by the value's type, the transforms by vec3 or vec3d
# (Warp's float64 overloads); wp.Volume.LINEAR is the int 1.
import warp as wp


@wp.kernel
def k(
    v: wp.uint64,
    p: wp.array(dtype=wp.vec3d),
    out: wp.array(dtype=wp.vec3d),
    o4: wp.array(dtype=wp.vec4),
    ou: wp.array(dtype=wp.uint32),
):
    t = wp.tid()
    # CHECK-LABEL: kdsl.kernel @k(
    # CHECK: call @wp_volume_index_to_world_d(
    # CHECK: call @wp_volume_world_to_index_d(
    out[t] = wp.volume_world_to_index(v, wp.volume_index_to_world(v, p[t]))
    # CHECK: call @wp_volume_lookup_v4(
    o4[t] = wp.volume_lookup(v, t, 0, 0, dtype=wp.vec4)
    # CHECK: call @wp_volume_store_u(
    wp.volume_store(v, t, 0, 0, wp.uint32(3))
    # CHECK: call @wp_volume_lookup_u(
    ou[t] = wp.volume_lookup(v, t, 0, 0, dtype=wp.uint32)
    # CHECK: %[[MODE:.*]] = arith.constant 1 : i32
    # CHECK: call @wp_volume_sample_v4({{.*}}, %[[MODE]])
    o4[t] = o4[t] + wp.volume_sample(v, wp.vec3(0.5), wp.Volume.LINEAR, dtype=wp.vec4)
