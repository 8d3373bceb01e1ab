# Kernels for h1_language.test: decorator options, Warp names without `wp.`,
# default and keyword arguments of funcs, wp.constant vectors/matrices,
# negative constant indices and slices of vectors and matrices.
import warp as wp
from warp.tests.unittest_utils import *  # noqa: F403 (as Warp's own tests do)

OFFSET = wp.constant(wp.vec3d(0.5, -1.0, 2.0))
ROT = wp.constant(wp.mat22d(0.0, -1.0, 1.0, 0.0))


@wp.func
def scaled(x: wp.float64, s: wp.float64 = wp.float64(2.0), shift: wp.float64 = 0.25):
    return x * s + shift


@wp.kernel(module="unique", launch_bounds=64, grid_stride=False, module_options={"fast_math": False})
def slices(
    v: wp.array(dtype=wp.vec4d),
    m: wp.array(dtype=wp.mat33d),
    out_v: wp.array(dtype=wp.vec4d),
    out_s: wp.array(dtype=wp.vec3d),
    out_m: wp.array(dtype=wp.mat22d),
    out_b: wp.array(dtype=wp.mat33d),
    out_x: wp.array(dtype=wp.float64),
):
    i = wp.tid()
    a = v[i]
    b = m[i]
    head = a[:3]
    rev = a[::-1]
    mid = a[1:-1]
    a[1:3] = mid * wp.float64(2.0)
    a[::2] += rev[1:3]
    out_v[i] = a
    out_s[i] = head + OFFSET + vec3d(rev[0], rev[-1], a[-2])
    col = b[0:2, 2]
    row = b[-1, 1:]
    sub = b[1:, :2]
    out_m[i] = sub + ROT
    b[:2, 1:] = ROT * col[1]
    b[2] = b[-3]
    out_b[i] = b
    out_x[i] = (
        scaled(a[-1])
        + scaled(col[0], shift=wp.float64(1.0))
        + scaled(row[1], wp.float64(3.0))
        + scaled(shift=wp.float64(-1.0), x=row[0])
        + wp.float64(PI)
        + wp.float64(wp.TAU) * wp.float64(LN2)
    )
    expect_eq(head[2], v[i][2])
