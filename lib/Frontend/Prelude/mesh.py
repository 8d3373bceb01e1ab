# kdsl prelude: Warp's mesh queries (wp.mesh_query_point and its _no_sign,
# _sign_normal, _sign_winding_number, _sign_parity forms,
# wp.mesh_query_furthest_point_no_sign, wp.mesh_query_ray and its _anyhit,
# _count_intersections forms, wp.mesh_eval_position / _velocity /
# _face_normal, wp.mesh_get and wp.mesh_get_point / _index / _velocity),
# written in the Warp language. (The AABB queries are in bvh.py.)
#
# A mesh id is the address of the header the runtime builds
# (include/kdsl/Runtime/KernelABI.h, `kdsl_mesh`; lib/Runtime/Mesh.cpp):
#
#   uint64 words 0..3:  bvh (a kdsl_bvh over the faces: item k is face k),
#                       points (vec3f), indices (int32, 3 per face),
#                       velocities (vec3f, or 0)
#   int32 words 8..10:  num_points, num_faces, has_velocities
#
# and the BVH's header as bvh.py describes it (nodes in depth-first
# preorder, node_skip past a subtree, one face per leaf).
#
# Results never depend on the tree: the closest point is the face of least
# squared distance (ties: the lowest face index), a ray's hit the face of
# least t (ties: the lowest face index); the walks prune only nodes that
# cannot hold a better face. Barycentric coordinates are Warp's: the point
# is u * p0 + v * p1 + (1 - u - v) * p2 of the face's points p0, p1, p2.
import warp as wp


@wp.struct
class mesh_query_point_t:
    result: bool
    sign: float
    face: int
    u: float
    v: float


@wp.struct
class mesh_query_ray_t:
    result: bool
    sign: float
    face: int
    t: float
    u: float
    v: float
    normal: wp.vec3


@wp.struct
class mesh_t:
    points: wp.array(dtype=wp.vec3)
    indices: wp.array(dtype=int)
    velocities: wp.array(dtype=wp.vec3)


@wp.func
def _m_word(id: wp.uint64, k: int) -> int:
    return wp.array(ptr=id, shape=12, dtype=wp.int32)[k]


@wp.func
def _m_addr(id: wp.uint64, k: int) -> wp.uint64:
    return wp.array(ptr=id, shape=6, dtype=wp.uint64)[k]


@wp.func
def _m_point(id: wp.uint64, i: int) -> wp.vec3:
    return wp.array(ptr=_m_addr(id, 1), shape=_m_word(id, 8), dtype=wp.vec3)[i]


@wp.func
def _m_velocity(id: wp.uint64, i: int) -> wp.vec3:
    if _m_word(id, 10) == 0:
        return wp.vec3(0.0)
    return wp.array(ptr=_m_addr(id, 3), shape=_m_word(id, 8), dtype=wp.vec3)[i]


@wp.func
def _m_index(id: wp.uint64, k: int) -> int:
    return wp.array(ptr=_m_addr(id, 2), shape=3 * _m_word(id, 9), dtype=wp.int32)[k]


@wp.func
def _m_nodes(id: wp.uint64) -> int:
    return wp.array(ptr=_m_addr(id, 0), shape=16, dtype=wp.int32)[12]


@wp.func
def _m_node_addr(id: wp.uint64, k: int) -> wp.uint64:
    return wp.array(ptr=_m_addr(id, 0), shape=8, dtype=wp.uint64)[k]


@wp.func
def _m_start(id: wp.uint64, root: int) -> wp.vec2i:
    # The nodes [first, end) a walk from `root` visits (-1: the whole BVH).
    n = _m_nodes(id)
    if root < 0:
        return wp.vec2i(0, n)
    if root >= n:
        return wp.vec2i(0, 0)
    return wp.vec2i(root, wp.array(ptr=_m_node_addr(id, 2), shape=n, dtype=wp.int32)[root])


@wp.func
def _m_box_dist_sq(lo: wp.vec3, hi: wp.vec3, p: wp.vec3) -> float:
    d = wp.max(wp.max(lo - p, p - hi), wp.vec3(0.0))
    return wp.dot(d, d)


@wp.func
def _m_box_far_sq(lo: wp.vec3, hi: wp.vec3, p: wp.vec3) -> float:
    d = wp.max(wp.abs(p - lo), wp.abs(hi - p))
    return wp.dot(d, d)


@wp.func
def _m_closest_bary(a: wp.vec3, b: wp.vec3, c: wp.vec3, p: wp.vec3) -> wp.vec2:
    # The closest point of triangle abc to p (Ericson, Real-Time Collision
    # Detection 5.1.5), as (u, v) of u * a + v * b + (1 - u - v) * c.
    ab = b - a
    ac = c - a
    ap = p - a
    d1 = wp.dot(ab, ap)
    d2 = wp.dot(ac, ap)
    if d1 <= 0.0 and d2 <= 0.0:
        return wp.vec2(1.0, 0.0)
    bp = p - b
    d3 = wp.dot(ab, bp)
    d4 = wp.dot(ac, bp)
    if d3 >= 0.0 and d4 <= d3:
        return wp.vec2(0.0, 1.0)
    vc = d1 * d4 - d3 * d2
    if vc <= 0.0 and d1 >= 0.0 and d3 <= 0.0:
        t = d1 / (d1 - d3)
        return wp.vec2(1.0 - t, t)
    cp = p - c
    d5 = wp.dot(ab, cp)
    d6 = wp.dot(ac, cp)
    if d6 >= 0.0 and d5 <= d6:
        return wp.vec2(0.0, 0.0)
    vb = d5 * d2 - d1 * d6
    if vb <= 0.0 and d2 >= 0.0 and d6 <= 0.0:
        w = d2 / (d2 - d6)
        return wp.vec2(1.0 - w, 0.0)
    va = d3 * d6 - d5 * d4
    if va <= 0.0 and (d4 - d3) >= 0.0 and (d5 - d6) >= 0.0:
        w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
        return wp.vec2(0.0, 1.0 - w)
    denom = 1.0 / (va + vb + vc)
    v = vb * denom
    w = vc * denom
    return wp.vec2(1.0 - v - w, v)


@wp.func
def _m_face_point(id: wp.uint64, face: int, u: float, v: float) -> wp.vec3:
    a = _m_point(id, _m_index(id, 3 * face))
    b = _m_point(id, _m_index(id, 3 * face + 1))
    c = _m_point(id, _m_index(id, 3 * face + 2))
    return u * a + v * b + (1.0 - u - v) * c


@wp.func
def _m_closest(id: wp.uint64, point: wp.vec3, max_dist: float) -> mesh_query_point_t:
    # The face of least squared distance below max_dist^2 (ties: lowest index).
    r = mesh_query_point_t()
    if id == wp.uint64(0):
        return r
    n = _m_nodes(id)
    lowers = wp.array(ptr=_m_node_addr(id, 0), shape=n, dtype=wp.vec3)
    uppers = wp.array(ptr=_m_node_addr(id, 1), shape=n, dtype=wp.vec3)
    skip = wp.array(ptr=_m_node_addr(id, 2), shape=n, dtype=wp.int32)
    items = wp.array(ptr=_m_node_addr(id, 3), shape=n, dtype=wp.int32)
    best = max_dist * max_dist
    i = int(0)
    while i < n:
        # A node no nearer than the best face (with a margin for rounding) is skipped.
        if _m_box_dist_sq(lowers[i], uppers[i], point) * 0.9999 <= best:
            f = items[i]
            if f >= 0:
                a = _m_point(id, _m_index(id, 3 * f))
                b = _m_point(id, _m_index(id, 3 * f + 1))
                c = _m_point(id, _m_index(id, 3 * f + 2))
                uv = _m_closest_bary(a, b, c, point)
                cp = uv[0] * a + uv[1] * b + (1.0 - uv[0] - uv[1]) * c
                d2 = wp.length_sq(cp - point)
                if d2 < best or (r.result and d2 == best and f < r.face):
                    best = d2
                    r.result = True
                    r.face = f
                    r.u = uv[0]
                    r.v = uv[1]
            i = i + 1
        else:
            i = skip[i]
    return r


@wp.func
def _m_ray_tri(a: wp.vec3, b: wp.vec3, c: wp.vec3, start: wp.vec3, dir: wp.vec3) -> wp.vec3:
    # Moeller-Trumbore: (t, u, v) of the hit (u, v as _m_closest_bary's), t
    # -1 when the ray misses (parallel, outside the triangle, behind the start).
    e1 = b - a
    e2 = c - a
    pv = wp.cross(dir, e2)
    det = wp.dot(e1, pv)
    if det == 0.0:
        return wp.vec3(-1.0, 0.0, 0.0)
    inv = 1.0 / det
    tv = start - a
    b1 = wp.dot(tv, pv) * inv
    if b1 < 0.0 or b1 > 1.0:
        return wp.vec3(-1.0, 0.0, 0.0)
    qv = wp.cross(tv, e1)
    b2 = wp.dot(dir, qv) * inv
    if b2 < 0.0 or b1 + b2 > 1.0:
        return wp.vec3(-1.0, 0.0, 0.0)
    t = wp.dot(e2, qv) * inv
    if t < 0.0:
        return wp.vec3(-1.0, 0.0, 0.0)
    return wp.vec3(t, 1.0 - b1 - b2, b1)


@wp.func
def _m_ray_box(lo: wp.vec3, hi: wp.vec3, start: wp.vec3, rcp: wp.vec3, max_t: float) -> bool:
    l1 = (lo[0] - start[0]) * rcp[0]
    l2 = (hi[0] - start[0]) * rcp[0]
    lmin = wp.min(l1, l2)
    lmax = wp.max(l1, l2)
    l1 = (lo[1] - start[1]) * rcp[1]
    l2 = (hi[1] - start[1]) * rcp[1]
    lmin = wp.max(wp.min(l1, l2), lmin)
    lmax = wp.min(wp.max(l1, l2), lmax)
    l1 = (lo[2] - start[2]) * rcp[2]
    l2 = (hi[2] - start[2]) * rcp[2]
    lmin = wp.max(wp.min(l1, l2), lmin)
    lmax = wp.min(wp.max(l1, l2), lmax)
    return lmax >= 0.0 and lmax >= lmin and lmin <= max_t


@wp.func
def _m_rcp(d: float) -> float:
    if d == 0.0:
        return 1.0e30
    return 1.0 / d


@wp.func
def _m_ray(id: wp.uint64, start: wp.vec3, dir: wp.vec3, max_t: float, root: int, mode: int) -> mesh_query_ray_t:
    # mode 0: the first hit with t < max_t (least t, then lowest face);
    # mode 1: any hit (result only); mode 2: count every hit (in .face).
    r = mesh_query_ray_t()
    if id == wp.uint64(0):
        return r
    n = _m_nodes(id)
    lowers = wp.array(ptr=_m_node_addr(id, 0), shape=n, dtype=wp.vec3)
    uppers = wp.array(ptr=_m_node_addr(id, 1), shape=n, dtype=wp.vec3)
    skip = wp.array(ptr=_m_node_addr(id, 2), shape=n, dtype=wp.int32)
    items = wp.array(ptr=_m_node_addr(id, 3), shape=n, dtype=wp.int32)
    rcp = wp.vec3(_m_rcp(dir[0]), _m_rcp(dir[1]), _m_rcp(dir[2]))
    span = _m_start(id, root)
    best = max_t
    i = span[0]
    while i < span[1]:
        # Nodes entered beyond the best hit (with a margin for rounding) are skipped.
        if _m_ray_box(lowers[i], uppers[i], start, rcp, best * 1.0001 + 1.0e-6):
            f = items[i]
            if f >= 0:
                a = _m_point(id, _m_index(id, 3 * f))
                b = _m_point(id, _m_index(id, 3 * f + 1))
                c = _m_point(id, _m_index(id, 3 * f + 2))
                h = _m_ray_tri(a, b, c, start, dir)
                if h[0] >= 0.0 and h[0] < max_t:
                    if mode == 2:
                        r.face = r.face + 1
                        r.result = True
                    elif mode == 1:
                        r.result = True
                        r.face = f
                        return r
                    elif h[0] < best or (r.result and h[0] == best and f < r.face):
                        best = h[0]
                        r.result = True
                        r.face = f
                        r.t = h[0]
                        r.u = h[1]
                        r.v = h[2]
            i = i + 1
        else:
            i = skip[i]
    if r.result and mode == 0:
        f = r.face
        a = _m_point(id, _m_index(id, 3 * f))
        b = _m_point(id, _m_index(id, 3 * f + 1))
        c = _m_point(id, _m_index(id, 3 * f + 2))
        r.normal = wp.normalize(wp.cross(b - a, c - a))
        # Warp: > 0 when the ray hits the face's front (against its normal).
        if wp.dot(dir, r.normal) < 0.0:
            r.sign = 1.0
        else:
            r.sign = -1.0
    return r


@wp.func
def _m_sign_rays(id: wp.uint64, point: wp.vec3, parity: int) -> float:
    # Inside (-1) when at least two of the three axis rays from the point say
    # so: their first hit is a face's back (parity 0), or they cross the mesh
    # an odd number of times (parity 1). Outside: 1.
    votes = int(0)
    for k in range(3):
        dir = wp.vec3(0.0)
        dir[k] = 1.0
        if parity != 0:
            count = _m_ray(id, point, dir, 3.4028234663852886e38, -1, 2).face
            if count % 2 == 1:
                votes = votes + 1
        else:
            hit = _m_ray(id, point, dir, 3.4028234663852886e38, -1, 0)
            if hit.result and hit.sign < 0.0:
                votes = votes + 1
    if votes >= 2:
        return -1.0
    return 1.0


@wp.func
def _m_angle(a: wp.vec3, b: wp.vec3, c: wp.vec3) -> float:
    # The angle of triangle abc at a.
    return wp.atan2(wp.length(wp.cross(b - a, c - a)), wp.dot(b - a, c - a))


@wp.func
def _m_sign_normal(id: wp.uint64, point: wp.vec3, q: mesh_query_point_t, epsilon: float) -> float:
    # The angle-weighted pseudo normal at the closest point cp: every face
    # whose own closest point is cp (within epsilon times the closest face's
    # mean edge length) adds its normal, weighted by its angle at cp when cp
    # is one of its corners.
    a0 = _m_point(id, _m_index(id, 3 * q.face))
    b0 = _m_point(id, _m_index(id, 3 * q.face + 1))
    c0 = _m_point(id, _m_index(id, 3 * q.face + 2))
    cp = q.u * a0 + q.v * b0 + (1.0 - q.u - q.v) * c0
    e = epsilon * (wp.length(b0 - a0) + wp.length(c0 - b0) + wp.length(a0 - c0)) / 3.0
    nf = _m_word(id, 9)
    normal = wp.vec3(0.0)
    for f in range(nf):
        a = _m_point(id, _m_index(id, 3 * f))
        b = _m_point(id, _m_index(id, 3 * f + 1))
        c = _m_point(id, _m_index(id, 3 * f + 2))
        uv = _m_closest_bary(a, b, c, point)
        fp = uv[0] * a + uv[1] * b + (1.0 - uv[0] - uv[1]) * c
        if wp.length_sq(fp - cp) <= e * e:
            n = wp.normalize(wp.cross(b - a, c - a))
            w = 1.0
            if uv[0] == 1.0:
                w = _m_angle(a, b, c)
            elif uv[1] == 1.0:
                w = _m_angle(b, c, a)
            elif uv[0] == 0.0 and uv[1] == 0.0:
                w = _m_angle(c, a, b)
            normal = normal + w * n
    if wp.dot(point - cp, normal) < 0.0:
        return -1.0
    return 1.0


@wp.func
def _m_winding_number(id: wp.uint64, point: wp.vec3) -> float:
    # The exact winding number: the faces' solid angles over 4 pi.
    total = float(0.0)
    nf = _m_word(id, 9)
    for f in range(nf):
        a = _m_point(id, _m_index(id, 3 * f)) - point
        b = _m_point(id, _m_index(id, 3 * f + 1)) - point
        c = _m_point(id, _m_index(id, 3 * f + 2)) - point
        la = wp.length(a)
        lb = wp.length(b)
        lc = wp.length(c)
        det = wp.dot(a, wp.cross(b, c))
        den = la * lb * lc + wp.dot(a, b) * lc + wp.dot(b, c) * la + wp.dot(c, a) * lb
        total = total + 2.0 * wp.atan2(det, den)
    return total / (4.0 * wp.pi)


@wp.func
def mesh_query_point_no_sign(id: wp.uint64, point: wp.vec3, max_dist: float) -> mesh_query_point_t:
    return _m_closest(id, point, max_dist)


@wp.func
def mesh_query_point(id: wp.uint64, point: wp.vec3, max_dist: float) -> mesh_query_point_t:
    q = _m_closest(id, point, max_dist)
    if q.result:
        q.sign = _m_sign_rays(id, point, 0)
    return q


@wp.func
def mesh_query_point_sign_parity(id: wp.uint64, point: wp.vec3, max_dist: float) -> mesh_query_point_t:
    q = _m_closest(id, point, max_dist)
    if q.result:
        q.sign = _m_sign_rays(id, point, 1)
    return q


@wp.func
def mesh_query_point_sign_normal(
    id: wp.uint64, point: wp.vec3, max_dist: float, epsilon: float
) -> mesh_query_point_t:
    q = _m_closest(id, point, max_dist)
    if q.result:
        q.sign = _m_sign_normal(id, point, q, epsilon)
    return q


@wp.func
def mesh_query_point_sign_winding_number(
    id: wp.uint64, point: wp.vec3, max_dist: float, accuracy: float, threshold: float
) -> mesh_query_point_t:
    q = _m_closest(id, point, max_dist)
    if q.result:
        q.sign = 1.0
        if _m_winding_number(id, point) > threshold:
            q.sign = -1.0
    return q


# The older forms with out-parameters: true when a face is found, which then
# sets them (they keep their values otherwise).


@wp.func
def mesh_query_point_out(
    id: wp.uint64,
    point: wp.vec3,
    max_dist: float,
    inside: wp.ref[float],
    face: wp.ref[int],
    bary_u: wp.ref[float],
    bary_v: wp.ref[float],
) -> bool:
    q = mesh_query_point(id, point, max_dist)
    if q.result:
        inside = q.sign
        face = q.face
        bary_u = q.u
        bary_v = q.v
    return q.result


@wp.func
def mesh_query_point_no_sign_out(
    id: wp.uint64, point: wp.vec3, max_dist: float, face: wp.ref[int], bary_u: wp.ref[float], bary_v: wp.ref[float]
) -> bool:
    q = _m_closest(id, point, max_dist)
    if q.result:
        face = q.face
        bary_u = q.u
        bary_v = q.v
    return q.result


@wp.func
def mesh_query_point_sign_parity_out(
    id: wp.uint64,
    point: wp.vec3,
    max_dist: float,
    inside: wp.ref[float],
    face: wp.ref[int],
    bary_u: wp.ref[float],
    bary_v: wp.ref[float],
) -> bool:
    q = mesh_query_point_sign_parity(id, point, max_dist)
    if q.result:
        inside = q.sign
        face = q.face
        bary_u = q.u
        bary_v = q.v
    return q.result


@wp.func
def mesh_query_point_sign_normal_out(
    id: wp.uint64,
    point: wp.vec3,
    max_dist: float,
    inside: wp.ref[float],
    face: wp.ref[int],
    bary_u: wp.ref[float],
    bary_v: wp.ref[float],
    epsilon: float,
) -> bool:
    q = mesh_query_point_sign_normal(id, point, max_dist, epsilon)
    if q.result:
        inside = q.sign
        face = q.face
        bary_u = q.u
        bary_v = q.v
    return q.result


@wp.func
def mesh_query_point_sign_winding_number_out(
    id: wp.uint64,
    point: wp.vec3,
    max_dist: float,
    inside: wp.ref[float],
    face: wp.ref[int],
    bary_u: wp.ref[float],
    bary_v: wp.ref[float],
    accuracy: float,
    threshold: float,
) -> bool:
    q = mesh_query_point_sign_winding_number(id, point, max_dist, accuracy, threshold)
    if q.result:
        inside = q.sign
        face = q.face
        bary_u = q.u
        bary_v = q.v
    return q.result


@wp.func
def mesh_query_furthest_point_no_sign(id: wp.uint64, point: wp.vec3, min_dist: float) -> mesh_query_point_t:
    # The furthest point of a face is one of its corners: the face and corner
    # of greatest squared distance above min_dist^2 (ties: lowest face, then
    # corner order).
    r = mesh_query_point_t()
    if id == wp.uint64(0):
        return r
    n = _m_nodes(id)
    lowers = wp.array(ptr=_m_node_addr(id, 0), shape=n, dtype=wp.vec3)
    uppers = wp.array(ptr=_m_node_addr(id, 1), shape=n, dtype=wp.vec3)
    skip = wp.array(ptr=_m_node_addr(id, 2), shape=n, dtype=wp.int32)
    items = wp.array(ptr=_m_node_addr(id, 3), shape=n, dtype=wp.int32)
    best = min_dist * min_dist
    i = int(0)
    while i < n:
        if _m_box_far_sq(lowers[i], uppers[i], point) * 1.0001 >= best:
            f = items[i]
            if f >= 0:
                for k in range(3):
                    d2 = wp.length_sq(_m_point(id, _m_index(id, 3 * f + k)) - point)
                    if d2 > best or (r.result and d2 == best and f < r.face):
                        best = d2
                        r.result = True
                        r.face = f
                        r.u = float(0.0)
                        r.v = float(0.0)
                        if k == 0:
                            r.u = 1.0
                        if k == 1:
                            r.v = 1.0
            i = i + 1
        else:
            i = skip[i]
    return r


@wp.func
def mesh_query_furthest_point_no_sign_out(
    id: wp.uint64, point: wp.vec3, min_dist: float, face: wp.ref[int], bary_u: wp.ref[float], bary_v: wp.ref[float]
) -> bool:
    q = mesh_query_furthest_point_no_sign(id, point, min_dist)
    if q.result:
        face = q.face
        bary_u = q.u
        bary_v = q.v
    return q.result


@wp.func
def mesh_query_ray(id: wp.uint64, start: wp.vec3, dir: wp.vec3, max_t: float) -> mesh_query_ray_t:
    return _m_ray(id, start, dir, max_t, -1, 0)


@wp.func
def mesh_query_ray_root(id: wp.uint64, start: wp.vec3, dir: wp.vec3, max_t: float, root: int) -> mesh_query_ray_t:
    return _m_ray(id, start, dir, max_t, root, 0)


@wp.func
def mesh_query_ray_out(
    id: wp.uint64,
    start: wp.vec3,
    dir: wp.vec3,
    max_t: float,
    t: wp.ref[float],
    bary_u: wp.ref[float],
    bary_v: wp.ref[float],
    sign: wp.ref[float],
    normal: wp.ref[wp.vec3],
    face: wp.ref[int],
) -> bool:
    q = _m_ray(id, start, dir, max_t, -1, 0)
    if q.result:
        t = q.t
        bary_u = q.u
        bary_v = q.v
        sign = q.sign
        normal = q.normal
        face = q.face
    return q.result


@wp.func
def mesh_query_ray_out_root(
    id: wp.uint64,
    start: wp.vec3,
    dir: wp.vec3,
    max_t: float,
    t: wp.ref[float],
    bary_u: wp.ref[float],
    bary_v: wp.ref[float],
    sign: wp.ref[float],
    normal: wp.ref[wp.vec3],
    face: wp.ref[int],
    root: int,
) -> bool:
    q = _m_ray(id, start, dir, max_t, root, 0)
    if q.result:
        t = q.t
        bary_u = q.u
        bary_v = q.v
        sign = q.sign
        normal = q.normal
        face = q.face
    return q.result


@wp.func
def mesh_query_ray_anyhit(id: wp.uint64, start: wp.vec3, dir: wp.vec3, max_t: float) -> bool:
    return _m_ray(id, start, dir, max_t, -1, 1).result


@wp.func
def mesh_query_ray_anyhit_root(id: wp.uint64, start: wp.vec3, dir: wp.vec3, max_t: float, root: int) -> bool:
    return _m_ray(id, start, dir, max_t, root, 1).result


@wp.func
def mesh_query_ray_count_intersections(id: wp.uint64, start: wp.vec3, dir: wp.vec3) -> int:
    return _m_ray(id, start, dir, 3.4028234663852886e38, -1, 2).face


@wp.func
def mesh_query_ray_count_intersections_root(id: wp.uint64, start: wp.vec3, dir: wp.vec3, root: int) -> int:
    return _m_ray(id, start, dir, 3.4028234663852886e38, root, 2).face


@wp.func
def mesh_eval_position(id: wp.uint64, face: int, bary_u: float, bary_v: float) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3(0.0)
    return _m_face_point(id, face, bary_u, bary_v)


@wp.func
def mesh_eval_velocity(id: wp.uint64, face: int, bary_u: float, bary_v: float) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3(0.0)
    a = _m_velocity(id, _m_index(id, 3 * face))
    b = _m_velocity(id, _m_index(id, 3 * face + 1))
    c = _m_velocity(id, _m_index(id, 3 * face + 2))
    return bary_u * a + bary_v * b + (1.0 - bary_u - bary_v) * c


@wp.func
def mesh_eval_face_normal(id: wp.uint64, face: int) -> wp.vec3:
    if id == wp.uint64(0):
        return wp.vec3(0.0)
    a = _m_point(id, _m_index(id, 3 * face))
    b = _m_point(id, _m_index(id, 3 * face + 1))
    c = _m_point(id, _m_index(id, 3 * face + 2))
    return wp.normalize(wp.cross(b - a, c - a))


@wp.func
def mesh_get_point(id: wp.uint64, index: int) -> wp.vec3:
    # Warp: the point of index `index` of the flat indices array.
    return _m_point(id, _m_index(id, index))


@wp.func
def mesh_get_velocity(id: wp.uint64, index: int) -> wp.vec3:
    return _m_velocity(id, _m_index(id, index))


@wp.func
def mesh_get_index(id: wp.uint64, index: int) -> int:
    return _m_index(id, index)


@wp.func
def mesh_get(id: wp.uint64) -> mesh_t:
    # Only scalars under the branch: the arrays are made after it (a struct
    # of arrays carried out of a branch does not lower to PTX yet). Without
    # velocities (or a mesh) the arrays have null data and shape 0.
    points = wp.uint64(0)
    indices = wp.uint64(0)
    velocities = wp.uint64(0)
    num_points = int(0)
    num_indices = int(0)
    num_velocities = int(0)
    if id != wp.uint64(0):
        points = _m_addr(id, 1)
        indices = _m_addr(id, 2)
        num_points = _m_word(id, 8)
        num_indices = 3 * _m_word(id, 9)
        if _m_word(id, 10) != 0:
            velocities = _m_addr(id, 3)
            num_velocities = num_points
    m = mesh_t()
    m.points = wp.array(ptr=points, shape=num_points, dtype=wp.vec3)
    m.indices = wp.array(ptr=indices, shape=num_indices, dtype=wp.int32)
    m.velocities = wp.array(ptr=velocities, shape=num_velocities, dtype=wp.vec3)
    return m
