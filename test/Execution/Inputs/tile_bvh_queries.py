# Kernels of test/Execution/tile-bvh-queries.test: Warp 1.16's thread-block
# BVH and mesh AABB queries (wp.tile_bvh_query_aabb / _ray,
# wp.tile_mesh_query_aabb, their *_tiled names, wp.tile_query_valid and the
# `next` builtins), launched tiled: one query per block, each round hands
# the block's lanes up to block_dim hits.
import warp as wp


@wp.kernel
def tiled_aabb(
    bvh: wp.uint64,
    qlo: wp.array[wp.vec3],
    qhi: wp.array[wp.vec3],
    counts: wp.array[int],
    marks: wp.array2d[int],
    lanes: wp.array[int],
    rounds: wp.array[int],
):
    i, lane = wp.tid()
    query = wp.tile_bvh_query_aabb(bvh, qlo[i], qhi[i])
    while wp.tile_query_valid(query):
        result = wp.tile_bvh_query_next(query)
        item = wp.untile(result)
        if item >= 0:
            wp.atomic_add(counts, i, 1)
            wp.atomic_add(marks, i, item, 1)
            wp.atomic_add(lanes, i, lane)
        if lane == 0:
            rounds[i] += 1


@wp.kernel
def tiled_ray(
    bvh: wp.uint64,
    starts: wp.array[wp.vec3],
    dirs: wp.array[wp.vec3],
    counts: wp.array[int],
    marks: wp.array2d[int],
):
    i, _lane = wp.tid()
    query = wp.bvh_query_ray_tiled(bvh, starts[i], dirs[i])
    while wp.tile_query_valid(query):
        item = wp.untile(wp.bvh_query_next_tiled(query))
        if item >= 0:
            wp.atomic_add(counts, i, 1)
            wp.atomic_add(marks, i, item, 1)


@wp.func
def is_hit(x: int) -> int:
    if x >= 0:
        return 1
    return 0


# The result tile as a whole (the same in every lane): per round, how many
# of its elements are hits; lane 0 adds them up.
@wp.kernel
def tiled_sums(bvh: wp.uint64, qlo: wp.array[wp.vec3], qhi: wp.array[wp.vec3], counts: wp.array[int]):
    i, lane = wp.tid()
    query = wp.bvh_query_aabb_tiled(bvh, qlo[i], qhi[i])
    total = int(0)
    while wp.tile_query_valid(query):
        hits = wp.tile_sum(wp.tile_map(is_hit, wp.tile_bvh_query_next(query)))
        total += hits[0]
    if lane == 0:
        counts[i] = total


# Warp's test form: one block, the box as arguments, no wp.tid().
@wp.kernel
def one_box(bvh: wp.uint64, lower: wp.vec3, upper: wp.vec3, marks: wp.array[int]):
    query = wp.tile_bvh_query_aabb(bvh, lower, upper)
    while wp.tile_query_valid(query):
        item = wp.untile(wp.tile_bvh_query_next(query))
        if item >= 0:
            wp.atomic_add(marks, item, 1)


@wp.kernel
def tiled_mesh(
    mesh: wp.uint64,
    qlo: wp.array[wp.vec3],
    qhi: wp.array[wp.vec3],
    counts: wp.array[int],
    marks: wp.array2d[int],
):
    i, _lane = wp.tid()
    query = wp.tile_mesh_query_aabb(mesh, qlo[i], qhi[i])
    while wp.tile_query_valid(query):
        face = wp.untile(wp.tile_mesh_query_aabb_next(query))
        if face >= 0:
            wp.atomic_add(counts, i, 1)
            wp.atomic_add(marks, i, face, 1)


@wp.kernel
def tiled_mesh_names(mesh: wp.uint64, qlo: wp.array[wp.vec3], qhi: wp.array[wp.vec3], counts: wp.array[int]):
    i, _lane = wp.tid()
    query = wp.mesh_query_aabb_tiled(mesh, qlo[i], qhi[i])
    while wp.tile_query_valid(query):
        face = wp.untile(wp.mesh_query_aabb_next_tiled(query))
        if face >= 0:
            wp.atomic_add(counts, i, 1)
