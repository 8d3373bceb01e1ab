"""Independent reference for examples/nbody.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, Kernel, main, wp, wrange  # noqa: E402

G = 1.0
SOFTENING = 0.01


def pair_accel(pi, pj, mj):
    d = pj - pi
    r2 = wp.length_sq(d) + F32(SOFTENING) * SOFTENING
    inv_r = 1.0 / wp.sqrt(r2)
    inv_r3 = inv_r * inv_r * inv_r
    return d * (G * mj * inv_r3)


def compute_accel(i, pos, mass, acc):
    n = pos.shape[0]
    p = pos[i]
    a = wp.vec3(0.0)
    for j in wrange(n):
        if j == i:
            continue
        a += pair_accel(p, pos[j], mass[j])
    acc[i] = a


def leapfrog(i, pos, vel, acc, dt):
    v = vel[i] + acc[i] * dt
    vel[i] = v
    pos[i] = pos[i] + dt * v


def potential_energy(i, pos, mass, energy):
    n = pos.shape[0]
    e = F32(0.0)
    for j in wrange(i + 1, n):
        r = wp.length(pos[j] - pos[i])
        e -= G * mass[i] * mass[j] / wp.pow(r * r + F32(SOFTENING) * SOFTENING, 0.5)
    wp.atomic_add(energy, 0, e)


def momentum_and_com(i, pos, vel, mass, momentum, weighted_pos, total_mass):
    m = mass[i]
    wp.atomic_add(momentum, 0, m * vel[i])
    weighted_pos[0] += pos[i] * m
    wp.atomic_add(total_mass, 0, m)


def init_disk(i, pos, vel, mass, radius):
    n = pos.shape[0]
    r = radius * wp.sqrt((F32(i) + 0.5) / F32(n))
    theta = F32(i) * 2.39996323
    p = wp.vec3(r * wp.cos(theta), 0.0, r * wp.sin(theta))
    pos[i] = p
    speed = wp.sqrt(G * F32(n) * (r / radius) * (r / radius) / wp.max(r, SOFTENING))
    tangent = wp.normalize(wp.cross(wp.vec3(0.0, 1.0, 0.0), p))
    vel[i] = tangent * speed
    mass[i] = 1.0 / F32(n)


V3, F = ArrT(wp.vec3), ArrT(F32)
KERNELS = {
    "compute_accel": Kernel(compute_accel, [("pos", V3), ("mass", F), ("acc", V3)]),
    "leapfrog": Kernel(leapfrog, [("pos", V3), ("vel", V3), ("acc", V3), ("dt", F32)]),
    "potential_energy": Kernel(potential_energy, [("pos", V3), ("mass", F), ("energy", F)]),
    "momentum_and_com": Kernel(momentum_and_com, [("pos", V3), ("vel", V3), ("mass", F), ("momentum", V3),
                                                  ("weighted_pos", V3), ("total_mass", F)]),
    "init_disk": Kernel(init_disk, [("pos", V3), ("vel", V3), ("mass", F), ("radius", F32)]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
