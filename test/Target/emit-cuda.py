# RUN: kdsl-translate %s --emit=cuda | FileCheck %s
# The CUDA C entry point: launch bounds first, then the arguments by value in
# C layout with their Python names, a grid-stride loop over launch.total, and
# the row-major decomposition of the flat index into wp.tid().
import warp as wp


# CHECK: typedef struct kdsl_launch {
# CHECK-LABEL: extern "C" __global__ void scale2d_cuda_kernel_forward(kdsl_launch launch, kdsl_array a, float s) {
# CHECK-NEXT: for (int64_t thread = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; thread < launch.total; thread += (int64_t)blockDim.x * gridDim.x) {
# CHECK-NEXT: // i, j = wp.tid()   (emit-cuda.py:[[# @LINE + 9]])
# CHECK-NEXT: const int32_t i = (int32_t)(thread / launch.dims[1]);
# CHECK-NEXT: const int32_t j = (int32_t)(thread % launch.dims[1]);
# CHECK-NEXT: // a[i, j] = a[i, j] * s   (emit-cuda.py:[[# @LINE + 7]])
# CHECK-NEXT: const float [[V:v[0-9]+]] = kdsl::load<float>(a, (uint32_t)i, (uint32_t)j);
# CHECK-NEXT: const float [[W:v[0-9]+]] = [[V]] * s;
# CHECK-NEXT: kdsl::store(a, [[W]], (uint32_t)i, (uint32_t)j);
@wp.kernel
def scale2d(a: wp.array2d(dtype=float), s: float):
    i, j = wp.tid()
    a[i, j] = a[i, j] * s
