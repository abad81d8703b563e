"""Dense LU with partial pivoting and the solves with the factors of solvers/linear.py
(LinearSolver.compiled_factors): the compiled Newton iterations' linear algebra."""
import numpy as np

from ._jit import njit
from .sparse_lu import lu_solve

# the rank cut-off of the least-squares solves (consistent redundant constraints): singular values
# below LSTSQ_RANK_RTOL max(n, m) sigma_max are dropped. Redundant equations are dependent up to
# round-off: their singular values sit at a few eps sigma_max (4.4e-16 relative in the 3D
# four-bar), which LAPACK's default cut-off (eps) keeps, giving multipliers with an O(1e-3)
# null-space component.
LSTSQ_RANK_RTOL = 100 * np.finfo(np.float64).eps


@njit(inline="always")
def _lu_in_place(A, perm, pivot_tol, stop):
    """LU with partial pivoting (the largest |a_ik| first, rows swapped whole) of A (n, n) in
    place, the row order in perm. Returns the first pivot k with |u_kk| <= pivot_tol
    max(max|a_ij|, 1), or -1; ``stop``: ends there (else goes on past it, zero pivots skipped)."""
    n = A.shape[0]
    scale = 1.0
    for i in range(n):
        for j in range(n):
            x = abs(A[i, j])
            if x > scale:
                scale = x
    for i in range(n):
        perm[i] = i
    bad = -1
    for k in range(n):
        p = k
        best = abs(A[k, k])
        for i in range(k + 1, n):
            x = abs(A[i, k])
            if x > best:
                best, p = x, i
        if p != k:
            for j in range(n):
                A[k, j], A[p, j] = A[p, j], A[k, j]
            perm[k], perm[p] = perm[p], perm[k]
        piv = A[k, k]
        if abs(piv) <= pivot_tol * scale:
            if bad < 0:
                bad = k
            if stop:
                return bad
            if piv == 0.0:
                continue
        for i in range(k + 1, n):
            A[i, k] /= piv
            l = A[i, k]
            if l != 0.0:
                for j in range(k + 1, n):
                    A[i, j] -= l * A[k, j]
    return bad


@njit
def dense_lu_factors(A, L_val, U_val, perm_r, perm, pivot_tol):
    """The LU of A (n, n) (_lu_in_place) into the dense triangular factors of LinearSolver (column
    j of L: rows j+1..n-1, of U: rows 0..j; perm_r[original row] = position). Returns the first
    pivot k below the tolerance (then perm[k] is its original row), or -1."""
    n = A.shape[0]
    bad = _lu_in_place(A, perm, pivot_tol, False)
    if bad >= 0:
        return bad
    kl, ku = 0, 0
    for j in range(n):
        for i in range(j + 1):
            U_val[ku] = A[i, j]
            ku += 1
        for i in range(j + 1, n):
            L_val[kl] = A[i, j]
            kl += 1
    for k in range(n):
        perm_r[perm[k]] = k
    return -1


@njit
def solve_factored(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, scale, b, x, work):
    """x = J^-1 b with the sparse triangular factors of LinearSolver.compiled_factors() (SuperLU,
    or KLU with its rows scaled by ``scale`` first): the same operations as LinearSolver.solve."""
    if scale.shape[0] == b.shape[0]:
        for i in range(b.shape[0]):
            x[i] = b[i] * scale[i]
        # lu_solve reads its right-hand side completely before it writes x
        lu_solve(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, x, x, work)
    else:
        lu_solve(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, b, x, work)


@njit
def refactor_dense(vals, slots, Jw, L_val, U_val, perm_r, perm, pivot_tol):
    """The dense Newton matrix from the block values (``slots`` of SystemEquations: r n + c, n n
    for none; the sums in the order of np.bincount) and its LU into the factors; False (factors
    unchanged) if a pivot is singular or the matrix has NaN or Inf."""
    n = perm.shape[0]
    for i in range(Jw.shape[0]):
        Jw[i] = 0.0
    nn = n * n
    for i in range(vals.shape[0]):
        s = slots[i]
        if s < nn:
            Jw[s] += vals[i]
    for i in range(nn):
        if not np.isfinite(Jw[i]):
            return False
    A = Jw[:nn].reshape((n, n))
    Lt = np.empty(L_val.shape[0])
    Ut = np.empty(U_val.shape[0])
    pt = np.empty(n, dtype=np.int64)
    if dense_lu_factors(A, Lt, Ut, pt, perm, pivot_tol) >= 0:
        return False
    L_val[:] = Lt
    U_val[:] = Ut
    perm_r[:] = pt
    return True


@njit
def dense_factor_solve(A, perm, b, x, pivot_tol):
    """x = A^-1 b by an LU with partial pivoting of A (n, n) in place (its factors stay in A, the
    row order in perm); returns -1, or the original row of the first pivot below pivot_tol
    max(max |a_ij|, 1) (x undefined then)."""
    n = A.shape[0]
    bad = _lu_in_place(A, perm, pivot_tol, True)
    if bad >= 0:
        return perm[bad]
    for i in range(n):
        x[i] = b[perm[i]]
    for i in range(n):
        acc = x[i]
        for j in range(i):
            acc -= A[i, j] * x[j]
        x[i] = acc
    for i in range(n - 1, -1, -1):
        acc = x[i]
        for j in range(i + 1, n):
            acc -= A[i, j] * x[j]
        x[i] = acc / A[i, i]
    return -1


@njit
def pseudo_inverse(J, P):
    """P = the minimum-norm least-squares operator of J (n, m) (its pseudo-inverse, singular values
    below LSTSQ_RANK_RTOL max(n, m) sigma_max dropped); False (P unchanged) if J has NaN or Inf."""
    for i in range(J.shape[0]):
        for j in range(J.shape[1]):
            if not np.isfinite(J[i, j]):
                return False
    P[:, :] = np.linalg.pinv(J, LSTSQ_RANK_RTOL * max(J.shape[0], J.shape[1]))
    return True
