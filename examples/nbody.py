# Gravitational N-body: an O(N^2) force loop with `continue`, a pairwise
# potential-energy loop over range(i + 1, n), leapfrog integration, and
# reductions with atomics on float and vec3 arrays.

import warp as wp

G = wp.constant(1.0)
SOFTENING = wp.constant(0.01)


@wp.func
def pair_accel(pi: wp.vec3, pj: wp.vec3, mj: float):
    """Acceleration of body i due to body j (Plummer-softened)."""
    d = pj - pi
    r2 = wp.length_sq(d) + SOFTENING * SOFTENING
    inv_r = 1.0 / wp.sqrt(r2)
    inv_r3 = inv_r * inv_r * inv_r
    return d * (G * mj * inv_r3)


@wp.kernel
def compute_accel(pos: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float), acc: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    n = pos.shape[0]
    p = pos[i]
    a = wp.vec3(0.0)
    for j in range(n):
        if j == i:
            continue
        a += pair_accel(p, pos[j], mass[j])
    acc[i] = a


@wp.kernel
def leapfrog(
    pos: wp.array(dtype=wp.vec3),
    vel: wp.array(dtype=wp.vec3),
    acc: wp.array(dtype=wp.vec3),
    dt: float,
):
    """Kick-drift: v += a dt, x += v dt."""
    i = wp.tid()
    v = vel[i] + acc[i] * dt
    vel[i] = v
    pos[i] = pos[i] + dt * v


@wp.kernel
def potential_energy(pos: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float), energy: wp.array(dtype=float)):
    """Each i sums the pairs (i, j) with j > i, so every pair counts once."""
    i = wp.tid()
    n = pos.shape[0]
    e = float(0.0)
    for j in range(i + 1, n):
        r = wp.length(pos[j] - pos[i])
        e -= G * mass[i] * mass[j] / wp.pow(r * r + SOFTENING * SOFTENING, 0.5)
    wp.atomic_add(energy, 0, e)


@wp.kernel
def momentum_and_com(
    pos: wp.array(dtype=wp.vec3),
    vel: wp.array(dtype=wp.vec3),
    mass: wp.array(dtype=float),
    momentum: wp.array(dtype=wp.vec3),
    weighted_pos: wp.array(dtype=wp.vec3),
    total_mass: wp.array(dtype=float),
):
    i = wp.tid()
    m = mass[i]
    wp.atomic_add(momentum, 0, m * vel[i])
    weighted_pos[0] += pos[i] * m
    wp.atomic_add(total_mass, 0, m)


@wp.kernel
def init_disk(pos: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float), radius: float):
    """Place bodies on a golden-angle spiral with circular-orbit velocities."""
    i = wp.tid()
    n = pos.shape[0]
    r = radius * wp.sqrt((float(i) + 0.5) / float(n))
    theta = float(i) * 2.39996323
    p = wp.vec3(r * wp.cos(theta), 0.0, r * wp.sin(theta))
    pos[i] = p
    speed = wp.sqrt(G * float(n) * (r / radius) * (r / radius) / wp.max(r, SOFTENING))
    tangent = wp.normalize(wp.cross(wp.vec3(0.0, 1.0, 0.0), p))
    vel[i] = tangent * speed
    mass[i] = 1.0 / float(n)


if __name__ == "__main__":
    wp.init()
    n = 4096
    pos = wp.zeros(n, dtype=wp.vec3)
    vel = wp.zeros(n, dtype=wp.vec3)
    acc = wp.zeros(n, dtype=wp.vec3)
    mass = wp.zeros(n, dtype=float)
    wp.launch(init_disk, dim=n, inputs=[pos, vel, mass, 1.0])
    for step in range(10):
        wp.launch(compute_accel, dim=n, inputs=[pos, mass, acc])
        wp.launch(leapfrog, dim=n, inputs=[pos, vel, acc, 0.001])
