# Smoothed-particle hydrodynamics: density summation with the poly6 kernel,
# Tait equation of state (`**`), pressure and viscosity forces with the
# spiky and viscosity kernels, a neighbour cap with `break`, and cutoff
# tests with `continue`.

import warp as wp

MAX_NEIGHBORS = 64
REST_DENSITY = wp.constant(1000.0)
STIFFNESS = wp.constant(3.0)
VISCOSITY = wp.constant(0.02)


@wp.func
def poly6(r2: float, h: float):
    """W(r) = 315 / (64 pi h^9) (h^2 - r^2)^3 for r < h."""
    h2 = h * h
    if r2 >= h2:
        return 0.0
    d = h2 - r2
    return 315.0 / (64.0 * wp.pi * h ** 9.0) * d * d * d


@wp.func
def spiky_grad(d: wp.vec3, r: float, h: float):
    """Gradient of the spiky kernel, -45 / (pi h^6) (h - r)^2 d / r."""
    if r <= 0.0 or r >= h:
        return wp.vec3(0.0)
    k = -45.0 / (wp.pi * wp.pow(h, 6.0))
    return d * (k * (h - r) * (h - r) / r)


@wp.func
def visc_laplacian(r: float, h: float):
    if r >= h:
        return 0.0
    return 45.0 / (wp.pi * h ** 6.0) * (h - r)


@wp.func
def tait_pressure(rho: float):
    """p = k rho0 / 7 ((rho / rho0)^7 - 1), clamped to be non-negative."""
    ratio = rho / REST_DENSITY
    return wp.max(STIFFNESS * REST_DENSITY / 7.0 * (ratio ** 7.0 - 1.0), 0.0)


@wp.kernel
def compute_density(x: wp.array(dtype=wp.vec3), mass: float, h: float, rho: wp.array(dtype=float), pressure: wp.array(dtype=float), neighbor_count: wp.array(dtype=int)):
    i = wp.tid()
    n = x.shape[0]
    xi = x[i]
    h2 = h * h
    density = float(0.0)
    count = int(0)
    for j in range(n):
        r2 = wp.length_sq(x[j] - xi)
        if r2 >= h2:
            continue
        density += mass * poly6(r2, h)
        count += 1
        if count >= MAX_NEIGHBORS:
            break
    rho[i] = density
    pressure[i] = tait_pressure(density)
    neighbor_count[i] = count


@wp.kernel
def compute_forces(
    x: wp.array(dtype=wp.vec3),
    v: wp.array(dtype=wp.vec3),
    rho: wp.array(dtype=float),
    pressure: wp.array(dtype=float),
    mass: float,
    h: float,
    force: wp.array(dtype=wp.vec3),
):
    i = wp.tid()
    n = x.shape[0]
    xi = x[i]
    vi = v[i]
    rho_i = rho[i]
    p_i = pressure[i]
    f = wp.vec3(0.0)
    for j in range(n):
        if j == i:
            continue
        d = xi - x[j]
        r = wp.length(d)
        if r >= h:
            continue
        rho_j = rho[j]
        # symmetric pressure force
        f -= mass * (p_i + pressure[j]) / (2.0 * rho_j) * spiky_grad(d, r, h)
        # viscosity pulls velocities together
        f += VISCOSITY * mass * (v[j] - vi) / rho_j * visc_laplacian(r, h)
    force[i] = f / wp.max(rho_i, 1e-6)


@wp.kernel
def integrate_fluid(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), force: wp.array(dtype=wp.vec3), gravity: wp.vec3, dt: float, box: float):
    i = wp.tid()
    vel = v[i] + (force[i] + gravity) * dt
    pos = x[i] + vel * dt
    for k in range(3):
        if pos[k] < 0.0:
            pos[k] = 0.0
            vel[k] = wp.abs(vel[k]) * 0.5
        elif pos[k] > box:
            pos[k] = box
            vel[k] = -wp.abs(vel[k]) * 0.5
    x[i] = pos
    v[i] = vel


if __name__ == "__main__":
    wp.init()
    n = 2048
    x = wp.zeros(n, dtype=wp.vec3)
    v = wp.zeros(n, dtype=wp.vec3)
    rho = wp.zeros(n, dtype=float)
    p = wp.zeros(n, dtype=float)
    cnt = wp.zeros(n, dtype=int)
    wp.launch(compute_density, dim=n, inputs=[x, 0.02, 0.1, rho, p, cnt])
