"""Independent reference for examples/ray_sphere.py (see Inputs/wpref.py).

Set RAY_REF_MARGINS=1 to print how far every hit / miss / shadow decision is
from flipping, and how many pixels take each path.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, Kernel, U8, main, wp, wrange  # noqa: E402

EPS = 1e-4
SHININESS = 32.0
STATS = {}


def note(what, v):
    if os.environ.get("RAY_REF_MARGINS"):
        STATS[what] = min(STATS.get(what, math.inf), abs(float(v)))


def count(what):
    STATS[what] = STATS.get(what, 0) + 1


def intersect_sphere(ro, rd, center, radius):
    oc = ro - center
    b = wp.dot(oc, rd)
    c = wp.dot(oc, oc) - radius * radius
    disc = b * b - c
    note("|disc| relative to b*b", disc.v / max(b.v * b.v, 1e-30))
    if disc < 0.0:
        return False, F32(0.0)
    s = wp.sqrt(disc)
    t = -b - s
    note("|t - EPS|", t.v - EPS)
    if t < EPS:
        t = -b + s
        note("|t - EPS|", t.v - EPS)
    if t < EPS:
        return False, F32(0.0)
    return True, t


def sky(rd):
    t = wp.smoothstep(-0.2, 1.0, rd.y)
    horizon = wp.vec3(1.0, 0.95, 0.85)
    zenith = wp.vec3(0.25, 0.45, 0.9)
    return wp.lerp(horizon, zenith, t)


def gamma_correct(c):
    g = F32(1.0) / 2.2
    return wp.vec3(wp.pow(c.x, g), wp.pow(c.y, g), wp.pow(c.z, g))


def render(tid, centers, radii, albedo, cam_pos, fov_y, light_dir, image, depth):
    y, x = tid
    height = image.shape[0]
    width = image.shape[1]
    aspect = F32(width) / F32(height)
    half_h = wp.tan(0.5 * fov_y)
    u = (2.0 * (F32(x) + 0.5) / F32(width) - 1.0) * half_h * aspect
    v = (1.0 - 2.0 * (F32(y) + 0.5) / F32(height)) * half_h
    rd = wp.normalize(wp.vec3(u, v, -1.0))

    best_t = F32(wp.inf)
    best_k = I32(-1)
    ts = []
    for k in wrange(centers.shape[0]):
        hit, t = intersect_sphere(cam_pos, rd, centers[k], radii[k])
        if hit:
            ts.append(t.v)
        if hit and t < best_t:
            best_t = t
            best_k = k
    if len(ts) > 1:
        ts.sort()
        note("nearest-hit gap", ts[1] - ts[0])

    if best_k < 0:
        count("sky pixels")
        image[y, x] = gamma_correct(sky(rd))
        depth[y, x] = F32(wp.inf)
        return

    p = cam_pos + rd * best_t
    n = wp.normalize(p - centers[best_k])
    l = wp.normalize(light_dir)

    shadowed = False
    for k in wrange(centers.shape[0]):
        if k == best_k:
            continue
        blocked, ts_ = intersect_sphere(p + n * EPS, l, centers[k], radii[k])
        if blocked:
            shadowed = True
            break
    count("shadowed pixels" if shadowed else "lit pixels")

    diffuse = wp.max(wp.dot(n, l), 0.0)
    h = wp.normalize(l - rd)
    specular = wp.pow(wp.max(wp.dot(n, h), 0.0), SHININESS)
    visibility = F32(0.2) if shadowed else F32(1.0)
    ambient = 0.1 * sky(n)
    color = wp.cw_mul(albedo[best_k], ambient + wp.vec3(diffuse * visibility)) + wp.vec3(specular * visibility)
    note("color - 1 (min clamp)", min(abs(color.x.v - 1), abs(color.y.v - 1), abs(color.z.v - 1)))
    color = wp.vec3(wp.min(color.x, 1.0), wp.min(color.y, 1.0), wp.min(color.z, 1.0))
    image[y, x] = gamma_correct(color)
    depth[y, x] = wp.where(best_t < 1000.0, best_t, F32(1000.0))


def depth_to_mask(tid, depth, near, far, mask):
    y, x = tid
    d = depth[y, x]
    note("depth - near/far", min(abs(d.v - near.v), abs(d.v - far.v)) if math.isfinite(d.v) else 1.0)
    inside = d >= near and d <= far
    mask[y, x] = U8(255) if inside else U8(0)


V3 = ArrT(wp.vec3)
KERNELS = {
    "render": Kernel(render, [("centers", V3), ("radii", ArrT(F32)), ("albedo", V3), ("cam_pos", wp.vec3),
                              ("fov_y", F32), ("light_dir", wp.vec3), ("image", ArrT(wp.vec3, 2)),
                              ("depth", ArrT(F32, 2))], ndim=2),
    "depth_to_mask": Kernel(depth_to_mask, [("depth", ArrT(F32, 2)), ("near", F32), ("far", F32),
                                            ("mask", ArrT(U8, 2))], ndim=2),
}

if __name__ == "__main__":
    rc = main(KERNELS)
    for k, v in sorted(STATS.items()) if os.environ.get("RAY_REF_MARGINS") else []:
        print(f"{k}: {v:.3g}", file=sys.stderr)
    sys.exit(rc)
