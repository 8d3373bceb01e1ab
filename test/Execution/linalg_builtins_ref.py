"""Independent reference for Inputs/linalg_builtins.py (linalg_builtins.test).

Written from Warp 1.16's documented semantics (mat.h, vec.h, quat.h,
array.h, intersect.h), standard library only. float64 kernels are computed
in double precision; float32 ones in double and compared with a tolerance.

usage: linalg_builtins_ref.py SPEC.json      expected output of the spec's kernel
"""
import json
import math
import struct
import sys


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def vadd(a, b):
    return [x + y for x, y in zip(a, b)]


def vsub(a, b):
    return [x - y for x, y in zip(a, b)]


def vscale(a, s):
    return [x * s for x in a]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def length(a):
    return math.sqrt(dot(a, a))


def normalize(a):
    n = length(a)
    return [x / n for x in a] if n > 0 else [0.0] * len(a)


def transpose(m):
    return [list(r) for r in zip(*m)]


def det3(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def inverse3(m):
    d = det3(m)
    cof = [[0.0] * 3 for _ in range(3)]
    for r in range(3):
        for c in range(3):
            minor = [[m[i][j] for j in range(3) if j != c] for i in range(3) if i != r]
            cof[r][c] = (-1) ** (r + c) * (minor[0][0] * minor[1][1] - minor[0][1] * minor[1][0])
    return [[cof[c][r] / d for c in range(3)] for r in range(3)]


# Quaternions [x, y, z, w].
def qmul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz]


def qconj(q):
    return [-q[0], -q[1], -q[2], q[3]]


def q_to_axis_angle(q):
    v = q[:3]
    n = normalize(v)
    axis = [-x for x in n] if q[3] < 0 else n
    return axis, 2.0 * math.atan2(length(v), abs(q[3]))


def q_from_axis_angle(axis, angle):
    s = math.sin(angle * 0.5)
    return [axis[0] * s, axis[1] * s, axis[2] * s, math.cos(angle * 0.5)]


def q_slerp(a, b, t):
    axis, angle = q_to_axis_angle(qmul(qconj(a), b))
    return qmul(a, q_from_axis_angle(axis, t * angle))


def q_rpy(roll, pitch, yaw):
    cy, sy = math.cos(yaw * 0.5), math.sin(yaw * 0.5)
    cr, sr = math.cos(roll * 0.5), math.sin(roll * 0.5)
    cp, sp = math.cos(pitch * 0.5), math.sin(pitch * 0.5)
    return [cy * sr * cp - sy * cr * sp, cy * cr * sp + sy * sr * cp,
            sy * cr * cp - cy * sr * sp, cy * cr * cp + sy * sr * sp]


def q_from_matrix(m):
    tr = m[0][0] + m[1][1] + m[2][2]
    if tr >= 0:
        h = math.sqrt(tr + 1)
        w = 0.5 * h
        h = 0.5 / h
        q = [(m[2][1] - m[1][2]) * h, (m[0][2] - m[2][0]) * h, (m[1][0] - m[0][1]) * h, w]
    else:
        k = 0
        if m[1][1] > m[0][0]:
            k = 1
        if m[2][2] > m[k][k]:
            k = 2
        i, j = (k + 1) % 3, (k + 2) % 3
        h = math.sqrt(m[k][k] - (m[i][i] + m[j][j]) + 1)
        q = [0.0] * 4
        q[k] = 0.5 * h
        h = 0.5 / h
        q[i] = (m[i][k] + m[k][i]) * h
        q[j] = (m[j][k] + m[k][j]) * h
        q[3] = (m[j][i] - m[i][j]) * h
    return normalize(q)


def linalg_f64(ins):
    out = {}
    cols = {k: [] for k in ("dd", "sk", "gd", "mr", "mc", "inv", "qr", "sl", "fm", "ax", "an", "ax2", "an2")}
    for i in range(len(ins["A"])):
        A, B = ins["A"][i], ins["B"][i]
        v, u = ins["v"][i], ins["u"][i]
        q0, q1 = ins["q0"][i], ins["q1"][i]
        cols["dd"].append(sum(A[r][c] * B[r][c] for r in range(3) for c in range(3)))
        x, y, z = v
        cols["sk"].append([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
        cols["gd"].append([A[0][0], A[1][1], A[2][2]])
        cols["mr"].append([v, u, vadd(v, u)])
        cols["mc"].append(transpose([v, u, vsub(v, u)]))
        cols["inv"].append(inverse3(A))
        cols["qr"].append(q_rpy(*ins["rpy"][i]))
        cols["sl"].append(q_slerp(q0, q1, ins["t"][i]))
        cols["fm"].append(q_from_matrix(B))
        axis, angle = q_to_axis_angle(q0)
        cols["ax"].append(axis)
        cols["an"].append(angle)
        axis, angle = q_to_axis_angle(q1)
        cols["ax2"].append(axis)
        cols["an2"].append(angle)
    out.update(cols)
    return out


def clamp01(x):
    return min(max(x, 0.0), 1.0)


def edge_edge(p1, q1, p2, q2, eps):
    d1, d2, r = vsub(q1, p1), vsub(q2, p2), vsub(p1, p2)
    a, e, f = dot(d1, d1), dot(d2, d2), dot(d2, r)
    s = t = 0.0
    if a <= eps and e <= eps:
        pass
    elif a <= eps:
        t = clamp01(f / e)
    elif e <= eps:
        s = clamp01(-dot(d1, r) / a)
    else:
        c, b = dot(d1, r), dot(d1, d2)
        denom = a * e - b * b
        s0 = clamp01((b * f - c * e) / denom) if denom > 0 else 0.0
        t0 = (b * s0 + f) / e
        if t0 < 0:
            s, t = clamp01(-c / a), 0.0
        elif t0 > 1:
            s, t = clamp01((b - c) / a), 1.0
        else:
            s, t = s0, t0
    c1 = vadd(p1, vscale(d1, s))
    c2 = vadd(p2, vscale(d2, t))
    return [s, t, length(vsub(c2, c1))]


def edge_edge_kernel(ins):
    eps = f32(1.0e-3)
    st = [edge_edge(*(ins[k][i] for k in ("p1", "q1", "p2", "q2")), eps) for i in range(len(ins["p1"]))]
    return {"st": st}


def arg_extreme(v, better):
    # The first non-NaN extreme element; all NaN: 0.
    best = None
    for i, x in enumerate(v):
        if isinstance(x, float) and math.isnan(x):
            continue
        if best is None or better(x, v[best]):
            best = i
    return 0 if best is None else best


def lower_bound(arr, lo, hi, value):
    upper = hi - 1
    while lo < upper:
        mid = lo + (upper - lo) // 2
        if arr[mid] < value:
            lo = mid + 1
        else:
            upper = mid
    return lo


def search(ins):
    out = {k: [] for k in ("amin", "amax", "imin", "imax", "lb", "lb_range", "lb_int")}
    sf, si = ins["sorted_f"], ins["sorted_i"]
    for i, key in enumerate(ins["keys"]):
        fv, iv = ins["fv"][i], ins["iv"][i]
        out["amin"].append(arg_extreme(fv, lambda x, y: x < y))
        out["amax"].append(arg_extreme(fv, lambda x, y: x > y))
        out["imin"].append(arg_extreme(iv, lambda x, y: x < y))
        out["imax"].append(arg_extreme(iv, lambda x, y: x > y))
        out["lb"].append(lower_bound(sf, 0, len(sf), key))
        out["lb_range"].append(lower_bound(sf, 2, 6, key))
        out["lb_int"].append(lower_bound(si, 0, len(si), int(key)))
    return out


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def tri_tri(v, u):
    # Separating axis test of two closed triangles (not Moller's method):
    # the normals and the edge cross products, or for coplanar triangles the
    # in-plane normals of all six edges.
    def separated(axis):
        pv = [dot(axis, p) for p in v]
        pu = [dot(axis, p) for p in u]
        return max(pv) < min(pu) or max(pu) < min(pv)
    ev = [vsub(v[(i + 1) % 3], v[i]) for i in range(3)]
    eu = [vsub(u[(i + 1) % 3], u[i]) for i in range(3)]
    n1, n2 = cross(ev[0], ev[1]), cross(eu[0], eu[1])
    if length(cross(n1, n2)) < 1e-12 * length(n1) * length(n2):
        if abs(dot(n1, vsub(u[0], v[0]))) > 1e-9 * length(n1):
            return 0
        axes = [cross(n1, e) for e in ev + eu]
    else:
        axes = [n1, n2] + [cross(a, b) for a in ev for b in eu]
    return 0 if any(separated(a) for a in axes if length(a) > 1e-12) else 1


def tri_tri_kernel(ins):
    hits = [tri_tri([ins["v0"][i], ins["v1"][i], ins["v2"][i]], [ins["u0"][i], ins["u1"][i], ins["u2"][i]])
            for i in range(len(ins["v0"]))]
    hits64 = [tri_tri([ins["w0"][i], ins["w1"][i], ins["w2"][i]], [ins["x0"][i], ins["x1"][i], ins["x2"][i]])
              for i in range(len(ins["w0"]))]
    return {"hit": hits, "hit64": hits64}


def load_inputs(spec):
    ins = {}
    for name, a in spec["inputs"].items():
        if "data" in a:
            data = json.loads(json.dumps(a["data"]), parse_constant=float)
            ins[name] = fix(data, a.get("dtype", "float32"))
    return ins


def fix(x, dtype):
    if isinstance(x, list):
        return [fix(y, dtype) for y in x]
    if isinstance(x, str):
        return float(x)
    if dtype.endswith("f") or dtype == "float32":
        return f32(float(x))
    if dtype.endswith("i") or dtype.startswith("int"):
        return int(x)
    return float(x)


def expected(spec):
    ins = load_inputs(spec)
    kernel = spec["kernel"]
    outs = {"linalg_f64": linalg_f64, "edge_edge": edge_edge_kernel, "search": search, "tri_tri": tri_tri_kernel}[kernel](ins)
    result = dict(ins)
    result.update(outs)
    # Every array of the spec, inputs as given.
    return {"ok": True, "outputs": {k: result[k] for k in spec["inputs"]}}


def jsonable(x):
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, list):
        return [jsonable(y) for y in x]
    if isinstance(x, float) and math.isnan(x):
        return "nan"
    return x


if __name__ == "__main__":
    print(json.dumps(jsonable(expected(json.load(open(sys.argv[1]))))))
