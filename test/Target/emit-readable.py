# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# Readable emission: C++ locals take the source's variable names (uniqued
# per reassignment: pos, pos_1, ...; reserved C++ names get a trailing _),
# one `// statement   (file:line)` comment per source statement, and the
# backward is the forward replay, then `// adj: ...` blocks in reverse
# statement order with adj_<name> adjoints. CUDA atomics are native.
import warp as wp


@wp.kernel
def step(pos: wp.array(dtype=float), vel: wp.array(dtype=float), dt: float, total: wp.array(dtype=float)):
    i = wp.tid()
    p = pos[i]
    v = vel[i]
    v = v * 0.5 + dt
    p = p + v * dt
    double = p * p
    pos[i] = double
    wp.atomic_add(total, 0, p)


# CHECK-LABEL: extern "C" void step_cpu_forward(
# CHECK: const int32_t i = (int32_t)thread;
# CHECK-NEXT: // p = pos[i]   (emit-readable.py:[[# @LINE - 11]])
# CHECK-NEXT: const float p = kdsl::load<float>(pos, (uint32_t)i);
# CHECK-NEXT: // v = vel[i]   (emit-readable.py:[[# @LINE - 12]])
# CHECK-NEXT: const float v = kdsl::load<float>(vel, (uint32_t)i);
# CHECK-NEXT: // v = v * 0.5 + dt   (emit-readable.py:[[# @LINE - 13]])
# CHECK-NEXT: const float [[T0:v[0-9]+]] = v * 0.5f;
# CHECK-NEXT: const float v_1 = [[T0]] + dt;
# CHECK-NEXT: // p = p + v * dt   (emit-readable.py:[[# @LINE - 15]])
# CHECK-NEXT: const float [[T1:v[0-9]+]] = v_1 * dt;
# CHECK-NEXT: const float p_1 = p + [[T1]];
# CHECK-NEXT: // double = p * p   (emit-readable.py:[[# @LINE - 17]])
# CHECK-NEXT: const float double_ = p_1 * p_1;
# CHECK-NEXT: // pos[i] = double   (emit-readable.py:[[# @LINE - 18]])
# CHECK-NEXT: kdsl::store(pos, double_, (uint32_t)i);
# CHECK-NEXT: // wp.atomic_add(total, 0, p)   (emit-readable.py:[[# @LINE - 19]])
# CHECK-NEXT: kdsl::atomic<float>(kdsl::rmw::add, total, p_1, 0u);

# The backward: the replay (no stores, no atomics), then the reverse.
# CHECK-LABEL: extern "C" void step_cpu_backward(
# CHECK: // p = pos[i]
# CHECK: // p = p + v * dt
# CHECK-NOT: kdsl::store
# CHECK: // adj: wp.atomic_add(total, 0, p)
# CHECK-NEXT: const float adj_p = kdsl::load<float>(adj_total, 0u);
# CHECK: // adj: pos[i] = double
# CHECK-NEXT: const float adj_double = kdsl::load<float>(adj_pos, (uint32_t)i);
# CHECK-NEXT: // adj: double = p * p
# CHECK: const float adj_p_{{[0-9]+}} = adj_p + {{v[0-9]+}};
# CHECK: // adj: p = p + v * dt
# CHECK: const float adj_v = adj_p_{{[0-9]+}} * dt;
# CHECK: // adj: v = v * 0.5 + dt
# CHECK: // adj: v = vel[i]
# CHECK: kdsl::store(adj_vel,
# CHECK: // adj: p = pos[i]
# CHECK: kdsl::store(adj_pos,

# The CUDA prelude: native atomicAdd for float, double and 32/64-bit integers, atomicMin/Max
# for integers; compare-and-swap for the rest.
# CUDA: if constexpr (std::is_same<T, float>::value
# CUDA: return atomicAdd(p, v);
# CUDA: return atomicAdd(p, -v);
# CUDA: case rmw::add: return T(atomicAdd(up, U(v)));
# CUDA: case rmw::min: return T(atomicMin(sp, S(v)));
# CUDA: case rmw::umax: return T(atomicMax(up, U(v)));
# CUDA: oldBits = atomicCAS(addr, assumed, nextBits);
# CUDA-LABEL: extern "C" __global__ void step_cuda_kernel_forward(
# CUDA: const float p = kdsl::load<float>(pos, (uint32_t)i);
# CUDA: const float double_ = p_1 * p_1;
# CUDA-LABEL: extern "C" __global__ void step_cuda_kernel_backward(
# CUDA: const float adj_double = kdsl::load<float>(adj_pos, (uint32_t)i);
