# kdsl prelude: Warp's dense matrix routines on flat arrays (the algorithms
# of Warp 1.16's warp/native/matnn.h) and spatial_jacobian / spatial_mass
# (warp/native/spatial.h), written in the Warp language.
#
# Matrices are row-major in flat float arrays, indexed from the array's
# first element (Warp indexes the raw data pointer; for the dense arrays
# these builtins take, that is the same element). Derivatives follow
# Warp's: dense_gemm, spatial_jacobian and spatial_mass are differentiated
# through their loads and stores (Warp's adjoints of them are the same
# transposed copies); dense_chol and dense_subs have Warp's empty adjoint;
# dense_solve has Warp's adjoint (L held constant):
#   adj_b = (L L^T)^-1 adj_x,  adj_A -= adj_b x^T.
# See lib/Frontend/Prelude/random.py and docs/architecture.md for the
# prelude mechanism.
import warp as wp


@wp.func
def _index(transpose: int, rows: int, cols: int, i: int, j: int) -> int:
    # Element (i, j) of a rows x cols matrix, stored transposed when asked.
    if transpose != 0:
        return j * rows + i
    return i * cols + j


@wp.func
def dense_gemm(
    m: int,
    n: int,
    p: int,
    t1: int,
    t2: int,
    A: wp.array(dtype=float),
    B: wp.array(dtype=float),
    C: wp.array(dtype=float),
):
    # C (m x n) = op(A) (m x p) * op(B) (p x n), op = transpose when t1 / t2
    # is 1. Warp does nothing for other flag values.
    if (t1 == 0 or t1 == 1) and (t2 == 0 or t2 == 1):
        for i in range(m):
            for j in range(n):
                sum = float(0.0)
                for k in range(p):
                    sum += A[_index(t1, m, p, i, k)] * B[_index(t2, p, n, k, j)]
                C[i * n + j] = sum


@wp.func
def dense_chol(n: int, A: wp.array(dtype=float), regularization: float, L: wp.array(dtype=float)):
    # The Cholesky factor of A + regularization * I into the lower triangle of L
    # (Cholesky-Crout, column by column, as Warp).
    for j in range(n):
        s = A[j * n + j] + regularization
        for k in range(j):
            r = L[j * n + k]
            s -= r * r
        s = wp.sqrt(s)
        inv_s = 1.0 / s
        L[j * n + j] = s
        for i in range(j + 1, n):
            t = A[i * n + j]
            for k in range(j):
                t -= L[i * n + k] * L[j * n + k]
            L[i * n + j] = t * inv_s


@wp.func_grad(dense_chol)
def _adj_dense_chol(n: int, A: wp.array(dtype=float), regularization: float, L: wp.array(dtype=float)):
    # Warp: no adjoint (differentiate through dense_solve).
    pass


@wp.func
def dense_subs(n: int, L: wp.array(dtype=float), b: wp.array(dtype=float), x: wp.array(dtype=float)):
    # Solves (L L^T) x = b: forward substitution with L, then backward with L^T.
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= L[i * n + j] * x[j]
        x[i] = s / L[i * n + i]
    for ii in range(n):
        i = n - 1 - ii
        s = x[i]
        for j in range(i + 1, n):
            s -= L[j * n + i] * x[j]
        x[i] = s / L[i * n + i]


@wp.func_grad(dense_subs)
def _adj_dense_subs(n: int, L: wp.array(dtype=float), b: wp.array(dtype=float), x: wp.array(dtype=float)):
    # Warp: no adjoint (differentiate through dense_solve).
    pass


@wp.func
def dense_solve(
    n: int,
    A: wp.array(dtype=float),
    L: wp.array(dtype=float),
    b: wp.array(dtype=float),
    x: wp.array(dtype=float),
):
    # x = A^-1 b given L, the Cholesky factor of A.
    dense_subs(n, L, b, x)


@wp.func_grad(dense_solve)
def _adj_dense_solve(
    n: int,
    A: wp.array(dtype=float),
    L: wp.array(dtype=float),
    b: wp.array(dtype=float),
    x: wp.array(dtype=float),
):
    # Warp's adjoint (Giles 2008, 2.3.1): adj_b = A^-1 adj_x (written, as
    # Warp writes it), adj_A -= adj_b x^T.
    dense_subs(n, L, wp.adjoint[x], wp.adjoint[b])
    for i in range(n):
        for j in range(n):
            wp.adjoint[A][i * n + j] += -wp.adjoint[b][i] * x[j]


# float64 forms of the dense routines (a kdsl extension: Warp's take float32
# arrays), the same algorithms.


@wp.func
def dense_gemm_d(
    m: int,
    n: int,
    p: int,
    t1: int,
    t2: int,
    A: wp.array(dtype=wp.float64),
    B: wp.array(dtype=wp.float64),
    C: wp.array(dtype=wp.float64),
):
    if (t1 == 0 or t1 == 1) and (t2 == 0 or t2 == 1):
        for i in range(m):
            for j in range(n):
                sum = wp.float64(0.0)
                for k in range(p):
                    sum += A[_index(t1, m, p, i, k)] * B[_index(t2, p, n, k, j)]
                C[i * n + j] = sum


@wp.func
def dense_chol_d(n: int, A: wp.array(dtype=wp.float64), regularization: wp.float64, L: wp.array(dtype=wp.float64)):
    for j in range(n):
        s = A[j * n + j] + regularization
        for k in range(j):
            r = L[j * n + k]
            s -= r * r
        s = wp.sqrt(s)
        inv_s = wp.float64(1.0) / s
        L[j * n + j] = s
        for i in range(j + 1, n):
            t = A[i * n + j]
            for k in range(j):
                t -= L[i * n + k] * L[j * n + k]
            L[i * n + j] = t * inv_s


@wp.func_grad(dense_chol_d)
def _adj_dense_chol_d(n: int, A: wp.array(dtype=wp.float64), regularization: wp.float64, L: wp.array(dtype=wp.float64)):
    pass


@wp.func
def dense_subs_d(n: int, L: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), x: wp.array(dtype=wp.float64)):
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= L[i * n + j] * x[j]
        x[i] = s / L[i * n + i]
    for ii in range(n):
        i = n - 1 - ii
        s = x[i]
        for j in range(i + 1, n):
            s -= L[j * n + i] * x[j]
        x[i] = s / L[i * n + i]


@wp.func_grad(dense_subs_d)
def _adj_dense_subs_d(n: int, L: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), x: wp.array(dtype=wp.float64)):
    pass


@wp.func
def dense_solve_d(
    n: int,
    A: wp.array(dtype=wp.float64),
    L: wp.array(dtype=wp.float64),
    b: wp.array(dtype=wp.float64),
    x: wp.array(dtype=wp.float64),
):
    dense_subs_d(n, L, b, x)


@wp.func_grad(dense_solve_d)
def _adj_dense_solve_d(
    n: int,
    A: wp.array(dtype=wp.float64),
    L: wp.array(dtype=wp.float64),
    b: wp.array(dtype=wp.float64),
    x: wp.array(dtype=wp.float64),
):
    dense_subs_d(n, L, wp.adjoint[x], wp.adjoint[b])
    for i in range(n):
        for j in range(n):
            wp.adjoint[A][i * n + j] += -wp.adjoint[b][i] * x[j]


@wp.func
def spatial_jacobian(
    S: wp.array(dtype=wp.spatial_vector),
    joint_parents: wp.array(dtype=int),
    joint_qd_start: wp.array(dtype=int),
    joint_start: int,
    joint_count: int,
    J_start: int,
    J_out: wp.array(dtype=float),
):
    # The (6 joint_count) x dof_count Jacobian of a kinematic chain: row block
    # i holds the motion subspaces S of joint i and of its ancestors, each in
    # the columns of its degrees of freedom (w rows 0..2, v rows 3..5).
    dof_start = joint_qd_start[joint_start]
    dof_count = joint_qd_start[joint_start + joint_count] - dof_start
    for i in range(joint_count):
        row_start = i * 6
        j = joint_start + i
        while j != -1:
            joint_dof_start = joint_qd_start[j]
            joint_dof_count = joint_qd_start[j + 1] - joint_dof_start
            for dof in range(joint_dof_count):
                col = joint_dof_start - dof_start + dof
                s = S[dof_start + col]
                for k in range(6):
                    J_out[J_start + (row_start + k) * dof_count + col] = s[k]
            j = joint_parents[j]


@wp.func
def spatial_jacobian_d(
    S: wp.array(dtype=wp.spatial_vectord),
    joint_parents: wp.array(dtype=int),
    joint_qd_start: wp.array(dtype=int),
    joint_start: int,
    joint_count: int,
    J_start: int,
    J_out: wp.array(dtype=wp.float64),
):
    dof_start = joint_qd_start[joint_start]
    dof_count = joint_qd_start[joint_start + joint_count] - dof_start
    for i in range(joint_count):
        row_start = i * 6
        j = joint_start + i
        while j != -1:
            joint_dof_start = joint_qd_start[j]
            joint_dof_count = joint_qd_start[j + 1] - joint_dof_start
            for dof in range(joint_dof_count):
                col = joint_dof_start - dof_start + dof
                s = S[dof_start + col]
                for k in range(6):
                    J_out[J_start + (row_start + k) * dof_count + col] = s[k]
            j = joint_parents[j]


@wp.func
def spatial_mass(
    I_s: wp.array(dtype=wp.spatial_matrix),
    joint_start: int,
    joint_count: int,
    M_start: int,
    M: wp.array(dtype=float),
):
    # The block-diagonal (6 joint_count)^2 mass matrix of the joints' spatial
    # inertias I_s[joint_start], ..., row-major from M[M_start].
    stride = joint_count * 6
    for l in range(joint_count):
        inertia = I_s[joint_start + l]
        for i in range(6):
            for j in range(6):
                M[M_start + (l * 6 + i) * stride + l * 6 + j] = inertia[i, j]


@wp.func
def spatial_mass_d(
    I_s: wp.array(dtype=wp.spatial_matrixd),
    joint_start: int,
    joint_count: int,
    M_start: int,
    M: wp.array(dtype=wp.float64),
):
    stride = joint_count * 6
    for l in range(joint_count):
        inertia = I_s[joint_start + l]
        for i in range(6):
            for j in range(6):
                M[M_start + (l * 6 + i) * stride + l * 6 + j] = inertia[i, j]
