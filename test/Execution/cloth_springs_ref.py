"""Independent reference for examples/cloth_springs.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, Kernel, main, wp  # noqa: E402

EPS = 1e-6
GROUND_Y = 0.0


def clear_forces(i, f):
    f[i] = wp.vec3(0.0)


def spring_forces(s, x, v, springs, rest_length, ke, kd, f):
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


def area_forces(t, x, tris, rest_area, k_area, f):
    tri = tris[t]
    i0, i1, i2 = tri.x, tri.y, tri.z
    p0, p1, p2 = x[i0], x[i1], x[i2]
    c = wp.cross(p1 - p0, p2 - p0)
    twice_area = wp.length(c)
    if twice_area < EPS:
        return
    n = c / twice_area
    area = 0.5 * twice_area
    scale = -k_area * (area - rest_area[t])
    g0 = 0.5 * wp.cross(n, p2 - p1)
    g1 = 0.5 * wp.cross(n, p0 - p2)
    g2 = 0.5 * wp.cross(n, p1 - p0)
    f[i0] += g0 * scale
    f[i1] += g1 * scale
    f[i2] += g2 * scale


def integrate_cloth(i, x, v, f, inv_mass, gravity, dt):
    w = inv_mass[i]
    if w == 0.0:
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


def make_grid_springs(v, width, height, spacing, springs, rest_length):
    row = v / width
    col = v - row * width
    right = v + 1 if col + 1 < width else v
    down = v + width if row + 1 < height else v
    springs[2 * v] = wp.vec2i(v, right)
    springs[2 * v + 1] = wp.vec2i(v, down)
    rest_length[2 * v] = spacing if right != v else F32(0.0)
    rest_length[2 * v + 1] = spacing if down != v else F32(0.0)


V3, F = ArrT(wp.vec3), ArrT(F32)
KERNELS = {
    "clear_forces": Kernel(clear_forces, [("f", V3)]),
    "spring_forces": Kernel(spring_forces, [("x", V3), ("v", V3), ("springs", ArrT(wp.vec2i)), ("rest_length", F),
                                            ("ke", F32), ("kd", F32), ("f", V3)]),
    "area_forces": Kernel(area_forces, [("x", V3), ("tris", ArrT(wp.vec3i)), ("rest_area", F), ("k_area", F32),
                                        ("f", V3)]),
    "integrate_cloth": Kernel(integrate_cloth, [("x", V3), ("v", V3), ("f", V3), ("inv_mass", F),
                                                ("gravity", wp.vec3), ("dt", F32)]),
    "make_grid_springs": Kernel(make_grid_springs, [("width", I32), ("height", I32), ("spacing", F32),
                                                    ("springs", ArrT(wp.vec2i)), ("rest_length", F)]),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
