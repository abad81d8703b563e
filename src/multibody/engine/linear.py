"""The linear algebra of the compiled Newton iterations: solves with the current factorization
(triangular factors or the least-squares operator) and the refactorization of a new Newton
matrix of the same pattern (dense LU, or the sparse factors with their pivot order). What the
compiled code cannot do (a first factorization, a singular or declined matrix) it leaves to
Python: solvers/linear.py."""
import numpy as np

from ..kernels._jit import njit
from ..kernels.linalg import full_pivot_lu, full_pivot_solve, refactor_dense, solve_factored
from ..kernels.sparse_lu import lu_refactor
from ..kernels.system import newton_values, scatter_values
from .control import FactorKind, Refactor

TRIANGULAR = int(FactorKind.TRIANGULAR)
LEAST_SQUARES = int(FactorKind.LEAST_SQUARES)
DENSE = int(Refactor.DENSE)
SPARSE = int(Refactor.SPARSE)
LSTSQ = int(Refactor.LEAST_SQUARES)

@njit
def solve(w, c, rhs, out):
    """out = J^-1 rhs with the current factorization; False where the least-squares solution does
    not solve the system (inconsistent redundancy: Python reports it)."""
    if c.factor_kind == TRIANGULAR:
        solve_factored(w.L_ptr, w.L_ind, w.L_val, w.U_ptr, w.U_ind, w.U_val, w.U_diag, w.perm_r, w.perm_c, w.scale,
                       rhs, out, w.work)
        return True
    if c.factor_kind == LEAST_SQUARES:
        atol = c.absolute_tolerance * (np.sqrt(rhs.shape[0]) if c.weighted != 0 else 1.0)
        return full_pivot_solve(w.lsq_J, w.lsq, w.lsq_index, rhs, out, w.lsq_work, atol)
    return False


@njit
def refactor(system, w, c):
    """The Newton matrix at the point of the last residual with the coefficients w.coef, factorized
    into the current factors in place (dense LU, the sparse refactorization, or the least-squares
    full-pivot LU into w.lsq with the matrix in w.lsq_J); True if done (else the factors' values are
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
        return full_pivot_lu(J, w.lsq, w.lsq_index)
    return False
