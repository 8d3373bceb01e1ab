# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# The adjoints of diag, trace, inverse and determinant (2x2, 3x3) are written
# at the matrix level (lib/Autodiff/ReverseExpanded.cpp, Warp's adj_diag,
# adj_trace, adj_inverse, adj_determinant): adj_v = the diagonal of adj_D,
# adj_M += diag(adj_t), adj_M -= Mi^T adj_Mi Mi^T, adj_M += adj_d * cofactor(M)
# (rows cross(m1, m2), cross(m2, m0), cross(m0, m1) for a 3x3 matrix); none of
# them reverses the builtin's scalar expansion (no element-wise det/cofactor
# products: the inverse's reverse has no division).
import warp as wp


@wp.kernel
def body(m_in: wp.array(dtype=wp.mat33), s_in: wp.array(dtype=wp.vec3), k_in: wp.array(dtype=wp.mat22),
         out: wp.array(dtype=float)):
    i = wp.tid()
    M = m_in[i]
    D = wp.diag(s_in[i])
    t = wp.trace(M * D)
    Mi = wp.inverse(M + D)
    det = wp.determinant(M)
    K = k_in[i]
    area = wp.determinant(K)
    out[i] = t + Mi[0, 1] * det + area


# CHECK-LABEL: extern "C" void body_cpu_backward(
# CHECK: const kdsl::mat<float, 3, 3> D = kdsl::diag([[S:v[0-9]+]]);
# CHECK: const kdsl::mat<float, 3, 3> Mi = kdsl::inverse([[MD:v[0-9]+]]);

# CHECK: // adj: area = wp.determinant(K)
# CHECK-NEXT: const float [[K11:v[0-9]+]] = K[1][1];
# CHECK-NEXT: const float [[K10:v[0-9]+]] = K[1][0];
# CHECK-NEXT: const float [[NK10:v[0-9]+]] = -[[K10]];
# CHECK-NEXT: const float [[K01:v[0-9]+]] = K[0][1];
# CHECK-NEXT: const float [[NK01:v[0-9]+]] = -[[K01]];
# CHECK-NEXT: const float [[K00:v[0-9]+]] = K[0][0];
# CHECK-NEXT: const kdsl::mat<float, 2, 2> [[COF:v[0-9]+]] = kdsl::mat<float, 2, 2>{{[{][{][{][{]}}[[K11]], [[NK10]]{{[}][}]}}, {{[{][{]}}[[NK01]], [[K00]]{{[}][}][}][}]}};
# CHECK-NEXT: const kdsl::mat<float, 2, 2> [[G:v[0-9]+]] = kdsl::splat<kdsl::mat<float, 2, 2>>(adj_area);
# CHECK-NEXT: const kdsl::mat<float, 2, 2> adj_K = [[G]] * [[COF]];

# CHECK: // adj: det = wp.determinant(M)
# CHECK-NEXT: const kdsl::vec<float, 3> [[R0:v[0-9]+]] = M[0];
# CHECK-NEXT: const kdsl::vec<float, 3> [[R1:v[0-9]+]] = M[1];
# CHECK-NEXT: const kdsl::vec<float, 3> [[R2:v[0-9]+]] = M[2];
# CHECK-NEXT: = kdsl::cross([[R1]], [[R2]]);
# CHECK-NEXT: = kdsl::cross([[R2]], [[R0]]);
# CHECK-NEXT: = kdsl::cross([[R0]], [[R1]]);
# CHECK: = kdsl::splat<kdsl::mat<float, 3, 3>>(adj_det);
# CHECK-NEXT: const kdsl::mat<float, 3, 3> adj_M = 

# CHECK: // adj: Mi = wp.inverse(M + D)
# CHECK-NEXT: const kdsl::mat<float, 3, 3> [[MIT:v[0-9]+]] = kdsl::transpose(Mi);
# CHECK-NEXT: const kdsl::mat<float, 3, 3> [[P1:v[0-9]+]] = kdsl::matmul([[MIT]], adj_Mi);
# CHECK-NEXT: const kdsl::mat<float, 3, 3> [[P2:v[0-9]+]] = kdsl::matmul([[P1]], [[MIT]]);
# CHECK-NEXT: const kdsl::mat<float, 3, 3> adj_D = -[[P2]];
# CHECK-NEXT: const kdsl::mat<float, 3, 3> adj_M_1 = adj_M + adj_D;

# CHECK: // adj: t = wp.trace(M * D)
# CHECK-NEXT: const kdsl::vec<float, 3> [[TS:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>(adj_area);
# CHECK-NEXT: const kdsl::mat<float, 3, 3> [[TD:v[0-9]+]] = kdsl::diag([[TS]]);

# CHECK: // adj: D = wp.diag(s_in[i])
# CHECK-NEXT: const float [[D0:v[0-9]+]] = adj_D_1[0][0];
# CHECK-NEXT: const float [[D1:v[0-9]+]] = adj_D_1[1][1];
# CHECK-NEXT: const float [[D2:v[0-9]+]] = adj_D_1[2][2];
# CHECK-NEXT: const kdsl::vec<float, 3> {{v[0-9]+}} = kdsl::vec<float, 3>{{[{][{]}}[[D0]], [[D1]], [[D2]]{{[}][}]}};

# CUDA-LABEL: void body_cuda{{.*}}backward(
# CUDA: = kdsl::cross(
# CUDA: = kdsl::transpose(Mi);
# CUDA: = kdsl::diag(
