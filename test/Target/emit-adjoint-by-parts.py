# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --kernel joint --emit=cpp --verify-emitted --spec %S/Inputs/emit-adjoint-by-parts.spec.json -o /dev/null
# RUN: kdsl-translate %s --kernel joint --emit=cuda --verify-emitted --spec %S/Inputs/emit-adjoint-by-parts.spec.json -o /dev/null
# RUN: kdsl-run --check-grads %s %S/Inputs/emit-adjoint-by-parts.spec.json | FileCheck %s --check-prefix=GRAD
# Vector adjoints read only by component keep their names (issue 13,
# point 1): the reversed constructor of a transform or spatial vector reads
# its adjoint by parts, and each read used to fold to the part, so that the
# backward had no adj_X_motion (joint: one branch reads the rotation, the
# other the translation) and no adj_wrench (wrench[1]). KeepNames.cpp reads
# them through a barrier while canonicalizing; the parts nothing reads are
# still not computed (emit-adjoint-unread-half.py).
import warp as wp


@wp.kernel
def joint(kind: wp.array(dtype=int), q: wp.array(dtype=float), parent: wp.array(dtype=wp.transform),
          out: wp.array(dtype=wp.transform)):
    j = wp.tid()
    if kind[j] == 0:
        X_motion = wp.transform(wp.vec3(0.0, 0.0, 0.0), wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), q[j]))
    else:
        X_motion = wp.transform(wp.vec3(0.0, 1.0, 0.0) * q[j], wp.quat_identity(dtype=float))
    out[j] = parent[j] * X_motion


@wp.kernel
def moment(twists: wp.array(dtype=wp.spatial_vector), out: wp.array(dtype=float)):
    i = wp.tid()
    t = twists[i]
    wrench = wp.spatial_cross_dual(t, t * 2.0)
    out[i] = wrench[1]


# CHECK-LABEL: extern "C" void joint_cpu_backward(
# CHECK: // adj: out[j] = parent[j] * X_motion
# CHECK: const kdsl::vec<float, 7> adj_X_motion = kdsl::vec<float, 7>{{[{][{]}}[[T0:v[0-9]+]], [[T1:v[0-9]+]], [[T2:v[0-9]+]], [[R0:v[0-9]+]], {{.*}}}};
# CHECK: if (
# CHECK: = adj_X_motion[3];
# CHECK: } else {
# CHECK: = adj_X_motion[0];
# CHECK: kdsl::store(adj_q,

# CHECK-LABEL: extern "C" void moment_cpu_backward(
# CHECK: const kdsl::vec<float, 6> adj_wrench = kdsl::vec<float, 6>{{[{][{]}}0.0f, v{{[0-9]+}}, 0.0f, 0.0f, 0.0f, 0.0f}};
# CHECK: = adj_wrench[1];
# CHECK: kdsl::store(adj_twists,

# CUDA-LABEL: void joint_cuda{{.*}}backward(
# CUDA: adj_X_motion = kdsl::vec<float, 7>
# CUDA-LABEL: void moment_cuda{{.*}}backward(
# CUDA: const kdsl::vec<float, 6> adj_wrench = kdsl::vec<float, 6>{{[{][{]}}0.0f, v

# The analytic gradients agree with finite differences through both branches.
# GRAD: {"ok":true,
# GRAD-SAME: "gradcheck":{"q":{"checked":4,"failed":0,
# GRAD-SAME: "parent":{"checked":28,"failed":0,
