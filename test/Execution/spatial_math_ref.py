"""Independent reference for Inputs/spatial_math.py (spatial_math.test).

Written from Warp 1.16's documented semantics (native/spatial.h, quat.h,
mat.h), in float64 Python:
  transform = (p[3], q[4]) with q = [x, y, z, w];
  quat_rotate(q, x) = x (2w^2 - 1) + 2 q.v (q.v . x) + 2 w (q.v x x);
  transform_multiply(a, b) = (quat_rotate(a.q, b.p) + a.p, a.q * b.q);
  transform_inverse(t) = (-quat_rotate(q*, p), q*), q* the conjugate;
  transform_point(t, x) = p + quat_rotate(q, x); transform_vector: no p;
  on a 4x4 matrix M: (M (x, 1)).xyz and (M (x, 0)).xyz;
  spatial vectors (w[3], v[3]):
  spatial_cross(a, b) = (wa x wb, va x wb + wa x vb),
  spatial_cross_dual(a, b) = (wa x wb + va x vb, wa x vb),
  spatial_adjoint(R, S) = [[R, 0], [S, R]];
  (warp/_src/math.py) transform_to_matrix(t) = [[quat_to_matrix(q), p], [0, 1]]
  with quat_to_matrix's columns quat_rotate(q, e_i); transform_compose(p, q, s)
  the same with column j scaled by s[j]; transform_twist(t, (w, v)) =
  (w', quat_rotate(q, v) + p x w'), w' = quat_rotate(q, w); transform_wrench(t,
  (tau, f)) = (quat_rotate(q, tau) + p x f', f'), f' = quat_rotate(q, f).

usage: spatial_math_ref.py SPEC.json   expected kdsl-run output
"""
import json
import math
import sys


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def scale(a, k):
    return [x * k for x in a]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def qmul(a, b):
    av, aw, bv, bw = a[:3], a[3], b[:3], b[3]
    v = add(add(scale(bv, aw), scale(av, bw)), cross(av, bv))
    return v + [aw * bw - dot(av, bv)]


def qrot(q, x):
    v, w = q[:3], q[3]
    return add(add(scale(x, 2 * w * w - 1), scale(v, 2 * dot(v, x))), scale(cross(v, x), 2 * w))


def conj(q):
    return [-q[0], -q[1], -q[2], q[3]]


def tmul(a, b):
    return add(qrot(a[3:], b[:3]), a[:3]) + qmul(a[3:], b[3:])


def tinv(t):
    qi = conj(t[3:])
    return scale(qrot(qi, t[:3]), -1.0) + qi


def quat_to_matrix(q):
    cols = [qrot(q, e) for e in ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0])]
    return [[cols[j][i] for j in range(3)] for i in range(3)]


def compose(p, q, s):
    r = quat_to_matrix(q)
    return [[s[j] * r[i][j] for j in range(3)] + [p[i]] for i in range(3)] + [[0.0, 0.0, 0.0, 1.0]]


def matvec(m, v):
    return [dot(row, v) for row in m]


def generic(ins, i):
    a = scale(ins["v"][i], 2.0)
    b = [1.0, -2.0, 3.0, 0.5, 4.0]
    c = a[::-1]
    vout = [a[k] + b[k] * c[k] + 0.25 for k in range(5)]
    mi = ins["m"][i]
    flat = [mi[0][0], mi[1][1], mi[0][2], mi[1][0], mi[0][1], mi[1][2]]
    mout = [[3.0 * flat[3 * r + k] + 1.0 for k in range(3)] for r in range(2)]
    s = dot(a, b) + math.sqrt(dot(c, c)) + a[4] * c[0]
    return {"vout": vout, "mout": mout, "mv": matvec(mi, ins["x"][i]), "sout": s}


def transforms(ins, i):
    a, b, x, m = ins["ta"][i], ins["tb"][i], ins["pts"][i], ins["m44"][i]
    ident = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    return {
        "mul": tmul(a, b),
        "star": tmul(tmul(ident, b), a),
        "inv": tinv(a),
        "point": add(a[:3], qrot(a[3:], x)),
        "vector": qrot(b[3:], x),
        "mpoint": matvec(m, x + [1.0])[:3],
        "mvector": matvec(m, x + [0.0])[:3],
        "built": add(b[:3] + a[3:], scale(x + [0.0, 0.0, 0.0, 1.0], 0.5)),
        "parts": add(scale(a[:3], 2.0), b[:3]) + b[3:],
        "setp": add(x, a[:3]) + b[3:],
        "elem": [0.0, 0.0, 0.0] + a[3:],
        "tomat": compose(a[:3], a[3:], [1.0, 1.0, 1.0]),
        "compose": compose(x, b[3:], a[:3]),
    }


def spatial(ins, i):
    a, b, r, s = ins["sa"][i], ins["sb"][i], ins["r"][i], ins["s"][i]
    wa, va, wb, vb = a[:3], a[3:], b[:3], b[3:]
    adj = [[0.0] * 6 for _ in range(6)]
    for row in range(3):
        for col in range(3):
            adj[row][col] = r[row][col]
            adj[row + 3][col + 3] = r[row][col]
            adj[row + 3][col] = s[row][col]
    return {
        "dot": dot(a, b),
        "cross": cross(wa, wb) + add(cross(va, wb), cross(wa, vb)),
        "dual": add(cross(wa, wb), cross(va, vb)) + cross(wa, vb),
        "top": wa,
        "bottom": vb,
        "adj": adj,
        "swapped": va + wb,
        "twist": screw(ins["tx"][i], wa, va, True),
        "wrench": screw(ins["tx"][i], wb, vb, False),
    }


def screw(t, top, bottom, twist):
    """transform_twist (top rotates, bottom gets p x top') / transform_wrench."""
    p, q = t[:3], t[3:]
    if twist:
        w = qrot(q, top)
        return w + add(qrot(q, bottom), cross(p, w))
    f = qrot(q, bottom)
    return add(qrot(q, top), cross(p, f)) + f


KERNELS = {"generic": generic, "transforms": transforms, "spatial": spatial}


def expected(spec):
    ins = {k: v["data"] for k, v in spec["inputs"].items() if "data" in v}
    out = dict(ins)
    rows = [KERNELS[spec["kernel"]](ins, i) for i in range(spec["dim"])]
    for name in rows[0]:
        out[name] = [row[name] for row in rows]
    return {"ok": True, "outputs": out}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
