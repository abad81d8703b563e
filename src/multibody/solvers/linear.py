"""Linear solvers for the Newton matrix: dense LU, sparse LU, and a least-squares
(minimum-norm) path for consistently singular Jacobians."""
from __future__ import annotations

import warnings

import numpy as np
import scipy.linalg as sla
import scipy.sparse.linalg as spla

from ..enums import LinearSolverType
from ..kernels import sparse_lu


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


# after this many solves with one sparse factorization, its L and U factors are copied out once
# and the triangular solves run in a Numba loop over them: SuperLU's supernodal solve is 3-5x slower
# on multibody Jacobians (slider-crank n = 12288: 492 -> 143 us; chain n = 4096: 217 -> 54 us),
# while copying the factors costs about one factorization, which modified Newton amortizes
SOLVES_BEFORE_OWN_TRIANGULAR = 3

# singular values below this times the matrix size times sigma_max count as zero in the
# least-squares (minimum-norm) solve of a singular Jacobian
LSTSQ_RANK_RTOL = 100 * np.finfo(float).eps

# a least-squares solve is accepted as a solution if |J x - r| <= LSTSQ_RTOL |r| + round-off
LSTSQ_RTOL = 1e-6


class LinearSolver:
    """Factorize once, solve many times (modified Newton reuses the factorization)."""

    def __init__(self, solver_type, ignore_singular=False):
        st = LinearSolverType(int(solver_type))
        if st == LinearSolverType._None:
            raise ValueError("Solver:InitializeSolverPreChecks: Unsupported simulationSettings.linearSolverType")
        self.dense = st in (LinearSolverType.EXUdense, LinearSolverType.EigenDense)
        self.least_squares = ignore_singular and st == LinearSolverType.EigenDense
        self._lu = None
        self._lstsq_matrix = None
        self._triangular = None
        self._solves = 0

    def factorize(self, J):
        self._lu = None
        self._lstsq_matrix = None
        self._triangular = None
        self._solves = 0
        if self.least_squares:
            self._lstsq_matrix = J if isinstance(J, np.ndarray) else J.toarray()
            return
        if self.dense:
            Jd = J if isinstance(J, np.ndarray) else J.toarray()
            if not np.all(np.isfinite(Jd)):
                raise SingularJacobian(-1, "Jacobian contains NaN or Inf")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                lu, piv = sla.lu_factor(Jd, check_finite=False)
            d = np.abs(np.diag(lu))
            scale = max(np.abs(Jd).max(), 1.0) if Jd.size else 1.0
            bad = np.nonzero(d <= scale * SINGULAR_PIVOT)[0]
            if bad.size:
                raise SingularJacobian(_pivot_row(piv, int(bad[0])))
            self._lu = (lu, piv)
        else:
            try:
                # the Newton matrix is structurally symmetric (C and C^T blocks, symmetric element
                # blocks): minimum degree on A^T + A gives less fill than COLAMD (measured on the
                # 32x32 mass-point grid, n = 3168: factor 17 -> 9 ms, solve 0.46 -> 0.27 ms)
                self._lu = spla.splu(J.tocsc(), permc_spec="MMD_AT_PLUS_A")
            except RuntimeError as exc:
                raise SingularJacobian(-1, str(exc)) from None
            d = np.abs(self._lu.U.diagonal())
            scale = max(abs(J).max(), 1.0) if J.nnz else 1.0
            bad = np.nonzero(d <= scale * SINGULAR_PIVOT)[0]
            if bad.size:
                raise SingularJacobian(int(self._lu.perm_c[bad[0]]))

    def solve(self, r):
        if self._lstsq_matrix is not None:
            # minimum-norm least-squares solution: for consistent redundant constraints the
            # multipliers are the minimum-norm split (Exudyn's full-pivot LU puts the whole
            # reaction on the first pivot instead); an inconsistent system is reported
            J = self._lstsq_matrix
            # redundant equations are dependent up to round-off: their singular values sit at a few
            # eps * sigma_max (4.4e-16 relative in the 3D four-bar), which LAPACK's default cut-off
            # (eps) keeps, giving multipliers with an O(1e-3) null-space component
            cond = LSTSQ_RANK_RTOL * max(J.shape)
            x = sla.lstsq(J, r, cond=cond, lapack_driver="gelsd")[0]
            res = float(np.linalg.norm(J @ x - r))
            rn = float(np.linalg.norm(r))
            roundoff = 1e3 * np.finfo(float).eps * (np.abs(J).max(initial=0.0) * J.shape[0]
                                                     * float(np.linalg.norm(x)) + rn)
            if res > LSTSQ_RTOL * rn + roundoff:
                raise InconsistentSystem(res, rn)
            return x
        if self.dense:
            return sla.lu_solve(self._lu, r, check_finite=False)
        self._solves += 1
        if self._triangular is None and self._solves >= SOLVES_BEFORE_OWN_TRIANGULAR:
            self._triangular = _triangular_factors(self._lu)
        if self._triangular:
            x = np.empty(r.shape[0])
            sparse_lu.lu_solve(*self._triangular, np.ascontiguousarray(r, dtype=float), x, np.empty(r.shape[0]))
            return x
        return self._lu.solve(r)

    @property
    def factorized(self):
        return self._lu is not None or self._lstsq_matrix is not None


def _triangular_factors(lu):
    """CSC arrays of SuperLU's L and U and the permutations, for ``sparse_lu.lu_solve``
    (an empty tuple if U lacks a stored diagonal entry: then SuperLU keeps solving)."""
    L, U = lu.L, lu.U
    diag = sparse_lu.diagonal_positions(U.indptr, U.indices)
    if diag.size and diag.min() < 0:
        return ()
    return (L.indptr, L.indices, L.data, U.indptr, U.indices, U.data, diag, lu.perm_r, lu.perm_c)


def _pivot_row(piv, k):
    """Original row index of pivot k of a LAPACK getrf factorization."""
    perm = np.arange(len(piv))
    for i, p in enumerate(piv):
        perm[i], perm[p] = perm[p], perm[i]
    return int(perm[k])
