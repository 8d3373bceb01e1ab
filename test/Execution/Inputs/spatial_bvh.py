# Kernels of test/Execution/bvh.test: BVH queries (wp.bvh_query_aabb,
# wp.bvh_query_ray, wp.bvh_query_next, wp.bvh_get_group_root) over the boxes
# of a kdsl-run "bvh" object, in the loop forms Warp's tests use.
import warp as wp


@wp.kernel
def aabb_counts(
    bvh: wp.uint64,
    qlo: wp.array[wp.vec3],
    qhi: wp.array[wp.vec3],
    counts: wp.array[int],
    xors: wp.array[int],
    sums: wp.array[int],
):
    tid = wp.tid()
    query = wp.bvh_query_aabb(bvh, qlo[tid], qhi[tid])
    count = int(0)
    check = int(0)
    total = int(0)
    index = int(0)
    while wp.bvh_query_next(query, index):
        count += 1
        check = check ^ index
        total += index * index
    counts[tid] = count
    xors[tid] = check
    sums[tid] = total


@wp.kernel
def ray_counts(bvh: wp.uint64, starts: wp.array[wp.vec3], dirs: wp.array[wp.vec3], counts: wp.array[int], sums: wp.array[int]):
    tid = wp.tid()
    count = int(0)
    total = int(0)
    for index in wp.bvh_query_ray(bvh, starts[tid], dirs[tid]):
        count += 1
        total += index
    counts[tid] = count
    sums[tid] = total


@wp.kernel
def group_counts(bvh: wp.uint64, qlo: wp.array[wp.vec3], qhi: wp.array[wp.vec3], qgroup: wp.array[int], counts: wp.array[int]):
    tid = wp.tid()
    root = wp.bvh_get_group_root(bvh, qgroup[tid])
    query = wp.bvh_query_aabb(bvh, qlo[tid], qhi[tid], root)
    count = int(0)
    index = int(0)
    while wp.bvh_query_next(query, index):
        count += 1
    counts[tid] = count


@wp.kernel
def shift(lowers: wp.array[wp.vec3], uppers: wp.array[wp.vec3], d: wp.vec3):
    tid = wp.tid()
    if tid % 3 == 0:
        lowers[tid] = lowers[tid] + d
        uppers[tid] = uppers[tid] + d
