# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# The adjoints of quat_rotate, quat_rotate_inv, quat_from_axis_angle and
# normalize are written in vector form (lib/Autodiff/ReverseExpanded.cpp,
# Warp's adj_quat_rotate, adj_quat_rotate_inv, adj_quat_from_axis_angle and
# adj_normalize): adj_p = quat_rotate_inv(q, adj_w) for w = quat_rotate(q, p),
# adj_q from one dot and two quaternion products, adj_axis = adj.xyz * sin(a/2),
# adj_v = (adj_n - n dot(n, adj_n)) / |v| where |v| > 0; none of them reverses
# the builtin's scalar expansion.
import warp as wp


@wp.kernel
def body(q_in: wp.array(dtype=wp.quat), p_in: wp.array(dtype=wp.vec3), angle: wp.array(dtype=float),
         out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = q_in[i]
    world = wp.quat_rotate(q, p_in[i])
    local = wp.quat_rotate_inv(q, world + p_in[i])
    spin = wp.quat_from_axis_angle(local, angle[i])
    unit = wp.normalize(world)
    out[i] = unit * spin[3] + local * spin[1]


# CHECK-LABEL: extern "C" void body_cpu_backward(
# CHECK: const kdsl::vec<float, 3> world = kdsl::quat_rotate(q, [[P:v[0-9]+]]);
# CHECK: const kdsl::vec<float, 3> local = kdsl::quat_rotate_inv(q, [[WP:v[0-9]+]]);
# CHECK: const kdsl::vec<float, 4> spin = kdsl::quat_from_axis_angle(local, [[A:v[0-9]+]]);
# CHECK: const kdsl::vec<float, 3> unit = kdsl::normalize(world);

# CHECK: // adj: unit = wp.normalize(world)
# CHECK-NEXT: const float [[LEN:v[0-9]+]] = kdsl::length(world);
# CHECK-NEXT: const float [[D:v[0-9]+]] = kdsl::dot(unit, adj_unit);
# CHECK-NEXT: const kdsl::vec<float, 3> [[DS:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>([[D]]);
# CHECK-NEXT: const kdsl::vec<float, 3> [[AL:v[0-9]+]] = unit * [[DS]];
# CHECK-NEXT: const kdsl::vec<float, 3> [[T:v[0-9]+]] = adj_unit - [[AL]];
# CHECK-NEXT: const kdsl::vec<float, 3> [[LS:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>([[LEN]]);
# CHECK-NEXT: const kdsl::vec<float, 3> [[Q:v[0-9]+]] = [[T]] / [[LS]];
# CHECK-NEXT: const bool [[POS:v[0-9]+]] = ([[LEN]] > 0.0f);
# CHECK-NEXT: const kdsl::vec<float, 3> adj_world = [[POS]] ? [[Q]] : kdsl::splat<kdsl::vec<float, 3>>(0.0f);

# CHECK: // adj: spin = wp.quat_from_axis_angle(local, angle[i])
# CHECK-NEXT: const float [[H:v[0-9]+]] = [[A]] * 0.5f;
# CHECK-NEXT: const float [[S:v[0-9]+]] = std::sin([[H]]);
# CHECK-NEXT: const float [[C:v[0-9]+]] = std::cos([[H]]);
# CHECK-NEXT: const kdsl::vec<float, 3> [[GV:v[0-9]+]] = kdsl::vec<float, 3>{{[{][{]}}0.0f, {{v[0-9]+}}, 0.0f{{[}][}]}};
# CHECK-NEXT: const kdsl::vec<float, 3> [[SS:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>([[S]]);
# CHECK-NEXT: const kdsl::vec<float, 3> [[AA:v[0-9]+]] = [[GV]] * [[SS]];
# CHECK-NEXT: const kdsl::vec<float, 3> adj_local_1 = adj_local + [[AA]];
# CHECK-NEXT: const kdsl::vec<float, 3> [[CS:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 3>>([[C]]);
# CHECK-NEXT: const kdsl::vec<float, 3> [[AC:v[0-9]+]] = local * [[CS]];
# CHECK: const float [[NS:v[0-9]+]] = -[[S]];
# CHECK-NEXT: const kdsl::vec<float, 4> [[DQ:v[0-9]+]] = kdsl::vec<float, 4>{{[{][{]}}{{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, [[NS]]{{[}][}]}};
# CHECK-NEXT: const kdsl::vec<float, 4> [[DQH:v[0-9]+]] = [[DQ]] * kdsl::splat<kdsl::vec<float, 4>>(0.5f);
# CHECK-NEXT: const float [[DA:v[0-9]+]] = kdsl::dot([[DQH]], adj_spin_1);

# CHECK: // adj: local = wp.quat_rotate_inv(q, world + p_in[i])
# CHECK-NEXT: const kdsl::vec<float, 3> [[RL:v[0-9]+]] = kdsl::quat_rotate(q, adj_local_1);
# CHECK: const kdsl::vec<float, 4> [[VQ:v[0-9]+]] = kdsl::quat_mul({{v[0-9]+}}, q);
# CHECK: const kdsl::vec<float, 4> [[VQG:v[0-9]+]] = kdsl::quat_mul([[VQ]], {{v[0-9]+}});
# CHECK-NEXT: const float [[GD:v[0-9]+]] = kdsl::dot(adj_local_1, [[WP]]);
# CHECK-NEXT: const kdsl::vec<float, 4> [[GDS:v[0-9]+]] = kdsl::splat<kdsl::vec<float, 4>>([[GD]]);
# CHECK-NEXT: const kdsl::vec<float, 4> [[GDQ:v[0-9]+]] = [[GDS]] * q;
# CHECK-NEXT: const kdsl::vec<float, 4> [[DIF:v[0-9]+]] = [[GDQ]] - [[VQG]];
# CHECK-NEXT: const kdsl::vec<float, 4> adj_q = [[DIF]] + [[DIF]];
# CHECK-NEXT: const kdsl::vec<float, 3> adj_world_1 = adj_world + [[RL]];

# CHECK: // adj: world = wp.quat_rotate(q, p_in[i])
# CHECK-NEXT: = kdsl::quat_rotate_inv(q, adj_world_1);
# CHECK: const kdsl::vec<float, 4> [[GQ:v[0-9]+]] = kdsl::quat_mul({{v[0-9]+}}, q);
# CHECK: = kdsl::quat_mul([[GQ]], {{v[0-9]+}});
# CHECK-NEXT: = kdsl::dot(adj_world_1, [[P]]);
# CHECK: const kdsl::vec<float, 4> adj_q_1 = adj_q + {{v[0-9]+}};
# CHECK-NOT: kdsl::quat_mul
# CHECK: // adj: q = q_in[i]

# CUDA-LABEL: void body_cuda{{.*}}backward(
# CUDA: = kdsl::quat_rotate(q, adj_local_1);
# CUDA: = kdsl::quat_rotate_inv(q, adj_world_1);
