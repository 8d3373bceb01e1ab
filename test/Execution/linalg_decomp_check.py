"""Checks kdsl-run's output of the decomposition kernels of
Inputs/linalg_builtins.py (linalg_builtins.test) against properties that
define Warp 1.16's results, with eigenvalues computed independently here
(closed forms, standard library only):

  svd3: U diag(sigma) V^T = A; U and V rotations (orthonormal, det +1);
        sigma[0] >= sigma[1] >= |sigma[2]|, sigma[2] of the sign of det A;
        sigma^2 the eigenvalues of A^T A (trigonometric closed form);
  svd2: U diag(sigma) V^T = A; V a rotation; det U = sign(det A) (+1 at 0);
        sigma[0] >= sigma[1] >= 0, the closed-form singular values;
  qr3:  Q R = A; Q a rotation; R upper triangular;
  eig3: Q diag(d) Q^T = S (symmetric); Q a rotation; d the eigenvalues.

usage: linalg_decomp_check.py SPEC.json OUT.json TOL
"""
import json
import math
import sys


def mm(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def tr(a):
    return [list(r) for r in zip(*a)]


def det(a):
    if len(a) == 2:
        return a[0][0] * a[1][1] - a[0][1] * a[1][0]
    return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))


def diag(v):
    return [[v[i] if i == j else 0.0 for j in range(len(v))] for i in range(len(v))]


def eye(n):
    return diag([1.0] * n)


def sym_eigs3(s):
    # Smith's trigonometric closed form of a symmetric 3x3 matrix's eigenvalues.
    p1 = s[0][1] ** 2 + s[0][2] ** 2 + s[1][2] ** 2
    q = (s[0][0] + s[1][1] + s[2][2]) / 3
    p2 = sum((s[i][i] - q) ** 2 for i in range(3)) + 2 * p1
    p = math.sqrt(p2 / 6)
    b = [[(s[i][j] - (q if i == j else 0.0)) / p for j in range(3)] for i in range(3)]
    r = max(-1.0, min(1.0, det(b) / 2))
    phi = math.acos(r) / 3
    e1 = q + 2 * p * math.cos(phi)
    e3 = q + 2 * p * math.cos(phi + 2 * math.pi / 3)
    return sorted([e1, 3 * q - e1 - e3, e3], reverse=True)


def sym_eigs2(s):
    t, d = s[0][0] + s[1][1], det(s)
    r = math.sqrt(max(t * t / 4 - d, 0.0))
    return [t / 2 + r, t / 2 - r]


class Checker:
    def __init__(self, tol):
        self.tol, self.errors = tol, []

    def near(self, what, x, y, scale=1.0):
        if isinstance(x, list):
            for i, (a, b) in enumerate(zip(x, y)):
                self.near(f"{what}[{i}]", a, b, scale)
            return
        if not abs(x - y) <= self.tol * max(1.0, scale):
            self.errors.append(f"{what}: {x!r} vs {y!r}")

    def rotation(self, what, m):
        n = len(m)
        self.near(what + " orthonormal", mm(tr(m), m), eye(n))
        self.near(what + " det", det(m), 1.0)


def check(spec, out, tol):
    o = out["outputs"]
    ins = {k: v["data"] for k, v in spec["inputs"].items() if "data" in v}
    c = Checker(tol)
    for i, a in enumerate(ins["A"]):
        u, s, v = o["U"][i], o["sigma"][i], o["V"][i]
        scale = max(abs(x) for r in a for x in r)
        c.near(f"svd3[{i}] U S V^T", mm(mm(u, diag(s)), tr(v)), a, scale)
        c.rotation(f"svd3[{i}] U", u)
        c.rotation(f"svd3[{i}] V", v)
        if not (s[0] >= s[1] - tol and s[1] >= abs(s[2]) - tol):
            c.errors.append(f"svd3[{i}]: sigma not sorted {s}")
        if (s[2] < 0) != (det(a) < 0):
            c.errors.append(f"svd3[{i}]: sign of sigma[2] {s[2]} vs det {det(a)}")
        c.near(f"svd3[{i}] sigma^2", [x * x for x in s], sym_eigs3(mm(tr(a), a)), scale * scale)
        if "Q" in o:
            q, r = o["Q"][i], o["R"][i]
            c.near(f"qr3[{i}] Q R", mm(q, r), a, scale)
            c.rotation(f"qr3[{i}] Q", q)
            c.near(f"qr3[{i}] R lower", [r[1][0], r[2][0], r[2][1]], [0.0] * 3, scale)
    for i, a in enumerate(ins.get("A2", []) if "U2" in o else []):
        u, s, v = o["U2"][i], o["sigma2"][i], o["V2"][i]
        scale = max(abs(x) for r in a for x in r)
        c.near(f"svd2[{i}] U S V^T", mm(mm(u, diag(s)), tr(v)), a, scale)
        c.rotation(f"svd2[{i}] V", v)
        c.near(f"svd2[{i}] U orthonormal", mm(tr(u), u), eye(2))
        c.near(f"svd2[{i}] det U", det(u), -1.0 if det(a) < 0 else 1.0)
        c.near(f"svd2[{i}] sigma", [x * x for x in s], sym_eigs2(mm(tr(a), a)), scale * scale)
    for i, sm in enumerate(ins["S"]):
        e, d = o["E"][i], o["d"][i]
        scale = max(abs(x) for r in sm for x in r)
        c.near(f"eig3[{i}] Q D Q^T", mm(mm(e, diag(d)), tr(e)), sm, scale)
        c.rotation(f"eig3[{i}] Q", e)
        c.near(f"eig3[{i}] d", sorted(d, reverse=True), sym_eigs3(sm), scale)
    return c.errors


if __name__ == "__main__":
    spec, out, tol = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), float(sys.argv[3])
    if not out.get("ok"):
        sys.exit(f"kdsl-run failed: {json.dumps(out)[:500]}")
    errors = check(spec, out, tol)
    for e in errors[:20]:
        print(e)
    print(f"decompositions: {len(errors)} failed checks")
    sys.exit(1 if errors else 0)
