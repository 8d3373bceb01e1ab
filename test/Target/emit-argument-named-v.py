# A parameter named `v` keeps its name in the C++ and CUDA C (it was read as
# the temporaries' prefix and emitted as v0, next to an adjoint adj_v).
# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA

import warp as wp


@wp.kernel
def k(v: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = v[i] * 2.0


# CHECK-LABEL: k_cpu_forward
# CHECK: kdsl_array v = kdsl::read_arg<kdsl_array>
# CHECK: kdsl::load<float>(v, (uint32_t)i)
# CHECK-LABEL: k_cpu_backward
# CHECK: kdsl_array v = kdsl::read_arg<kdsl_array>
# CHECK: kdsl_array adj_v = kdsl::read_arg<kdsl_array>

# CUDA: void k_cuda_kernel_forward(kdsl_launch launch, kdsl_array v, kdsl_array out)
# CUDA: kdsl::load<float>(v, (uint32_t)i)
# CUDA: void k_cuda_kernel_backward(kdsl_launch launch, {{.*}}kdsl_array v, {{.*}}kdsl_array adj_v,
