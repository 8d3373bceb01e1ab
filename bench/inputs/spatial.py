# Kernels of kdsl-bench-spatial (bench/spatial.cpp, bench/README.md): an SPH
# density sum over a hash grid's neighbours (one thread per particle, in the
# grid's sorted order, as Warp's examples launch it) and closest-point
# queries against a triangle mesh.
import warp as wp


@wp.kernel
def neighbor_sum(grid: wp.uint64, x: wp.array(dtype=wp.vec3), h: float, rho: wp.array(dtype=float)):
    tid = wp.tid()
    i = wp.hash_grid_point_id(grid, tid)
    p = x[i]
    s = float(0.0)
    for j in wp.hash_grid_query(grid, p, h):
        d = p - x[j]
        r2 = wp.dot(d, d)
        if r2 < h * h:
            w = h * h - r2
            s += w * w * w
    rho[i] = s


@wp.kernel
def closest_face(mesh: wp.uint64, q: wp.array(dtype=wp.vec3), max_dist: float, face: wp.array(dtype=int), dist: wp.array(dtype=float)):
    tid = wp.tid()
    r = wp.mesh_query_point_no_sign(mesh, q[tid], max_dist)
    if r.result:
        face[tid] = r.face
        dist[tid] = wp.length(q[tid] - wp.mesh_eval_position(mesh, r.face, r.u, r.v))
    else:
        face[tid] = -1
        dist[tid] = -1.0
