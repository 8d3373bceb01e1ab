# Array slices in kernel code (array_slices.test): views through slices and
# plain indices, run-time bounds and steps, slices of views and of slices,
# writes through a slice, a slice passed to a func, *a[0:2], gradients.
import warp as wp


@wp.func
def total(x: wp.array(dtype=float)) -> float:
    s = float(0.0)
    for k in range(x.shape[0]):
        s += x[k]
    return s


# v = a[lo:hi:step, ::-1] with bounds from the launch; every thread (i, j)
# copies v[i, j] (where it exists) into out[i, j] and doubles it through a
# slice of out2.
@wp.kernel
def window(a: wp.array2d(dtype=float), lo: int, hi: int, step: int,
           out: wp.array2d(dtype=float), out2: wp.array2d(dtype=float), shp: wp.array(dtype=int)):
    i, j = wp.tid()
    v = a[lo:hi:step, ::-1]
    w = out2[lo:hi:step, ::-1]
    if i == 0 and j == 0:
        shp[0] = v.shape[0]
        shp[1] = v.shape[1]
        shp[2] = v.ndim
    if i < v.shape[0]:
        out[i, j] = v[i, j]
        w[i, j] = 2.0 * v[i, j]


# Constant forms on a 3-d array (2 x 3 x 4), one value each.
@wp.kernel
def forms(a: wp.array3d(dtype=float), out: wp.array(dtype=float)):
    s = a[1, 1:, -1]
    out[0] = s[0]
    out[1] = float(s.shape[0])
    t = a[:, -1, ::2]
    out[2] = t[1, 1]
    out[3] = float(t.shape[1])
    u = a[-5:100, :1]
    out[4] = float(u.shape[0] * 100 + u.shape[1] * 10 + u.shape[2])
    out[5] = u[1, 0, 2]
    w = t[::-1]
    out[6] = w[0, 0]
    r = a[0][1:]
    out[7] = r[1, 3]
    e = a[2:1]
    out[8] = float(e.shape[0] + e.shape[3])
    out[9] = float(len(s))
    c = a[0, 0, 1:]
    out[10] = wp.dot(wp.vec2(*c[0:3:2]), wp.vec2(1.0, 10.0))
    out[11] = total(a[1, :, 2])
    out[12] = a[1, ::-1, ::-1][0, 0]
    z = a[0, 1:3, 1:]
    out[13] = z[1][2]
    out[14] = wp.max(*z[0][0:2])


# Gradients through slices: ys[i, j] = xs[i, j]^2 + 3 x[lo + i, 0] with
# xs = x[lo:, ::-1] and ys = y[1:, :].
@wp.kernel
def squares(x: wp.array2d(dtype=wp.float64), y: wp.array2d(dtype=wp.float64), lo: int):
    i, j = wp.tid()
    xs = x[lo:, ::-1]
    ys = y[1:, :]
    ys[i, j] = xs[i, j] * xs[i, j] + wp.float64(3.0) * x[lo:, 0][i]


# An array local may take another ndim (Warp compares arrays by kind and
# dtype only): rebound at the top of the body, it is a fresh local from there.
@wp.kernel
def rebind(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    v = a[1:]
    out[0] = v[0, 1]
    v = a[1:, 2]
    out[1] = v[1]
    for k in range(2):
        out[2] += v[k]
    v = a[::-1, 0]
    out[3] = v[0]
    v = a
    out[4] = float(v.shape[0]) + float(v.ndim) * 10.0
