"""Triangular solves with the factors of a sparse LU (SuperLU's L and U in CSC form).

With ``Pr A Pc = L U`` (scipy's convention: ``(Pr b)[perm_r[i]] = b[i]``, ``x[i] = y[perm_c[i]]``):
    A x = b  <=>  L U y = Pr b,  x = Pc y.
"""
import numpy as np

from ._jit import njit


@njit
def diagonal_positions(indptr, indices):
    """Position of the diagonal entry of each column of a CSC upper-triangular matrix (-1: none)."""
    n = indptr.shape[0] - 1
    pos = np.full(n, -1, dtype=np.int64)
    for j in range(n):
        for p in range(indptr[j], indptr[j + 1]):
            if indices[p] == j:
                pos[j] = p
    return pos


@njit
def lu_solve(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, b, x, work):
    """x = A^-1 b from the CSC factors (L with unit diagonal, which is skipped if stored)."""
    n = b.shape[0]
    y = work
    for i in range(n):
        y[perm_r[i]] = b[i]
    for j in range(n):
        yj = y[j]
        if yj != 0.0:
            for p in range(L_ptr[j], L_ptr[j + 1]):
                r = L_ind[p]
                if r > j:
                    y[r] -= L_val[p] * yj
    for j in range(n - 1, -1, -1):
        yj = y[j] / U_val[U_diag[j]]
        y[j] = yj
        if yj != 0.0:
            for p in range(U_ptr[j], U_ptr[j + 1]):
                r = U_ind[p]
                if r < j:
                    y[r] -= U_val[p] * yj
    for i in range(n):
        x[i] = y[perm_c[i]]
