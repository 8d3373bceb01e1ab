# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# BVH and mesh queries (docs/language.md 8.9b): prelude funcs (Prelude/bvh.py,
# mesh.py) over the structs bvh_query_t, mesh_query_point_t and
# mesh_query_ray_t. Overloads are chosen by arity: bvh_query_aabb with a root,
# bvh_query_next with max_dist, mesh_query_point's out-parameter form (its
# outs come back from the func call), mesh_query_ray with a root. `for i in
# <bvh or mesh AABB query>` is a while loop over bvh_query_next. Warp's
# annotations wp.BvhQuery, wp.MeshQueryAABB, wp.MeshQueryPoint and
# wp.MeshQueryRay name the structs.

import warp as wp


@wp.func
def count(query: wp.BvhQuery) -> int:
    n = int(0)
    for _i in query:
        n += 1
    return n


@wp.func
def first_face(q: wp.MeshQueryPoint, r: wp.MeshQueryRay, a: wp.MeshQueryAABB) -> int:
    return q.face + r.face


# CHECK-LABEL: kdsl.kernel @k(
@wp.kernel
def k(bvh: wp.uint64, mesh: wp.uint64, p: wp.vec3, out: wp.array[int], pos: wp.array[wp.vec3]):
    # CHECK: call @wp_bvh_get_group_root(
    root = wp.bvh_get_group_root(bvh, 2)
    # CHECK: call @wp_bvh_query_aabb_root(
    query = wp.bvh_query_aabb(bvh, p, p, root)
    index = int(0)
    n = int(0)
    # CHECK: scf.while
    # CHECK: func.call @wp_bvh_query_next_dist(
    while wp.bvh_query_next(query, index, 10.0):
        n += index
    # CHECK: call @wp_bvh_query_ray(
    # CHECK: scf.while
    # CHECK: func.call @wp_bvh_query_next(
    for i in wp.bvh_query_ray(bvh, p, p):
        n += i
    # CHECK: call @wp_mesh_query_aabb(
    # CHECK: func.call @wp_bvh_query_next(
    for i in wp.mesh_query_aabb(mesh, p, p):
        n += i
    # CHECK: call @wp_mesh_query_point(
    q = wp.mesh_query_point(mesh, p, 1.0)
    sign = float(0.0)
    face = int(0)
    u = float(0.0)
    v = float(0.0)
    # CHECK: call @wp_mesh_query_point_out(
    if wp.mesh_query_point(mesh, p, 1.0, sign, face, u, v):
        n += face
    # CHECK: call @wp_mesh_query_point_sign_normal(
    q2 = wp.mesh_query_point_sign_normal(mesh, p, 1.0)
    # CHECK: call @wp_mesh_query_ray_root(
    r = wp.mesh_query_ray(mesh, p, p, 1.0, root)
    # CHECK: call @wp_mesh_query_aabb(
    a = wp.mesh_query_aabb(mesh, p, p)
    out[0] = n + count(query) + first_face(q, r, a) + q2.face
    # CHECK: call @wp_mesh_eval_position(
    pos[0] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    # CHECK: call @wp_mesh_get(
    m = wp.mesh_get(mesh)
    pos[1] = m.points[wp.mesh_get_index(mesh, 0)]
