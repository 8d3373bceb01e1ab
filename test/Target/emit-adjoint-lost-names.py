# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=cpp --verify-emitted -o %t.cpp
# RUN: kdsl-translate %s --emit=cuda --verify-emitted -o %t.cu
# Float locals with a gradient path whose adj_<name> the backward used to
# lose (issue 13, point 1; utils/readability.py lists them):
#  - early_return: u is the result of a func with an early return: adj_u,
#    passed to adj_pick (issue 27: funcs are no longer inlined; inside
#    adj_pick, the adjoints of p and q carried out of the if are adj_p, adj_q);
#  - inlined_difference: the adjoint of arm is the second result of
#    adj_blend (once -adj_d inside the inlined func): adj_arm;
#  - same_component: the adjoints of p and q are the same insert of adj_out
#    at [2]; CSE keeps one, and the other's name is declared as a copy: adj_p;
#  - carried_from_other: x carried by the loop, initialised from f (`x = f`),
#    is x in the forward and adj_x in the backward (not f_1, adj_f_N);
#  - double_negation: adj_dy = -adj_bias = -(-adj_energy), which
#    canonicalization folded to the load of adj_energy (named adj_a), losing
#    adj_bias; a named adjoint negated again is now kept (KeepNames.cpp):
#    adj_bias = -adj_a, adj_dy = -adj_bias;
#  - returned_local: v_sm is what a func returns under its own name s: the
#    backward passes adj_v_sm to adj_smooth (once inlined: a copy of adj_s).
import warp as wp


@wp.func
def pick(p: float, q: float):
    if p > q:
        return p * q
    return wp.sin(q)


@wp.kernel
def early_return(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t = a[i]
    u = pick(t, t * 2.0)
    out[i] = u * u


@wp.func
def blend(a: wp.vec3, b: wp.vec3):
    d = a - b
    return a + d * 0.5


@wp.kernel
def inlined_difference(x: wp.array(dtype=wp.vec3), y: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    arm = y[i]
    v = blend(x[i], arm)
    out[i] = wp.length(v)


@wp.kernel
def same_component(x: wp.array(dtype=wp.vec3), y: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    p = x[i]
    q = y[i]
    out[i] = p[2] + q[2]


@wp.kernel
def carried_from_other(rhs: wp.array(dtype=wp.vec3), n: int, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    f = rhs[i]
    x = f
    for k in range(n):
        x = x * 0.5 + f
    out[i] = x


@wp.kernel
def double_negation(h: wp.array(dtype=float), energy: wp.array(dtype=float)):
    i = wp.tid()
    a = h[i]
    dy = a * a
    bias = -(a + dy)
    energy[i] = a - bias


@wp.func
def smooth(a: wp.array(dtype=wp.vec3), i: int):
    s = a[i] * 0.5
    return s


@wp.kernel
def returned_local(flow: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v_sm = smooth(flow, i)
    out[i] = v_sm


# CHECK-LABEL: static KDSL_FN adj_pick_result adj_pick(float p, float q, float adj_ret) {
# CHECK: float adj_p;
# CHECK-NEXT: float adj_q;
# CHECK: return adj_pick_result{adj_p, adj_q};
# CHECK-LABEL: static KDSL_FN adj_blend_result adj_blend(
# CHECK: // adj: d = a - b
# CHECK-NEXT: const kdsl::vec<float, 3> adj_b = -adj_d;
# CHECK-LABEL: extern "C" void early_return_cpu_backward(
# CHECK: // adj: out[i] = u * u
# CHECK-NEXT: = kdsl::load<float>(adj_out,
# CHECK-NEXT: const float adj_u = 
# CHECK: // adj: u = pick(t, t * 2.0)
# CHECK-NEXT: adj_pick(t, {{v[0-9]+}}, adj_u{{(_[0-9]+)?}});

# CHECK-LABEL: extern "C" void inlined_difference_cpu_backward(
# CHECK: // adj: v = blend(x[i], arm)
# CHECK-NEXT: const auto [[R:r[_0-9]*]] = adj_blend({{v[0-9]+}}, arm, adj_v);
# CHECK-NEXT: const kdsl::vec<float, 3> {{v[0-9]+}} = [[R]].r0;
# CHECK-NEXT: const kdsl::vec<float, 3> adj_arm = [[R]].r1;
# CHECK: // adj: arm = y[i]
# CHECK: + adj_arm;

# CHECK-LABEL: extern "C" void same_component_cpu_backward(
# CHECK: const kdsl::vec<float, 3> [[Q:adj_[pq]]] = kdsl::vec<float, 3>{{[{][{]}}0.0f, 0.0f, v{{[0-9]+}}}};
# CHECK-NEXT: {{\[\[}}maybe_unused]] const kdsl::vec<float, 3> adj_{{[pq]}} = [[Q]];

# CHECK-LABEL: extern "C" void carried_from_other_cpu_forward(
# CHECK: kdsl::vec<float, 3> x = f;
# CHECK: const kdsl::vec<float, 3> x_1 = {{.*}} + f;
# CHECK-NEXT: x = x_1;
# CHECK-LABEL: extern "C" void carried_from_other_cpu_backward(
# CHECK: const kdsl::vec<float, 3> adj_x = kdsl::load<kdsl::vec<float, 3>>(adj_out,
# CHECK: kdsl::vec<float, 3> adj_x_1 = adj_x;
# CHECK: adj_x_1 = adj_x_{{[0-9]+}};

# CHECK-LABEL: extern "C" void double_negation_cpu_backward(
# CHECK: // adj: energy[i] = a - bias
# CHECK-NEXT: const float adj_a = kdsl::load<float>(adj_energy,
# CHECK-NEXT: const float adj_bias = -adj_a;
# CHECK-NEXT: // adj: bias = -(a + dy)
# CHECK-NEXT: const float adj_dy = -adj_bias;
# CHECK-NEXT: const float adj_a_1 = adj_a + adj_dy;

# CHECK-LABEL: extern "C" void returned_local_cpu_backward(
# CHECK: // adj: out[i] = v_sm
# CHECK-NEXT: const kdsl::vec<float, 3> adj_v_sm = kdsl::load<kdsl::vec<float, 3>>(adj_out,
# CHECK-NEXT: // adj: v_sm = smooth(flow, i)
# CHECK-NEXT: adj_smooth(flow, i, adj_v_sm, adj_flow);

# CUDA-LABEL: void early_return_cuda{{.*}}backward(
# CUDA: const float adj_u =
# CUDA-LABEL: void inlined_difference_cuda{{.*}}backward(
# CUDA: const kdsl::vec<float, 3> adj_arm = {{r[_0-9]*}}.r1;
# CUDA-LABEL: void same_component_cuda{{.*}}backward(
# CUDA: {{\[\[}}maybe_unused]] const kdsl::vec<float, 3> adj_{{[pq]}} = adj_{{[pq]}};
# CUDA-LABEL: void carried_from_other_cuda{{.*}}backward(
# CUDA: kdsl::vec<float, 3> adj_x_1 = adj_x;
# CUDA-LABEL: void double_negation_cuda{{.*}}backward(
# CUDA: const float adj_dy = -adj_bias;
# CUDA-LABEL: void returned_local_cuda{{.*}}backward(
# CUDA: const kdsl::vec<float, 3> adj_v_sm = kdsl::load
