#!/usr/bin/env python3
"""Writes bench/inputs/kernels20.py: 60 Warp kernels of exactly 20 lines each
(decorator, signature and 18 body lines) in five shapes of typical Warp code,
the input of the front-end throughput benchmark."""
import pathlib
import sys

SHAPES = [
    """@wp.kernel
def integrate_{n}(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), f: wp.array(dtype=wp.vec3), inv_m: wp.array(dtype=float), dt: float):
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
""",
    """@wp.kernel
def stencil_{n}(u: wp.array2d(dtype=float), out: wp.array2d(dtype=float), alpha: float):
    i, j = wp.tid()
    nx = u.shape[0]
    ny = u.shape[1]
    if i == 0 or j == 0 or i == nx - 1 or j == ny - 1:
        out[i, j] = u[i, j]
        return
    c = u[i, j]
    l = u[i - 1, j]
    r = u[i + 1, j]
    d = u[i, j - 1]
    t = u[i, j + 1]
    lap = l + r + d + t - 4.0 * c
    val = c + alpha * lap
    val = wp.clamp(val, -100.0, 100.0)
    if wp.isnan(val):
        val = 0.0
    out[i, j] = val
    wp.expect_eq(i >= 0, True)
""",
    """@wp.kernel
def reduce_{n}(a: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    tid = wp.tid()
    s = float(0.0)
    mx = float(-1.0e30)
    k = int(0)
    for j in range(tid, n, 64):
        val = a[j]
        if val < 0.0:
            continue
        s += val * val
        mx = wp.max(mx, val)
        k += 1
        if k > 1000:
            break
    if k > 0:
        mean = s / float(k)
        wp.atomic_add(out, 0, mean)
        wp.atomic_max(out, 1, mx)
    wp.atomic_add(out, 2, float(k))
""",
    """@wp.kernel
def rotate_{n}(q: wp.array(dtype=wp.quat), p: wp.array(dtype=wp.vec3), w: wp.array(dtype=wp.vec3), dt: float, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    qi = q[i]
    wi = w[i]
    ang = wp.length(wi) * dt
    axis = wp.vec3(1.0, 0.0, 0.0)
    if ang > 1.0e-6:
        axis = wp.normalize(wi)
    dq = wp.quat_from_axis_angle(axis, ang)
    qn = wp.normalize(dq * qi)
    r = wp.quat_to_matrix(qn)
    pi = p[i]
    pr = r * pi
    back = wp.quat_rotate_inv(qn, pr)
    err = wp.length(back - pi)
    if err > 1.0e-3:
        pr = wp.quat_rotate(qn, pi)
    q[i] = qn
    out[i] = pr
""",
    """@wp.kernel
def newton_{n}(c: wp.array(dtype=float), roots: wp.array(dtype=float), tol: float):
    i = wp.tid()
    target = c[i]
    x = wp.max(target, 1.0)
    it = int(0)
    while it < 50:
        fx = x * x * x - target
        dfx = 3.0 * x * x
        if wp.abs(dfx) < 1.0e-12:
            break
        step = fx / dfx
        x = x - step
        if wp.abs(step) < tol:
            break
        it += 1
    if it == 50:
        x = wp.cbrt(target)
    roots[i] = x
    wp.expect_near(x * x * x, target, 1.0e-2)
""",
]

out = [
    "# 60 Warp kernels of exactly 20 lines each, written by bench/gen_kernels20.py;",
    "# the input of the front-end throughput benchmark (bench/README.md).",
    "import warp as wp",
    "",
]
for n in range(12):
    for shape in SHAPES:
        body = shape.format(n=n)
        assert body.count("\n") == 20, (shape[:40], body.count("\n"))
        out.append(body)
# Usage: bench/gen_kernels20.py [OUT]   (default: bench/inputs/kernels20.py)
path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).parent / "inputs" / "kernels20.py"
path.write_text("\n".join(out))
