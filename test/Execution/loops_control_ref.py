"""Independent reference for examples/loops_control.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, I64, Kernel, main, rev_wrange, wp, wrange  # noqa: E402

N = 16


def thomas_solve(s, a, b, c, d, x):
    n = b.shape[1]
    c[s, 0] = c[s, 0] / b[s, 0]
    d[s, 0] = d[s, 0] / b[s, 0]
    for k in wrange(1, n):
        m = 1.0 / (b[s, k] - a[s, k] * c[s, k - 1])
        c[s, k] = c[s, k] * m
        d[s, k] = (d[s, k] - a[s, k] * d[s, k - 1]) * m
    x[s, n - 1] = d[s, n - 1]
    for k in rev_wrange(n - 1):
        x[s, k] = d[s, k] - c[s, k] * x[s, k + 1]


def suffix_sums(r, v, out):
    n = v.shape[1]
    acc = F32(0.0)
    for k in wrange(n - 1, -1, -1):
        acc += v[r, k]
        out[r, k] = acc


def even_odd_sums(i, v, seg, even, odd):
    start = i * seg
    e = F32(0.0)
    o = F32(0.0)
    for k in wrange(start, start + seg, 2):
        e += v[k]
    for k in wrange(start + seg - 1, start, -2):
        o += v[k]
    even[i] = e
    odd[i] = o


def first_above(r, v, threshold, index):
    found = I32(-1)
    for k in wrange(v.shape[1]):
        if v[r, k] > threshold:
            found = k
            break
    index[r] = found


def count_pairs(i, v, target, pairs):
    n = v.shape[0]
    if v[i] < 0:
        return
    hits = I32(0)
    for j in wrange(i + 1, n):
        if v[j] < 0:
            continue
        if v[i] + v[j] != target:
            continue
        hits += 1
        if hits == N:
            break
    pairs[i] = hits


def collatz_steps(i, start, steps):
    x = I64(start[i])
    count = I32(0)
    while x != I64(1) and count < 10000:
        count += 1
        if x % I64(2) == I64(0):
            x = x / I64(2)
            continue
        x = I64(3) * x + I64(1)
    steps[i] = count


def classify(i, v, label):
    x = v[i]
    lab = I32(0)
    if wp.isnan(x):
        lab = I32(-1)
    elif x < -1.0:
        lab = I32(1)
    elif x < 0.0:
        lab = I32(2)
    elif x == 0.0:
        pass
    elif x <= 1.0:
        lab = I32(3)
    else:
        lab = I32(4)
    label[i] = lab


def nested_grid_loops(tid, counts):
    r, q = tid
    radius = r + 1
    total = I32(0)
    for x in wrange(-radius, radius + 1):
        if x < 0 and q == 1:
            continue
        for y in wrange(radius, -radius - 1, -1):
            if x * x + y * y > radius * radius:
                if y < 0:
                    break
                continue
            total += 1
    counts[r, q] = total


def volume_fill(tid, vol, nx, ny, nz):
    i, j, k = tid
    if i >= nx or j >= ny or k >= nz:
        return
    cx = F32(nx - 1) * 0.5
    cy = F32(ny - 1) * 0.5
    cz = F32(nz - 1) * 0.5
    dx = F32(i) - cx
    dy = F32(j) - cy
    dz = F32(k) - cz
    vol[(i * ny + j) * nz + k] = wp.sqrt(dx * dx + dy * dy + dz * dz)


def batch_outer(tid, a, b, out):
    n, i, j, rep = tid
    ni = a.shape[1]
    nj = b.shape[1]
    if rep != 0:
        return
    out[(n * ni + i) * nj + j] = a[n, i] * b[n, j]


F1, F2, I1 = ArrT(F32), ArrT(F32, 2), ArrT(I32)
KERNELS = {
    "thomas_solve": Kernel(thomas_solve, [("a", F2), ("b", F2), ("c", F2), ("d", F2), ("x", F2)]),
    "suffix_sums": Kernel(suffix_sums, [("v", F2), ("out", F2)]),
    "even_odd_sums": Kernel(even_odd_sums, [("v", F1), ("seg", I32), ("even", F1), ("odd", F1)]),
    "first_above": Kernel(first_above, [("v", F2), ("threshold", F32), ("index", I1)]),
    "count_pairs": Kernel(count_pairs, [("v", I1), ("target", I32), ("pairs", I1)]),
    "collatz_steps": Kernel(collatz_steps, [("start", I1), ("steps", I1)]),
    "classify": Kernel(classify, [("v", F1), ("label", I1)]),
    "nested_grid_loops": Kernel(nested_grid_loops, [("counts", ArrT(I32, 2))], ndim=2),
    "volume_fill": Kernel(volume_fill, [("vol", F1), ("nx", I32), ("ny", I32), ("nz", I32)], ndim=3),
    "batch_outer": Kernel(batch_outer, [("a", F2), ("b", F2), ("out", F1)], ndim=4),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
