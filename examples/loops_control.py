# Control flow: range with one, two and three arguments (negative steps
# included), reversed(range(n)), nested loops with break / continue,
# while loops with continue, if / elif / else chains, `pass`, early returns
# from kernels, and 3-D / 4-D launches.

import warp as wp

N = 16


@wp.kernel
def thomas_solve(
    a: wp.array2d(dtype=float),
    b: wp.array2d(dtype=float),
    c: wp.array2d(dtype=float),
    d: wp.array2d(dtype=float),
    x: wp.array2d(dtype=float),
):
    """One tridiagonal system per thread (row s): forward sweep + back substitution.

    a: sub-diagonal, b: diagonal, c: super-diagonal, d: right-hand side.
    c and d are overwritten with the modified coefficients.
    """
    s = wp.tid()
    n = b.shape[1]
    c[s, 0] = c[s, 0] / b[s, 0]
    d[s, 0] = d[s, 0] / b[s, 0]
    for k in range(1, n):
        m = 1.0 / (b[s, k] - a[s, k] * c[s, k - 1])
        c[s, k] = c[s, k] * m
        d[s, k] = (d[s, k] - a[s, k] * d[s, k - 1]) * m
    x[s, n - 1] = d[s, n - 1]
    for k in reversed(range(n - 1)):
        x[s, k] = d[s, k] - c[s, k] * x[s, k + 1]


@wp.kernel
def suffix_sums(v: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    """out[r, k] = sum of v[r, k:], walking the row backwards with a negative step."""
    r = wp.tid()
    n = v.shape[1]
    acc = float(0.0)
    for k in range(n - 1, -1, -1):
        acc += v[r, k]
        out[r, k] = acc


@wp.kernel
def even_odd_sums(v: wp.array(dtype=float), seg: int, even: wp.array(dtype=float), odd: wp.array(dtype=float)):
    i = wp.tid()
    start = i * seg
    e = float(0.0)
    o = float(0.0)
    for k in range(start, start + seg, 2):
        e += v[k]
    for k in range(start + seg - 1, start, -2):
        o += v[k]
    even[i] = e
    odd[i] = o


@wp.kernel
def first_above(v: wp.array2d(dtype=float), threshold: float, index: wp.array(dtype=int)):
    """Index of the first entry of each row above threshold, or -1."""
    r = wp.tid()
    found = int(-1)
    for k in range(v.shape[1]):
        if v[r, k] > threshold:
            found = k
            break
    index[r] = found


@wp.kernel
def count_pairs(v: wp.array(dtype=int), target: int, pairs: wp.array(dtype=int)):
    """Count (i, j), i < j, with v[i] + v[j] == target, skipping negatives; stop after N hits."""
    i = wp.tid()
    n = v.shape[0]
    if v[i] < 0:
        return
    hits = int(0)
    for j in range(i + 1, n):
        if v[j] < 0:
            continue
        if v[i] + v[j] != target:
            continue
        hits += 1
        if hits == N:
            break
    pairs[i] = hits


@wp.kernel
def collatz_steps(start: wp.array(dtype=int), steps: wp.array(dtype=int)):
    """Collatz iteration with `continue` inside a while loop."""
    i = wp.tid()
    x = wp.int64(start[i])
    count = int(0)
    while x != wp.int64(1) and count < 10000:
        count += 1
        if x % wp.int64(2) == wp.int64(0):
            x = x / wp.int64(2)
            continue
        x = wp.int64(3) * x + wp.int64(1)
    steps[i] = count


@wp.kernel
def classify(v: wp.array(dtype=float), label: wp.array(dtype=int)):
    i = wp.tid()
    x = v[i]
    lab = int(0)
    if wp.isnan(x):
        lab = -1
    elif x < -1.0:
        lab = 1
    elif x < 0.0:
        lab = 2
    elif x == 0.0:
        pass
    elif x <= 1.0:
        lab = 3
    else:
        lab = 4
    label[i] = lab


@wp.kernel
def nested_grid_loops(counts: wp.array2d(dtype=int)):
    """Count lattice points in a disc of radius r using nested loops with break."""
    r, q = wp.tid()
    radius = r + 1
    total = int(0)
    for x in range(-radius, radius + 1):
        if x < 0 and q == 1:
            continue  # q == 1 counts only the right half-plane
        for y in range(radius, -radius - 1, -1):
            if x * x + y * y > radius * radius:
                if y < 0:
                    break
                continue
            total += 1
    counts[r, q] = total


@wp.kernel
def volume_fill(vol: wp.array(dtype=float), nx: int, ny: int, nz: int):
    """3-D launch writing a flattened volume: value = distance to the centre."""
    i, j, k = wp.tid()
    if i >= nx or j >= ny or k >= nz:
        return
    cx = float(nx - 1) * 0.5
    cy = float(ny - 1) * 0.5
    cz = float(nz - 1) * 0.5
    dx = float(i) - cx
    dy = float(j) - cy
    dz = float(k) - cz
    vol[(i * ny + j) * nz + k] = wp.sqrt(dx * dx + dy * dy + dz * dz)


@wp.kernel
def batch_outer(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    """4-D launch (batch, i, j, repeat): out[batch, i, j] = a[batch, i] * b[batch, j]."""
    n, i, j, rep = wp.tid()
    ni = a.shape[1]
    nj = b.shape[1]
    if rep != 0:
        return
    out[(n * ni + i) * nj + j] = a[n, i] * b[n, j]


if __name__ == "__main__":
    wp.init()
    counts = wp.zeros((8, 2), dtype=int)
    wp.launch(nested_grid_loops, dim=(8, 2), inputs=[counts])
    print(counts.numpy())
