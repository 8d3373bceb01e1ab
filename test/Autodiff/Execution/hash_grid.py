# Gradients through hash-grid neighbour sums (docs/language.md 8.9a): the
# query is not differentiable (it carries integers), the sums over the
# neighbours' positions are. float64 so that finite differences are exact
# enough; the kernels' weights are smooth at the radius, so the neighbour
# set the grid gives does not make the sums jump.
import warp as wp


@wp.func
def poly6(r2: wp.float64, h: wp.float64):
    q = h * h - r2
    if q > wp.float64(0.0):
        return q * q * q
    return wp.float64(0.0)


@wp.kernel
def energy(grid: wp.uint64, x: wp.array(dtype=wp.vec3d), h: wp.float64, e: wp.array(dtype=wp.float64)):
    # while-loop form
    i = wp.tid()
    p = x[i]
    query = wp.hash_grid_query(grid, p, h)
    index = int(0)
    s = wp.float64(0.0)
    while wp.hash_grid_query_next(query, index):
        if index != i:
            d = p - x[index]
            s += poly6(wp.dot(d, d), h)
    e[i] = s


@wp.kernel
def spring_forces(grid: wp.uint64, x: wp.array(dtype=wp.vec3d), h: wp.float64, f: wp.array(dtype=wp.vec3d)):
    # for-loop form, Warp's examples' thread order by cell
    tid = wp.tid()
    i = wp.hash_grid_point_id(grid, tid)
    p = x[i]
    acc = wp.vec3d()
    for j in wp.hash_grid_query(grid, p, h):
        d = p - x[j]
        r2 = wp.dot(d, d)
        if j != i and r2 < h * h:
            w = h * h - r2
            acc += w * w * d
    f[i] = acc
