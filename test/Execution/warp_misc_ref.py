"""Independent reference for Inputs/warp_misc.py (warp_misc.test).

Written from Warp 1.16's definitions (warp/_src/builtins.py, native/spatial.h,
quat.h, matnn.h, builtin.h), in plain Python float64 (float32 values rounded
with struct where the kernel's arithmetic is float32):
  transform_set_translation(t, p) sets t.p (t = (p[3], q[4])); the _copy
  forms return (p, t.q) / (t.p, q); quaternion(ijk, real), quaternion(x, y,
  z, w), quaternion(dtype=T) = 0, quaternion(q) = q;
  div_approx = IEEE division on the CPU (Warp's CPU fallback), element-wise
  for vectors, matrices and quaternions with a scalar on either side;
  cast(a, T) = a's bytes (little endian, C layout) read as T;
  copy(a) = a; block_dim() = 1 on the CPU; breakpoint() does nothing;
  dense_gemm(m, n, p, t1, t2, A, B, C): C = op(A) op(B), op a transpose when
  the flag is 1, row-major flat arrays; dense_chol(n, A, r, L): the lower
  Cholesky factor of A + r I (upper triangle of L left as it was);
  dense_subs / dense_solve: x = (L L^T)^-1 b;
  spatial_jacobian(S, parents, qd_start, j0, count, J0, J): for joint i of
  the articulation, rows 6i..6i+5 hold S[col] (w then v) in the column of each
  dof of joint j0 + i and of each of its ancestors; spatial_mass(I, j0, count,
  M0, M): the block diagonal of I[j0 .. j0 + count - 1].

  Warp's math.py helpers: velocity_at_point((w, v), r) = v + w x r;
  quat_twist(a, q) = normalize(((q.xyz . a) a, q.w)); quat_twist_angle(a, q)
  = 2 atan2(|a . q.xyz|, q.w) (signed: without the abs); quat_to_rpy: roll =
  atan2(2(wx + yz), 1 - 2(x^2 + y^2)), pitch = asin(clamp(2(wy - zx), -1,
  1)), yaw = atan2(2(wz + xy), 1 - 2(y^2 + z^2)); quat_from_euler(e, i, j,
  k) = R_k(e[k]) R_j(e[j]) R_i(e[i]) (axis rotations by half-angle
  quaternions); norm_l1 = sum |v_i|, norm_l2 = |v|, norm_huber = |v|^2/2
  (|v| <= delta) else delta (|v| - delta/2), norm_pseudo_huber = delta
  sqrt(1 + |v|^2/delta^2), smooth_normalize = v / norm_pseudo_huber(v, delta).

The gradient of dense_solve's A is Warp's adjoint: adj_b = A^-1 adj_x,
adj_A = -adj_b x^T (solve64's "grads" here; the other gradients are checked
against finite differences by the test).

usage: warp_misc_ref.py SPEC.json   expected kdsl-run output
"""
import json
import math
import struct
import sys


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def xforms(ins, i):
    t, p, q = ins["t"][i], ins["p"][i], ins["q"][i]
    x = p + (q if p[0] > 0.0 else t[3:])
    y = [2.0 * c for c in p] + [3.0 * c for c in q]
    v = [p[2], p[1], p[0]]
    quat = add(add(v + [q[3]], [2.0 * c for c in (q[1], q[0], p[1], p[2])]), q)
    return {"set_out": x, "copy_out": add(y, t), "quat_out": quat}


def divs(ins, i):
    a = ins["a"][i]
    v, m, q = ins["v"][i], ins["m"][i], ins["q"][i]
    return {
        "s_out": a / 2.5 + 1.0 / a,
        "v_out": [c / a + a / c for c in v],
        "m_out": [[c / a + a / c for c in row] for row in m],
        "q_out": [c / a + a / c for c in q],
    }


def divs32(ins, i):
    return {"out": f32(ins["a"][i] / ins["b"][i])}


def bits32(x):
    return struct.unpack("<i", struct.pack("<f", x))[0]


def casts(ins, i):
    f, n, d = ins["f"][i], ins["n"][i], ins["d"][i]
    return {
        "bits": bits32(f),
        "floats": struct.unpack("<f", struct.pack("<i", n))[0],
        "halves": list(struct.unpack("<ii", struct.pack("<d", d))),
        "vbits": [bits32(f), bits32(-f), bits32(0.5)],
        # Pun: float16 2.0 (0x4000) at offset 0, int16 123 + i at offset 2.
        "pun": struct.unpack("<i", struct.pack("<eh", 2.0, 123 + i))[0],
        "words": n & 0xFFFFFFFF,
    }


def utility(ins, i):
    v = ins["v"][i]
    return {"out": [7.0 + 2.0 * v[0], v[1] + 2.0 * v[1], v[2] + 2.0 * v[2]], "dims": 1}


def gemm(m, n, p, t1, t2, A, B):
    def a(i, k):
        return A[k * m + i] if t1 else A[i * p + k]

    def b(k, j):
        return B[j * p + k] if t2 else B[k * n + j]

    return [sum(a(i, k) * b(k, j) for k in range(p)) for i in range(m) for j in range(n)]


def chol(n, A, r, L):
    L = list(L)
    for j in range(n):
        s = A[j * n + j] + r - sum(L[j * n + k] ** 2 for k in range(j))
        L[j * n + j] = math.sqrt(s)
        for i in range(j + 1, n):
            L[i * n + j] = (A[i * n + j] - sum(L[i * n + k] * L[j * n + k] for k in range(j))) / L[j * n + j]
    return L


def subs(n, L, b):
    z = [0.0] * n
    for i in range(n):
        z[i] = (b[i] - sum(L[i * n + j] * z[j] for j in range(i))) / L[i * n + i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (z[i] - sum(L[j * n + i] * x[j] for j in range(i + 1, n))) / L[i * n + i]
    return x


def dense(ins, _):
    n = ins["n"]
    L = chol(n, ins["S"], 0.5, ins["L"])
    x = subs(n, L, ins["b"])
    return {"C": gemm(n, n, n, ins["t1"], ins["t2"], ins["A"], ins["B"]), "L": L, "x": x, "y": x}


def gemm64(ins, _):
    C = gemm(ins["m"], ins["n"], ins["p"], ins["t1"], ins["t2"], ins["A"], ins["B"])
    return {"C": C, "loss": [sum(c * c for c in C)]}


def solve64(ins, _):
    n, A, w = ins["n"], ins["A"], ins["w"]
    L = chol(n, A, 0.0, ins["L"])
    x = subs(n, L, ins["b"])
    return {"L": L, "x": x, "loss": [sum(w[k] * x[k] * x[k] for k in range(n))]}


def solve64_grad_A(ins):
    """Warp's adjoint of A: -adj_b x^T, adj_b = A^-1 adj_x, adj_x = 2 w x."""
    n, w = ins["n"], ins["w"]
    L = chol(n, ins["A"], 0.0, ins["L"])
    x = subs(n, L, ins["b"])
    adj_b = subs(n, L, [2.0 * w[k] * x[k] for k in range(n)])
    return [-adj_b[i] * x[j] for i in range(n) for j in range(n)]


def jacobian(S, parents, qd, j0, count, J0, J):
    start = qd[j0]
    dofs = qd[j0 + count] - start
    for i in range(count):
        j = j0 + i
        while j != -1:
            for dof in range(qd[j + 1] - qd[j]):
                col = qd[j] - start + dof
                for k in range(6):
                    J[J0 + (6 * i + k) * dofs + col] = S[start + col][k]
            j = parents[j]


def mass(I, j0, count, M0, M):
    stride = 6 * count
    for l in range(count):
        for i in range(6):
            for j in range(6):
                M[M0 + (6 * l + i) * stride + 6 * l + j] = I[j0 + l][i][j]


def articulation(ins, spec):
    J, M = [0.0] * 84, [0.0] * 360
    S, par, qd, I = ins["S"], ins["parents"], ins["qd_start"], ins["I_s"]
    jacobian(S, par, qd, 0, 3, 0, J)
    mass(I, 0, 3, 0, M)
    if spec["dim"] > 1:
        jacobian(S, par, qd, 3, 1, 72, J)
        mass(I, 3, 1, 324, M)
    return {"J": J, "M": M}


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def normalize(v):
    n = math.sqrt(dot(v, v))
    return [x / n for x in v]


def qmul(a, b):
    av, aw, bv, bw = a[:3], a[3], b[:3], b[3]
    v = add(add([aw * x for x in bv], [bw * x for x in av]), cross(av, bv))
    return v + [aw * bw - dot(av, bv)]


def axis_quat(axis, angle):
    q = [0.0, 0.0, 0.0, math.cos(angle / 2)]
    q[axis] = math.sin(angle / 2)
    return q


def from_euler(e, i, j, k):
    return qmul(axis_quat(k, e[k]), qmul(axis_quat(j, e[j]), axis_quat(i, e[i])))


def rpy(q):
    x, y, z, w = q
    return [math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y)),
            math.asin(max(-1.0, min(1.0, 2 * (w * y - z * x)))),
            math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))]


def norms(v, huber_delta=1.0, pseudo_delta=1.0):
    a = dot(v, v)
    huber = 0.5 * a if a <= huber_delta ** 2 else huber_delta * (math.sqrt(a) - 0.5 * huber_delta)
    return [sum(abs(x) for x in v), math.sqrt(a), huber, pseudo_delta * math.sqrt(1 + a / pseudo_delta ** 2)]


def smooth(v, delta):
    n = delta * math.sqrt(1 + dot(v, v) / delta ** 2)
    return [x / n for x in v]


def to_euler(q, i, j, k):
    """The direct method of Bernardes and Viollet (2022) for the sequence of
    axes i, j, k (0-based; a proper sequence, i == k, solved with the third
    axis), the angles placed at their axes' slots. Checked below: for
    Tait-Bryan sequences quat_from_euler of the result gives back q (or -q)."""
    w, xyz = q[3], q[:3]
    proper = i == k
    if proper:
        k = 3 - i - j
    eps = ((i - j) * (j - k) * (k - i)) / 2.0
    a, b, c, d = w, xyz[i], xyz[j], xyz[k] * eps
    if not proper:
        a, b, c, d = w - xyz[j], xyz[i] + xyz[k] * eps, xyz[j] + w, xyz[k] * eps - xyz[i]
    mid = math.acos(2 * (a * a + b * b) / (a * a + b * b + c * c + d * d) - 1)
    tp, tm = math.atan2(b, a), math.atan2(d, c)
    if abs(mid) < 1e-6:
        first, third = 0.0, 2 * tp
    elif abs(mid - math.pi) < 1e-6:
        first, third = 0.0, 2 * tm
    else:
        first, third = tp - tm, tp + tm
    if not proper:
        mid -= math.pi / 2
        third *= eps
    out = [0.0, 0.0, 0.0]
    out[i], out[j], out[k] = first, mid, third
    if not proper:
        back = from_euler(out, i, j, k)
        assert min(max(abs(x - y) for x, y in zip(back, q)), max(abs(x + y) for x, y in zip(back, q))) < 1e-9
    return out


def helpers(ins, i):
    qd, r, e = ins["qd"][i], ins["r"][i], ins["e"][i]
    a, q = normalize(r), normalize(ins["q"][i])
    s = dot(q[:3], a)
    return {
        "vel": add(qd[3:], cross(qd[:3], r)),
        "twist": normalize([s * x for x in a] + [q[3]]),
        "angles": [2 * math.atan2(abs(s), q[3]), 2 * math.atan2(s, q[3])],
        "rpy": rpy(q),
        "from_euler": from_euler(e, i % 3, (i + 1) % 3, (i + 2) % 3),
        "norms": norms(e, pseudo_delta=0.5),
        "smooth": add(smooth(e, 1.0), smooth(e, 2.0)),
        "euler": to_euler(q, i % 3, (i + 1) % 3, (i + 2) % 3),
        "euler_p": to_euler(q, (i + 1) % 3, i % 3, (i + 1) % 3),
    }


def helpers32(ins, i):
    q, e = normalize(ins["q"][i]), ins["e"][i]
    return {"rpy": rpy(q), "from_euler": from_euler(e, 2, 1, 0), "norms": norms(e, huber_delta=0.25),
            "smooth": smooth(e, 1.0), "euler": to_euler(q, 2, 0, 1)}


def decompose(ins, i):
    """transform_decompose: position = m[0:3, 3], scale[j] = |column j| of
    the 3x3 block, rotation = the block with its columns divided by their
    lengths (compared as a matrix: quat_to_matrix of the result); the
    transform_from_matrix of m with the scale divided out: (p, that rotation)."""
    m = ins["m"][i]
    scale = [math.sqrt(sum(m[r][j] ** 2 for r in range(3))) for j in range(3)]
    rot = [[m[r][j] / scale[j] for j in range(3)] for r in range(3)]
    pos = [m[r][3] for r in range(3)]
    return {"pos": pos, "rot": rot, "scale": scale, "tpos": pos, "trot": rot}


PER_THREAD = {"decompose": decompose, "helpers": helpers, "helpers32": helpers32, "xforms": xforms, "divs": divs, "divs32": divs32, "casts": casts, "utility": utility}
WHOLE = {"dense": dense, "gemm64": gemm64, "solve64": solve64}


def expected(spec):
    ins = {}
    for k, v in spec["inputs"].items():
        ins[k] = v if not isinstance(v, dict) else v["data"] if "data" in v else [0.0] * v["zeros"][0]
    out = {k: v for k, v in ins.items() if isinstance(spec["inputs"][k], dict)}
    kernel = spec["kernel"]
    if kernel in PER_THREAD:
        rows = [PER_THREAD[kernel](ins, i) for i in range(spec["dim"])]
        for name in rows[0]:
            out[name] = [row[name] for row in rows]
    elif kernel in WHOLE:
        out.update(WHOLE[kernel](ins, None))
    else:
        out.update(articulation(ins, spec))
    result = {"ok": True, "outputs": out}
    if kernel == "solve64":
        result["grads"] = {"A": solve64_grad_A(ins)}
    return result


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
