# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# Backward kernels of builtin-heavy code read as Warp's (issue 13, point 1):
# - the forward replay keeps the builtins, one named line each (it was ~60
#   scalar lines for wp.quat_to_matrix, named rot, rot_1, ..., rot_65, and
#   proj, proj_1, ..., proj_10 for one wp.dot: every op of a builtin's
#   expansion took the statement's name);
# - dot, length, cross, transpose and the matrix products are reversed at the
#   vector level, so the adjoint of a matrix or vector variable exists as one
#   value named adj_<name> (adj_inertia was never materialized: its
#   components went straight into the scalar reverse of the product);
# - quat_to_matrix is reversed in vector form too (adj_q from adj_rot's
#   transpose, trace and a matrix * vector product, not the ~100 scalar
#   lines of its expansion's reverse).
import warp as wp


@wp.kernel
def body(q_in: wp.array(dtype=wp.quat), m_in: wp.array(dtype=wp.vec3), w_in: wp.array(dtype=wp.vec3),
         u_in: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    q = q_in[i]
    rot = wp.quat_to_matrix(q)
    inertia = rot * wp.diag(m_in[i]) * wp.transpose(rot)
    h = inertia * w_in[i]
    proj = wp.dot(h, u_in[i])
    out[i] = proj + wp.length(wp.cross(h, u_in[i]))


# CHECK-LABEL: extern "C" void body_cpu_backward(
# CHECK-NOT: rot_1
# CHECK: // rot = wp.quat_to_matrix(q)
# CHECK-NEXT: const kdsl::mat<float, 3, 3> rot = kdsl::quat_to_matrix(q);
# CHECK: const kdsl::mat<float, 3, 3> inertia = kdsl::matmul(
# CHECK: const kdsl::vec<float, 3> h = kdsl::matmul(inertia, [[W:v[0-9]+]]);
# CHECK-NEXT: // proj = wp.dot(h, u_in[i])
# CHECK-NEXT: const kdsl::vec<float, 3> [[U:v[0-9]+]] = kdsl::load<kdsl::vec<float, 3>>(u_in, (uint32_t)i);
# CHECK: // adj: proj = wp.dot(h, u_in[i])
# CHECK-NEXT: const kdsl::vec<float, 3> [[S:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>(adj_proj);
# CHECK-NEXT: const kdsl::vec<float, 3> [[C:v[0-9]+]] = [[S]] * [[U]];
# CHECK-NEXT: const kdsl::vec<float, 3> adj_h_1 = adj_h + [[C]];
# CHECK: // adj: h = inertia * w_in[i]
# CHECK-NEXT: const kdsl::mat<float, 3, 3> adj_inertia = kdsl::outer(adj_h_1, [[W]]);
# CHECK: // adj: inertia = rot * wp.diag(m_in[i]) * wp.transpose(rot)
# CHECK: const kdsl::mat<float, 3, 3> adj_rot_1 = adj_rot + {{v[0-9]+}};
# CHECK: // adj: rot = wp.quat_to_matrix(q)
# CHECK: = kdsl::transpose(adj_rot_1);
# CHECK: = kdsl::trace(adj_rot_1);
# CHECK: const kdsl::vec<float, 4> adj_q = [[H:v[0-9]+]] + [[H]];
# CHECK-NEXT: // adj: q = q_in[i]
# CHECK-NEXT: const kdsl::vec<float, 4> {{v[0-9]+}} = kdsl::load<kdsl::vec<float, 4>>(adj_q_in, (uint32_t)i);

# CUDA-LABEL: void body_cuda{{.*}}backward(
# CUDA: const kdsl::mat<float, 3, 3> rot = kdsl::quat_to_matrix(q);
# CUDA: const kdsl::mat<float, 3, 3> adj_inertia = kdsl::outer(adj_h_1,
