# One 20-line Warp kernel (integrate_0 of kernels20.py): the input of the GPU latency benchmark.
import warp as wp

@wp.kernel
def integrate_0(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), f: wp.array(dtype=wp.vec3), inv_m: wp.array(dtype=float), dt: float):
    i = wp.tid()
    m = inv_m[i]
    a = f[i] * m + wp.vec3(0.0, -9.81, 0.0)
    vi = v[i] + a * dt
    speed = wp.length(vi)
    if speed > 10.0:
        vi = vi * (10.0 / speed)
    xi = x[i] + vi * dt
    if xi.y < 0.0:
        xi = wp.vec3(xi.x, 0.0, xi.z)
        vi = wp.vec3(vi.x * 0.9, -vi.y * 0.5, vi.z * 0.9)
    damp = wp.exp(-0.1 * dt)
    vi = vi * damp
    x[i] = xi
    v[i] = vi
    f[i] = wp.vec3(0.0)
    wp.expect_eq(m >= 0.0, True)
    wp.atomic_add(inv_m, 0, 0.0)
