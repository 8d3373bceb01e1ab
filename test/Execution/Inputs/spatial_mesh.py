# Kernels of test/Execution/mesh.test: mesh queries over a kdsl-run "mesh"
# object, in the struct-returning forms and Warp's older out-parameter forms.
import warp as wp


@wp.kernel
def closest(
    mesh: wp.uint64,
    pts: wp.array[wp.vec3],
    dist: wp.array[float],
    cps: wp.array[wp.vec3],
    vel: wp.array[wp.vec3],
    signs: wp.array[wp.vec4],
    far: wp.array[float],
):
    tid = wp.tid()
    p = pts[tid]
    q = wp.mesh_query_point(mesh, p, 1.0e6)
    cp = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    cps[tid] = cp
    vel[tid] = wp.mesh_eval_velocity(mesh, q.face, q.u, q.v)
    # The out-parameter form and the other sign methods.
    sign = float(0.0)
    face = int(0)
    u = float(0.0)
    v = float(0.0)
    found = wp.mesh_query_point_no_sign(mesh, p, 1.0e6, face, u, v)
    d = wp.length(wp.mesh_eval_position(mesh, face, u, v) - p)
    if not found or d != wp.length(cp - p):
        d = -1.0
    dist[tid] = d
    wn = wp.mesh_query_point_sign_winding_number(mesh, p, 1.0e6)
    sn = wp.mesh_query_point_sign_normal(mesh, p, 1.0e6)
    wp.mesh_query_point_sign_parity(mesh, p, 1.0e6, sign, face, u, v)
    signs[tid] = wp.vec4(q.sign, wn.sign, sn.sign, sign)
    fq = wp.mesh_query_furthest_point_no_sign(mesh, p, 0.0)
    far[tid] = wp.length(wp.mesh_eval_position(mesh, fq.face, fq.u, fq.v) - p)


@wp.kernel
def rays(
    mesh: wp.uint64,
    starts: wp.array[wp.vec3],
    dirs: wp.array[wp.vec3],
    ts: wp.array[float],
    faces: wp.array[int],
    normals: wp.array[wp.vec3],
    crossings: wp.array[int],
):
    tid = wp.tid()
    t = float(0.0)
    u = float(0.0)
    v = float(0.0)
    sign = float(0.0)
    n = wp.vec3()
    f = int(-1)
    if wp.mesh_query_ray(mesh, starts[tid], dirs[tid], 1.0e6, t, u, v, sign, n, f):
        q = wp.mesh_query_ray(mesh, starts[tid], dirs[tid], 1.0e6)
        if q.face == f and q.t == t and sign > 0.0:
            ts[tid] = t
            faces[tid] = f
            normals[tid] = q.normal
    crossings[tid] = wp.mesh_query_ray_count_intersections(mesh, starts[tid], dirs[tid])


@wp.kernel
def boxes(mesh: wp.uint64, qlo: wp.array[wp.vec3], qhi: wp.array[wp.vec3], counts: wp.array[int]):
    tid = wp.tid()
    query = wp.mesh_query_aabb(mesh, qlo[tid], qhi[tid])
    count = int(0)
    for _index in query:
        count += 1
    counts[tid] = count


@wp.kernel
def grow(points: wp.array[wp.vec3], s: float):
    tid = wp.tid()
    points[tid] = points[tid] * s


@wp.kernel
def closest_after(mesh: wp.uint64, pts: wp.array[wp.vec3], dist: wp.array[float]):
    tid = wp.tid()
    q = wp.mesh_query_point_no_sign(mesh, pts[tid], 1.0e6)
    dist[tid] = wp.length(wp.mesh_eval_position(mesh, q.face, q.u, q.v) - pts[tid])


@wp.kernel
def extras(
    mesh: wp.uint64,
    starts: wp.array[wp.vec3],
    dirs: wp.array[wp.vec3],
    qlo: wp.array[wp.vec3],
    qhi: wp.array[wp.vec3],
    anyhit: wp.array[int],
    fnormals: wp.array[wp.vec3],
    counts2: wp.array[int],
    corner: wp.array[wp.vec3],
    cvel: wp.array[wp.vec3],
):
    tid = wp.tid()
    root = wp.mesh_get_group_root(mesh, 0)  # an ungrouped mesh is group 0: the whole tree
    if wp.mesh_query_ray_anyhit(mesh, starts[tid], dirs[tid], 1.0e6, root):
        anyhit[tid] = 1
    q = wp.mesh_query_ray(mesh, starts[tid], dirs[tid], 1.0e6, root)
    fnormals[tid] = wp.mesh_eval_face_normal(mesh, q.face)
    query = wp.mesh_query_aabb(mesh, qlo[tid], qhi[tid])
    index = int(0)
    n = int(0)
    while wp.mesh_query_aabb_next(query, index):
        n += 1
    counts2[tid] = n
    c = wp.mesh_get_point(mesh, 5 * tid + 1)
    m = wp.mesh_get(mesh)  # the same point through the mesh's arrays
    if wp.length_sq(m.points[m.indices[5 * tid + 1]] - c) > 0.0 or m.velocities.shape[0] != m.points.shape[0]:
        c = wp.vec3(0.0)
    corner[tid] = c
    cvel[tid] = wp.mesh_get_velocity(mesh, 5 * tid + 1)
