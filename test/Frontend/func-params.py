# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=cpp | FileCheck %s --check-prefix=CPP
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
#
# wp.ref[T] parameters pass in and out: the func returns the parameter's
# final value after its own results, and the caller stores it back into the
# argument (a local, an array element, a struct field, a component).
# wp.Function parameters make the func a template instantiated per function
# (a @wp.func or a Warp builtin); the function is no runtime argument. The
# adjoint kernels (cpp/cuda/ptx build them) differentiate through both.

import warp as wp


@wp.struct
class Box:
    value: float


# CHECK-LABEL: func.func private @bump(%arg0: f32, %arg1: f32) -> (f32, f32)
# CHECK-SAME: kdsl.arg_names = ["x", "d"]
# CHECK: %[[NEW:.*]] = arith.addf %arg0, %arg1 : f32
# CHECK: %[[OLD2:.*]] = arith.mulf %arg0, %{{.*}} : f32
# CHECK: return %[[OLD2]], %[[NEW]] : f32, f32
@wp.func
def bump(x: wp.ref[float], d: float) -> float:
    old = x
    x += d
    return old * 2.0


@wp.func
def half(x: float):
    return x * 0.5


@wp.func
def apply(g: wp.Function, x: float):
    return g(x)


@wp.func
def twice(x: float):
    return apply(half, x) + apply(wp.sin, x)


# The instances, one per function, with no parameter for it:
# CHECK-LABEL: func.func private @apply_half_float32(%arg0: f32) -> f32
# CHECK-SAME: kdsl.arg_names = ["x"]
# CHECK-NEXT: call @half(%arg0) : (f32) -> f32
# CHECK-LABEL: func.func private @apply_wp_sin_float32(%arg0: f32) -> f32
# CHECK-NEXT: math.sin %arg0 : f32
# CHECK-LABEL: func.func private @twice(%arg0: f32) -> f32
# CHECK: call @apply_half_float32(%arg0)
# CHECK: call @apply_wp_sin_float32(%arg0)

# CHECK-LABEL: kdsl.kernel @k(
@wp.kernel
def k(a: wp.array(dtype=float), boxes: wp.array(dtype=Box)):
    i = wp.tid()
    # an array element: loaded, passed, stored back
    # CHECK: %[[E:.*]] = kdsl.load %a[%{{.*}}]
    # CHECK: %[[R:.*]]:2 = func.call @bump(%[[E]], %{{.*}}) : (f32, f32) -> (f32, f32)
    # CHECK: kdsl.store %[[R]]#1, %a[%{{.*}}]
    y = bump(a[i], 1.0)
    # a struct field of an array element: the element is rebuilt and stored
    # CHECK: %[[B:.*]] = kdsl.load %boxes[%{{.*}}]
    # CHECK: %[[V:.*]] = kdsl.struct_extract %[[B]]["value"]
    # CHECK: %[[S:.*]]:2 = func.call @bump(%[[V]], %[[R]]#0)
    # CHECK: %[[B2:.*]] = kdsl.load %boxes[%{{.*}}]
    # CHECK: %[[NB:.*]] = kdsl.struct_insert %[[S]]#1, %[[B2]]["value"]
    # CHECK: kdsl.store %[[NB]], %boxes[%{{.*}}]
    bump(boxes[i].value, y)
    # a local: the new value is the local's from here on
    # CHECK: %[[L:.*]]:2 = func.call @bump(
    # CHECK: func.call @twice(%[[L]]#1)
    z = float(i)
    bump(z, 2.0)
    a[i] = twice(z)

# CPP: static KDSL_FN bump_result bump(float x, float d) {
# CPP: static KDSL_FN float apply_wp_sin_float32(float x) {
# CPP: const auto r = bump(
# CPP: void k_cpu_backward(
# CUDA: static KDSL_FN float apply_half_float32(float x) {
# CUDA: __global__ void k_cuda_kernel_backward(
# PTX: .entry k_cuda_kernel_forward(
# PTX: .entry k_cuda_kernel_backward(
