# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# BVH and mesh queries (docs/language.md 8.9b): an overload Warp does not have
# lists Warp's; an out-parameter of the wrong type does not bind.

import warp as wp


@wp.kernel
def k(bvh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    # expected-error@+1 {{no overload of wp.bvh_query_aabb() takes (uint64, vec3f); Warp's overloads are:}}
    q = wp.bvh_query_aabb(bvh, p)
    out[0] = 0

# -----

import warp as wp


@wp.kernel
def k(mesh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    face = float(0.0)
    # expected-error@+1 {{no overload of wp.mesh_query_point_no_sign() takes (uint64, vec3f, float literal, float32, float32, float32)}}
    wp.mesh_query_point_no_sign(mesh, p, 1.0, face, face, face)

# -----

import warp as wp


@wp.kernel
def k(bvh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    q = wp.bvh_query_aabb(bvh, p, p)
    # expected-error@+1 {{the target of a loop over a BVH or mesh AABB query must be a single name}}
    for a, b in q:
        out[0] = a
