# Particles with @wp.struct: a parameter struct passed to the kernel, a
# Particle struct built inside @wp.func code, field reads, field assignment
# and augmented assignment on struct fields, and a func returning a struct.

import warp as wp

GRAVITY = wp.constant(-9.81)
RESTITUTION = wp.constant(0.5)
EPS = wp.constant(1e-6)


@wp.struct
class SimParams:
    dt: float
    damping: float
    max_speed: float
    bounds_min: wp.vec3
    bounds_max: wp.vec3
    wind: wp.vec3


@wp.struct
class Particle:
    pos: wp.vec3
    vel: wp.vec3
    mass: float
    id: int


@wp.func
def make_particle(pos: wp.vec3, vel: wp.vec3, mass: float, id: int):
    p = Particle()
    p.pos = pos
    p.vel = vel
    p.mass = mass
    p.id = id
    return p


@wp.func
def limit_speed(v: wp.vec3, max_speed: float):
    """Scale v down so that |v| <= max_speed; normalize() of a zero vector is zero."""
    speed = wp.length(v)
    if speed > max_speed:
        return wp.normalize(v) * max_speed
    return v


@wp.func
def integrate(p: Particle, params: SimParams):
    q = p
    accel = wp.vec3(0.0, GRAVITY, 0.0) + params.wind / wp.max(q.mass, EPS)
    q.vel += accel * params.dt
    q.vel = limit_speed(q.vel, params.max_speed) * (1.0 - params.damping * params.dt)
    q.pos += q.vel * params.dt
    return q


@wp.func
def bounce(x: float, v: float, lo: float, hi: float):
    """Reflect a coordinate at the box walls; returns the new (x, v)."""
    if x < lo:
        return lo, -v * RESTITUTION
    elif x > hi:
        return hi, -v * RESTITUTION
    return x, v


@wp.kernel
def step_particles(
    params: SimParams,
    positions: wp.array(dtype=wp.vec3),
    velocities: wp.array(dtype=wp.vec3),
    masses: wp.array(dtype=float),
):
    tid = wp.tid()
    m = masses[tid]
    if m <= 0.0:
        # inactive particle slot
        return

    p = make_particle(positions[tid], velocities[tid], m, tid)
    p = integrate(p, params)

    pos = p.pos
    vel = p.vel
    x, vx = bounce(pos.x, vel.x, params.bounds_min.x, params.bounds_max.x)
    y, vy = bounce(pos.y, vel.y, params.bounds_min.y, params.bounds_max.y)
    z, vz = bounce(pos.z, vel.z, params.bounds_min.z, params.bounds_max.z)

    positions[p.id] = wp.vec3(x, y, z)
    velocities[p.id] = wp.vec3(vx, vy, vz)


@wp.kernel
def kinetic_energy(velocities: wp.array(dtype=wp.vec3), masses: wp.array(dtype=float), energy: wp.array(dtype=float)):
    tid = wp.tid()
    v = velocities[tid]
    e = 0.5 * masses[tid] * wp.length_sq(v)
    energy[0] += e


@wp.kernel
def emit_particles(origin: wp.vec3, spacing: float, per_row: int, positions: wp.array(dtype=wp.vec3), velocities: wp.array(dtype=wp.vec3)):
    tid = wp.tid()
    row = tid / per_row
    col = tid % per_row
    pos = origin
    pos.x += spacing * float(col)
    pos.z += spacing * float(row)
    vel = wp.vec3(0.0)
    vel[1] = -1.0
    p = make_particle(pos, vel, 1.0, tid)
    p.mass *= 2.0
    positions[tid] = p.pos
    velocities[tid] = p.vel


if __name__ == "__main__":
    wp.init()
    params = SimParams()
    params.dt = 1.0 / 60.0
    params.damping = 0.1
    params.max_speed = 20.0
    params.bounds_min = wp.vec3(-1.0, 0.0, -1.0)
    params.bounds_max = wp.vec3(1.0, 2.0, 1.0)
    params.wind = wp.vec3(0.1, 0.0, 0.0)
    n = 1024
    pos = wp.zeros(n, dtype=wp.vec3)
    vel = wp.zeros(n, dtype=wp.vec3)
    mass = wp.full(n, 1.0, dtype=float)
    wp.launch(emit_particles, dim=n, inputs=[wp.vec3(-0.5, 1.0, -0.5), 0.03, 32, pos, vel])
    for _ in range(100):
        wp.launch(step_particles, dim=n, inputs=[params, pos, vel, mass])
