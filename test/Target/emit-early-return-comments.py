# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# Statement comments around an early return (issue 13, point 2). The front end
# guards the rest of the block with `if (!(tid >= size))`; canonicalization
# folds the negation into one compare located at both the `if` and the
# statement after the `return`. The compare is commented as the `if`, and the
# guard opens with no comment of its own: the next statement's comment is
# inside its braces, in the forward and in the backward (no empty `// adj:`
# block before the `if`).
import warp as wp


@wp.kernel
def guarded(x: wp.array(dtype=float), size: int, y: wp.array(dtype=float)):
    tid = wp.tid()
    if tid >= size:
        return
    a = x[tid]
    y[tid] = a * a


# CHECK-LABEL: extern "C" void guarded_cpu_forward(
# CHECK: const int32_t tid = (int32_t)thread;
# CHECK-NEXT: // if tid >= size:   (emit-early-return-comments.py:[[# @LINE - 8]])
# CHECK-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CHECK-NEXT: if ([[G]]) {
# CHECK-NEXT: // a = x[tid]   (emit-early-return-comments.py:[[# @LINE - 9]])
# CHECK-NEXT: const float a = kdsl::load<float>(x, (int64_t)tid);
# CHECK-NEXT: // y[tid] = a * a   (emit-early-return-comments.py:[[# @LINE - 10]])

# CHECK-LABEL: extern "C" void guarded_cpu_backward(
# CHECK: const int32_t tid = (int32_t)thread;
# CHECK-NEXT: // if tid >= size:   (emit-early-return-comments.py:[[# @LINE - 17]])
# CHECK-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CHECK-NEXT: if ([[G]]) {
# CHECK-NEXT: // a = x[tid]   (emit-early-return-comments.py:[[# @LINE - 18]])
# CHECK-NEXT: const float a = kdsl::load<float>(x, (int64_t)tid);
# CHECK-NEXT: // adj: y[tid] = a * a   (emit-early-return-comments.py:[[# @LINE - 19]])

# CUDA-LABEL: __global__ void guarded_cuda_kernel_forward(
# CUDA: // if tid >= size:   (emit-early-return-comments.py:[[# @LINE - 25]])
# CUDA-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CUDA-NEXT: if ([[G]]) {
# CUDA-NEXT: // a = x[tid]
# CUDA-LABEL: __global__ void guarded_cuda_kernel_backward(
# CUDA: // if tid >= size:
# CUDA-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CUDA-NEXT: if ([[G]]) {
# CUDA-NEXT: // a = x[tid]


# A guard the front end does not fold into one compare (`or`): the reversed
# `if` of the backward has nothing on its true side and opens as `if (!(c))`,
# not as an empty `if (c) { } else {`.
@wp.kernel
def guarded_or(x: wp.array(dtype=float), lo: int, hi: int, y: wp.array(dtype=float)):
    tid = wp.tid()
    if tid < lo or tid >= hi:
        return
    a = x[tid]
    y[tid] = a * a


# CHECK-LABEL: extern "C" void guarded_or_cpu_backward(
# CHECK: const bool [[OR:v[0-9]+]] = {{v[0-9]+}} || {{v[0-9]+}};
# CHECK-NOT: } else {
# CHECK: if (!([[OR]])) {
# CHECK-NEXT: // a = x[tid]
# CHECK-NOT: } else {
# CHECK: kdsl::store(adj_x,
# CUDA-LABEL: __global__ void guarded_or_cuda_kernel_backward(
# CUDA: if (!({{v[0-9]+}})) {
# CUDA-NOT: } else {
