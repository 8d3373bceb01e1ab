# Kernel of volume_grad.test: a loss through volume_world_to_index,
# volume_sample_f (LINEAR) and volume_sample_grad_f, whose gradient with
# respect to the world points is checked against finite differences.
import warp as wp


@wp.kernel
def field(v: wp.uint64, pts: wp.array(dtype=wp.vec3), loss: wp.array(dtype=float)):
    tid = wp.tid()
    uvw = wp.volume_world_to_index(v, pts[tid])
    s = wp.volume_sample_f(v, uvw, wp.Volume.LINEAR)
    g = wp.vec3()
    s2 = wp.volume_sample_grad_f(v, uvw, wp.Volume.LINEAR, g)
    wp.atomic_add(loss, 0, s * s + 0.5 * s2 + wp.dot(g, wp.vec3(0.3, -0.2, 0.1)))


@wp.kernel
def index_field(v: wp.uint64, pts: wp.array(dtype=wp.vec3), data: wp.array(dtype=float), loss: wp.array(dtype=float)):
    # volume_sample_index over an index grid: gradients into the points and
    # into the external voxel data (Warp's adjoint accumulates into it too).
    t = wp.tid()
    s = wp.volume_sample_index(v, wp.volume_world_to_index(v, pts[t]), wp.Volume.LINEAR, data, 0.5)
    wp.atomic_add(loss, 0, s * s)
