"""Independent reference for examples/rigid_body_quat.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, BOOL, F32, I32, Kernel, StructT, main, wp  # noqa: E402

EPS = 1e-8
BodyParams = StructT("BodyParams", [("dt", F32), ("gravity", wp.vec3), ("linear_damping", F32),
                                    ("angular_damping", F32)])


def quat_normalized(q):
    n = wp.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w)
    if n < EPS:
        return wp.quat_identity()
    s = 1.0 / n
    return wp.quat(q.x * s, q.y * s, q.z * s, q.w * s)


def integrate_rotation(q, omega, dt):
    angle = wp.length(omega) * dt
    if angle < EPS:
        return q
    dq = wp.quat_from_axis_angle(wp.normalize(omega), angle)
    return quat_normalized(dq * q)


def integrate_bodies(i, params, body_pos, body_rot, body_vel, body_omega, body_force, body_torque,
                     body_inv_mass, body_inertia):
    inv_m = body_inv_mass[i]
    if inv_m == 0.0:
        return
    q = body_rot[i]
    w = body_omega[i]
    R = wp.quat_to_matrix(q)
    I_body = body_inertia[i]
    I_world = R * I_body * wp.transpose(R)
    I_world_inv = R * wp.inverse(I_body) * wp.transpose(R)
    tau = body_torque[i] - wp.cross(w, I_world * w)
    w = w + I_world_inv * tau * params.dt
    w = w * (1.0 - params.angular_damping * params.dt)
    v = body_vel[i] + (body_force[i] * inv_m + params.gravity) * params.dt
    v *= 1.0 - params.linear_damping * params.dt
    body_pos[i] = body_pos[i] + v * params.dt
    body_rot[i] = integrate_rotation(q, w, params.dt)
    body_vel[i] = v
    body_omega[i] = w


def apply_point_force(i, body_pos, body_rot, local_point, world_force, body_force, body_torque):
    r = wp.quat_rotate(body_rot[i], local_point)
    wp.atomic_add(body_force, i, world_force)
    wp.atomic_add(body_torque, i, wp.cross(r, world_force))


def world_to_body(p, body_pos, body_rot, points, body_of_point, local):
    b = body_of_point[p]
    local[p] = wp.quat_rotate_inv(body_rot[b], points[p] - body_pos[b])


def relative_rotation_angle(i, rot_a, rot_b, angle):
    q_rel = wp.quat_inverse(rot_a[i]) * rot_b[i]
    c = wp.clamp(wp.abs(q_rel.w), 0.0, 1.0)
    angle[i] = 2.0 * wp.acos(c)


def reset_orientations(i, body_rot, body_omega, flags):
    if flags[i]:
        body_rot[i] = wp.quat_identity()
        body_omega[i] = wp.vec3(0.0)


def check_rotation_identities(tid, axis, angle):
    q = wp.quat_from_axis_angle(wp.normalize(axis), angle)
    v = wp.vec3(0.3, -1.2, 2.0)
    R = wp.quat_to_matrix(q)
    wp.expect_near(R * v, wp.quat_rotate(q, v), 1e-4)
    wp.expect_near(wp.quat_rotate_inv(q, wp.quat_rotate(q, v)), v, 1e-4)
    qi = q * wp.quat_inverse(q)
    wp.expect_near(qi.w, 1.0, 1e-5)
    wp.expect_near(wp.determinant(R), 1.0, 1e-4)


V3, Q = ArrT(wp.vec3), ArrT(wp.quat)
KERNELS = {
    "integrate_bodies": Kernel(integrate_bodies, [("params", BodyParams), ("body_pos", V3), ("body_rot", Q),
                                                  ("body_vel", V3), ("body_omega", V3), ("body_force", V3),
                                                  ("body_torque", V3), ("body_inv_mass", ArrT(F32)),
                                                  ("body_inertia", ArrT(wp.mat33))]),
    "apply_point_force": Kernel(apply_point_force, [("body_pos", V3), ("body_rot", Q), ("local_point", wp.vec3),
                                                    ("world_force", wp.vec3), ("body_force", V3),
                                                    ("body_torque", V3)]),
    "world_to_body": Kernel(world_to_body, [("body_pos", V3), ("body_rot", Q), ("points", V3),
                                            ("body_of_point", ArrT(I32)), ("local", V3)]),
    "relative_rotation_angle": Kernel(relative_rotation_angle, [("rot_a", Q), ("rot_b", Q), ("angle", ArrT(F32))]),
    "reset_orientations": Kernel(reset_orientations, [("body_rot", Q), ("body_omega", V3), ("flags", ArrT(BOOL))]),
    "check_rotation_identities": Kernel(check_rotation_identities, [("axis", wp.vec3), ("angle", F32)]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
