# kdsl prelude: Warp's volume builtins (wp.volume_sample*, wp.volume_lookup*,
# wp.volume_store*, the index-grid forms, wp.volume_voxel_count and the
# index/world transforms), written in the Warp language.
#
# A volume id is the address of the header the runtime builds from a NanoVDB
# grid (include/kdsl/Runtime/KernelABI.h, `kdsl_volume`;
# lib/Runtime/Volume.cpp), read here through wp.array(ptr=...) views, so
# every target (JIT, C++, CUDA C, PTX) reads it with its ordinary loads and
# no NanoVDB code runs in kernels:
#
#   uint64 words 0..3:    values, block_map, tile_values, voxel_index
#   float64 words 4..24:  mat_d[9], inv_mat_d[9], vec_d[3]
#   float32 words 50..70: mat_f[9], inv_mat_f[9], vec_f[3]
#   int32 words 71..79:   block_min[3], block_dims[3], value_type,
#                         num_leaves, voxel_count
#
# A voxel's "slot": >= 0, a leaf voxel (values[slot]); < 0, the tile
# -1 - slot (tile_values; tile 0 is the background), as NanoVDB's
# get_value_address finds a leaf's value, a tile's or the background.
# Sampling follows Warp 1.16 (warp/native/volume.h): CLOSEST reads the voxel
# round(uvw) (half away from zero), LINEAR the trilinear sum of the 8 voxels
# around uvw in the order (0,0,0), (0,0,1), ..., (1,1,1) with float32
# weights; a volume of another value type reads 0, volume_store writes leaf
# voxels only. The adjoints (w.r.t. the position) come from differentiating
# these funcs.
#
# One func per value type (suffixes f, d, i, l, u, v, vd, v4, v4d); the
# generic wp.volume_sample/lookup/store/sample_grad pick theirs by dtype
# (SemaPrelude.cpp).
import warp as wp
from typing import Any


@wp.func
def _vol_addr(id: wp.uint64, k: int) -> wp.uint64:
    return wp.array(ptr=id, shape=4, dtype=wp.uint64)[k]


@wp.func
def _vol_word(id: wp.uint64, k: int) -> int:
    return wp.array(ptr=id, shape=80, dtype=wp.int32)[k]


@wp.func
def _vol_type(id: wp.uint64) -> int:
    if id == wp.uint64(0):
        return -1
    return _vol_word(id, 77)


@wp.func
def _vol_slot(id: wp.uint64, i: int, j: int, k: int) -> int:
    bx = (i >> 3) - _vol_word(id, 71)
    by = (j >> 3) - _vol_word(id, 72)
    bz = (k >> 3) - _vol_word(id, 73)
    dx = _vol_word(id, 74)
    dy = _vol_word(id, 75)
    dz = _vol_word(id, 76)
    if bx < 0 or by < 0 or bz < 0 or bx >= dx or by >= dy or bz >= dz:
        return -1  # outside the box: the background
    b = wp.array(ptr=_vol_addr(id, 1), shape=dx * dy * dz, dtype=wp.int32)[(bx * dy + by) * dz + bz]
    if b < 0:
        return b
    return b * 512 + (((i & 7) << 6) | ((j & 7) << 3) | (k & 7))


@wp.func
def _vol_weight(o: int, t: float) -> float:
    if o == 0:
        return 1.0 - t
    return t


@wp.func
def _vol_sign(o: int) -> float:
    return float(o * 2 - 1)


@wp.func
def volume_voxel_count(id: wp.uint64) -> int:
    if id == wp.uint64(0):
        return 0
    return _vol_word(id, 79)


@wp.func
def volume_lookup_index(id: wp.uint64, i: int, j: int, k: int) -> int:
    # Warp's voxel index: an index grid's number of the voxel, a value
    # grid's leaf * 512 + offset; -1 outside the leaves.
    if id == wp.uint64(0):
        return -1
    slot = _vol_slot(id, i, j, k)
    if slot < 0:
        return -1
    index = _vol_addr(id, 3)
    if index == wp.uint64(0):
        return slot
    return wp.array(ptr=index, shape=slot + 1, dtype=wp.int32)[slot]


@wp.func
def _vol_index_read(id: wp.uint64, i: int, j: int, k: int, voxel_data: wp.array(dtype=Any), background: Any):
    n = volume_lookup_index(id, i, j, k)
    if n >= 0:
        return voxel_data[n]
    return background


@wp.func
def volume_sample_index(
    id: wp.uint64, uvw: wp.vec3, sampling_mode: int, voxel_data: wp.array(dtype=Any), background: Any
):
    if sampling_mode == 0:
        return _vol_index_read(
            id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2])), voxel_data, background
        )
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = (1.0 - tx) * (1.0 - ty) * (1.0 - tz) * _vol_index_read(id, i, j, k, voxel_data, background)
    for n in range(1, 8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + w * _vol_index_read(id, i + oi, j + oj, k + ok, voxel_data, background)
    if sampling_mode != 1:
        val = val - val
    return val


@wp.func
def _vol_read_f(id: wp.uint64, slot: int) -> float:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=float)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=float)[-1 - slot]


@wp.func
def volume_lookup_f(id: wp.uint64, i: int, j: int, k: int) -> float:
    if _vol_type(id) != 1:
        return float(0.0)
    return _vol_read_f(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_f(id: wp.uint64, i: int, j: int, k: int, value: float):
    if _vol_type(id) == 1:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=float)[slot] = value


@wp.func
def volume_sample_f(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> float:
    if _vol_type(id) != 1:
        return float(0.0)
    if sampling_mode == 0:
        return _vol_read_f(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return float(0.0)
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = float(0.0)
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + w * _vol_read_f(id, _vol_slot(id, i + oi, j + oj, k + ok))
    return val


@wp.func
def _vol_read_d(id: wp.uint64, slot: int) -> wp.float64:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.float64)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.float64)[-1 - slot]


@wp.func
def volume_lookup_d(id: wp.uint64, i: int, j: int, k: int) -> wp.float64:
    if _vol_type(id) != 2:
        return wp.float64(0.0)
    return _vol_read_d(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_d(id: wp.uint64, i: int, j: int, k: int, value: wp.float64):
    if _vol_type(id) == 2:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.float64)[slot] = value


@wp.func
def volume_sample_d(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.float64:
    if _vol_type(id) != 2:
        return wp.float64(0.0)
    if sampling_mode == 0:
        return _vol_read_d(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return wp.float64(0.0)
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = wp.float64(0.0)
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + wp.float64(w) * _vol_read_d(id, _vol_slot(id, i + oi, j + oj, k + ok))
    return val


@wp.func
def _vol_read_i(id: wp.uint64, slot: int) -> int:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=int)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=int)[-1 - slot]


@wp.func
def volume_lookup_i(id: wp.uint64, i: int, j: int, k: int) -> int:
    if _vol_type(id) != 3:
        return int(0)
    return _vol_read_i(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_i(id: wp.uint64, i: int, j: int, k: int, value: int):
    if _vol_type(id) == 3:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=int)[slot] = value


@wp.func
def volume_sample_i(id: wp.uint64, uvw: wp.vec3) -> int:
    if _vol_type(id) != 3:
        return int(0)
    return _vol_read_i(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))


@wp.func
def volume_sample_i_mode(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> int:
    # Warp's generic volume_sample on an integer volume: CLOSEST only.
    if sampling_mode != 0:
        return int(0)
    return volume_sample_i(id, uvw)


@wp.func
def _vol_read_l(id: wp.uint64, slot: int) -> wp.int64:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.int64)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.int64)[-1 - slot]


@wp.func
def volume_lookup_l(id: wp.uint64, i: int, j: int, k: int) -> wp.int64:
    if _vol_type(id) != 4:
        return wp.int64(0)
    return _vol_read_l(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_l(id: wp.uint64, i: int, j: int, k: int, value: wp.int64):
    if _vol_type(id) == 4:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.int64)[slot] = value


@wp.func
def volume_sample_l(id: wp.uint64, uvw: wp.vec3) -> wp.int64:
    if _vol_type(id) != 4:
        return wp.int64(0)
    return _vol_read_l(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))


@wp.func
def volume_sample_l_mode(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.int64:
    # Warp's generic volume_sample on an integer volume: CLOSEST only.
    if sampling_mode != 0:
        return wp.int64(0)
    return volume_sample_l(id, uvw)


@wp.func
def _vol_read_u(id: wp.uint64, slot: int) -> wp.uint32:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.uint32)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.uint32)[-1 - slot]


@wp.func
def volume_lookup_u(id: wp.uint64, i: int, j: int, k: int) -> wp.uint32:
    if _vol_type(id) != 5:
        return wp.uint32(0)
    return _vol_read_u(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_u(id: wp.uint64, i: int, j: int, k: int, value: wp.uint32):
    if _vol_type(id) == 5:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.uint32)[slot] = value


@wp.func
def volume_sample_u(id: wp.uint64, uvw: wp.vec3) -> wp.uint32:
    if _vol_type(id) != 5:
        return wp.uint32(0)
    return _vol_read_u(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))


@wp.func
def volume_sample_u_mode(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.uint32:
    # Warp's generic volume_sample on an integer volume: CLOSEST only.
    if sampling_mode != 0:
        return wp.uint32(0)
    return volume_sample_u(id, uvw)


@wp.func
def _vol_read_v(id: wp.uint64, slot: int) -> wp.vec3:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec3)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.vec3)[-1 - slot]


@wp.func
def volume_lookup_v(id: wp.uint64, i: int, j: int, k: int) -> wp.vec3:
    if _vol_type(id) != 6:
        return wp.vec3(0.0)
    return _vol_read_v(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_v(id: wp.uint64, i: int, j: int, k: int, value: wp.vec3):
    if _vol_type(id) == 6:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec3)[slot] = value


@wp.func
def volume_sample_v(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.vec3:
    if _vol_type(id) != 6:
        return wp.vec3(0.0)
    if sampling_mode == 0:
        return _vol_read_v(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return wp.vec3(0.0)
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = wp.vec3(0.0)
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + w * _vol_read_v(id, _vol_slot(id, i + oi, j + oj, k + ok))
    return val


@wp.func
def _vol_read_vd(id: wp.uint64, slot: int) -> wp.vec3d:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec3d)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.vec3d)[-1 - slot]


@wp.func
def volume_lookup_vd(id: wp.uint64, i: int, j: int, k: int) -> wp.vec3d:
    if _vol_type(id) != 7:
        return wp.vec3d()
    return _vol_read_vd(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_vd(id: wp.uint64, i: int, j: int, k: int, value: wp.vec3d):
    if _vol_type(id) == 7:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec3d)[slot] = value


@wp.func
def volume_sample_vd(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.vec3d:
    if _vol_type(id) != 7:
        return wp.vec3d()
    if sampling_mode == 0:
        return _vol_read_vd(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return wp.vec3d()
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = wp.vec3d()
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + wp.float64(w) * _vol_read_vd(id, _vol_slot(id, i + oi, j + oj, k + ok))
    return val


@wp.func
def _vol_read_v4(id: wp.uint64, slot: int) -> wp.vec4:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec4)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.vec4)[-1 - slot]


@wp.func
def volume_lookup_v4(id: wp.uint64, i: int, j: int, k: int) -> wp.vec4:
    if _vol_type(id) != 8:
        return wp.vec4(0.0)
    return _vol_read_v4(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_v4(id: wp.uint64, i: int, j: int, k: int, value: wp.vec4):
    if _vol_type(id) == 8:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec4)[slot] = value


@wp.func
def volume_sample_v4(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.vec4:
    if _vol_type(id) != 8:
        return wp.vec4(0.0)
    if sampling_mode == 0:
        return _vol_read_v4(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return wp.vec4(0.0)
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = wp.vec4(0.0)
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + w * _vol_read_v4(id, _vol_slot(id, i + oi, j + oj, k + ok))
    return val


@wp.func
def _vol_read_v4d(id: wp.uint64, slot: int) -> wp.vec4d:
    if slot >= 0:
        return wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec4d)[slot]
    return wp.array(ptr=_vol_addr(id, 2), shape=-slot, dtype=wp.vec4d)[-1 - slot]


@wp.func
def volume_lookup_v4d(id: wp.uint64, i: int, j: int, k: int) -> wp.vec4d:
    if _vol_type(id) != 9:
        return wp.vec4d()
    return _vol_read_v4d(id, _vol_slot(id, i, j, k))


@wp.func
def volume_store_v4d(id: wp.uint64, i: int, j: int, k: int, value: wp.vec4d):
    if _vol_type(id) == 9:
        slot = _vol_slot(id, i, j, k)
        if slot >= 0:
            wp.array(ptr=_vol_addr(id, 0), shape=slot + 1, dtype=wp.vec4d)[slot] = value


@wp.func
def volume_sample_v4d(id: wp.uint64, uvw: wp.vec3, sampling_mode: int) -> wp.vec4d:
    if _vol_type(id) != 9:
        return wp.vec4d()
    if sampling_mode == 0:
        return _vol_read_v4d(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return wp.vec4d()
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = wp.vec4d()
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        w = _vol_weight(oi, tx) * _vol_weight(oj, ty) * _vol_weight(ok, tz)
        val = val + wp.float64(w) * _vol_read_v4d(id, _vol_slot(id, i + oi, j + oj, k + ok))
    return val


@wp.func
def volume_sample_grad_f(id: wp.uint64, uvw: wp.vec3, sampling_mode: int, grad: wp.ref[wp.vec3]) -> float:
    grad = wp.vec3(0.0)
    if _vol_type(id) != 1:
        return float(0.0)
    if sampling_mode == 0:
        return _vol_read_f(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return float(0.0)
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = float(0.0)
    g = wp.vec3(0.0)
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        wx = _vol_weight(oi, tx)
        wy = _vol_weight(oj, ty)
        wz = _vol_weight(ok, tz)
        v = _vol_read_f(id, _vol_slot(id, i + oi, j + oj, k + ok))
        gw = wp.vec3(_vol_sign(oi) * wy * wz, _vol_sign(oj) * wx * wz, _vol_sign(ok) * wx * wy)
        val = val + wx * wy * wz * v
        g = g + v * gw
    grad = g
    return val


@wp.func
def volume_sample_grad_v(id: wp.uint64, uvw: wp.vec3, sampling_mode: int, grad: wp.ref[wp.mat33]) -> wp.vec3:
    grad = wp.mat33(0.0)
    if _vol_type(id) != 6:
        return wp.vec3(0.0)
    if sampling_mode == 0:
        return _vol_read_v(id, _vol_slot(id, int(wp.round(uvw[0])), int(wp.round(uvw[1])), int(wp.round(uvw[2]))))
    if sampling_mode != 1:
        return wp.vec3(0.0)
    fx = wp.floor(uvw[0])
    fy = wp.floor(uvw[1])
    fz = wp.floor(uvw[2])
    i = int(fx)
    j = int(fy)
    k = int(fz)
    tx = uvw[0] - fx
    ty = uvw[1] - fy
    tz = uvw[2] - fz
    val = wp.vec3(0.0)
    g = wp.mat33(0.0)
    for n in range(8):
        oi = n >> 2
        oj = (n >> 1) & 1
        ok = n & 1
        wx = _vol_weight(oi, tx)
        wy = _vol_weight(oj, ty)
        wz = _vol_weight(ok, tz)
        v = _vol_read_v(id, _vol_slot(id, i + oi, j + oj, k + ok))
        gw = wp.vec3(_vol_sign(oi) * wy * wz, _vol_sign(oj) * wx * wz, _vol_sign(ok) * wx * wy)
        val = val + wx * wy * wz * v
        g = g + wp.outer(v, gw)
    grad = g
    return val


@wp.func
def _vol_map(id: wp.uint64, m: int, x: wp.vec3, translate: bool) -> wp.vec3:
    a = wp.array(ptr=id, shape=80, dtype=wp.float32)
    r0 = x[0] * a[m] + x[1] * a[m + 1] + x[2] * a[m + 2]
    r1 = x[0] * a[m + 3] + x[1] * a[m + 4] + x[2] * a[m + 5]
    r2 = x[0] * a[m + 6] + x[1] * a[m + 7] + x[2] * a[m + 8]
    if translate:
        r0 = r0 + a[68]
        r1 = r1 + a[69]
        r2 = r2 + a[70]
    return wp.vec3(r0, r1, r2)


@wp.func
def volume_index_to_world(id: wp.uint64, uvw: wp.vec3) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3()
    return _vol_map(id, 50, uvw, True)


@wp.func
def volume_index_to_world_dir(id: wp.uint64, uvw: wp.vec3) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3()
    return _vol_map(id, 50, uvw, False)


@wp.func
def volume_world_to_index(id: wp.uint64, xyz: wp.vec3) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3()
    a = wp.array(ptr=id, shape=80, dtype=wp.float32)
    return _vol_map(id, 59, xyz - wp.vec3(a[68], a[69], a[70]), False)


@wp.func
def volume_world_to_index_dir(id: wp.uint64, xyz: wp.vec3) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3()
    return _vol_map(id, 59, xyz, False)


@wp.func
def _vol_map_d(id: wp.uint64, m: int, x: wp.vec3d, translate: bool) -> wp.vec3d:
    a = wp.array(ptr=id, shape=40, dtype=wp.float64)
    r0 = x[0] * a[m] + x[1] * a[m + 1] + x[2] * a[m + 2]
    r1 = x[0] * a[m + 3] + x[1] * a[m + 4] + x[2] * a[m + 5]
    r2 = x[0] * a[m + 6] + x[1] * a[m + 7] + x[2] * a[m + 8]
    if translate:
        r0 = r0 + a[22]
        r1 = r1 + a[23]
        r2 = r2 + a[24]
    return wp.vec3d(r0, r1, r2)


@wp.func
def volume_index_to_world_d(id: wp.uint64, uvw: wp.vec3d) -> wp.vec3d:
    if id == wp.uint64(0):
        return wp.vec3d()
    return _vol_map_d(id, 4, uvw, True)


@wp.func
def volume_index_to_world_dir_d(id: wp.uint64, uvw: wp.vec3d) -> wp.vec3d:
    if id == wp.uint64(0):
        return wp.vec3d()
    return _vol_map_d(id, 4, uvw, False)


@wp.func
def volume_world_to_index_d(id: wp.uint64, xyz: wp.vec3d) -> wp.vec3d:
    if id == wp.uint64(0):
        return wp.vec3d()
    a = wp.array(ptr=id, shape=40, dtype=wp.float64)
    return _vol_map_d(id, 13, xyz - wp.vec3d(a[22], a[23], a[24]), False)


@wp.func
def volume_world_to_index_dir_d(id: wp.uint64, xyz: wp.vec3d) -> wp.vec3d:
    if id == wp.uint64(0):
        return wp.vec3d()
    return _vol_map_d(id, 13, xyz, False)
