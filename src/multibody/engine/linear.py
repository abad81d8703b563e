"""The linear algebra of the compiled Newton iterations: solves with the current factorization
(triangular factors or the least-squares operator) and the refactorization of a new Newton
matrix of the same pattern (dense LU, or the sparse factors with their pivot order). What the
compiled code cannot do (a first factorization, a singular or declined matrix) it leaves to
Python: solvers/linear.py."""
import numpy as np

from ..kernels._jit import njit
from ..kernels.linalg import pseudo_inverse, refactor_dense, solve_factored
from ..kernels.sparse_lu import lu_refactor
from ..kernels.system import newton_values, scatter_values
from .control import FactorKind, Refactor

TRIANGULAR = int(FactorKind.TRIANGULAR)
LEAST_SQUARES = int(FactorKind.LEAST_SQUARES)
DENSE = int(Refactor.DENSE)
SPARSE = int(Refactor.SPARSE)
LSTSQ = int(Refactor.LEAST_SQUARES)

# the least-squares solution is accepted where |J x - r| <= LSTSQ_RTOL |r| + round-off (as
# solvers/linear.py LinearSolver.solve: consistent redundant constraints)
LSTSQ_RTOL = 1e-6
EPS = np.finfo(np.float64).eps


@njit
def solve(w, c, rhs, out):
    """out = J^-1 rhs with the current factorization; False where the least-squares solution does
    not solve the system (inconsistent redundancy: Python reports it)."""
    if c.factor_kind == TRIANGULAR:
        solve_factored(w.L_ptr, w.L_ind, w.L_val, w.U_ptr, w.U_ind, w.U_val, w.U_diag, w.perm_r, w.perm_c, w.scale,
                       rhs, out, w.work)
        return True
    if c.factor_kind == LEAST_SQUARES:
        return least_squares(w.lsq, w.lsq_J, rhs, out, w.work)
    return False


@njit
def least_squares(P, J, rhs, out, work):
    """out = P rhs (P the minimum-norm least-squares operator of J), True if |J out - rhs| is within
    LSTSQ_RTOL |rhs| and the round-off of the product (else the system is inconsistent)."""
    n = rhs.shape[0]
    for i in range(P.shape[0]):
        acc = 0.0
        for j in range(n):
            acc += P[i, j] * rhs[j]
        out[i] = acc
    res2, rn2, xn2, jmax = 0.0, 0.0, 0.0, 0.0
    for i in range(J.shape[0]):
        acc = 0.0
        for j in range(J.shape[1]):
            acc += J[i, j] * out[j]
            a = abs(J[i, j])
            if a > jmax:
                jmax = a
        d = acc - rhs[i]
        res2 += d * d
        rn2 += rhs[i] * rhs[i]
    for i in range(n):
        xn2 += out[i] * out[i]
    rn = np.sqrt(rn2)
    roundoff = 1e3 * EPS * (jmax * J.shape[0] * np.sqrt(xn2) + rn)
    return np.sqrt(res2) <= LSTSQ_RTOL * rn + roundoff


@njit
def refactor(system, w, c):
    """The Newton matrix at the point of the last residual with the coefficients w.coef, factorized
    into the current factors in place (dense LU, the sparse refactorization, or the least-squares
    operator into w.lsq with the matrix in w.lsq_J); True if done (else the factors' values are
    undefined for SPARSE and LEAST_SQUARES, unchanged for DENSE, and Python factorizes)."""
    if c.refactor == DENSE:
        if newton_values(system, w.coef) != 0:
            return False
        return refactor_dense(system.vals, system.dense_slots, w.dense_work, w.L_val, w.U_val, w.perm_r,
                              w.dense_perm, c.singular_pivot)
    if c.refactor == SPARSE:
        if newton_values(system, w.coef) != 0:
            return False
        data = w.csc_data
        scatter_values(system.vals, system.slots, data)
        for k in range(data.shape[0]):
            if not np.isfinite(data[k]):
                return False
        ok = lu_refactor(system.csc_indptr, system.csc_indices, data, w.L_ptr, w.L_ind, w.L_val, w.U_ptr, w.U_ind,
                         w.U_val, w.U_diag, w.perm_r, w.perm_c, w.scale, c.pivot_tol, c.singular_pivot) == 1
        if ok:
            c.refactorizations += 1
        return ok
    if c.refactor == LSTSQ:
        if newton_values(system, w.coef) != 0:
            return False
        J = w.lsq_J
        scatter_values(system.vals, system.dense_slots, J.reshape(J.shape[0] * J.shape[1]))
        return pseudo_inverse(J, w.lsq)
    return False
