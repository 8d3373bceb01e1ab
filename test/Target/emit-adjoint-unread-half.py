# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# Adjoints known to be zero are not propagated. A vector built from parts (a spatial vector, a transform) of which only
# some elements are read: the unread parts get no adjoint (their elements'
# adjoints are known zeros), so the backward does not reverse the ops that
# made them. Here only the top (angular) half of the twist is read, so the
# bottom half's R v + p x (R w) is not reversed: no cross product of the
# position with a zero adjoint, no rotation of a zero vector.
import warp as wp


@wp.kernel
def body(frames: wp.array(dtype=wp.transform), twists: wp.array(dtype=wp.spatial_vector),
         out: wp.array(dtype=float)):
    i = wp.tid()
    tw = wp.transform_twist(frames[i], twists[i])
    out[i] = wp.length(wp.spatial_top(tw))


# A transform without translation: the reverse of quat_rotate(q, 0) in the
# product adds nothing to adj_q (no quaternion product with a zero vector).
@wp.kernel
def joint(parent: wp.array(dtype=wp.transform), angle: wp.array(dtype=float), out: wp.array(dtype=wp.transform)):
    j = wp.tid()
    X_motion = wp.transform(wp.vec3(), wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), angle[j]))
    out[j] = parent[j] * X_motion


# CHECK-LABEL: extern "C" void body_cpu_backward(
# CHECK: // adj: tw = wp.transform_twist(frames[i], twists[i])
# CHECK-NOT: kdsl::cross(
# CHECK-NOT: kdsl::splat<kdsl::vec<float, 3>>(0.0f)
# CHECK: = kdsl::quat_rotate_inv(
# CHECK-NOT: kdsl::quat_rotate_inv(
# CHECK-NOT: kdsl::cross(
# CHECK-NOT: kdsl::splat<kdsl::vec<float, 3>>(0.0f)
# CHECK: kdsl::store(adj_frames,

# CHECK-LABEL: extern "C" void joint_cpu_backward(
# CHECK: // adj: out[j] = parent[j] * X_motion
# CHECK-NOT: (0.0f)
# CHECK-NOT: kdsl::quat_rotate
# CHECK: // adj: X_motion =

# CUDA-LABEL: void body_cuda{{.*}}backward(
# CUDA: // adj: tw = wp.transform_twist(frames[i], twists[i])
# CUDA-NOT: kdsl::cross(
# CUDA: kdsl::store(adj_frames,
