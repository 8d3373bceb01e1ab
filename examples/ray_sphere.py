# A tiny ray caster: one thread per pixel (2-D launch), ray-sphere
# intersection in a func that returns two values with early returns,
# nearest-hit search over an array of spheres, Lambert + Blinn-Phong shading,
# a sky gradient with lerp/smoothstep, shadow rays, and gamma correction.

import warp as wp

EPS = wp.constant(1e-4)
SHININESS = wp.constant(32.0)


@wp.func
def intersect_sphere(ro: wp.vec3, rd: wp.vec3, center: wp.vec3, radius: float):
    """Returns (hit, t) of the nearest intersection in front of the ray origin."""
    oc = ro - center
    b = wp.dot(oc, rd)
    c = wp.dot(oc, oc) - radius * radius
    disc = b * b - c
    if disc < 0.0:
        return False, 0.0
    s = wp.sqrt(disc)
    t = -b - s
    if t < EPS:
        t = -b + s
    if t < EPS:
        return False, 0.0
    return True, t


@wp.func
def sky(rd: wp.vec3):
    t = wp.smoothstep(-0.2, 1.0, rd.y)
    horizon = wp.vec3(1.0, 0.95, 0.85)
    zenith = wp.vec3(0.25, 0.45, 0.9)
    return wp.lerp(horizon, zenith, t)


@wp.func
def gamma_correct(c: wp.vec3):
    g = 1.0 / 2.2
    return wp.vec3(wp.pow(c.x, g), wp.pow(c.y, g), wp.pow(c.z, g))


@wp.kernel
def render(
    centers: wp.array(dtype=wp.vec3),
    radii: wp.array(dtype=float),
    albedo: wp.array(dtype=wp.vec3),
    cam_pos: wp.vec3,
    fov_y: float,
    light_dir: wp.vec3,
    image: wp.array2d(dtype=wp.vec3),
    depth: wp.array2d(dtype=float),
):
    y, x = wp.tid()
    height = image.shape[0]
    width = image.shape[1]
    aspect = float(width) / float(height)
    half_h = wp.tan(0.5 * fov_y)
    u = (2.0 * (float(x) + 0.5) / float(width) - 1.0) * half_h * aspect
    v = (1.0 - 2.0 * (float(y) + 0.5) / float(height)) * half_h
    rd = wp.normalize(wp.vec3(u, v, -1.0))

    best_t = float(wp.inf)
    best_k = int(-1)
    for k in range(centers.shape[0]):
        hit, t = intersect_sphere(cam_pos, rd, centers[k], radii[k])
        if hit and t < best_t:
            best_t = t
            best_k = k

    if best_k < 0:
        image[y, x] = gamma_correct(sky(rd))
        depth[y, x] = wp.inf
        return

    p = cam_pos + rd * best_t
    n = wp.normalize(p - centers[best_k])
    l = wp.normalize(light_dir)

    # shadow ray towards the light
    shadowed = bool(False)
    for k in range(centers.shape[0]):
        if k == best_k:
            continue
        blocked, ts = intersect_sphere(p + n * EPS, l, centers[k], radii[k])
        if blocked:
            shadowed = True
            break

    diffuse = wp.max(wp.dot(n, l), 0.0)
    h = wp.normalize(l - rd)
    specular = wp.pow(wp.max(wp.dot(n, h), 0.0), SHININESS)
    visibility = 0.2 if shadowed else 1.0
    ambient = 0.1 * sky(n)
    color = wp.cw_mul(albedo[best_k], ambient + wp.vec3(diffuse * visibility)) + wp.vec3(specular * visibility)
    color = wp.vec3(wp.min(color.x, 1.0), wp.min(color.y, 1.0), wp.min(color.z, 1.0))
    image[y, x] = gamma_correct(color)
    depth[y, x] = wp.where(best_t < 1000.0, best_t, 1000.0)


@wp.kernel
def depth_to_mask(depth: wp.array2d(dtype=float), near: float, far: float, mask: wp.array2d(dtype=wp.uint8)):
    y, x = wp.tid()
    d = depth[y, x]
    inside = d >= near and d <= far
    mask[y, x] = wp.uint8(255) if inside else wp.uint8(0)


if __name__ == "__main__":
    wp.init()
    h, w = 240, 320
    image = wp.zeros((h, w), dtype=wp.vec3)
    depth = wp.zeros((h, w), dtype=float)
    centers = wp.array([wp.vec3(0.0, 0.0, -3.0), wp.vec3(1.2, -0.5, -4.0)], dtype=wp.vec3)
    radii = wp.array([1.0, 0.5], dtype=float)
    albedo = wp.array([wp.vec3(0.9, 0.2, 0.2), wp.vec3(0.2, 0.9, 0.3)], dtype=wp.vec3)
    wp.launch(render, dim=(h, w), inputs=[centers, radii, albedo, wp.vec3(0.0), 1.0, wp.vec3(1.0, 1.0, 1.0), image, depth])
