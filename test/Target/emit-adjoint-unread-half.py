# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# A vector built from parts (a spatial vector, a transform) of which only
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


# CHECK-LABEL: extern "C" void body_cpu_backward(
# CHECK: // adj: tw = wp.transform_twist(frames[i], twists[i])
# CHECK-NOT: kdsl::cross(
# CHECK-NOT: kdsl::splat<kdsl::vec<float, 3>>(0.0f)
# CHECK: = kdsl::quat_rotate_inv(
# CHECK-NOT: kdsl::quat_rotate_inv(
# CHECK-NOT: kdsl::cross(
# CHECK-NOT: kdsl::splat<kdsl::vec<float, 3>>(0.0f)
# CHECK: kdsl::store(adj_frames,

# CUDA-LABEL: void body_cuda{{.*}}backward(
# CUDA: // adj: tw = wp.transform_twist(frames[i], twists[i])
# CUDA-NOT: kdsl::cross(
# CUDA: kdsl::store(adj_frames,
