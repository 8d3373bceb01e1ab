# kdsl prelude: Warp's BVH queries (wp.bvh_query_aabb, wp.bvh_query_ray,
# wp.bvh_query_next, wp.bvh_get_group_root; wp.mesh_query_aabb and
# wp.mesh_query_aabb_next on a mesh's BVH over its faces), written in the
# Warp language.
#
# A BVH id is the address of the header the runtime builds
# (include/kdsl/Runtime/KernelABI.h, `kdsl_bvh`; lib/Runtime/Bvh.cpp), read
# here through wp.array(ptr=...) views, so every target (JIT, C++, CUDA C,
# PTX) reads it with its ordinary array loads:
#
#   uint64 words 0..5:   node_lowers, node_uppers (vec3f per node),
#                        node_skip, node_item (int32 per node),
#                        group_ids, group_roots (int32 per group)
#   int32 words 12..14:  num_nodes, num_items, num_groups
#
# The nodes are in depth-first preorder: an inner node's first child is the
# node after it, node_skip[i] the first node after i's subtree. A query walks
# them without a stack: into a node whose bounds it overlaps, past one it
# does not. Every leaf holds one item, reported when the query overlaps the
# item's box, so the items reported are exactly those whose boxes overlap
# (the box, or the ray), whatever the tree.
#
# The query state is the struct bvh_query_t (Warp's wp.BvhQuery,
# wp.bvh_query_t, wp.MeshQueryAABB and wp.mesh_query_aabb_t name it too).
import warp as wp


@wp.struct
class bvh_query_t:
    bvh: wp.uint64
    node: int
    end: int
    is_ray: int
    lower: wp.vec3  # the box's lower corner, or the ray's start
    upper: wp.vec3  # the box's upper corner, or the ray's direction
    rcp_dir: wp.vec3  # 1 / direction per axis (a huge finite value for 0)


@wp.func
def _bvh_word(bvh: wp.uint64, k: int) -> int:
    return wp.array(ptr=bvh, shape=16, dtype=wp.int32)[k]


@wp.func
def _bvh_addr(bvh: wp.uint64, k: int) -> wp.uint64:
    return wp.array(ptr=bvh, shape=8, dtype=wp.uint64)[k]


@wp.func
def _bvh_overlaps(lo: wp.vec3, hi: wp.vec3, qlo: wp.vec3, qhi: wp.vec3) -> bool:
    # Warp's bvh_query_aabb: boxes that touch overlap.
    return not (
        qlo[0] > hi[0] or qlo[1] > hi[1] or qlo[2] > hi[2] or qhi[0] < lo[0] or qhi[1] < lo[1] or qhi[2] < lo[2]
    )


@wp.func
def _bvh_ray_hits(lo: wp.vec3, hi: wp.vec3, start: wp.vec3, rcp: wp.vec3, max_dist: float) -> bool:
    # Warp's intersect_ray_aabb: the slabs' entry lmin and exit lmax; a hit
    # when the box is not behind the start (lmax >= 0), the slabs overlap
    # (lmax >= lmin) and the entry is within max_dist.
    l1 = (lo[0] - start[0]) * rcp[0]
    l2 = (hi[0] - start[0]) * rcp[0]
    lmin = wp.min(l1, l2)
    lmax = wp.max(l1, l2)
    l1 = (lo[1] - start[1]) * rcp[1]
    l2 = (hi[1] - start[1]) * rcp[1]
    lmin = wp.max(wp.min(l1, l2), lmin)
    lmax = wp.min(wp.max(l1, l2), lmax)
    l1 = (lo[2] - start[2]) * rcp[2]
    l2 = (hi[2] - start[2]) * rcp[2]
    lmin = wp.max(wp.min(l1, l2), lmin)
    lmax = wp.min(wp.max(l1, l2), lmax)
    return lmax >= 0.0 and lmax >= lmin and lmin <= max_dist


@wp.func
def _bvh_rcp(d: float) -> float:
    if d == 0.0:
        return 1.0e30
    return 1.0 / d


@wp.func
def _bvh_start(id: wp.uint64, root: int) -> bvh_query_t:
    q = bvh_query_t()
    q.bvh = id
    if id == wp.uint64(0):
        return q  # no BVH: an empty query (node == end)
    n = _bvh_word(id, 12)
    if root < 0:
        q.node = 0
        q.end = n
    elif root < n:
        q.node = root
        q.end = wp.array(ptr=_bvh_addr(id, 2), shape=n, dtype=wp.int32)[root]
    return q


@wp.func
def bvh_query_aabb(id: wp.uint64, lower: wp.vec3, upper: wp.vec3) -> bvh_query_t:
    q = _bvh_start(id, -1)
    q.lower = lower
    q.upper = upper
    return q


@wp.func
def bvh_query_aabb_root(id: wp.uint64, lower: wp.vec3, upper: wp.vec3, root: int) -> bvh_query_t:
    q = _bvh_start(id, root)
    q.lower = lower
    q.upper = upper
    return q


@wp.func
def bvh_query_ray_root(id: wp.uint64, start: wp.vec3, dir: wp.vec3, root: int) -> bvh_query_t:
    q = _bvh_start(id, root)
    q.is_ray = 1
    q.lower = start
    q.upper = dir
    q.rcp_dir = wp.vec3(_bvh_rcp(dir[0]), _bvh_rcp(dir[1]), _bvh_rcp(dir[2]))
    return q


@wp.func
def bvh_query_ray(id: wp.uint64, start: wp.vec3, dir: wp.vec3) -> bvh_query_t:
    return bvh_query_ray_root(id, start, dir, -1)


@wp.func
def bvh_query_next_dist(query: wp.ref[bvh_query_t], index: wp.ref[int], max_dist: float) -> bool:
    bvh = query.bvh
    if bvh == wp.uint64(0):
        return False
    n = _bvh_word(bvh, 12)
    lowers = wp.array(ptr=_bvh_addr(bvh, 0), shape=n, dtype=wp.vec3)
    uppers = wp.array(ptr=_bvh_addr(bvh, 1), shape=n, dtype=wp.vec3)
    skip = wp.array(ptr=_bvh_addr(bvh, 2), shape=n, dtype=wp.int32)
    items = wp.array(ptr=_bvh_addr(bvh, 3), shape=n, dtype=wp.int32)
    while query.node < query.end:
        i = query.node
        hit = False
        if query.is_ray != 0:
            hit = _bvh_ray_hits(lowers[i], uppers[i], query.lower, query.rcp_dir, max_dist)
        else:
            hit = _bvh_overlaps(lowers[i], uppers[i], query.lower, query.upper)
        if hit:
            query.node = i + 1
            item = items[i]
            if item >= 0:
                index = item
                return True
        else:
            query.node = skip[i]
    return False


@wp.func
def bvh_query_next(query: wp.ref[bvh_query_t], index: wp.ref[int]) -> bool:
    return bvh_query_next_dist(query, index, 3.4028234663852886e38)


@wp.func
def bvh_get_group_root(id: wp.uint64, group: int) -> int:
    # The root of the group's subtree; -1 (the whole BVH) for a group it does
    # not have. The group ids are sorted: a binary search.
    if id == wp.uint64(0):
        return -1
    count = _bvh_word(id, 14)
    ids = wp.array(ptr=_bvh_addr(id, 4), shape=count, dtype=wp.int32)
    first = int(0)
    last = count
    while first < last:
        mid = first + (last - first) // 2
        if ids[mid] < group:
            first = mid + 1
        else:
            last = mid
    if first < count:
        if ids[first] == group:
            return wp.array(ptr=_bvh_addr(id, 5), shape=count, dtype=wp.int32)[first]
    return -1


@wp.func
def _mesh_bvh(id: wp.uint64) -> wp.uint64:
    if id == wp.uint64(0):
        return wp.uint64(0)
    return wp.array(ptr=id, shape=6, dtype=wp.uint64)[0]


@wp.func
def mesh_query_aabb(id: wp.uint64, lower: wp.vec3, upper: wp.vec3) -> bvh_query_t:
    return bvh_query_aabb(_mesh_bvh(id), lower, upper)


@wp.func
def mesh_query_aabb_next(query: wp.ref[bvh_query_t], index: wp.ref[int]) -> bool:
    return bvh_query_next_dist(query, index, 3.4028234663852886e38)


@wp.func
def mesh_get_group_root(id: wp.uint64, group: int) -> int:
    return bvh_get_group_root(_mesh_bvh(id), group)


# Thread-block (tiled) queries: wp.tile_bvh_query_aabb, tile_bvh_query_ray,
# tile_mesh_query_aabb (and their *_tiled names), tested by
# wp.tile_query_valid and advanced by wp.tile_bvh_query_next /
# tile_mesh_query_aabb_next. Every lane of the block holds the same query and
# advances it alike: a round hands out the next block_dim hits, hit k to
# lane k (-1 when the round has fewer). Sema (SemaTileQueries.cpp) makes
#
#   wp.tile_bvh_query_next(query)
#
# the tile
#
#   wp.tile_map(_tile_query_hit, <0, 1, ..., block_dim - 1>,
#               _tile_query_round(query, wp.block_dim()))
#
# whose element k is hit k of the round: _tile_query_round moves the query
# past the round and gives the round's start, from which _tile_query_hit
# walks to hit k. The tile is the block's, the same in every lane, so no
# lane reads another's value (as on the GPU, where each thread computes it).
# As in Warp's CUDA code (native/tile_bvh.h), the query is valid before its
# first round and afterwards while its last round had a hit: the loop
# `while wp.tile_query_valid(q)` runs one last round without hits.
@wp.struct
class bvh_query_tiled_t:
    query: bvh_query_t  # where the next round starts
    valid: bool


@wp.func
def _tile_query(q: bvh_query_t) -> bvh_query_tiled_t:
    t = bvh_query_tiled_t()
    t.query = q
    t.valid = True
    return t


@wp.func
def tile_bvh_query_aabb(id: wp.uint64, low: wp.vec3, high: wp.vec3) -> bvh_query_tiled_t:
    return _tile_query(bvh_query_aabb(id, low, high))


@wp.func
def tile_bvh_query_ray(id: wp.uint64, start: wp.vec3, dir: wp.vec3) -> bvh_query_tiled_t:
    return _tile_query(bvh_query_ray(id, start, dir))


@wp.func
def tile_mesh_query_aabb(id: wp.uint64, low: wp.vec3, high: wp.vec3) -> bvh_query_tiled_t:
    return _tile_query(mesh_query_aabb(id, low, high))


@wp.func
def tile_query_valid(query: bvh_query_tiled_t) -> bool:
    return query.valid


@wp.func
def _tile_query_round(query: wp.ref[bvh_query_tiled_t], block: int) -> bvh_query_t:
    # The round's start; the query moves past the round's hits (at most
    # `block`) and stays valid when there was one.
    start = query.query
    q = start
    index = int(0)
    count = int(0)
    more = True
    while more and count < block:
        more = bvh_query_next(q, index)
        if more:
            count += 1
    query.query = q
    query.valid = count > 0
    return start


@wp.func
def _tile_query_hit(k: int, start: bvh_query_t) -> int:
    # Hit k of the round that starts at `start`, or -1.
    q = start
    index = int(0)
    n = int(0)
    while bvh_query_next(q, index):
        if n == k:
            return index
        n += 1
    return -1
