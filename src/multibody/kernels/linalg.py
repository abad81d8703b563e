"""Dense LU with partial pivoting and the solves with the factors of solvers/linear.py
(LinearSolver.compiled_factors): the compiled Newton iterations' linear algebra."""
import numpy as np

from ._jit import njit
from .sparse_lu import lu_solve

_EPS = np.finfo(np.float64).eps



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
    bad = _lu_in_place(A, perm, pivot_tol, True)
    if bad >= 0:
        return perm[bad]
    _solve_in_place(A, perm, b, x)
    return -1


@njit
def dense_factor(A, perm, pivot_tol):
    """The LU with partial pivoting of A (n, n) in place (rows in the order perm); -1, or the
    original row of the first pivot below pivot_tol max(max |a_ij|, 1)."""
    bad = _lu_in_place(A, perm, pivot_tol, True)
    return perm[bad] if bad >= 0 else -1


@njit
def dense_solve(A, perm, b, x):
    """x = A^-1 b with the factors of ``dense_factor``."""
    _solve_in_place(A, perm, b, x)


@njit(inline="always")
def _solve_in_place(A, perm, b, x):
    """x = A^-1 b with the LU of _lu_in_place in A (rows in the order perm)."""
    n = A.shape[0]
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


# ---------------------------------------------------------------- full-pivot LU (singular J)
# A singular Newton matrix J (n, n) (consistently redundant constraints, with ignoreSingularJacobian
# and EigenDense) is factorized with complete pivoting, as Eigen's FullPivLU that Exudyn uses: at each
# step the largest |entry| of the remaining corner (the first in column-major order) becomes the
# pivot; the rank counts the pivots above n eps times the largest one. A solve gives the particular
# solution whose unknowns of the non-pivot columns are zero: for redundant constraints the
# redundant multipliers are 0 and the reaction is carried by the others, Exudyn's numbers.
# ``index`` = [row order (n), column order (n), rank].

@njit
def full_pivot_lu(J, LU, index):
    """LU = the complete-pivoting LU of J (n, n) (unit lower L and U in place, rows and columns in
    the order of index); index[2n] = the rank. False where J has NaN or Inf or rank 0."""
    n = J.shape[0]
    rows, cols = index[:n], index[n:2 * n]
    for i in range(n):
        rows[i] = i
        cols[i] = i
        for j in range(n):
            if not np.isfinite(J[i, j]):
                return False
            LU[i, j] = J[i, j]
    max_pivot, nonzero = 0.0, n
    for k in range(n):
        big, br, bc = -1.0, k, k
        for j in range(k, n):
            for i in range(k, n):
                x = abs(LU[i, j])
                if x > big:
                    big, br, bc = x, i, j
        if big == 0.0:
            nonzero = k
            break
        if big > max_pivot:
            max_pivot = big
        if br != k:
            for j in range(n):
                LU[k, j], LU[br, j] = LU[br, j], LU[k, j]
            rows[k], rows[br] = rows[br], rows[k]
        if bc != k:
            for i in range(n):
                LU[i, k], LU[i, bc] = LU[i, bc], LU[i, k]
            cols[k], cols[bc] = cols[bc], cols[k]
        p = LU[k, k]
        for i in range(k + 1, n):
            LU[i, k] /= p
        for j in range(k + 1, n):
            u = LU[k, j]
            for i in range(k + 1, n):
                LU[i, j] -= LU[i, k] * u
    threshold = max_pivot * n * _EPS
    rank = 0
    for i in range(nonzero):
        if abs(LU[i, i]) > threshold:
            rank += 1
    index[2 * n] = rank
    return rank > 0


@njit
def full_pivot_solve(J, LU, index, rhs, out, work, atol):
    """out = the solution of J out = rhs with the factors of full_pivot_lu that is zero in the
    non-pivot columns; True if |J out - rhs| is within LSTSQ_RTOL |rhs|, the round-off of the
    product or ``atol`` (else the system is inconsistent: Python reports it)."""
    n = J.shape[0]
    rows, cols, rank = index[:n], index[n:2 * n], index[2 * n]
    c = work
    for i in range(rank):
        acc = rhs[rows[i]]
        for j in range(i):
            acc -= LU[i, j] * c[j]
        c[i] = acc
    for i in range(rank - 1, -1, -1):
        acc = c[i]
        for j in range(i + 1, rank):
            acc -= LU[i, j] * c[j]
        c[i] = acc / LU[i, i]
    for i in range(n):
        out[cols[i]] = c[i] if i < rank else 0.0
    return consistent(J, out, rhs, atol)


# a solution of a singular J (full_pivot_solve) is accepted where |J x - r| <= LSTSQ_RTOL |r| +
# round-off, or below Newton's absolute tolerance ``atol``; solvers/linear.py LinearSolver.solve
# checks the same. Redundant constraints that are consistent on the constraint manifold (a Bricard
# linkage: one redundant joint equation) are slightly inconsistent off it, by O(|g|) relative to
# the residual (measured 1.5e-6 in a Newton iteration of tests/solvers/test_bricard.py; 0.10 in a
# late Newton iteration of Exudyn's published bricardMechanism.py, where |r| is 1e-7), and Newton
# converges; constraints that disagree leave a residual of their own size (ratio -> 1 as Newton
# proceeds): reported as inconsistent.
LSTSQ_RTOL = 0.5


@njit
def consistent(J, x, rhs, atol):
    """True if x solves J x = rhs within LSTSQ_RTOL |rhs| and the round-off of the product, or
    within ``atol``."""
    res2, rn2, xn2, jmax = 0.0, 0.0, 0.0, 0.0
    for i in range(J.shape[0]):
        acc = 0.0
        for j in range(J.shape[1]):
            acc += J[i, j] * x[j]
            a = abs(J[i, j])
            if a > jmax:
                jmax = a
        d = acc - rhs[i]
        res2 += d * d
        rn2 += rhs[i] * rhs[i]
    for i in range(x.shape[0]):
        xn2 += x[i] * x[i]
    rn = np.sqrt(rn2)
    roundoff = 1e3 * _EPS * (jmax * J.shape[0] * np.sqrt(xn2) + rn)
    return np.sqrt(res2) <= max(LSTSQ_RTOL * rn + roundoff, atol)
