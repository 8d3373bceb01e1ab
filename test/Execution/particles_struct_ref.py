"""Independent reference for examples/particles_struct.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, Kernel, StructT, main, wp  # noqa: E402

GRAVITY = -9.81
RESTITUTION = 0.5
EPS = 1e-6

SimParams = StructT("SimParams", [("dt", F32), ("damping", F32), ("max_speed", F32), ("bounds_min", wp.vec3),
                                  ("bounds_max", wp.vec3), ("wind", wp.vec3)])
Particle = StructT("Particle", [("pos", wp.vec3), ("vel", wp.vec3), ("mass", F32), ("id", I32)])


def make_particle(pos, vel, mass, id):
    p = Particle()
    p.pos = pos
    p.vel = vel
    p.mass = mass
    p.id = id
    return p


def limit_speed(v, max_speed):
    speed = wp.length(v)
    if speed > max_speed:
        return wp.normalize(v) * max_speed
    return v


def integrate(p, params):
    q = p.copy()
    accel = wp.vec3(0.0, GRAVITY, 0.0) + params.wind / wp.max(q.mass, EPS)
    q.vel += accel * params.dt
    q.vel = limit_speed(q.vel, params.max_speed) * (1.0 - params.damping * params.dt)
    q.pos += q.vel * params.dt
    return q


def bounce(x, v, lo, hi):
    if x < lo:
        return lo, -v * RESTITUTION
    elif x > hi:
        return hi, -v * RESTITUTION
    return x, v


def step_particles(tid, params, positions, velocities, masses):
    m = masses[tid]
    if m <= 0.0:
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


def kinetic_energy(tid, velocities, masses, energy):
    v = velocities[tid]
    e = 0.5 * masses[tid] * wp.length_sq(v)
    energy[0] += e


def emit_particles(tid, origin, spacing, per_row, positions, velocities):
    row = tid / per_row
    col = tid % per_row
    pos = origin.copy()
    pos.x += spacing * F32(col)
    pos.z += spacing * F32(row)
    vel = wp.vec3(0.0)
    vel[1] = -1.0
    p = make_particle(pos, vel, F32(1.0), tid)
    p.mass *= 2.0
    positions[tid] = p.pos
    velocities[tid] = p.vel


V3 = ArrT(wp.vec3)
KERNELS = {
    "step_particles": Kernel(step_particles, [("params", SimParams), ("positions", V3), ("velocities", V3),
                                              ("masses", ArrT(F32))]),
    "kinetic_energy": Kernel(kinetic_energy, [("velocities", V3), ("masses", ArrT(F32)), ("energy", ArrT(F32))]),
    "emit_particles": Kernel(emit_particles, [("origin", wp.vec3), ("spacing", F32), ("per_row", I32),
                                              ("positions", V3), ("velocities", V3)]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
