"""The factorizations' building blocks for solvers/linear.py: the singular-Jacobian exceptions,
KLU for the matrices of one sparsity pattern (kvxopt), the symbolic analysis of L D L^T, and the
CSC patterns of dense triangular factors."""
from __future__ import annotations

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp

from ..kernels import sparse_lu

try:        # KLU (SuiteSparse) through kvxopt: the faster sparse LU for chain-like Jacobians
    from kvxopt import amd
    from kvxopt import klu
    from kvxopt import matrix as _kmatrix
    from kvxopt import spmatrix as _kspmatrix
except ImportError:                      # pragma: no cover - kvxopt is a dependency
    klu = amd = None
try:
    # SciPy's own conversions between sparse formats (C, without the checks of its matrix
    # classes): the symbolic analysis of L D L^T uses them where they exist (else the classes)
    from scipy.sparse import _sparsetools as _spt
except ImportError:                                         # pragma: no cover - SciPy changed
    _spt = None


# A pivot below this fraction of the largest Jacobian entry counts as zero. The largest entries
# are the 1/(beta h^2) lambda-lambda entries (3e8 at h = 1e-4), so no factor of the size: a
# 1024-copy slider-crank (n = 49152) has regular pivots of 0.16 next to entries of 3.6e8.
SINGULAR_PIVOT = 1e-15


class SingularJacobian(Exception):
    """The factorization found a zero pivot; ``row`` is the causing equation (or -1)."""

    def __init__(self, row=-1, message="Jacobian is singular"):
        super().__init__(message)
        self.row = row


class InconsistentSystem(SingularJacobian):
    """The least-squares solve of a singular Jacobian left a residual: the redundant
    equations demand different things (inconsistent redundancy)."""

    def __init__(self, residual, rhs_norm):
        super().__init__(-1, f"singular Jacobian with inconsistent equations (least-squares residual "
                             f"{residual:.3e} of right-hand side norm {rhs_norm:.3e})")
        self.residual, self.rhs_norm = residual, rhs_norm


EMPTY_F = np.zeros(0)
EMPTY_I = np.zeros(0, dtype=np.int64)
_DENSE_PATTERNS = {}      # n -> the CSC index arrays of dense triangular factors


class KLUPattern:
    """KLU for matrices of one sparsity pattern: the kvxopt matrix and the symbolic analysis are
    made once, each factorization only copies the values in."""

    def __init__(self, J):
        # the pattern with ones: kvxopt keeps explicit entries, and the values come in later
        self.A = kvxopt_pattern(J.shape[0], J.indices.astype(np.int64), column_of_entries(J.indptr))
        Ap, Ai, _ = self.A.CCS
        if not (np.array_equal(np.asarray(Ap).ravel(), J.indptr)
                and np.array_equal(np.asarray(Ai).ravel(), J.indices)):
            raise ValueError("kvxopt reordered the sparsity pattern")     # pragma: no cover
        self.symbolic = klu.symbolic(self.A)

    def factorize(self, J):
        """Numeric factorization; SingularJacobian on a zero pivot or a pivot below
        SINGULAR_PIVOT (KLU scales each row to a largest entry of 1, so the pivots are relative)."""
        if not np.all(np.isfinite(J.data)):
            raise SingularJacobian(-1, "Jacobian contains NaN or Inf")
        self.A.V = _kmatrix(np.ascontiguousarray(J.data, dtype=float))
        try:
            numeric = klu.numeric(self.A, self.symbolic)
        except ArithmeticError:
            raise SingularJacobian(-1) from None
        # the factors, for the pivot test and the triangular solves: R P A Q = L U + F (R the row
        # scaling, F the off-diagonal blocks of the block triangular form)
        L, U, P, Q, R, F, _ = klu.get_numeric(self.A, self.symbolic, numeric)
        Lp, Li, Lx = ccs(L)
        Up, Ui, Ux = ccs(U)
        diag = diagonal_positions(Up, Ui)
        if diag.size and (diag.min() < 0 or np.abs(Ux[diag]).min() <= SINGULAR_PIVOT):
            raise SingularJacobian(-1)
        nnz = Lx.shape[0] + Ux.shape[0]
        if len(F.V):
            return numeric, None, nnz
        # without off-diagonal blocks: L U y = R P b, x = Q y, as the Numba triangular solve with
        # perm_r[i] = row of P's entry in column i and perm_c the inverse of Q's row order
        perm_r = ccs(P)[1]
        q = ccs(Q)[1]
        perm_c = np.empty_like(q)
        perm_c[q] = np.arange(q.size)
        scale = ccs(R)[2][perm_r]
        return numeric, ((Lp, Li, Lx, Up, Ui, Ux, diag, perm_r, perm_c), scale), nnz

    def solve(self, factor, r):
        numeric, triangular = factor[:2]
        if triangular is not None:
            tri, scale = triangular
            x = np.empty(r.shape[0])
            sparse_lu.lu_solve(*tri, np.ascontiguousarray(r, dtype=float) * scale, x, np.empty(r.shape[0]))
            return x
        X = _kmatrix(np.array(r, dtype=float))
        klu.solve(self.A, self.symbolic, numeric, X)
        return np.asarray(X).ravel()


def filled_pattern(F):
    """The pattern of the LU factors, without pivoting, of a matrix whose pattern and that of its
    factors together are F (CSC): (i, k) is filled where A has it or where (i, r) and (r, k) are
    filled for some r < min(i, k); the products of the strictly lower and upper parts added until
    nothing is new (once or twice from SuperLU's factors). Ones as values."""
    F = F.tocsc()
    F.data[:] = 1.0
    while True:
        G = F + sp.tril(F, -1, format="csc") @ sp.triu(F, 1, format="csc")
        if G.nnz == F.nnz:
            return F
        F = G
        F.data[:] = 1.0


def column_of_entries(indptr):
    """The column of each entry of a CSC matrix (int64)."""
    return np.repeat(np.arange(indptr.shape[0] - 1, dtype=np.int64), np.diff(indptr))


def kvxopt_pattern(n, rows, cols):
    """The n x n kvxopt sparse matrix of ones at the entries (rows, cols), int64, in CSC order
    (KLU's and AMD's input)."""
    return _kspmatrix(_kmatrix(np.ones(rows.shape[0])), _kmatrix(rows), _kmatrix(cols), (n, n))


def ldl_symbolic(J):
    """(symbolic data of sparse_lu.ldl_layout, positions of the ordering) for LDL^T factorizations
    of matrices of J's pattern, or False where J is not symmetric (pattern, or values beyond
    LDL_SYMMETRY_RTOL), has an empty row, or kvxopt's AMD is missing. J: CSC with sorted row
    indices (the symbolic data addresses J.data by position; the Newton matrices have them so),
    else False too."""
    n = J.shape[0]
    if amd is None or n == 0 or J.shape[1] != n or J.nnz == 0 or not J.has_sorted_indices:
        return False
    data = np.asarray(J.data, dtype=float)
    amax = float(np.abs(data).max())
    if not np.isfinite(amax):
        return False
    # most unsymmetric matrices out first, by (J - J^T) w for a fixed w in [1, 2): two products
    # (1-2 ms at n = 12480) instead of the transposed pattern below (6-15 ms); the bound holds
    # every matrix that the entry-by-entry test below accepts, round-off included
    w = 1.0 + (np.arange(n) * 0.6180339887498949) % 1.0
    count = int(np.diff(J.indptr).max())
    if np.abs(unsymmetric_part_times(J, data, w)).max() > \
            2.0 * (sparse_lu.LDL_SYMMETRY_RTOL + 4 * np.finfo(float).eps) * amax * count:
        return False
    indptr, indices = J.indptr.astype(np.int64), J.indices.astype(np.int64)
    cols = column_of_entries(indptr)
    # a row with a zero diagonal needs a nonzero entry in a row with a nonzero diagonal, or no
    # order gives it a pivot without pivoting (the Euler-parameter constraint of a rigid body at
    # its reference rotation and that parameter's row: [[0, 2], [2, 0]]); found here, before the
    # ordering, the analysis and a factorization that would fail (3D slider-cranks N = 1024:
    # 130-160 ms)
    on_diag = indices == cols
    diagonal = np.zeros(n)
    diagonal[cols[on_diag]] = data[on_diag]
    zero = np.flatnonzero(diagonal == 0.0)
    if zero.size:
        supported = np.zeros(n, dtype=bool)
        supported[cols[(data != 0.0) & ~on_diag & (diagonal[indices] != 0.0)]] = True
        if not supported[zero].all():
            return False
    # the position of each entry's transposed entry (the pattern must be symmetric)
    symmetric, mirror = transposed_positions(n, indptr, indices)
    if not symmetric:
        return False
    if np.abs(data - data[mirror]).max() > sparse_lu.LDL_SYMMETRY_RTOL * amax:
        return False
    try:
        # (AMD reads the lower triangle alone: the entries above it are not handed over, half
        # the kvxopt matrix to make, 475 -> 180 us at n = 528)
        low = indices >= cols
        order = np.asarray(amd.order(kvxopt_pattern(n, indices[low], cols[low]), "L"), dtype=np.int64).ravel()
    except (ValueError, TypeError, ArithmeticError):            # pragma: no cover - kvxopt changed
        return False
    pos = np.empty(n, dtype=np.int64)
    pos[order] = np.arange(n)
    # a row with a zero diagonal (a constraint's) right behind the last row it couples to: its
    # pivot is then that of the 2x2 (or larger) block with them, which a minimum degree order
    # (eliminating such a row first, for its few entries) would make zero
    key = pos.astype(float)
    if zero.size:
        others = np.where(on_diag, -1, pos[indices])
        if np.any(np.diff(indptr)[zero] == 0):
            return False
        last = np.maximum.reduceat(others, indptr[:-1])[zero] if np.all(np.diff(indptr) > 0) else None
        if last is None or np.any(last < 0):
            return False
        key[zero] = last + 0.5
    order = np.argsort(key, kind="stable")
    pos[order] = np.arange(n)
    # C: the upper triangle with diagonal of P J P^T, columns in order, rows ascending, its
    # values J's entries at the positions src (sorts in linear time: 2-3 ms against NumPy's
    # lexsort's 8 ms at n = 8256)
    a, b = pos[indices], pos[cols]
    keep = np.flatnonzero(a <= b)
    Cp, Ci, src = csc_of_entries(n, a[keep], b[keep], keep)
    nc = src.size
    sym = np.zeros(sparse_lu.ldl_symbolic_size(n, nc), dtype=np.int64)
    sym[0], sym[1] = n, nc
    # filled through the kernel's own views of the layout (its Python function: nothing to load)
    _, Cp_, Ci_, Cup, Clo, _, _, _ = ldl_views(sym)
    Cp_[:], Ci_[:], Cup[:], Clo[:] = Cp, Ci, src, mirror[src]
    return sym, pos


def unsymmetric_part_times(J, data, w):
    """(J - J^T) w for the square CSC matrix J with values ``data`` (float): SciPy's C products of
    the CSC arrays and of the same arrays read as J^T's rows, the matrix classes where they are
    missing."""
    n = J.shape[0]
    if _spt is not None:
        y, yt = np.zeros(n), np.zeros(n)
        try:
            _spt.csc_matvec(n, n, J.indptr, J.indices, data, w, y)
            _spt.csr_matvec(n, n, J.indptr, J.indices, data, w, yt)
        except (TypeError, ValueError):                     # pragma: no cover - SciPy changed
            pass
        else:
            return y - yt
    return J @ w - J.T @ w


def transposed_positions(n, indptr, indices):
    """(whether the n x n CSC pattern (indptr, indices; int64, rows ascending) is symmetric, the
    position of each entry's transposed entry where it is). SciPy's C conversion of the pattern
    read as the transposed matrix's rows (55 against 400 us through its matrix classes at
    n = 528, nnz = 8320), the classes where it is missing."""
    nnz = indices.shape[0]
    if _spt is not None:
        Tp, Ti = np.empty(n + 1, dtype=np.int64), np.empty(nnz, dtype=np.int64)
        mirror = np.empty(nnz, dtype=np.int64)
        try:
            _spt.csr_tocsc(n, n, indptr, indices, np.arange(nnz, dtype=np.int64), Tp, Ti, mirror)
        except (TypeError, ValueError):                     # pragma: no cover - SciPy changed
            pass
        else:
            return np.array_equal(Tp, indptr) and np.array_equal(Ti, indices), mirror
    T = sp.csc_matrix((np.arange(1, nnz + 1, dtype=np.int64), indices, indptr), shape=(n, n)).T.tocsc()
    T.sort_indices()
    return np.array_equal(T.indptr, indptr) and np.array_equal(T.indices, indices), T.data - 1


def csc_of_entries(n, rows, cols, values):
    """(indptr, indices, values) of the n x n CSC matrix with the distinct entries (rows, cols)
    (int64), rows ascending in each column: two stable counting sorts by SciPy's C conversion,
    by row, then by column (77 against 510 us through its matrix classes at n = 528), the
    classes where it is missing."""
    m = rows.shape[0]
    if _spt is not None:
        p1, c1, v1 = np.empty(n + 1, dtype=np.int64), np.empty(m, dtype=np.int64), np.empty(m, dtype=np.int64)
        p2, r2, v2 = np.empty(n + 1, dtype=np.int64), np.empty(m, dtype=np.int64), np.empty(m, dtype=np.int64)
        try:
            _spt.coo_tocsr(n, n, m, rows, cols, values, p1, c1, v1)
            r1 = np.repeat(np.arange(n, dtype=np.int64), np.diff(p1))
            _spt.coo_tocsr(n, n, m, c1, r1, v1, p2, r2, v2)
        except (TypeError, ValueError):                     # pragma: no cover - SciPy changed
            pass
        else:
            return p2, r2, v2
    C = sp.csc_matrix((values + 1, (rows, cols)), shape=(n, n))
    C.sort_indices()
    return C.indptr.astype(np.int64), C.indices.astype(np.int64), C.data - 1


# the views of an L D L^T symbolic array (sparse_lu.ldl_layout) in Python: its plain function, no
# kernel to load (the same function under NUMBA_DISABLE_JIT)
ldl_views = getattr(sparse_lu.ldl_layout, "py_func", sparse_lu.ldl_layout)


def dense_triangular(lu, piv):
    """LAPACK's LU (P A = L U, ``piv`` its row interchanges) as CSC triangular factors for
    ``sparse_lu.lu_solve``: (L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c)."""
    n = lu.shape[0]
    (jl, il), (ju, iu), L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c = dense_pattern(n)
    luT = lu.T
    # LAPACK's interchanges applied in order to 0..n-1: row perm[k] ends in position k
    perm = sla.lapack.dlaswp(np.arange(n, dtype=float)[:, None], piv)[:, 0].astype(np.int64)
    perm_r = np.empty(n, dtype=np.int64)
    perm_r[perm] = np.arange(n)
    return (L_ptr, L_ind, np.ascontiguousarray(luT[jl, il]), U_ptr, U_ind, np.ascontiguousarray(luT[ju, iu]),
            U_diag, perm_r, perm_c)


def factor_arrays(Lp, Li, Lx, Up, Ui, Ux, diag, pr, pc, scale):
    """Factors with int64 indices and contiguous float values (one signature of the kernels)."""
    i8 = [np.ascontiguousarray(a, dtype=np.int64) for a in (Lp, Li, Up, Ui, diag, pr, pc)]
    f8 = [np.ascontiguousarray(a, dtype=float) for a in (Lx, Ux, scale)]
    return (i8[0], i8[1], f8[0], i8[2], i8[3], f8[1], i8[4], i8[5], i8[6], f8[2])


def empty_dense_factors(n):
    """Factor arrays of size n in the compiled_factors layout, values to be filled by
    kernels/linalg.py dense_lu_factors (index arrays shared by all factors of that size)."""
    L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c = dense_pattern(n)[2:]
    return factor_arrays(L_ptr, L_ind, np.empty(L_ind.shape[0]), U_ptr, U_ind, np.empty(U_ind.shape[0]), U_diag,
                          np.empty(n, dtype=np.int64), perm_c, EMPTY_F)


def dense_pattern(n):
    """((jl, il), (ju, iu), L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c) of the dense triangular
    factors of size n (made once per size)."""
    pat = _DENSE_PATTERNS.get(n)
    if pat is None:
        # column j of L: rows j+1..n-1 (the unit diagonal is implied); of U: rows 0..j. Column-major
        # order of lu is row-major order of lu.T: its strict upper / lower-with-diagonal triangle,
        # (jl, il) and (ju, iu) as np.triu_indices(n, 1) and np.tril_indices(n) give them, made
        # from the column counts (a fifth of the time: 0.12-0.28 ms of a small model's first solve)
        cols = np.arange(n, dtype=np.int64)
        nl, nu = n - 1 - cols, cols + 1
        L_ptr, U_ptr = np.zeros(n + 1, dtype=np.int64), np.zeros(n + 1, dtype=np.int64)
        np.cumsum(nl, out=L_ptr[1:])
        np.cumsum(nu, out=U_ptr[1:])
        jl, ju = np.repeat(cols, nl), np.repeat(cols, nu)
        il = np.arange(L_ptr[n], dtype=np.int64) - np.repeat(L_ptr[:-1] - cols - 1, nl)
        iu = np.arange(U_ptr[n], dtype=np.int64) - np.repeat(U_ptr[:-1], nu)
        pat = _DENSE_PATTERNS[n] = ((jl, il), (ju, iu), L_ptr, il, U_ptr, iu, U_ptr[1:] - 1, cols)
    return pat


def diagonal_positions(Up, Ui):
    """Position of the diagonal entry of each column of the CSC upper factor Up, Ui (-1: none).
    SuperLU and KLU store it last in its column; the compiled search (a kernel to load, 5 ms at the
    first call of a process) only where that is not so."""
    n = Up.shape[0] - 1
    if n <= 0:
        return np.zeros(0, dtype=np.int64)
    last = Up[1:] - 1
    if np.all(Up[1:] > Up[:-1]) and np.array_equal(Ui[last], np.arange(n)):
        return last
    return sparse_lu.diagonal_positions(Up, Ui)


def same_pattern(J, pattern):
    indptr, indices = pattern
    return np.array_equal(J.indptr, indptr) and np.array_equal(J.indices, indices)


def ccs(M):
    """(indptr int64, indices int64, values float) of a kvxopt sparse matrix."""
    p, i, x = M.CCS
    # views of kvxopt's buffers where the types agree (no copy: 5-18 ms for the factors of the
    # planar truss n = 8256); the arrays keep the kvxopt matrices alive
    return (np.asarray(p).ravel().astype(np.int64, copy=False), np.asarray(i).ravel().astype(np.int64, copy=False),
            np.asarray(x).ravel().astype(float, copy=False))


def pivot_row(piv, k):
    """Original row index of pivot k of a LAPACK getrf factorization."""
    perm = np.arange(len(piv))
    for i, p in enumerate(piv):
        perm[i], perm[p] = perm[p], perm[i]
    return int(perm[k])
