# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=cpp --verify-emitted -o %t.cpp
# RUN: kdsl-translate %s --emit=cuda --verify-emitted -o %t.cu
# Float locals with a gradient path whose adj_<name> the backward used to
# lose (issue 13, point 1; utils/readability.py lists them):
#  - nearest: hit, assigned in an `if` in a loop. The reversed if's results
#    are the adjoints of hit and t_near (result names in its location);
#    canonicalization folds it into two selects, each taking its name:
#    adj_hit, adj_t_near_N (they were v-temporaries);
#  - nearest_logged: the same if with a store: canonicalization makes a
#    select of the result that is the adjoint of t_near (adj_t_near_N; it was
#    a v-temporary) and a one-result if of the other (adj_hit);
#  - negated_twice, negated_vector: adj_grad = -adj_a is only negated again
#    (the rule of grad = -tan(a)); -(-adj_a) used to fold to adj_a, and the op
#    named adj_grad died. It is kept: -adj_grad.
import warp as wp


@wp.kernel
def nearest(d: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    t_near = float(10.0)
    for k in range(n):
        hit = d[k] * 2.0
        if hit < t_near:
            t_near = hit
    out[i] = t_near


@wp.kernel
def nearest_logged(d: wp.array(dtype=float), n: int, log: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t_near = float(10.0)
    for k in range(n):
        hit = d[k] * 2.0
        if hit < t_near:
            t_near = hit
            log[k] = hit
    out[i] = t_near


@wp.kernel
def negated_twice(h: wp.array(dtype=float), res: wp.array(dtype=float)):
    i = wp.tid()
    a = h[i]
    grad = -wp.tan(a)
    res[i] = a - grad


@wp.kernel
def negated_vector(x: wp.array(dtype=wp.vec3), res: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = x[i]
    q = -(p * 2.0)
    res[i] = p - q


# CHECK-LABEL: extern "C" void nearest_cpu_backward(
# CHECK: {{\[\[}}maybe_unused]] float [[ADJ:adj_t_near_[0-9]+]] = adj_t_near;
# CHECK: // adj: if hit < t_near:
# CHECK-NEXT: const float adj_hit = [[COND:v[0-9]+]] ? [[ADJ]] : 0.0f;
# CHECK-NEXT: const float [[ADJ2:adj_t_near_[0-9]+]] = [[COND]] ? 0.0f : [[ADJ]];
# CHECK-NEXT: // adj: hit = d[k] * 2.0
# CHECK-NEXT: = adj_hit * 2.0f;
# CHECK: [[ADJ]] = [[ADJ2]];

# CHECK-LABEL: extern "C" void nearest_logged_cpu_backward(
# CHECK: // adj: if hit < t_near:
# CHECK-NEXT: const float adj_t_near_{{[0-9]+}} = [[COND:v[0-9]+]] ? 0.0f : adj_t_near_{{[0-9]+}};
# CHECK-NEXT: float adj_hit;
# CHECK-NEXT: if ([[COND]]) {
# CHECK: adj_hit = adj_hit_1;
# CHECK: adj_hit = 0.0f;
# CHECK: // adj: hit = d[k] * 2.0
# CHECK-NEXT: = adj_hit * 2.0f;

# CHECK-LABEL: extern "C" void negated_twice_cpu_backward(
# CHECK: // adj: res[i] = a - grad
# CHECK-NEXT: const float adj_a = kdsl::load<float>(adj_res,
# CHECK-NEXT: const float adj_grad = -adj_a;
# CHECK-NEXT: // adj: grad = -wp.tan(a)
# CHECK-NEXT: const float [[N:v[0-9]+]] = -adj_grad;
# CHECK: = [[N]] /

# CHECK-LABEL: extern "C" void negated_vector_cpu_backward(
# CHECK: const kdsl::vec<float, 3> adj_q = -adj_p;
# CHECK-NEXT: // adj: q = -(p * 2.0)
# CHECK-NEXT: = -adj_q;

# CUDA-LABEL: void nearest_cuda{{.*}}backward(
# CUDA: const float adj_hit = {{v[0-9]+}} ? adj_t_near_{{[0-9]+}} : 0.0f;
# CUDA-LABEL: void nearest_logged_cuda{{.*}}backward(
# CUDA: float adj_hit;
# CUDA-LABEL: void negated_twice_cuda{{.*}}backward(
# CUDA: const float adj_grad = -adj_a;
# CUDA-LABEL: void negated_vector_cuda{{.*}}backward(
# CUDA: const kdsl::vec<float, 3> adj_q = -adj_p;
