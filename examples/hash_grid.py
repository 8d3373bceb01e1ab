# Neighbour queries over a hash grid (Warp's wp.HashGrid): the patterns of
# Warp's SPH, DEM and particle-repulsion examples. The grid is built by the
# host (kdsl-run: "objects": {"grid": {"hash_grid": {...}}}, docs/kdsl-run.md)
# and passed as its wp.uint64 id.
import warp as wp


@wp.kernel
def count_neighbors(grid: wp.uint64, points: wp.array(dtype=wp.vec3), radius: float, counts: wp.array(dtype=int)):
    tid = wp.tid()
    # order threads by cell, as Warp's examples do
    i = wp.hash_grid_point_id(grid, tid)
    p = points[i]
    count = int(0)
    for index in wp.hash_grid_query(grid, p, radius):
        if wp.length(p - points[index]) <= radius:
            count += 1
    counts[i] = count


@wp.func
def poly6(r2: float, h: float):
    # (h^2 - r^2)^3 inside the support, 0 outside
    q = h * h - r2
    if q > 0.0:
        return q * q * q
    return 0.0


@wp.kernel
def density(grid: wp.uint64, x: wp.array(dtype=wp.vec3), h: float, rho: wp.array(dtype=float)):
    i = wp.tid()
    p = x[i]
    query = wp.hash_grid_query(grid, p, h)
    index = int(0)
    s = float(0.0)
    while wp.hash_grid_query_next(query, index):
        d = p - x[index]
        s += poly6(wp.dot(d, d), h)
    rho[i] = s


@wp.kernel
def nearest(grid: wp.uint64, x: wp.array(dtype=wp.vec3), h: float, best: wp.array(dtype=int)):
    # the closest other point within h (-1 if none); ties go to the first visited
    i = wp.tid()
    p = x[i]
    query = wp.hash_grid_query(grid, p, h)
    index = int(0)
    found = int(-1)
    best_d = h * h
    while wp.hash_grid_query_next(query, index):
        if index == i:
            continue
        d = wp.length_sq(p - x[index])
        if d < best_d:
            best_d = d
            found = index
    best[i] = found


@wp.kernel
def repulsion(grid: wp.uint64, x: wp.array(dtype=wp.vec3), h: float, k: float, f: wp.array(dtype=wp.vec3)):
    # a smooth pair force (k * (h - r)^2 along the separation), summed over neighbours
    i = wp.tid()
    p = x[i]
    acc = wp.vec3()
    for j in wp.hash_grid_query(grid, p, h):
        if j != i:
            d = p - x[j]
            r = wp.length(d)
            if r < h and r > 0.0:
                acc += k * (h - r) * (h - r) * d / r
    f[i] = acc


@wp.kernel
def move(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float):
    i = wp.tid()
    x[i] = x[i] + v[i] * dt


@wp.kernel
def count_group(
    grid: wp.uint64, points: wp.array(dtype=wp.vec3), groups: wp.array(dtype=int), radius: float, counts: wp.array(dtype=int)
):
    # neighbours of the thread's own group (a grid built with groups); on a
    # grid without groups the group argument is ignored, as in Warp
    i = wp.tid()
    p = points[i]
    count = int(0)
    for index in wp.hash_grid_query(grid, p, radius, groups[i]):
        if wp.length(p - points[index]) <= radius:
            count += 1
    counts[i] = count
