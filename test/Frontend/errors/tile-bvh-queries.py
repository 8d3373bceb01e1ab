# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s --check-prefix=LOC
#
# Thread-block BVH and mesh queries (docs/language.md 8.9b): their `next`
# builtins and wp.tile_query_valid take the query of wp.tile_bvh_query_aabb,
# tile_bvh_query_ray or tile_mesh_query_aabb, not a per-thread one.

import warp as wp


@wp.kernel
def k(bvh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    q = wp.bvh_query_aabb(bvh, p, p)
    # expected-error@+1 {{wp.tile_bvh_query_next() takes a thread-block query (of wp.tile_bvh_query_aabb, tile_bvh_query_ray or tile_mesh_query_aabb), got bvh_query_t (a per-thread query advances with wp.bvh_query_next(query, index))}}
    out[0] = wp.untile(wp.tile_bvh_query_next(q))

# LOC: tile-bvh-queries.py:15:47: error: wp.tile_bvh_query_next() takes a thread-block query

# -----

import warp as wp


@wp.kernel
def k(bvh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    q = wp.bvh_query_aabb(bvh, p, p)
    # expected-error@+1 {{no overload of wp.tile_query_valid() takes (bvh_query_t); Warp's overloads are:}}
    while wp.tile_query_valid(q):
        out[0] = 1

# -----

import warp as wp


@wp.kernel
def k(mesh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    q = wp.tile_mesh_query_aabb(mesh, p, p)
    # expected-error@+1 {{wp.mesh_query_aabb_next_tiled() takes one argument, the thread-block query}}
    t = wp.mesh_query_aabb_next_tiled(q, 3)

# -----

import warp as wp


@wp.kernel
def k(mesh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    q = wp.tile_mesh_query_aabb(mesh, p, p)
    index = int(0)
    # expected-error@+1 {{no overload of wp.mesh_query_aabb_next() takes (bvh_query_tiled_t, int32); Warp's overloads are:}}
    while wp.mesh_query_aabb_next(q, index):
        out[0] = index
