# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# A @wp.func's result keeps the caller's name in the adjoint: the adjoint of
# f in `f = damping(...)` is adj_f (issue 13, point 1), which the backward
# passes to the func's adjoint function adj_damping (issue 27: the call is no
# longer inlined), whose body names the adjoints of its own variables.
import warp as wp


@wp.func
def damping(v: float, c: float):
    return -c * v * v


@wp.kernel
def drag(vel: wp.array(dtype=float), c: float, out: wp.array(dtype=float)):
    i = wp.tid()
    f = damping(vel[i], c)
    out[i] = f * 2.0


# CHECK-LABEL: static KDSL_FN adj_damping_result adj_damping(float v, float c, float adj_ret) {
# CHECK: // return -c * v * v
# CHECK: // adj: return -c * v * v
# CHECK: return adj_damping_result{
# CHECK-LABEL: extern "C" void drag_cpu_backward(
# The replay of f is dropped: nothing in the adjoint reads f.
# CHECK-NOT: {{^ *}}const float f = damping(
# CHECK: // adj: out[i] = f * 2.0
# CHECK: const float adj_f = {{v[0-9]+}} * 2.0f;
# CHECK-NEXT: // adj: f = damping(vel[i], c)
# CHECK-NEXT: const auto [[R:r[_0-9]*]] = adj_damping({{v[0-9]+}}, c, adj_f);
