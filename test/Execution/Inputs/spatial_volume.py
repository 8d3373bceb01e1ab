# Kernels of Execution/volume.test: Warp's volume builtins over kdsl-run's
# "volume" objects (a dense float32, vec3f and int32 array as
# wp.Volume.load_from_numpy, a .nvdb file, an index grid of voxels).
import warp as wp


@wp.kernel
def sample(
    v: wp.uint64,
    pts: wp.array(dtype=wp.vec3),
    lin: wp.array(dtype=float),
    near: wp.array(dtype=float),
    val: wp.array(dtype=float),
    grad: wp.array(dtype=wp.vec3),
    uvw_out: wp.array(dtype=wp.vec3),
    back: wp.array(dtype=wp.vec3),
    dirs: wp.array(dtype=wp.vec3),
):
    t = wp.tid()
    uvw = wp.volume_world_to_index(v, pts[t])
    uvw_out[t] = uvw
    lin[t] = wp.volume_sample_f(v, uvw, wp.Volume.LINEAR)
    near[t] = wp.volume_sample(v, uvw, wp.Volume.CLOSEST, dtype=wp.float32)
    g = wp.vec3()
    val[t] = wp.volume_sample_grad_f(v, uvw, wp.Volume.LINEAR, g)
    grad[t] = g
    back[t] = wp.volume_index_to_world(v, uvw)
    d = wp.volume_world_to_index_dir(v, wp.vec3(1.0, 2.0, 3.0))
    dirs[t] = wp.volume_index_to_world_dir(v, d) + d


@wp.kernel
def lookup(v: wp.uint64, lo: wp.vec3i, out: wp.array(dtype=float, ndim=3), idx: wp.array(dtype=int, ndim=3)):
    i, j, k = wp.tid()
    out[i, j, k] = wp.volume_lookup_f(v, lo[0] + i, lo[1] + j, lo[2] + k)
    idx[i, j, k] = wp.volume_lookup_index(v, lo[0] + i, lo[1] + j, lo[2] + k)


@wp.kernel
def store(v: wp.uint64, lo: wp.vec3i):
    i, j, k = wp.tid()
    a = lo[0] + i
    b = lo[1] + j
    c = lo[2] + k
    wp.volume_store(v, a, b, c, float(a + 100 * b + 10000 * c))


@wp.kernel
def vec_and_int(
    vv: wp.uint64,
    vi: wp.uint64,
    pts: wp.array(dtype=wp.vec3),
    vlin: wp.array(dtype=wp.vec3),
    vnear: wp.array(dtype=wp.vec3),
    inear: wp.array(dtype=int),
    igen: wp.array(dtype=int),
    wrong: wp.array(dtype=float),
):
    t = wp.tid()
    uvw = wp.volume_world_to_index(vv, pts[t])
    vlin[t] = wp.volume_sample_v(vv, uvw, wp.Volume.LINEAR)
    vnear[t] = wp.volume_sample(vv, uvw, wp.Volume.CLOSEST, dtype=wp.vec3)
    p = wp.volume_world_to_index(vi, pts[t])
    inear[t] = wp.volume_sample_i(vi, p)
    igen[t] = wp.volume_lookup(vi, int(p[0]), int(p[1]), int(p[2]), dtype=int)
    # a float read of a vec3 volume: 0, as in Warp
    wrong[t] = wp.volume_lookup_f(vv, 0, 0, 0) + wp.volume_sample_f(vi, p, wp.Volume.LINEAR)


@wp.kernel
def index_grid(
    v: wp.uint64,
    pts: wp.array(dtype=wp.vec3),
    data: wp.array(dtype=float),
    lin: wp.array(dtype=float),
    near: wp.array(dtype=float),
    count: wp.array(dtype=int),
):
    t = wp.tid()
    uvw = wp.volume_world_to_index(v, pts[t])
    lin[t] = wp.volume_sample_index(v, uvw, wp.Volume.LINEAR, data, -2.0)
    near[t] = wp.volume_sample_index(v, uvw, wp.Volume.CLOSEST, data, -2.0)
    count[t] = wp.volume_voxel_count(v)


@wp.kernel
def typed(
    vol: wp.uint64,
    vv: wp.uint64,
    vi: wp.uint64,
    out_v: wp.array(dtype=wp.vec3),
    out_i: wp.array(dtype=int),
    out_f: wp.array(dtype=float),
    out_g: wp.array(dtype=wp.vec3),
):
    wp.volume_store_v(vv, 0, 0, 0, wp.vec3(9.0, 8.0, 7.0))
    wp.volume_store_i(vi, 0, 0, 0, 99)
    wp.volume_store_f(vol, 1, 1, 1, 5.0)
    out_v[0] = wp.volume_lookup_v(vv, 0, 0, 0)
    out_v[1] = wp.volume_lookup_v(vv, 1, 2, 3)
    out_i[0] = wp.volume_lookup_i(vi, 0, 0, 0)
    out_i[1] = wp.volume_lookup_i(vi, 2, 1, 0)
    out_f[0] = wp.volume_lookup_f(vol, 1, 1, 1)
    g = wp.vec3()
    out_f[1] = wp.volume_sample_grad(vol, wp.vec3(1.25, 1.5, 0.75), wp.Volume.LINEAR, g, dtype=float)
    out_g[0] = g
