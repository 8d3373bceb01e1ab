# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
#
# Warp 1.16's @wp.kernel options (docs/language.md, "Decorator options and
# Warp names"): module_options' enable_backward is honoured (no adjoint),
# constant options are recorded folded, launch_bounds reaches CUDA C and PTX.

import warp as wp

BLOCK = 128
MIN_BLOCKS = 2


# CHECK-LABEL: kdsl.kernel @no_adjoint(
# CHECK-SAME: enable_backward = false
# PTX: .entry no_adjoint_cuda_kernel_forward(
# PTX-NOT: no_adjoint_cuda_kernel_backward
# PTX: .entry kernel_wins_cuda_kernel_backward(
# CHECK-SAME: options = {module = "unique", module_options = {deterministic = "wp.DeterministicMode.RUN_TO_RUN", enable_backward = false, fast_math = true}}
@wp.kernel(module="unique", module_options={"fast_math": True, "enable_backward": False, "deterministic": wp.DeterministicMode.RUN_TO_RUN})
def no_adjoint(a: wp.array(dtype=float)):
    a[0] = 1.0


# The kernel's own enable_backward wins over module_options' (as in Warp).
# CHECK-LABEL: kdsl.kernel @kernel_wins(
# CHECK-SAME: enable_backward = true, options = {module = "unique", module_options = {enable_backward = false}}
@wp.kernel(enable_backward=True, module="unique", module_options={"enable_backward": False})
def kernel_wins(a: wp.array(dtype=float)):
    a[0] = 2.0


# CHECK-LABEL: kdsl.kernel @bounded(
# CHECK-SAME: options = {cluster_dim = 2 : i64, grid_stride = false, launch_bounds = [128, 2], module = "some_module"}
# CUDA: extern "C" __global__ void __launch_bounds__(128, 2) bounded_cuda_kernel_forward(
# PTX-LABEL: .entry bounded_cuda_kernel_forward(
# PTX: .maxntid 128, 1, 1
# PTX-NEXT: .minnctapersm 2
@wp.kernel(launch_bounds=(BLOCK, MIN_BLOCKS), grid_stride=False, cluster_dim=2, module="some_module")
def bounded(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 3.0


# CHECK-LABEL: kdsl.kernel @plain_bound(
# CHECK-SAME: options = {grid_stride = true, launch_bounds = 256 : i64}
# CUDA: extern "C" __global__ void __launch_bounds__(256) plain_bound_cuda_kernel_forward(
# PTX-LABEL: .entry plain_bound_cuda_kernel_forward(
# PTX: .maxntid 256, 1, 1
# PTX-NOT: .minnctapersm
@wp.kernel(launch_bounds=256, grid_stride=True)
def plain_bound(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 4.0


@wp.func(module="unique")
def helper(x: float):
    return x + 1.0


# CHECK-LABEL: kdsl.kernel @uses_helper(
# CUDA: extern "C" __global__ void uses_helper_cuda_kernel_forward(
@wp.kernel
def uses_helper(a: wp.array(dtype=float)):
    a[0] = helper(a[0])


# `option=None` is Warp's default for every option (as if not given).
# CHECK-LABEL: kdsl.kernel @none_options(
# CHECK-SAME: enable_backward = true}
@wp.kernel(enable_backward=None, launch_bounds=None, grid_stride=None, cluster_dim=None, module=None, module_options=None)
def none_options(a: wp.array(dtype=float)):
    a[0] = 5.0
