# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# Statement comments around an early return (issue 13, point 2). The front end
# guards the rest of the block with `if (!(tid >= size))`, located at the
# `if ...: return` statement (not at the statement after it, whose comment
# used to stand above the guard's negation). The next statement's comment is
# inside the guard's braces, in the forward and in the backward, where the
# guard is commented as the reversed `if`.
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
# CHECK-NEXT: const float a = kdsl::load<float>(x, (uint32_t)tid);
# CHECK-NEXT: // y[tid] = a * a   (emit-early-return-comments.py:[[# @LINE - 10]])

# CHECK-LABEL: extern "C" void guarded_cpu_backward(
# CHECK: const int32_t tid = (int32_t)thread;
# CHECK-NEXT: // if tid >= size:   (emit-early-return-comments.py:[[# @LINE - 17]])
# CHECK-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CHECK-NEXT: // adj: if tid >= size:   (emit-early-return-comments.py:[[# @LINE - 19]])
# CHECK-NEXT: if ([[G]]) {
# CHECK-NEXT: // a = x[tid]   (emit-early-return-comments.py:[[# @LINE - 19]])
# CHECK-NEXT: const float a = kdsl::load<float>(x, (uint32_t)tid);
# CHECK-NEXT: // adj: y[tid] = a * a   (emit-early-return-comments.py:[[# @LINE - 20]])

# CUDA-LABEL: __global__ void guarded_cuda_kernel_forward(
# CUDA: // if tid >= size:   (emit-early-return-comments.py:[[# @LINE - 26]])
# CUDA-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CUDA-NEXT: if ([[G]]) {
# CUDA-NEXT: // a = x[tid]
# CUDA-LABEL: __global__ void guarded_cuda_kernel_backward(
# CUDA: // if tid >= size:
# CUDA-NEXT: const bool [[G:v[0-9]+]] = tid < size;
# CUDA-NEXT: // adj: if tid >= size:
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


# CHECK-LABEL: extern "C" void guarded_or_cpu_forward(
# CHECK: // if tid < lo or tid >= hi:
# CHECK-NEXT: const bool {{v[0-9]+}} = tid < lo;
# CHECK-NEXT: const bool {{v[0-9]+}} = tid >= hi;
# CHECK-NEXT: const bool [[OR:v[0-9]+]] = {{v[0-9]+}} || {{v[0-9]+}};
# CHECK-NEXT: const bool [[NOT:v[0-9]+]] = ![[OR]];
# CHECK-NEXT: if ([[NOT]]) {
# CHECK-NEXT: // a = x[tid]
# CHECK-NEXT: const float a =

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
