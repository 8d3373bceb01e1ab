# wp.degrees / wp.radians in C++ and CUDA C: a product with the float32
# (float64) constant 180/pi = 57.29578 (57.29577951308232) or pi/180 =
# 0.017453292 (0.017453292519943295), splatted for vectors, in the forward
# and (the same constant times the adjoint) in the backward kernel. The
# emitted C++ also compiles and, run on the spec, matches the JIT.
# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=cpp --verify-emitted -o /dev/null
# RUN: kdsl-translate %s --emit=cuda --verify-emitted -o /dev/null
# RUN: kdsl-translate %s --emit=cpp --verify-emitted --spec=%S/../Execution/degrees_radians.spec.json -o /dev/null

import warp as wp


@wp.kernel
def angles(x: wp.array(dtype=float), y: wp.array(dtype=float),
           v: wp.array(dtype=wp.vec3), w: wp.array(dtype=wp.vec3),
           d: wp.array(dtype=wp.float64),
           deg: wp.array(dtype=float), rad: wp.array(dtype=float),
           vdeg: wp.array(dtype=wp.vec3), vrad: wp.array(dtype=wp.vec3),
           deg64: wp.array(dtype=wp.float64), rad64: wp.array(dtype=wp.float64)):
    i = wp.tid()
    deg[i] = wp.degrees(x[i])
    rad[i] = wp.radians(y[i])
    vdeg[i] = wp.degrees(v[i])
    vrad[i] = wp.radians(w[i])
    deg64[i] = wp.degrees(d[i])
    rad64[i] = wp.radians(d[i] * 2.0)


# CHECK-LABEL: angles_cpu_forward
# CHECK: const float [[X:v[0-9]+]] = kdsl::load<float>(x, (uint32_t)i);
# CHECK-NEXT: const float [[DEG:v[0-9]+]] = [[X]] * 57.29578f;
# CHECK: const float [[Y:v[0-9]+]] = kdsl::load<float>(y, (uint32_t)i);
# CHECK-NEXT: const float {{v[0-9]+}} = [[Y]] * 0.017453292f;
# CHECK: const kdsl::vec<float, 3> [[V:v[0-9]+]] = kdsl::load<kdsl::vec<float, 3>>(v, (uint32_t)i);
# CHECK-NEXT: const kdsl::vec<float, 3> {{v[0-9]+}} = [[V]] * kdsl::splat<kdsl::vec<float, 3>>(57.29578f);
# CHECK: const kdsl::vec<float, 3> [[W:v[0-9]+]] = kdsl::load<kdsl::vec<float, 3>>(w, (uint32_t)i);
# CHECK-NEXT: const kdsl::vec<float, 3> {{v[0-9]+}} = [[W]] * kdsl::splat<kdsl::vec<float, 3>>(0.017453292f);
# CHECK: const double [[D:v[0-9]+]] = kdsl::load<double>(d, (uint32_t)i);
# CHECK-NEXT: const double {{v[0-9]+}} = [[D]] * 57.29577951308232;
# CHECK: * 0.017453292519943295;
# CHECK-LABEL: angles_cpu_backward
# CHECK-DAG: * 57.29578f;
# CHECK-DAG: * 0.017453292f;
# CHECK-DAG: kdsl::splat<kdsl::vec<float, 3>>(57.29578f);
# CHECK-DAG: kdsl::splat<kdsl::vec<float, 3>>(0.017453292f);
# CHECK-DAG: * 57.29577951308232;
# CHECK-DAG: * 0.017453292519943295;

# CUDA-LABEL: void angles_cuda_kernel_forward(
# CUDA: = {{v[0-9]+}} * 57.29578f;
# CUDA: = {{v[0-9]+}} * 0.017453292f;
# CUDA: kdsl::splat<kdsl::vec<float, 3>>(57.29578f);
# CUDA: kdsl::splat<kdsl::vec<float, 3>>(0.017453292f);
# CUDA: * 57.29577951308232;
# CUDA: * 0.017453292519943295;
# CUDA-LABEL: void angles_cuda_kernel_backward(
# CUDA-DAG: * 57.29578f;
# CUDA-DAG: * 0.017453292f;
