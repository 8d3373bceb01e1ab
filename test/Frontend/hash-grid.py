# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Hash grid queries (docs/language.md 8.9a): prelude funcs over the struct
# hash_grid_query_t. `while wp.hash_grid_query_next(query, index):` calls the
# func in the loop's before region and forwards the query and index it
# returns through scf.condition; `for index in <query>` is the same loop over
# a copy of the query. The query annotations of Warp 1.16 all name the struct.

import warp as wp

LegacyQuery = wp.HashGridQueryH  # a module-level alias, as Warp's test_hash_grid.py has


@wp.func
def closest(query: wp.HashGridQuery, center: wp.vec3, points: wp.array(dtype=wp.vec3)) -> int:
    best = int(-1)
    best_d = float(1.0e30)
    index = int(0)
    while wp.hash_grid_query_next(query, index):
        d = wp.length_sq(points[index] - center)
        if d < best_d:
            best = index
            best_d = d
    return best


@wp.func
def count_d(query: wp.HashGridQuery[wp.float64]) -> int:
    n = int(0)
    for j in query:
        n += 1
    return n


@wp.func
def first(query: wp.HashGridQueryD, q2: wp.hash_grid_query_t, q3: LegacyQuery) -> int:
    index = int(-1)
    if wp.hash_grid_query_next(query, index):
        return index
    return -1


# The prelude's funcs (before the kernel): they read the grid header through
# array views of its address.
# CHECK: kdsl.array_from_ptr
# CHECK: func.func private @wp_hash_grid_query_next(%{{.*}}: !hash_grid_query_t, %{{.*}}: i32) -> (i1, !hash_grid_query_t, i32)
# CHECK-LABEL: kdsl.kernel @k(
@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), xd: wp.array(dtype=wp.vec3d), out: wp.array(dtype=int)):
    tid = wp.tid()
    # CHECK: call @wp_hash_grid_point_id(
    i = wp.hash_grid_point_id(grid, tid)
    # CHECK: call @wp_hash_grid_query(
    q = wp.hash_grid_query(grid, x[i], 0.5)
    out[i] = closest(q, x[i], x)
    # CHECK: call @wp_hash_grid_query_d(
    out[i] += count_d(wp.hash_grid_query(grid, xd[i], wp.float64(0.5)))
    # CHECK: call @wp_hash_grid_query_group(
    qg = wp.hash_grid_query(grid, x[i], 0.5, 3)
    out[i] += first(qg, qg, qg)
    # for over a call: a copy of the query, then the while loop.
    # CHECK: %[[Q:.*]] = func.call @wp_hash_grid_query(
    # CHECK: scf.while (%[[IA:.*]] = %{{.*}}, %[[QA:.*]] = %[[Q]], %[[N:.*]] = %{{.*}})
    # CHECK: %[[NEXT:.*]]:3 = func.call @wp_hash_grid_query_next(%[[QA]], %[[IA]])
    # CHECK: scf.condition(%[[NEXT]]#0) %[[NEXT]]#2, %[[NEXT]]#1, %[[N]]
    n = int(0)
    for j in wp.hash_grid_query(grid, x[i], 0.25):
        if j == i:
            continue
        n += j
    out[i] += n

