# Rigid-body integration with quaternions: orientation update through
# quat_from_axis_angle and the Hamilton product, world-space inertia from
# quat_to_matrix, gyroscopic torque, world/body transforms with quat_rotate
# and quat_rotate_inv, relative rotations with quat_inverse, and resets to
# wp.quat_identity().

import warp as wp

EPS = wp.constant(1e-8)


@wp.struct
class BodyParams:
    dt: float
    gravity: wp.vec3
    linear_damping: float
    angular_damping: float


@wp.func
def quat_normalized(q: wp.quat):
    n = wp.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w)
    if n < EPS:
        return wp.quat_identity()
    s = 1.0 / n
    return wp.quat(q.x * s, q.y * s, q.z * s, q.w * s)


@wp.func
def integrate_rotation(q: wp.quat, omega: wp.vec3, dt: float):
    """Rotate q by the angle |omega| dt about omega (world frame)."""
    angle = wp.length(omega) * dt
    if angle < EPS:
        return q
    dq = wp.quat_from_axis_angle(wp.normalize(omega), angle)
    return quat_normalized(dq * q)


@wp.kernel
def integrate_bodies(
    params: BodyParams,
    body_pos: wp.array(dtype=wp.vec3),
    body_rot: wp.array(dtype=wp.quat),
    body_vel: wp.array(dtype=wp.vec3),
    body_omega: wp.array(dtype=wp.vec3),
    body_force: wp.array(dtype=wp.vec3),
    body_torque: wp.array(dtype=wp.vec3),
    body_inv_mass: wp.array(dtype=float),
    body_inertia: wp.array(dtype=wp.mat33),
):
    i = wp.tid()
    inv_m = body_inv_mass[i]
    if inv_m == 0.0:
        return  # static body

    q = body_rot[i]
    w = body_omega[i]

    # world-space inertia I_w = R I_b R^T and its inverse
    R = wp.quat_to_matrix(q)
    I_body = body_inertia[i]
    I_world = R * I_body * wp.transpose(R)
    I_world_inv = R * wp.inverse(I_body) * wp.transpose(R)

    # Euler's equations with the gyroscopic term
    tau = body_torque[i] - wp.cross(w, I_world * w)
    w = w + I_world_inv * tau * params.dt
    w = w * (1.0 - params.angular_damping * params.dt)

    v = body_vel[i] + (body_force[i] * inv_m + params.gravity) * params.dt
    v *= 1.0 - params.linear_damping * params.dt

    body_pos[i] = body_pos[i] + v * params.dt
    body_rot[i] = integrate_rotation(q, w, params.dt)
    body_vel[i] = v
    body_omega[i] = w


@wp.kernel
def apply_point_force(
    body_pos: wp.array(dtype=wp.vec3),
    body_rot: wp.array(dtype=wp.quat),
    local_point: wp.vec3,
    world_force: wp.vec3,
    body_force: wp.array(dtype=wp.vec3),
    body_torque: wp.array(dtype=wp.vec3),
):
    """A force applied at a point given in body coordinates."""
    i = wp.tid()
    r = wp.quat_rotate(body_rot[i], local_point)
    wp.atomic_add(body_force, i, world_force)
    wp.atomic_add(body_torque, i, wp.cross(r, world_force))


@wp.kernel
def world_to_body(body_pos: wp.array(dtype=wp.vec3), body_rot: wp.array(dtype=wp.quat), points: wp.array(dtype=wp.vec3), body_of_point: wp.array(dtype=int), local: wp.array(dtype=wp.vec3)):
    p = wp.tid()
    b = body_of_point[p]
    local[p] = wp.quat_rotate_inv(body_rot[b], points[p] - body_pos[b])


@wp.kernel
def relative_rotation_angle(rot_a: wp.array(dtype=wp.quat), rot_b: wp.array(dtype=wp.quat), angle: wp.array(dtype=float)):
    """Angle of the rotation taking body a to body b: q_rel = inv(q_a) * q_b."""
    i = wp.tid()
    q_rel = wp.quat_inverse(rot_a[i]) * rot_b[i]
    c = wp.clamp(wp.abs(q_rel.w), 0.0, 1.0)
    angle[i] = 2.0 * wp.acos(c)


@wp.kernel
def reset_orientations(body_rot: wp.array(dtype=wp.quat), body_omega: wp.array(dtype=wp.vec3), flags: wp.array(dtype=wp.bool)):
    i = wp.tid()
    if flags[i]:
        body_rot[i] = wp.quat_identity()
        body_omega[i] = wp.vec3(0.0)


@wp.kernel
def check_rotation_identities(axis: wp.vec3, angle: float):
    """Self-checks: R(q) v == quat_rotate(q, v) and rotate/rotate_inv are inverses."""
    q = wp.quat_from_axis_angle(wp.normalize(axis), angle)
    v = wp.vec3(0.3, -1.2, 2.0)
    R = wp.quat_to_matrix(q)
    wp.expect_near(R * v, wp.quat_rotate(q, v), 1e-4)
    wp.expect_near(wp.quat_rotate_inv(q, wp.quat_rotate(q, v)), v, 1e-4)
    qi = q * wp.quat_inverse(q)
    wp.expect_near(qi.w, 1.0, 1e-5)
    wp.expect_near(wp.determinant(R), 1.0, 1e-4)


if __name__ == "__main__":
    wp.init()
    wp.launch(check_rotation_identities, dim=1, inputs=[wp.vec3(1.0, 2.0, 3.0), 0.7])
