# kdsl prelude: Warp's hash grid queries (wp.hash_grid_query,
# wp.hash_grid_query_next, wp.hash_grid_point_id), written in the Warp
# language with Warp 1.16's algorithm (warp/native/hashgrid.h): the query
# visits the cells of the box [point - max_dist, point + max_dist] in x, then
# y, then z order (each dimension at most once around the periodic grid) and
# returns every point of each cell, in the grid's sorted order.
#
# A grid id is the address of the header the runtime builds
# (include/kdsl/Runtime/KernelABI.h, `kdsl_hash_grid`; lib/Runtime/HashGrid.cpp),
# read here through wp.array(ptr=...) views, so every target (JIT, C++,
# CUDA C, PTX) reads it with its ordinary array loads:
#
#   uint64 words 0..3: point_ids, cell_starts, cell_ends, point_keys (addresses)
#   float64 word 4:    cell_width_inv
#   int32 words 10..15: dim_x, dim_y, dim_z, num_points, cell_width_inv (float32
#                       bits), has_groups
#
# The query state is the struct hash_grid_query_t (Warp's annotations
# wp.HashGridQuery, wp.HashGridQuery[T], wp.HashGridQueryH/D name it too).
# Nothing here is differentiable: the loops over neighbours carry only
# integers, and the caller's sums over its neighbours' values are.
import warp as wp


@wp.struct
class hash_grid_query_t:
    grid: wp.uint64
    x_start: int
    y_start: int
    z_start: int
    x_end: int
    y_end: int
    z_end: int
    x: int
    y: int
    z: int
    cell_index: int
    cell_end: int
    group: int
    filter_by_group: int


@wp.func
def _hg_word(grid: wp.uint64, k: int) -> int:
    return wp.array(ptr=grid, shape=16, dtype=wp.int32)[k]


@wp.func
def _hg_addr(grid: wp.uint64, k: int) -> wp.uint64:
    return wp.array(ptr=grid, shape=8, dtype=wp.uint64)[k]


@wp.func
def _hg_cell(grid: wp.uint64, x: int, y: int, z: int) -> int:
    # Warp's hash_grid_index: shift by 2^20 cells, clamp at 0, wrap by the dims.
    dim_x = _hg_word(grid, 10)
    dim_y = _hg_word(grid, 11)
    dim_z = _hg_word(grid, 12)
    cx = wp.max(0, x + 1048576) % dim_x
    cy = wp.max(0, y + 1048576) % dim_y
    cz = wp.max(0, z + 1048576) % dim_z
    return cz * (dim_x * dim_y) + cy * dim_x + cx


@wp.func
def _hg_lower_bound(keys: wp.array(dtype=wp.uint64), lo: int, hi: int, key: wp.uint64) -> int:
    first = lo
    last = hi
    while first < last:
        mid = first + (last - first) // 2
        if keys[mid] < key:
            first = mid + 1
        else:
            last = mid
    return first


@wp.func
def _hg_set_cell(query: hash_grid_query_t) -> hash_grid_query_t:
    q = query
    grid = q.grid
    cell = _hg_cell(grid, q.x, q.y, q.z)
    num_cells = _hg_word(grid, 10) * _hg_word(grid, 11) * _hg_word(grid, 12)
    start = wp.array(ptr=_hg_addr(grid, 1), shape=num_cells, dtype=wp.int32)[cell]
    end = wp.array(ptr=_hg_addr(grid, 2), shape=num_cells, dtype=wp.int32)[cell]
    if q.filter_by_group != 0 and _hg_word(grid, 15) != 0:
        # The group's points are a key-sorted sub-range of the cell.
        keys = wp.array(ptr=_hg_addr(grid, 3), shape=_hg_word(grid, 13), dtype=wp.uint64)
        key = (wp.uint64(cell) << wp.uint64(32)) | wp.uint64(wp.uint32(q.group))
        start = _hg_lower_bound(keys, start, end, key)
        end = _hg_lower_bound(keys, start, end, key + wp.uint64(1))
    q.cell_index = start
    q.cell_end = end
    return q


@wp.func
def _hg_start(
    grid: wp.uint64, xs: int, ys: int, zs: int, xe: int, ye: int, ze: int, group: int, filter_by_group: int
) -> hash_grid_query_t:
    q = hash_grid_query_t()
    q.grid = grid
    q.group = group
    q.filter_by_group = filter_by_group
    if grid == wp.uint64(0):
        return q  # no grid: an empty query (cell_index == cell_end, z past z_end)
    q.x_start = xs
    q.y_start = ys
    q.z_start = zs
    # Visit no cell twice: at most one pass over each dimension.
    q.x_end = wp.min(xe, xs + _hg_word(grid, 10) - 1)
    q.y_end = wp.min(ye, ys + _hg_word(grid, 11) - 1)
    q.z_end = wp.min(ze, zs + _hg_word(grid, 12) - 1)
    q.x = xs
    q.y = ys
    q.z = zs
    if _hg_addr(grid, 0) == wp.uint64(0):
        return q  # never built
    return _hg_set_cell(q)


@wp.func
def _hg_inv_f(grid: wp.uint64) -> wp.float32:
    if grid == wp.uint64(0):
        return wp.float32(0.0)
    return wp.array(ptr=grid, shape=16, dtype=wp.float32)[14]


@wp.func
def _hg_inv_d(grid: wp.uint64) -> wp.float64:
    if grid == wp.uint64(0):
        return wp.float64(0.0)
    return wp.array(ptr=grid, shape=8, dtype=wp.float64)[4]


@wp.func
def hash_grid_query(id: wp.uint64, point: wp.vec3f, max_dist: wp.float32) -> hash_grid_query_t:
    inv = _hg_inv_f(id)
    return _hg_start(
        id,
        int(wp.floor((point[0] - max_dist) * inv)),
        int(wp.floor((point[1] - max_dist) * inv)),
        int(wp.floor((point[2] - max_dist) * inv)),
        int(wp.floor((point[0] + max_dist) * inv)),
        int(wp.floor((point[1] + max_dist) * inv)),
        int(wp.floor((point[2] + max_dist) * inv)),
        0,
        0,
    )


@wp.func
def hash_grid_query_group(id: wp.uint64, point: wp.vec3f, max_dist: wp.float32, group: int) -> hash_grid_query_t:
    q = hash_grid_query(id, point, max_dist)
    q.group = group
    q.filter_by_group = 1
    if q.grid != wp.uint64(0):
        if _hg_addr(q.grid, 0) != wp.uint64(0):
            q = _hg_set_cell(q)
    return q


@wp.func
def hash_grid_query_h(id: wp.uint64, point: wp.vec3h, max_dist: wp.float16) -> hash_grid_query_t:
    inv = wp.float16(_hg_inv_f(id))
    return _hg_start(
        id,
        int(wp.floor((point[0] - max_dist) * inv)),
        int(wp.floor((point[1] - max_dist) * inv)),
        int(wp.floor((point[2] - max_dist) * inv)),
        int(wp.floor((point[0] + max_dist) * inv)),
        int(wp.floor((point[1] + max_dist) * inv)),
        int(wp.floor((point[2] + max_dist) * inv)),
        0,
        0,
    )


@wp.func
def hash_grid_query_group_h(
    id: wp.uint64, point: wp.vec3h, max_dist: wp.float16, group: int
) -> hash_grid_query_t:
    q = hash_grid_query_h(id, point, max_dist)
    q.group = group
    q.filter_by_group = 1
    if q.grid != wp.uint64(0):
        if _hg_addr(q.grid, 0) != wp.uint64(0):
            q = _hg_set_cell(q)
    return q


@wp.func
def hash_grid_query_d(id: wp.uint64, point: wp.vec3d, max_dist: wp.float64) -> hash_grid_query_t:
    inv = _hg_inv_d(id)
    return _hg_start(
        id,
        int(wp.floor((point[0] - max_dist) * inv)),
        int(wp.floor((point[1] - max_dist) * inv)),
        int(wp.floor((point[2] - max_dist) * inv)),
        int(wp.floor((point[0] + max_dist) * inv)),
        int(wp.floor((point[1] + max_dist) * inv)),
        int(wp.floor((point[2] + max_dist) * inv)),
        0,
        0,
    )


@wp.func
def hash_grid_query_group_d(
    id: wp.uint64, point: wp.vec3d, max_dist: wp.float64, group: int
) -> hash_grid_query_t:
    q = hash_grid_query_d(id, point, max_dist)
    q.group = group
    q.filter_by_group = 1
    if q.grid != wp.uint64(0):
        if _hg_addr(q.grid, 0) != wp.uint64(0):
            q = _hg_set_cell(q)
    return q


@wp.func
def hash_grid_query_next(query: wp.ref[hash_grid_query_t], index: wp.ref[int]) -> bool:
    grid = query.grid
    if grid == wp.uint64(0):
        return False
    ids_addr = _hg_addr(grid, 0)
    if ids_addr == wp.uint64(0):
        return False
    ids = wp.array(ptr=ids_addr, shape=_hg_word(grid, 13), dtype=wp.int32)
    while True:
        if query.cell_index < query.cell_end:
            index = ids[query.cell_index]
            query.cell_index = query.cell_index + 1
            return True
        query.x = query.x + 1
        if query.x > query.x_end:
            query.x = query.x_start
            query.y = query.y + 1
        if query.y > query.y_end:
            query.y = query.y_start
            query.z = query.z + 1
        if query.z > query.z_end:
            return False
        query = _hg_set_cell(query)
    return False


@wp.func
def hash_grid_point_id(id: wp.uint64, index: int) -> int:
    if id == wp.uint64(0):
        return -1
    ids_addr = _hg_addr(id, 0)
    if ids_addr == wp.uint64(0):
        return -1
    return wp.array(ptr=ids_addr, shape=_hg_word(id, 13), dtype=wp.int32)[index]
