"""Independent reference for examples/matrix_ops.py (see Inputs/wpref.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, BOOL, F32, Kernel, main, wp, wrange  # noqa: E402

MU = 1.0
LAMBDA = 4.0


def neo_hookean_energy(F):
    J = wp.determinant(F)
    if J <= 0.0:
        return F32(0.0)
    C = wp.transpose(F) * F
    I1 = wp.trace(C)
    logJ = wp.log(J)
    return 0.5 * MU * (I1 - 3.0) - MU * logJ + 0.5 * LAMBDA * logJ * logJ


def _edges(x, tet):
    x0 = x[tet[0]]
    d1 = x[tet[1]] - x0
    d2 = x[tet[2]] - x0
    d3 = x[tet[3]] - x0
    return wp.mat33(d1.x, d2.x, d3.x, d1.y, d2.y, d3.y, d1.z, d2.z, d3.z)


def deformation_energy(t, x, tets, Dm_inv, rest_volume, energy):
    Ds = _edges(x, tets[t])
    F = Ds * Dm_inv[t]
    wp.atomic_add(energy, 0, rest_volume[t] * neo_hookean_energy(F))


def rest_shape(t, x, tets, Dm_inv, rest_volume):
    Dm = _edges(x, tets[t])
    rest_volume[t] = wp.abs(wp.determinant(Dm)) / 6.0
    Dm_inv[t] = wp.inverse(Dm)


def solve_2x2(i, A, b, x, ok):
    M = A[i]
    det = wp.determinant(M)
    ok[i] = wp.abs(det) > 1e-12
    x[i] = wp.inverse(M) * b[i]


def transform_points(i, xform, points, out):
    p = points[i]
    h = xform * wp.vec4(p.x, p.y, p.z, 1.0)
    out[i] = wp.vec3(h.x, h.y, h.z) / h.w


def covariance(i, points, mean, cov):
    d = points[i] - mean
    o = wp.outer(d, d)
    for r in wrange(3):
        for c in wrange(3):
            wp.atomic_add(cov, r, c, o[r, c])


def build_matrices(i, out33, out44):
    s = F32(i + 1)
    m = wp.identity(n=3, dtype=F32)
    m[0, 1] = 3.0
    m[1, 1] += s
    m[2, 0] -= 0.5 * s
    D = wp.diag(wp.vec3(F32(1.0), F32(2.0), s))
    m = D * m
    out33[i] = m
    T = wp.mat44(
        1.0, 0.0, 0.0, s,
        0.0, 1.0, 0.0, 2.0 * s,
        0.0, 0.0, 1.0, -s,
        0.0, 0.0, 0.0, 1.0,
    )
    out44[i] = T * wp.identity(n=4, dtype=F32)


def row_and_column_ops(i, A, row_norms, col_sums):
    M = A[i]
    norms = wp.vec3(0.0)
    for r in wrange(3):
        row = M[r]
        norms[r] = wp.length(row)
    row_norms[i] = norms
    col_sums[i] = wp.vec3(1.0, 1.0, 1.0) * M


def componentwise(i, a, b, prod, ratio):
    prod[i] = wp.cw_mul(a[i], b[i])
    ratio[i] = wp.cw_div(a[i], b[i] + wp.vec3(1.0))


def check_matrix_identities(tid):
    A = wp.mat22(4.0, 7.0, 2.0, 6.0)
    wp.expect_near(wp.determinant(A), 10.0, 1e-5)
    I2 = A * wp.inverse(A)
    wp.expect_near(I2[0, 0], 1.0, 1e-5)
    wp.expect_near(I2[0, 1], 0.0, 1e-5)
    S = wp.mat22(1.0, 2.0, 2.0, 4.0)
    Z = wp.inverse(S)
    wp.expect_eq(Z[1, 1], 0.0)
    B = wp.mat33(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 4.0)
    wp.expect_near(wp.trace(B), 9.0, 1e-6)
    wp.expect_near(wp.determinant(B * wp.transpose(B)), 576.0, 1e-3)
    O = wp.outer(wp.vec2(1.0, 2.0), wp.vec2(3.0, 4.0))
    wp.expect_eq(O[1, 0], 6.0)


V3, M33, F = ArrT(wp.vec3), ArrT(wp.mat33), ArrT(F32)
KERNELS = {
    "deformation_energy": Kernel(deformation_energy, [("x", V3), ("tets", ArrT(wp.vec4i)), ("Dm_inv", M33),
                                                      ("rest_volume", F), ("energy", F)]),
    "rest_shape": Kernel(rest_shape, [("x", V3), ("tets", ArrT(wp.vec4i)), ("Dm_inv", M33), ("rest_volume", F)]),
    "solve_2x2": Kernel(solve_2x2, [("A", ArrT(wp.mat22)), ("b", ArrT(wp.vec2)), ("x", ArrT(wp.vec2)),
                                    ("ok", ArrT(BOOL))]),
    "transform_points": Kernel(transform_points, [("xform", wp.mat44), ("points", V3), ("out", V3)]),
    "covariance": Kernel(covariance, [("points", V3), ("mean", wp.vec3), ("cov", ArrT(F32, 2))]),
    "build_matrices": Kernel(build_matrices, [("out33", M33), ("out44", ArrT(wp.mat44))]),
    "row_and_column_ops": Kernel(row_and_column_ops, [("A", M33), ("row_norms", V3), ("col_sums", V3)]),
    "componentwise": Kernel(componentwise, [("a", V3), ("b", V3), ("prod", V3), ("ratio", V3)]),
    "check_matrix_identities": Kernel(check_matrix_identities, []),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
