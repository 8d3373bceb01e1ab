# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# A @wp.func's result keeps the caller's name after autodiff inlines the call
# (with the upstream inliner, lib/Autodiff/AdjointKernel.cpp): the adjoint of
# f in `f = damping(...)` reads adj_f (issue 13, point 1). Before, the
# returned value kept no name and the adjoint was a temporary.
import warp as wp


@wp.func
def damping(v: float, c: float):
    return -c * v * v


@wp.kernel
def drag(vel: wp.array(dtype=float), c: float, out: wp.array(dtype=float)):
    i = wp.tid()
    f = damping(vel[i], c)
    out[i] = f * 2.0


# CHECK-LABEL: extern "C" void drag_cpu_backward(
# CHECK: // adj: out[i] = f * 2.0
# CHECK: const float adj_f = {{v[0-9]+}} * 2.0f;
# CHECK-NEXT: // adj: return -c * v * v
# CHECK-NEXT: const float {{v[0-9]+}} = adj_f * {{v[0-9]+}};
