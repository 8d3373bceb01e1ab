# Kernels of mesh_query.test: losses through mesh queries (closest point,
# ray hit) whose gradients with respect to the query points and ray starts
# --check-grads compares with finite differences.
import warp as wp


@wp.kernel
def project(mesh: wp.uint64, pts: wp.array[wp.vec3], loss: wp.array[float]):
    tid = wp.tid()
    p = pts[tid]
    q = wp.mesh_query_point_no_sign(mesh, p, 1.0e6)
    cp = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    wp.atomic_add(loss, 0, wp.length_sq(cp - p))


@wp.kernel
def ray_t(mesh: wp.uint64, starts: wp.array[wp.vec3], dirs: wp.array[wp.vec3], loss: wp.array[float]):
    tid = wp.tid()
    q = wp.mesh_query_ray(mesh, starts[tid], dirs[tid], 1.0e6)
    if q.result:
        hit = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        wp.atomic_add(loss, 0, q.t + wp.length(hit))
