# Small dense linear algebra: mat22/33/44 construction from scalars,
# element and row access (m[i, j], m[i]), element assignment and augmented
# assignment, mat*vec and mat*mat products, vec*mat (row vector), transpose,
# determinant, inverse, trace, diag, identity, outer products and
# component-wise cw_mul / cw_div.

import warp as wp

MU = wp.constant(1.0)
LAMBDA = wp.constant(4.0)


@wp.func
def neo_hookean_energy(F: wp.mat33):
    """Stable neo-Hookean energy density; returns 0 for inverted elements."""
    J = wp.determinant(F)
    if J <= 0.0:
        return 0.0
    C = wp.transpose(F) * F
    I1 = wp.trace(C)
    logJ = wp.log(J)
    return 0.5 * MU * (I1 - 3.0) - MU * logJ + 0.5 * LAMBDA * logJ * logJ


@wp.kernel
def deformation_energy(
    x: wp.array(dtype=wp.vec3),
    tets: wp.array(dtype=wp.vec4i),
    Dm_inv: wp.array(dtype=wp.mat33),
    rest_volume: wp.array(dtype=float),
    energy: wp.array(dtype=float),
):
    t = wp.tid()
    tet = tets[t]
    x0 = x[tet[0]]
    d1 = x[tet[1]] - x0
    d2 = x[tet[2]] - x0
    d3 = x[tet[3]] - x0
    Ds = wp.mat33(d1.x, d2.x, d3.x, d1.y, d2.y, d3.y, d1.z, d2.z, d3.z)
    F = Ds * Dm_inv[t]
    wp.atomic_add(energy, 0, rest_volume[t] * neo_hookean_energy(F))


@wp.kernel
def rest_shape(x: wp.array(dtype=wp.vec3), tets: wp.array(dtype=wp.vec4i), Dm_inv: wp.array(dtype=wp.mat33), rest_volume: wp.array(dtype=float)):
    t = wp.tid()
    tet = tets[t]
    x0 = x[tet[0]]
    d1 = x[tet[1]] - x0
    d2 = x[tet[2]] - x0
    d3 = x[tet[3]] - x0
    Dm = wp.mat33(d1.x, d2.x, d3.x, d1.y, d2.y, d3.y, d1.z, d2.z, d3.z)
    rest_volume[t] = wp.abs(wp.determinant(Dm)) / 6.0
    Dm_inv[t] = wp.inverse(Dm)  # the zero matrix for degenerate tets


@wp.kernel
def solve_2x2(A: wp.array(dtype=wp.mat22), b: wp.array(dtype=wp.vec2), x: wp.array(dtype=wp.vec2), ok: wp.array(dtype=wp.bool)):
    i = wp.tid()
    M = A[i]
    det = wp.determinant(M)
    ok[i] = wp.abs(det) > 1e-12
    x[i] = wp.inverse(M) * b[i]


@wp.kernel
def transform_points(xform: wp.mat44, points: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    """Apply a 4x4 homogeneous transform with perspective divide."""
    i = wp.tid()
    p = points[i]
    h = xform * wp.vec4(p.x, p.y, p.z, 1.0)
    out[i] = wp.vec3(h.x, h.y, h.z) / h.w


@wp.kernel
def covariance(points: wp.array(dtype=wp.vec3), mean: wp.vec3, cov: wp.array2d(dtype=float)):
    """Accumulate the 3x3 sum of outer products (p - mean)(p - mean)^T."""
    i = wp.tid()
    d = points[i] - mean
    o = wp.outer(d, d)
    for r in range(3):
        for c in range(3):
            wp.atomic_add(cov, r, c, o[r, c])


@wp.kernel
def build_matrices(out33: wp.array(dtype=wp.mat33), out44: wp.array(dtype=wp.mat44)):
    i = wp.tid()
    s = float(i + 1)
    # start from the identity and edit single elements
    m = wp.identity(n=3, dtype=float)
    m[0, 1] = 3.0
    m[1, 1] += s
    m[2, 0] -= 0.5 * s
    # scale rows with a diagonal matrix
    D = wp.diag(wp.vec3(1.0, 2.0, s))
    m = D * m
    out33[i] = m

    # a translation matrix written out in full, row-major
    T = wp.mat44(
        1.0, 0.0, 0.0, s,
        0.0, 1.0, 0.0, 2.0 * s,
        0.0, 0.0, 1.0, -s,
        0.0, 0.0, 0.0, 1.0,
    )
    out44[i] = T * wp.identity(n=4, dtype=float)


@wp.kernel
def row_and_column_ops(A: wp.array(dtype=wp.mat33), row_norms: wp.array(dtype=wp.vec3), col_sums: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    M = A[i]
    norms = wp.vec3(0.0)
    for r in range(3):
        row = M[r]
        norms[r] = wp.length(row)
    row_norms[i] = norms
    # a row vector on the left multiplies as v^T M: column sums of M
    col_sums[i] = wp.vec3(1.0, 1.0, 1.0) * M


@wp.kernel
def componentwise(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), prod: wp.array(dtype=wp.vec3), ratio: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    prod[i] = wp.cw_mul(a[i], b[i])
    ratio[i] = wp.cw_div(a[i], b[i] + wp.vec3(1.0))


@wp.kernel
def check_matrix_identities():
    A = wp.mat22(4.0, 7.0, 2.0, 6.0)
    wp.expect_near(wp.determinant(A), 10.0, 1e-5)
    I2 = A * wp.inverse(A)
    wp.expect_near(I2[0, 0], 1.0, 1e-5)
    wp.expect_near(I2[0, 1], 0.0, 1e-5)
    S = wp.mat22(1.0, 2.0, 2.0, 4.0)
    Z = wp.inverse(S)  # singular: Warp returns the zero matrix
    wp.expect_eq(Z[1, 1], 0.0)
    B = wp.mat33(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 4.0)
    wp.expect_near(wp.trace(B), 9.0, 1e-6)
    wp.expect_near(wp.determinant(B * wp.transpose(B)), 576.0, 1e-3)
    O = wp.outer(wp.vec2(1.0, 2.0), wp.vec2(3.0, 4.0))
    wp.expect_eq(O[1, 0], 6.0)


if __name__ == "__main__":
    wp.init()
    wp.launch(check_matrix_identities, dim=1, inputs=[])
