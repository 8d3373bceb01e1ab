# Kernels of test/Execution/hash-grid-precisions.test: neighbour counts over
# hash grids built from float16 and float64 points (wp.hash_grid_query's
# vec3h and vec3d overloads).
import warp as wp


@wp.kernel
def count_h(grid: wp.uint64, x: wp.array(dtype=wp.vec3h), r: wp.float16, counts: wp.array(dtype=int)):
    tid = wp.tid()
    i = wp.hash_grid_point_id(grid, tid)
    p = x[i]
    n = int(0)
    for j in wp.hash_grid_query(grid, p, r):
        if wp.length(p - x[j]) <= r:
            n += 1
    counts[i] = n


@wp.kernel
def count_d(grid: wp.uint64, x: wp.array(dtype=wp.vec3d), r: wp.float64, counts: wp.array(dtype=int)):
    tid = wp.tid()
    i = wp.hash_grid_point_id(grid, tid)
    p = x[i]
    n = int(0)
    for j in wp.hash_grid_query(grid, p, r):
        if wp.length(p - x[j]) <= r:
            n += 1
    counts[i] = n
