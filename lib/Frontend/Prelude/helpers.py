# kdsl prelude: Warp 1.16's math helpers that its warp/_src/math.py defines
# as @wp.func (exported as wp.<name>): velocity_at_point, the twist of a
# quaternion about an axis, quat_to_rpy and quat_from_euler. Warp's take
# float32 values; the _d forms (float64) are a kdsl extension with the same
# operations. See docs/language.md, "The remaining core builtins".
from typing import Any

import warp as wp


@wp.func
def velocity_at_point(qd: wp.spatial_vector, r: wp.vec3) -> wp.vec3:
    # The linear velocity of a point at offset r of a body moving with the
    # twist qd = (w, v): v + w x r.
    return wp.spatial_bottom(qd) + wp.cross(wp.spatial_top(qd), r)


@wp.func
def velocity_at_point_d(qd: wp.spatial_vectord, r: wp.vec3d) -> wp.vec3d:
    return wp.spatial_bottom(qd) + wp.cross(wp.spatial_top(qd), r)


@wp.func
def quat_twist(axis: wp.vec3, q: wp.quat) -> wp.quat:
    # Swing-twist decomposition: the rotation of q about `axis` (normalized by
    # the caller), as a unit quaternion.
    v = wp.dot(wp.vec3(q[0], q[1], q[2]), axis) * axis
    return wp.normalize(wp.quat(v[0], v[1], v[2], q[3]))


@wp.func
def quat_twist_d(axis: wp.vec3d, q: wp.quatd) -> wp.quatd:
    v = wp.dot(wp.vec3d(q[0], q[1], q[2]), axis) * axis
    return wp.normalize(wp.quatd(v[0], v[1], v[2], q[3]))


@wp.func
def quat_twist_angle(axis: wp.vec3, q: wp.quat) -> float:
    # The twist angle about `axis`, without its sign: 2 atan2(|axis . q.xyz|, q.w).
    return 2.0 * wp.atan2(wp.abs(wp.dot(axis, wp.vec3(q[0], q[1], q[2]))), q[3])


@wp.func
def quat_twist_angle_d(axis: wp.vec3d, q: wp.quatd) -> wp.float64:
    return wp.float64(2.0) * wp.atan2(wp.abs(wp.dot(axis, wp.vec3d(q[0], q[1], q[2]))), q[3])


@wp.func
def quat_twist_angle_signed(axis: wp.vec3, q: wp.quat) -> float:
    # The signed twist angle about `axis`: 2 atan2(axis . q.xyz, q.w).
    return 2.0 * wp.atan2(wp.dot(axis, wp.vec3(q[0], q[1], q[2])), q[3])


@wp.func
def quat_twist_angle_signed_d(axis: wp.vec3d, q: wp.quatd) -> wp.float64:
    return wp.float64(2.0) * wp.atan2(wp.dot(axis, wp.vec3d(q[0], q[1], q[2])), q[3])


@wp.func
def quat_to_rpy(q: wp.quat) -> wp.vec3:
    # (roll, pitch, yaw): extrinsic rotations about X, then Y, then Z; the
    # pitch's sine is clamped to [-1, 1].
    x = q[0]
    y = q[1]
    z = q[2]
    w = q[3]
    roll = wp.atan2(2.0 * (w * x + y * z), 1.0 - 2.0 * (x * x + y * y))
    pitch = wp.asin(wp.clamp(2.0 * (w * y - z * x), -1.0, 1.0))
    yaw = wp.atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (y * y + z * z))
    return wp.vec3(roll, pitch, yaw)


@wp.func
def quat_to_rpy_d(q: wp.quatd) -> wp.vec3d:
    x = q[0]
    y = q[1]
    z = q[2]
    w = q[3]
    one = wp.float64(1.0)
    two = wp.float64(2.0)
    roll = wp.atan2(two * (w * x + y * z), one - two * (x * x + y * y))
    pitch = wp.asin(wp.clamp(two * (w * y - z * x), -one, one))
    yaw = wp.atan2(two * (w * z + x * y), one - two * (y * y + z * z))
    return wp.vec3d(roll, pitch, yaw)


@wp.func
def _axis_quat(axis: int, angle: float) -> wp.quat:
    # The rotation by `angle` about coordinate axis 0, 1 or 2.
    s = wp.sin(0.5 * angle)
    c = wp.cos(0.5 * angle)
    if axis == 0:
        return wp.quat(s, 0.0, 0.0, c)
    if axis == 1:
        return wp.quat(0.0, s, 0.0, c)
    return wp.quat(0.0, 0.0, s, c)


@wp.func
def quat_from_euler(e: wp.vec3, i: int, j: int, k: int) -> wp.quat:
    # Extrinsic rotations about axes i, then j, then k (0 = X, 1 = Y, 2 = Z) by
    # the angles e[i], e[j], e[k] (angles are read by axis): q_k * (q_j * q_i).
    return _axis_quat(k, e[k]) * (_axis_quat(j, e[j]) * _axis_quat(i, e[i]))


@wp.func
def _axis_quat_d(axis: int, angle: wp.float64) -> wp.quatd:
    half = wp.float64(0.5) * angle
    s = wp.sin(half)
    c = wp.cos(half)
    zero = wp.float64(0.0)
    if axis == 0:
        return wp.quatd(s, zero, zero, c)
    if axis == 1:
        return wp.quatd(zero, s, zero, c)
    return wp.quatd(zero, zero, s, c)


@wp.func
def quat_from_euler_d(e: wp.vec3d, i: int, j: int, k: int) -> wp.quatd:
    return _axis_quat_d(k, e[k]) * (_axis_quat_d(j, e[j]) * _axis_quat_d(i, e[i]))


@wp.func
def _qpart(q: wp.quat, n: int) -> float:
    # Component n of q written scalar first: 0 = w, 1 = x, 2 = y, 3 = z.
    if n == 0:
        return q[3]
    return q[n - 1]


@wp.func
def quat_to_euler(q: wp.quat, i: int, j: int, k: int) -> wp.vec3:
    # Angles of the rotation sequence about axes i, j, k (0, 1, 2; j != i, j != k)
    # by the direct method of Bernardes and Viollet (2022), the algorithm of
    # Warp's quat_to_euler: e[i], e[j], e[k] are the first, second and third
    # angle (read by axis, as quat_from_euler takes them). A proper sequence
    # (i == k) is solved as the Tait-Bryan one with the third axis.
    a1 = i + 1
    a2 = j + 1
    a3 = k + 1
    tait_bryan = a1 != a3
    if not tait_bryan:
        a3 = 6 - a1 - a2
    sign = float((a1 - a2) * (a2 - a3) * (a3 - a1)) / 2.0
    qi = _qpart(q, a1)
    qj = _qpart(q, a2)
    qk = _qpart(q, a3) * sign
    qw = q[3]
    a = qw
    b = qi
    c = qj
    d = qk
    if tait_bryan:
        a = qw - qj
        b = qi + qk
        c = qj + qw
        d = qk - qi
    n2 = a * a + b * b
    middle = wp.acos(2.0 * n2 / (n2 + c * c + d * d) - 1.0)
    plus = wp.atan2(b, a)
    minus = wp.atan2(d, c)
    first = 0.0
    third = 0.0
    if wp.abs(middle) < 1e-6:
        third = 2.0 * plus
    elif wp.abs(middle - wp.pi) < 1e-6:
        third = 2.0 * minus
    else:
        first = plus - minus
        third = plus + minus
    if tait_bryan:
        middle -= wp.HALF_PI
        third *= sign
    out = wp.vec3(0.0, 0.0, 0.0)
    out[a1 - 1] = first
    out[a2 - 1] = middle
    out[a3 - 1] = third
    return out


@wp.func
def _qpart_d(q: wp.quatd, n: int) -> wp.float64:
    if n == 0:
        return q[3]
    return q[n - 1]


@wp.func
def quat_to_euler_d(q: wp.quatd, i: int, j: int, k: int) -> wp.vec3d:
    a1 = i + 1
    a2 = j + 1
    a3 = k + 1
    tait_bryan = a1 != a3
    if not tait_bryan:
        a3 = 6 - a1 - a2
    sign = wp.float64((a1 - a2) * (a2 - a3) * (a3 - a1)) / wp.float64(2.0)
    qi = _qpart_d(q, a1)
    qj = _qpart_d(q, a2)
    qk = _qpart_d(q, a3) * sign
    qw = q[3]
    a = qw
    b = qi
    c = qj
    d = qk
    if tait_bryan:
        a = qw - qj
        b = qi + qk
        c = qj + qw
        d = qk - qi
    n2 = a * a + b * b
    middle = wp.acos(2.0 * n2 / (n2 + c * c + d * d) - 1.0)
    plus = wp.atan2(b, a)
    minus = wp.atan2(d, c)
    first = wp.float64(0.0)
    third = wp.float64(0.0)
    if wp.abs(middle) < 1e-6:
        third = 2.0 * plus
    elif wp.abs(middle - wp.pi) < 1e-6:
        third = 2.0 * minus
    else:
        first = plus - minus
        third = plus + minus
    if tait_bryan:
        middle -= wp.HALF_PI
        third *= sign
    out = wp.vec3d()
    out[a1 - 1] = first
    out[a2 - 1] = middle
    out[a3 - 1] = third
    return out


@wp.func
def transform_from_matrix(mat: wp.mat44) -> wp.transform:
    # The transform of translation mat[0:3, 3] and the rotation of mat's upper
    # 3x3 block (quat_from_matrix).
    return wp.transform(wp.vec3(mat[0, 3], mat[1, 3], mat[2, 3]), wp.quat_from_matrix(mat))


@wp.func
def transform_decompose(m: wp.mat44):
    # (position, rotation, scale) of m = [[R diag(scale), position], [0, 1]]:
    # scale[j] is the length of column j of the 3x3 block, the rotation that of
    # the block with each nonzero column divided by its length.
    zero = float(0.0)
    cols = wp.mat33()
    scale = wp.vec3()
    for j in range(3):
        s = wp.sqrt(m[0, j] * m[0, j] + m[1, j] * m[1, j] + m[2, j] * m[2, j])
        scale[j] = s
        for r in range(3):
            x = m[r, j]
            if s != zero:
                x = x / s
            cols[r, j] = x
    return wp.vec3(m[0, 3], m[1, 3], m[2, 3]), wp.quat_from_matrix(cols), scale


@wp.func
def transform_from_matrix_d(mat: wp.mat44d) -> wp.transformd:
    return wp.transformd(wp.vec3d(mat[0, 3], mat[1, 3], mat[2, 3]), wp.quat_from_matrix(mat))


@wp.func
def transform_decompose_d(m: wp.mat44d):
    zero = wp.float64(0.0)
    cols = wp.mat33d()
    scale = wp.vec3d()
    for j in range(3):
        s = wp.sqrt(m[0, j] * m[0, j] + m[1, j] * m[1, j] + m[2, j] * m[2, j])
        scale[j] = s
        for r in range(3):
            x = m[r, j]
            if s != zero:
                x = x / s
            cols[r, j] = x
    return wp.vec3d(m[0, 3], m[1, 3], m[2, 3]), wp.quat_from_matrix(cols), scale


# --- vector norms (generic: any float vector; Warp's are float32) ------------


@wp.func
def norm_l1(v: Any):
    # sum_i |v_i|
    n = type(v[0])(0.0)
    for i in range(len(v)):
        n += wp.abs(v[i])
    return n


@wp.func
def norm_l2(v: Any):
    return wp.length(v)


@wp.func
def norm_huber(v: Any, delta: float = 1.0):
    # |v|^2 / 2 where |v| <= delta, else delta (|v| - delta / 2).
    a = wp.dot(v, v)
    d = type(a)(delta)
    if a <= d * d:
        return type(a)(0.5) * a
    return d * (wp.sqrt(a) - type(a)(0.5) * d)


@wp.func
def norm_pseudo_huber(v: Any, delta: float = 1.0):
    # delta sqrt(1 + |v|^2 / delta^2)
    a = wp.dot(v, v)
    d = type(a)(delta)
    return d * wp.sqrt(type(a)(1.0) + a / (d * d))


@wp.func
def smooth_normalize(v: Any, delta: float = 1.0):
    # v divided by its pseudo-Huber norm.
    return v / norm_pseudo_huber(v, delta)
