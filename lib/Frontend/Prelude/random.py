# kdsl prelude: Warp's random numbers and Perlin noise, written in the Warp
# language (the algorithms of Warp 1.16's warp/native/rand.h and noise.h).
#
# This file is compiled into kdsl (lib/Frontend/Prelude.cpp) and parsed on
# demand when a kernel calls one of the builtins it implements. The table in
# Prelude.cpp maps each Warp builtin overload to a func of this file. A Warp
# builtin that advances its `state` argument in place (wp.randf(state), ...)
# is a func here that returns `value, new_state`; the caller's variable is then
# updated with the new state. Names starting with `_` are helpers. Every func
# of the prelude gets the symbol `wp_<name>` in the generated IR.
#
# Every operation below is the float32 / uint32 operation Warp performs, in
# Warp's order, so that results are bit-identical: no operation may be
# reassociated or simplified.
import warp as wp

# --- the generator (PCG hash, Jarzynski and Olano 2020) ---------------------


@wp.func
def _pcg(state: wp.uint32) -> wp.uint32:
    b = state * 747796405 + 2891336453
    c = ((b >> ((b >> 28) + 4)) ^ b) * 277803737
    return (c >> 22) ^ c


@wp.func
def rand_init(seed: int) -> wp.uint32:
    return _pcg(wp.uint32(seed))


@wp.func
def rand_init_offset(seed: int, offset: int) -> wp.uint32:
    return _pcg(wp.uint32(seed) + _pcg(wp.uint32(offset)))


@wp.func
def randi(state: wp.uint32):
    state = _pcg(state)
    return wp.int32(state), state


@wp.func
def randi_range(state: wp.uint32, low: int, high: int):
    # C's usual conversions: the range and `low` are used as uint32.
    state = _pcg(state)
    return wp.int32(state % wp.uint32(high - low) + wp.uint32(low)), state


@wp.func
def randu(state: wp.uint32):
    state = _pcg(state)
    return state, state


@wp.func
def randu_range(state: wp.uint32, low: wp.uint32, high: wp.uint32):
    state = _pcg(state)
    return state % (high - low) + low, state


@wp.func
def randf(state: wp.uint32):
    # The top 24 bits scaled by 2^-24: uniform on [0, 1 - 2^-24].
    state = _pcg(state)
    return float(state >> 8) * (1.0 / 16777216.0), state


@wp.func
def randf_range(state: wp.uint32, low: float, high: float):
    u, state = randf(state)
    return (high - low) * u + low, state


@wp.func
def randn(state: wp.uint32):
    # Box-Muller; the first draw feeds the radius, the second the angle.
    u1, state = randf(state)
    u2, state = randf(state)
    return wp.sqrt(-2.0 * wp.log(u1 + 5.96e-8)) * wp.cos(2.0 * wp.pi * u2), state


@wp.func
def sample_cdf(state: wp.uint32, cdf: wp.array(dtype=float)):
    # Warp's lower_bound: the first index whose value is not below u.
    u, state = randf(state)
    lower = int(0)
    upper = cdf.shape[0] - 1
    while lower < upper:
        mid = lower + (upper - lower) / 2
        if cdf[mid] < u:
            lower = mid + 1
        else:
            upper = mid
    return lower, state


# --- sampling of shapes ------------------------------------------------------


@wp.func
def sample_triangle(state: wp.uint32):
    u1, state = randf(state)
    r = wp.sqrt(u1)
    u = 1.0 - r
    u2, state = randf(state)
    return wp.vec2(u, u2 * r), state


@wp.func
def sample_unit_ring(state: wp.uint32):
    theta, state = randf_range(state, 0.0, 2.0 * wp.pi)
    return wp.vec2(wp.cos(theta), wp.sin(theta)), state


@wp.func
def sample_unit_disk(state: wp.uint32):
    u, state = randf(state)
    r = wp.sqrt(u)
    theta, state = randf_range(state, 0.0, 2.0 * wp.pi)
    return wp.vec2(r * wp.cos(theta), r * wp.sin(theta)), state


@wp.func
def _sphere_point(phi: float, theta: float, r: float) -> wp.vec3:
    x = r * wp.cos(theta) * wp.sin(phi)
    y = r * wp.sin(theta) * wp.sin(phi)
    z = r * wp.cos(phi)
    return wp.vec3(x, y, z)


@wp.func
def _sphere_surface_point(phi: float, theta: float) -> wp.vec3:
    return wp.vec3(wp.cos(theta) * wp.sin(phi), wp.sin(theta) * wp.sin(phi), wp.cos(phi))


@wp.func
def sample_unit_sphere_surface(state: wp.uint32):
    u, state = randf(state)
    phi = wp.acos(1.0 - 2.0 * u)
    theta, state = randf_range(state, 0.0, 2.0 * wp.pi)
    return _sphere_surface_point(phi, theta), state


@wp.func
def sample_unit_sphere(state: wp.uint32):
    u, state = randf(state)
    phi = wp.acos(1.0 - 2.0 * u)
    theta, state = randf_range(state, 0.0, 2.0 * wp.pi)
    v, state = randf(state)
    r = wp.pow(v, 1.0 / 3.0)
    return _sphere_point(phi, theta, r), state


@wp.func
def sample_unit_hemisphere_surface(state: wp.uint32):
    u, state = randf(state)
    phi = wp.acos(1.0 - u)
    theta, state = randf_range(state, 0.0, 2.0 * wp.pi)
    return _sphere_surface_point(phi, theta), state


@wp.func
def sample_unit_hemisphere(state: wp.uint32):
    u, state = randf(state)
    phi = wp.acos(1.0 - u)
    theta, state = randf_range(state, 0.0, 2.0 * wp.pi)
    v, state = randf(state)
    r = wp.pow(v, 1.0 / 3.0)
    return _sphere_point(phi, theta, r), state


@wp.func
def sample_unit_square(state: wp.uint32):
    x, state = randf(state)
    y, state = randf(state)
    return wp.vec2(x - 0.5, y - 0.5), state


@wp.func
def sample_unit_cube(state: wp.uint32):
    x, state = randf(state)
    y, state = randf(state)
    z, state = randf(state)
    return wp.vec3(x - 0.5, y - 0.5, z - 0.5), state


@wp.func
def _sample_unit_hypercube(state: wp.uint32) -> wp.vec4:
    a, state = randf(state)
    b, state = randf(state)
    c, state = randf(state)
    d, state = randf(state)
    return wp.vec4(a - 0.5, b - 0.5, c - 0.5, d - 0.5)


# --- Poisson (NumPy's algorithms at float32 precision) -----------------------


@wp.func
def _loggam(x: float) -> float:
    # log-gamma (Zhang and Jin, "Computation of Special Functions").
    if x == 1.0 or x == 2.0:
        return 0.0
    n = wp.uint32(0)
    if x < 7.0:
        n = wp.uint32(7.0 - x)
    x0 = x + float(n)
    x2 = (1.0 / x0) * (1.0 / x0)
    gl0 = -1.39243221690590e00
    gl0 = gl0 * x2 + 1.796443723688307e-01
    gl0 = gl0 * x2 - 2.955065359477124e-02
    gl0 = gl0 * x2 + 6.410256410256410e-03
    gl0 = gl0 * x2 - 1.917526917526918e-03
    gl0 = gl0 * x2 + 8.417508417508418e-04
    gl0 = gl0 * x2 - 5.952380952380952e-04
    gl0 = gl0 * x2 + 7.936507936507937e-04
    gl0 = gl0 * x2 - 2.777777777777778e-03
    gl0 = gl0 * x2 + 8.333333333333333e-02
    gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * wp.log(x0) - x0
    if x < 7.0:
        k = wp.uint32(1)
        while k <= n:
            gl -= wp.log(x0 - 1.0)
            x0 -= 1.0
            k += wp.uint32(1)
    return gl


@wp.func
def _poisson_mult(state: wp.uint32, lam: float):
    enlam = wp.exp(-lam)
    count = wp.uint32(0)
    prod = float(1.0)
    while True:
        u, state = randf(state)
        prod *= u
        if prod > enlam:
            count += wp.uint32(1)
        else:
            return count, state


@wp.func
def _poisson_ptrs(state: wp.uint32, lam: float):
    # Hoermann's transformed rejection.
    slam = wp.sqrt(lam)
    loglam = wp.log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2.0)
    while True:
        u, state = randf(state)
        u = u - 0.5
        v, state = randf(state)
        us = 0.5 - wp.abs(u)
        k = wp.uint32(wp.floor((2.0 * a / us + b) * u + lam + 0.43))
        if us >= 0.07 and v <= vr:
            return k, state
        if us < 0.013 and v > us:
            continue
        lhs = wp.log(v) + wp.log(invalpha) - wp.log(a / (us * us) + b)
        if lhs <= -lam + float(k) * loglam - _loggam(float(k + wp.uint32(1))):
            return k, state


@wp.func
def poisson(state: wp.uint32, lam: float):
    k = wp.uint32(0)
    if lam >= 10.0:
        k, state = _poisson_ptrs(state, lam)
    elif lam != 0.0:
        k, state = _poisson_mult(state, lam)
    return k, state


# --- Perlin noise --------------------------------------------------------------
#
# Lattice gradients come from hashing the cell's integer corner with the
# caller's state; C's precedence makes the 2-D hash `x * p1 ^ (y * p2 + state)`.


@wp.func
def _smootherstep(t: float) -> float:
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0)


@wp.func
def _smootherstep_gradient(t: float) -> float:
    return 30.0 * t * t * (t * (t - 2.0) + 1.0)


@wp.func
def _interpolate(a0: float, a1: float, t: float) -> float:
    return (a1 - a0) * _smootherstep(t) + a0


@wp.func
def _normalize2(a: wp.vec2) -> wp.vec2:
    l = wp.sqrt(a[0] * a[0] + a[1] * a[1])
    if l > 0.0:
        return wp.vec2(a[0] / l, a[1] / l)
    return wp.vec2(0.0, 0.0)


@wp.func
def _normalize3(a: wp.vec3) -> wp.vec3:
    l = wp.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2])
    if l > 0.0:
        return wp.vec3(a[0] / l, a[1] / l, a[2] / l)
    return wp.vec3(0.0, 0.0, 0.0)


@wp.func
def _dot4(a: wp.vec4, b: wp.vec4) -> float:
    # Warp's generic dot starts from zero (it turns a -0 sum into +0).
    return 0.0 + a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]


@wp.func
def _normalize4(a: wp.vec4) -> wp.vec4:
    l = wp.sqrt(_dot4(a, a))
    if l > 0.0:
        return wp.vec4(a[0] / l, a[1] / l, a[2] / l, a[3] / l)
    return wp.vec4(0.0, 0.0, 0.0, 0.0)


@wp.func
def _gradient1(state: wp.uint32, ix: int) -> float:
    g, idx = randf_range(wp.uint32(ix) * 73856093 + state, -1.0, 1.0)
    return g


@wp.func
def _gradient2(state: wp.uint32, ix: int, iy: int) -> wp.vec2:
    idx = wp.uint32(ix) * 73856093 ^ (wp.uint32(iy) * 19349663 + state)
    p, idx = sample_unit_square(idx)
    return _normalize2(p)


@wp.func
def _gradient3(state: wp.uint32, ix: int, iy: int, iz: int) -> wp.vec3:
    idx = wp.uint32(ix) * 73856093 ^ wp.uint32(iy) * 19349663 ^ (wp.uint32(iz) * 53471161 + state)
    p, idx = sample_unit_cube(idx)
    return _normalize3(p)


@wp.func
def _gradient4(state: wp.uint32, ix: int, iy: int, iz: int, it: int) -> wp.vec4:
    idx = (wp.uint32(ix) * 73856093 ^ wp.uint32(iy) * 19349663 ^ wp.uint32(iz) * 53471161
           ^ (wp.uint32(it) * 10000019 + state))
    return _normalize4(_sample_unit_hypercube(idx))


@wp.func
def _corner2(state: wp.uint32, ix: int, iy: int, dx: float, dy: float) -> float:
    g = _gradient2(state, ix, iy)
    return dx * g[0] + dy * g[1]


@wp.func
def _corner3(state: wp.uint32, ix: int, iy: int, iz: int, dx: float, dy: float, dz: float) -> float:
    g = _gradient3(state, ix, iy, iz)
    return dx * g[0] + dy * g[1] + dz * g[2]


@wp.func
def _corner4(state: wp.uint32, ix: int, iy: int, iz: int, it: int,
                 dx: float, dy: float, dz: float, dt: float) -> float:
    g = _gradient4(state, ix, iy, iz, it)
    return dx * g[0] + dy * g[1] + dz * g[2] + dt * g[3]


@wp.func
def _noise1(state: wp.uint32, x0: int, x1: int, dx: float) -> float:
    v0 = dx * _gradient1(state, x0)
    v1 = (dx - 1.0) * _gradient1(state, x1)
    return _interpolate(v0, v1, dx)


@wp.func
def _noise2(state: wp.uint32, x0: int, y0: int, x1: int, y1: int, dx: float, dy: float) -> float:
    xi0 = _interpolate(_corner2(state, x0, y0, dx, dy), _corner2(state, x1, y0, dx - 1.0, dy), dx)
    xi1 = _interpolate(_corner2(state, x0, y1, dx, dy - 1.0),
                           _corner2(state, x1, y1, dx - 1.0, dy - 1.0), dx)
    return _interpolate(xi0, xi1, dy)


@wp.func
def _plane3(state: wp.uint32, x0: int, y0: int, x1: int, y1: int, iz: int,
                dx: float, dy: float, dz: float) -> float:
    # The x- then y-interpolation of the four corners of one z layer.
    xi0 = _interpolate(_corner3(state, x0, y0, iz, dx, dy, dz),
                           _corner3(state, x1, y0, iz, dx - 1.0, dy, dz), dx)
    xi1 = _interpolate(_corner3(state, x0, y1, iz, dx, dy - 1.0, dz),
                           _corner3(state, x1, y1, iz, dx - 1.0, dy - 1.0, dz), dx)
    return _interpolate(xi0, xi1, dy)


@wp.func
def _noise3(state: wp.uint32, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int,
                dx: float, dy: float, dz: float) -> float:
    yi0 = _plane3(state, x0, y0, x1, y1, z0, dx, dy, dz)
    yi1 = _plane3(state, x0, y0, x1, y1, z1, dx, dy, dz - 1.0)
    return _interpolate(yi0, yi1, dz)


@wp.func
def _plane4(state: wp.uint32, x0: int, y0: int, x1: int, y1: int, iz: int, it: int,
                dx: float, dy: float, dz: float, dt: float) -> float:
    xi0 = _interpolate(_corner4(state, x0, y0, iz, it, dx, dy, dz, dt),
                           _corner4(state, x1, y0, iz, it, dx - 1.0, dy, dz, dt), dx)
    xi1 = _interpolate(_corner4(state, x0, y1, iz, it, dx, dy - 1.0, dz, dt),
                           _corner4(state, x1, y1, iz, it, dx - 1.0, dy - 1.0, dz, dt), dx)
    return _interpolate(xi0, xi1, dy)


@wp.func
def _noise4(state: wp.uint32, x0: int, y0: int, z0: int, t0: int, x1: int, y1: int, z1: int, t1: int,
                dx: float, dy: float, dz: float, dt: float) -> float:
    zi0 = _interpolate(_plane4(state, x0, y0, x1, y1, z0, t0, dx, dy, dz, dt),
                           _plane4(state, x0, y0, x1, y1, z1, t0, dx, dy, dz - 1.0, dt), dz)
    zi1 = _interpolate(_plane4(state, x0, y0, x1, y1, z0, t1, dx, dy, dz, dt - 1.0),
                           _plane4(state, x0, y0, x1, y1, z1, t1, dx, dy, dz - 1.0, dt - 1.0), dz)
    return _interpolate(zi0, zi1, dt)


@wp.func
def noise_1d(state: wp.uint32, x: float) -> float:
    x0 = int(wp.floor(x))
    return _noise1(state, x0, x0 + 1, x - wp.floor(x))


@wp.func
def noise_2d(state: wp.uint32, xy: wp.vec2) -> float:
    x0 = int(wp.floor(xy[0]))
    y0 = int(wp.floor(xy[1]))
    return _noise2(state, x0, y0, x0 + 1, y0 + 1, xy[0] - wp.floor(xy[0]), xy[1] - wp.floor(xy[1]))


@wp.func
def noise_3d(state: wp.uint32, xyz: wp.vec3) -> float:
    x0 = int(wp.floor(xyz[0]))
    y0 = int(wp.floor(xyz[1]))
    z0 = int(wp.floor(xyz[2]))
    d = xyz - wp.vec3(wp.floor(xyz[0]), wp.floor(xyz[1]), wp.floor(xyz[2]))
    return _noise3(state, x0, y0, z0, x0 + 1, y0 + 1, z0 + 1, d[0], d[1], d[2])


@wp.func
def noise_4d(state: wp.uint32, xyzt: wp.vec4) -> float:
    x0 = int(wp.floor(xyzt[0]))
    y0 = int(wp.floor(xyzt[1]))
    z0 = int(wp.floor(xyzt[2]))
    t0 = int(wp.floor(xyzt[3]))
    d = xyzt - wp.vec4(wp.floor(xyzt[0]), wp.floor(xyzt[1]), wp.floor(xyzt[2]), wp.floor(xyzt[3]))
    return _noise4(state, x0, y0, z0, t0, x0 + 1, y0 + 1, z0 + 1, t0 + 1, d[0], d[1], d[2], d[3])


# Periodic noise: the lattice coordinates wrap with C's remainder.


@wp.func
def pnoise_1d(state: wp.uint32, x: float, px: int) -> float:
    x0 = int(wp.floor(x)) % px
    return _noise1(state, x0, (x0 + 1) % px, x - wp.floor(x))


@wp.func
def pnoise_2d(state: wp.uint32, xy: wp.vec2, px: int, py: int) -> float:
    x0 = int(wp.floor(xy[0])) % px
    y0 = int(wp.floor(xy[1])) % py
    return _noise2(state, x0, y0, (x0 + 1) % px, (y0 + 1) % py,
                       xy[0] - wp.floor(xy[0]), xy[1] - wp.floor(xy[1]))


@wp.func
def pnoise_3d(state: wp.uint32, xyz: wp.vec3, px: int, py: int, pz: int) -> float:
    x0 = int(wp.floor(xyz[0])) % px
    y0 = int(wp.floor(xyz[1])) % py
    z0 = int(wp.floor(xyz[2])) % pz
    d = xyz - wp.vec3(wp.floor(xyz[0]), wp.floor(xyz[1]), wp.floor(xyz[2]))
    return _noise3(state, x0, y0, z0, (x0 + 1) % px, (y0 + 1) % py, (z0 + 1) % pz, d[0], d[1], d[2])


@wp.func
def pnoise_4d(state: wp.uint32, xyzt: wp.vec4, px: int, py: int, pz: int, pt: int) -> float:
    x0 = int(wp.floor(xyzt[0])) % px
    y0 = int(wp.floor(xyzt[1])) % py
    z0 = int(wp.floor(xyzt[2])) % pz
    t0 = int(wp.floor(xyzt[3])) % pt
    d = xyzt - wp.vec4(wp.floor(xyzt[0]), wp.floor(xyzt[1]), wp.floor(xyzt[2]), wp.floor(xyzt[3]))
    return _noise4(state, x0, y0, z0, t0, (x0 + 1) % px, (y0 + 1) % py, (z0 + 1) % pz, (t0 + 1) % pt,
                       d[0], d[1], d[2], d[3])


# --- gradients of the noise and curl noise ----------------------------------
#
# curlnoise uses the analytic gradient of the noise, computed as Warp does:
# each interpolation also interpolates the gradients (_lerp_grad*).


@wp.func
def _lerp_grad2(a0: float, a1: float, t: float, g0: wp.vec2, g1: wp.vec2, e: wp.vec2) -> wp.vec2:
    return (g1 - g0) * _smootherstep(t) + (a1 - a0) * _smootherstep_gradient(t) * e + g0


@wp.func
def _lerp_grad3(a0: float, a1: float, t: float, g0: wp.vec3, g1: wp.vec3, e: wp.vec3) -> wp.vec3:
    return (g1 - g0) * _smootherstep(t) + (a1 - a0) * _smootherstep_gradient(t) * e + g0


@wp.func
def _lerp_grad4(a0: float, a1: float, t: float, g0: wp.vec4, g1: wp.vec4, e: wp.vec4) -> wp.vec4:
    return (g1 - g0) * _smootherstep(t) + (a1 - a0) * _smootherstep_gradient(t) * e + g0


@wp.func
def _noise2_gradient(state: wp.uint32, x0: int, y0: int, x1: int, y1: int, dx: float, dy: float) -> wp.vec2:
    g00 = _gradient2(state, x0, y0)
    g10 = _gradient2(state, x1, y0)
    g01 = _gradient2(state, x0, y1)
    g11 = _gradient2(state, x1, y1)
    v00 = dx * g00[0] + dy * g00[1]
    v10 = (dx - 1.0) * g10[0] + dy * g10[1]
    v01 = dx * g01[0] + (dy - 1.0) * g01[1]
    v11 = (dx - 1.0) * g11[0] + (dy - 1.0) * g11[1]
    ex = wp.vec2(1.0, 0.0)
    gx0 = _lerp_grad2(v00, v10, dx, g00, g10, ex)
    gx1 = _lerp_grad2(v01, v11, dx, g01, g11, ex)
    return _lerp_grad2(_interpolate(v00, v10, dx), _interpolate(v01, v11, dx), dy,
                           gx0, gx1, wp.vec2(0.0, 1.0))


@wp.func
def _plane3_gradient(state: wp.uint32, x0: int, y0: int, x1: int, y1: int, iz: int,
                         dx: float, dy: float, dz: float):
    # One z layer: its interpolated value and gradient.
    g00 = _gradient3(state, x0, y0, iz)
    g10 = _gradient3(state, x1, y0, iz)
    g01 = _gradient3(state, x0, y1, iz)
    g11 = _gradient3(state, x1, y1, iz)
    v00 = dx * g00[0] + dy * g00[1] + dz * g00[2]
    v10 = (dx - 1.0) * g10[0] + dy * g10[1] + dz * g10[2]
    v01 = dx * g01[0] + (dy - 1.0) * g01[1] + dz * g01[2]
    v11 = (dx - 1.0) * g11[0] + (dy - 1.0) * g11[1] + dz * g11[2]
    ex = wp.vec3(1.0, 0.0, 0.0)
    xi0 = _interpolate(v00, v10, dx)
    xi1 = _interpolate(v01, v11, dx)
    gx0 = _lerp_grad3(v00, v10, dx, g00, g10, ex)
    gx1 = _lerp_grad3(v01, v11, dx, g01, g11, ex)
    ey = wp.vec3(0.0, 1.0, 0.0)
    return _interpolate(xi0, xi1, dy), _lerp_grad3(xi0, xi1, dy, gx0, gx1, ey)


@wp.func
def _noise3_gradient(state: wp.uint32, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int,
                         dx: float, dy: float, dz: float) -> wp.vec3:
    yi0, g0 = _plane3_gradient(state, x0, y0, x1, y1, z0, dx, dy, dz)
    yi1, g1 = _plane3_gradient(state, x0, y0, x1, y1, z1, dx, dy, dz - 1.0)
    return _lerp_grad3(yi0, yi1, dz, g0, g1, wp.vec3(0.0, 0.0, 1.0))


@wp.func
def _corner4_gradient(state: wp.uint32, ix: int, iy: int, iz: int, it: int, d: wp.vec4):
    g = _gradient4(state, ix, iy, iz, it)
    return _dot4(d, g), g


@wp.func
def _plane4_gradient(state: wp.uint32, x0: int, y0: int, x1: int, y1: int, iz: int, it: int,
                         dx: float, dy: float, dz: float, dt: float):
    v00, g00 = _corner4_gradient(state, x0, y0, iz, it, wp.vec4(dx, dy, dz, dt))
    v10, g10 = _corner4_gradient(state, x1, y0, iz, it, wp.vec4(dx - 1.0, dy, dz, dt))
    v01, g01 = _corner4_gradient(state, x0, y1, iz, it, wp.vec4(dx, dy - 1.0, dz, dt))
    v11, g11 = _corner4_gradient(state, x1, y1, iz, it, wp.vec4(dx - 1.0, dy - 1.0, dz, dt))
    ex = wp.vec4(1.0, 0.0, 0.0, 0.0)
    xi0 = _interpolate(v00, v10, dx)
    xi1 = _interpolate(v01, v11, dx)
    gx0 = _lerp_grad4(v00, v10, dx, g00, g10, ex)
    gx1 = _lerp_grad4(v01, v11, dx, g01, g11, ex)
    ey = wp.vec4(0.0, 1.0, 0.0, 0.0)
    return _interpolate(xi0, xi1, dy), _lerp_grad4(xi0, xi1, dy, gx0, gx1, ey)


@wp.func
def _noise4_gradient(state: wp.uint32, x0: int, y0: int, z0: int, t0: int, x1: int, y1: int, z1: int,
                         t1: int, dx: float, dy: float, dz: float, dt: float) -> wp.vec4:
    ez = wp.vec4(0.0, 0.0, 1.0, 0.0)
    a0, ga0 = _plane4_gradient(state, x0, y0, x1, y1, z0, t0, dx, dy, dz, dt)
    a1, ga1 = _plane4_gradient(state, x0, y0, x1, y1, z1, t0, dx, dy, dz - 1.0, dt)
    b0, gb0 = _plane4_gradient(state, x0, y0, x1, y1, z0, t1, dx, dy, dz, dt - 1.0)
    b1, gb1 = _plane4_gradient(state, x0, y0, x1, y1, z1, t1, dx, dy, dz - 1.0, dt - 1.0)
    za = _interpolate(a0, a1, dz)
    zb = _interpolate(b0, b1, dz)
    gza = _lerp_grad4(a0, a1, dz, ga0, ga1, ez)
    gzb = _lerp_grad4(b0, b1, dz, gb0, gb1, ez)
    return _lerp_grad4(za, zb, dt, gza, gzb, wp.vec4(0.0, 0.0, 0.0, 1.0))


@wp.func
def curlnoise_2d(state: wp.uint32, xy: wp.vec2, octaves: wp.uint32, lacunarity: float, gain: float) -> wp.vec2:
    curl_sum = wp.vec2(0.0, 0.0)
    freq = float(1.0)
    amplitude = float(1.0)
    for i in range(int(octaves)):
        pt = freq * xy
        x0 = int(wp.floor(pt[0]))
        y0 = int(wp.floor(pt[1]))
        g = _noise2_gradient(state, x0, y0, x0 + 1, y0 + 1, pt[0] - wp.floor(pt[0]), pt[1] - wp.floor(pt[1]))
        curl_sum += amplitude * g
        amplitude *= gain
        freq *= lacunarity
    return wp.vec2(-curl_sum[1], curl_sum[0])


@wp.func
def curlnoise_3d(state: wp.uint32, xyz: wp.vec3, octaves: wp.uint32, lacunarity: float, gain: float) -> wp.vec3:
    # The curl of three noise fields; their states come from rand_init(state, offset).
    s1 = wp.vec3(0.0, 0.0, 0.0)
    s2 = wp.vec3(0.0, 0.0, 0.0)
    s3 = wp.vec3(0.0, 0.0, 0.0)
    freq = float(1.0)
    amplitude = float(1.0)
    for i in range(int(octaves)):
        pt = freq * xyz
        x0 = int(wp.floor(pt[0]))
        y0 = int(wp.floor(pt[1]))
        z0 = int(wp.floor(pt[2]))
        d = pt - wp.vec3(wp.floor(pt[0]), wp.floor(pt[1]), wp.floor(pt[2]))
        g1 = _noise3_gradient(state, x0, y0, z0, x0 + 1, y0 + 1, z0 + 1, d[0], d[1], d[2])
        state = rand_init_offset(int(state), 10019689)
        g2 = _noise3_gradient(state, x0, y0, z0, x0 + 1, y0 + 1, z0 + 1, d[0], d[1], d[2])
        state = rand_init_offset(int(state), 13112221)
        g3 = _noise3_gradient(state, x0, y0, z0, x0 + 1, y0 + 1, z0 + 1, d[0], d[1], d[2])
        s1 += amplitude * g1
        s2 += amplitude * g2
        s3 += amplitude * g3
        amplitude *= gain
        freq *= lacunarity
    return wp.vec3(s3[1] - s2[2], s1[2] - s3[0], s2[0] - s1[1])


@wp.func
def curlnoise_4d(state: wp.uint32, xyzt: wp.vec4, octaves: wp.uint32, lacunarity: float, gain: float) -> wp.vec3:
    s1 = wp.vec4(0.0, 0.0, 0.0, 0.0)
    s2 = wp.vec4(0.0, 0.0, 0.0, 0.0)
    s3 = wp.vec4(0.0, 0.0, 0.0, 0.0)
    freq = float(1.0)
    amplitude = float(1.0)
    for i in range(int(octaves)):
        pt = freq * xyzt
        x0 = int(wp.floor(pt[0]))
        y0 = int(wp.floor(pt[1]))
        z0 = int(wp.floor(pt[2]))
        t0 = int(wp.floor(pt[3]))
        d = pt - wp.vec4(wp.floor(pt[0]), wp.floor(pt[1]), wp.floor(pt[2]), wp.floor(pt[3]))
        g1 = _noise4_gradient(state, x0, y0, z0, t0, x0 + 1, y0 + 1, z0 + 1, t0 + 1, d[0], d[1], d[2], d[3])
        state = rand_init_offset(int(state), 10019689)
        g2 = _noise4_gradient(state, x0, y0, z0, t0, x0 + 1, y0 + 1, z0 + 1, t0 + 1, d[0], d[1], d[2], d[3])
        state = rand_init_offset(int(state), 13112221)
        g3 = _noise4_gradient(state, x0, y0, z0, t0, x0 + 1, y0 + 1, z0 + 1, t0 + 1, d[0], d[1], d[2], d[3])
        s1 += amplitude * g1
        s2 += amplitude * g2
        s3 += amplitude * g3
        amplitude *= gain
        freq *= lacunarity
    return wp.vec3(s3[1] - s2[2], s1[2] - s3[0], s2[0] - s1[1])
