"""Independent reference for examples/sph_density.py (see Inputs/wpref.py).

Set SPH_REF_MARGINS=1 to print how close any pair distance comes to the
cutoff h (the neighbour tests are discontinuous).
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, Kernel, main, wp, wrange  # noqa: E402

MAX_NEIGHBORS = 64
REST_DENSITY = 1000.0
STIFFNESS = 3.0
VISCOSITY = 0.02
MARGIN = [math.inf]


def poly6(r2, h):
    h2 = h * h
    if r2 >= h2:
        return F32(0.0)
    d = h2 - r2
    return 315.0 / (64.0 * F32(wp.pi) * h ** 9.0) * d * d * d


def spiky_grad(d, r, h):
    if r <= 0.0 or r >= h:
        return wp.vec3(0.0)
    k = -45.0 / (F32(wp.pi) * wp.pow(h, 6.0))
    return d * (k * (h - r) * (h - r) / r)


def visc_laplacian(r, h):
    if r >= h:
        return F32(0.0)
    return 45.0 / (F32(wp.pi) * h ** 6.0) * (h - r)


def tait_pressure(rho):
    ratio = rho / REST_DENSITY
    return wp.max(STIFFNESS * F32(REST_DENSITY) / 7.0 * (ratio ** 7.0 - 1.0), 0.0)


def compute_density(i, x, mass, h, rho, pressure, neighbor_count):
    n = x.shape[0]
    xi = x[i]
    h2 = h * h
    density = F32(0.0)
    count = I32(0)
    for j in wrange(n):
        r2 = wp.length_sq(x[j] - xi)
        MARGIN[0] = min(MARGIN[0], abs(r2.v - h2.v) / h2.v)
        if r2 >= h2:
            continue
        density += mass * poly6(r2, h)
        count += 1
        if count >= MAX_NEIGHBORS:
            break
    rho[i] = density
    pressure[i] = tait_pressure(density)
    neighbor_count[i] = count


def compute_forces(i, x, v, rho, pressure, mass, h, force):
    n = x.shape[0]
    xi = x[i]
    vi = v[i]
    rho_i = rho[i]
    p_i = pressure[i]
    f = wp.vec3(0.0)
    for j in wrange(n):
        if j == i:
            continue
        d = xi - x[j]
        r = wp.length(d)
        if r >= h:
            continue
        rho_j = rho[j]
        f -= mass * (p_i + pressure[j]) / (2.0 * rho_j) * spiky_grad(d, r, h)
        f += VISCOSITY * mass * (v[j] - vi) / rho_j * visc_laplacian(r, h)
    force[i] = f / wp.max(rho_i, 1e-6)


def integrate_fluid(i, x, v, force, gravity, dt, box):
    vel = v[i] + (force[i] + gravity) * dt
    pos = x[i] + vel * dt
    for k in wrange(3):
        if pos[k] < 0.0:
            pos[k] = 0.0
            vel[k] = wp.abs(vel[k]) * 0.5
        elif pos[k] > box:
            pos[k] = box
            vel[k] = -wp.abs(vel[k]) * 0.5
    x[i] = pos
    v[i] = vel


V3, F = ArrT(wp.vec3), ArrT(F32)
KERNELS = {
    "compute_density": Kernel(compute_density, [("x", V3), ("mass", F32), ("h", F32), ("rho", F), ("pressure", F),
                                                ("neighbor_count", ArrT(I32))]),
    "compute_forces": Kernel(compute_forces, [("x", V3), ("v", V3), ("rho", F), ("pressure", F), ("mass", F32),
                                              ("h", F32), ("force", V3)]),
    "integrate_fluid": Kernel(integrate_fluid, [("x", V3), ("v", V3), ("force", V3), ("gravity", wp.vec3),
                                                ("dt", F32), ("box", F32)]),
}

if __name__ == "__main__":
    rc = main(KERNELS)
    if os.environ.get("SPH_REF_MARGINS"):
        print(f"closest |r2 - h2| / h2: {MARGIN[0]:.3g}", file=sys.stderr)
    sys.exit(rc)
