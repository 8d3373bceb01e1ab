# Mass-spring cloth: spring and triangle forces scattered with atomic_add /
# atomic_sub on vec3 arrays, integer index vectors (wp.vec2i, wp.vec3i),
# pinned vertices, ground collision, and @wp.kernel(enable_backward=False).

import warp as wp

EPS = wp.constant(1e-6)
GROUND_Y = wp.constant(0.0)


@wp.kernel(enable_backward=False)
def clear_forces(f: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    f[i] = wp.vec3(0.0)


@wp.kernel(enable_backward=False)
def spring_forces(
    x: wp.array(dtype=wp.vec3),
    v: wp.array(dtype=wp.vec3),
    springs: wp.array(dtype=wp.vec2i),
    rest_length: wp.array(dtype=float),
    ke: float,
    kd: float,
    f: wp.array(dtype=wp.vec3),
):
    s = wp.tid()
    e = springs[s]
    a = e[0]
    b = e[1]
    d = x[b] - x[a]
    l = wp.length(d)
    if l < EPS:
        return
    dir = d / l
    vrel = v[b] - v[a]
    stretch = l - rest_length[s]
    fs = dir * (ke * stretch + kd * wp.dot(vrel, dir))
    wp.atomic_add(f, a, fs)
    wp.atomic_sub(f, b, fs)


@wp.kernel(enable_backward=False)
def area_forces(x: wp.array(dtype=wp.vec3), tris: wp.array(dtype=wp.vec3i), rest_area: wp.array(dtype=float), k_area: float, f: wp.array(dtype=wp.vec3)):
    """Penalise change of triangle area: force along the area gradient."""
    t = wp.tid()
    tri = tris[t]
    i0 = tri.x
    i1 = tri.y
    i2 = tri.z
    p0 = x[i0]
    p1 = x[i1]
    p2 = x[i2]
    c = wp.cross(p1 - p0, p2 - p0)
    twice_area = wp.length(c)
    if twice_area < EPS:
        return
    n = c / twice_area
    area = 0.5 * twice_area
    scale = -k_area * (area - rest_area[t])
    # d(area)/d(p_k) = 0.5 * cross(n, opposite edge)
    g0 = 0.5 * wp.cross(n, p2 - p1)
    g1 = 0.5 * wp.cross(n, p0 - p2)
    g2 = 0.5 * wp.cross(n, p1 - p0)
    f[i0] += g0 * scale
    f[i1] += g1 * scale
    f[i2] += g2 * scale


@wp.kernel(enable_backward=False)
def integrate_cloth(
    x: wp.array(dtype=wp.vec3),
    v: wp.array(dtype=wp.vec3),
    f: wp.array(dtype=wp.vec3),
    inv_mass: wp.array(dtype=float),
    gravity: wp.vec3,
    dt: float,
):
    i = wp.tid()
    w = inv_mass[i]
    if w == 0.0:
        # pinned vertex
        v[i] = wp.vec3(0.0)
        return
    vel = v[i] + (f[i] * w + gravity) * dt
    pos = x[i] + vel * dt
    if pos.y < GROUND_Y:
        pos.y = GROUND_Y
        vel.y = wp.max(vel.y, 0.0)
        vel.x *= 0.9
        vel.z *= 0.9
    x[i] = pos
    v[i] = vel


@wp.kernel(enable_backward=False)
def make_grid_springs(width: int, height: int, spacing: float, springs: wp.array(dtype=wp.vec2i), rest_length: wp.array(dtype=float)):
    """Two springs per vertex: to the right and downward neighbours (when present)."""
    v = wp.tid()
    row = v / width
    col = v - row * width
    right = v + 1 if col + 1 < width else v
    down = v + width if row + 1 < height else v
    springs[2 * v] = wp.vec2i(v, right)
    springs[2 * v + 1] = wp.vec2i(v, down)
    rest_length[2 * v] = spacing if right != v else 0.0
    rest_length[2 * v + 1] = spacing if down != v else 0.0


if __name__ == "__main__":
    wp.init()
    w, h = 32, 32
    n = w * h
    springs = wp.zeros(2 * n, dtype=wp.vec2i)
    rest = wp.zeros(2 * n, dtype=float)
    wp.launch(make_grid_springs, dim=n, inputs=[w, h, 0.05, springs, rest])
