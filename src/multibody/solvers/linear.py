"""Linear solvers for the Newton matrix: dense LU, sparse LU, and a least-squares
(minimum-norm) path for consistently singular Jacobians."""
from __future__ import annotations

import warnings

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from ..enums import LinearSolverType
from ..kernels import linalg
from ..kernels import sparse_lu
from . import lu_choice
from .factors import (EMPTY_F as _EMPTY_F, EMPTY_I as _EMPTY_I, SINGULAR_PIVOT, InconsistentSystem, KLUPattern,
                      SingularJacobian, column_of_entries, dense_triangular, diagonal_positions, empty_dense_factors,
                      factor_arrays, filled_pattern, kvxopt_pattern, ldl_symbolic, pivot_row, same_pattern)
from .factors import amd as _amd
from .factors import klu as _klu

# Sparse LU: SuperLU (SciPy) or KLU (SuiteSparse, through kvxopt), chosen per sparsity pattern by
# the fill SuperLU produces at the first factorization. Measured on the benchmark Jacobians
# (factorization, SuperLU -> KLU): chain of revolute joints n = 13312 23 -> 6.4 ms, spherical chain
# n = 11264 10 -> 3.0 ms, 256 slider-cranks n = 12288 10 -> 4.9 ms, planar pendulum n = 5120
# 1.6 -> 0.6 ms (fill ratios (nnz L + nnz U) / nnz J of 0.4-1.1), but mass-point grid n = 3168
# 8.6 -> 21 ms (fill ratio 2.9; SuperLU's supernodes win where there is fill). Above this fill
# ratio KLU is tried once and kept if its factors are no larger than SuperLU's: planar truss
# (static_truss) n = 528 / 2080 / 8256, nnz of the factors SuperLU 22843 / 146473 / 863628, KLU
# 20808 / 135128 / 781608, factorization 0.7-1.0 -> 0.3, 4.9-6.9 -> 3.3-5.1, 32-42 -> 30-43 ms;
# the grid: KLU 360570 against SuperLU's 222934 (SuperLU kept).
KLU_MAX_FILL_RATIO = 2.0


# Dense LU factors up to this size are also kept as CSC triangular factors: the solves then run in
# the Numba triangular solve (a few us instead of SciPy's lu_solve call, and inside the engine's
# Newton iterations). Above it LAPACK's solve is used.
DENSE_TRIANGULAR_MAX = 200
# Sparse solver types factorize systems up to this size as dense matrices (LAPACK): a dense
# Jacobian and LU cost 15-40 us against 150-250 us for the sparse matrix and KLU, but each solve
# costs n^2 against the sparse factors' few n. Measured, 1000 steps, us per step dense / sparse:
# spherical chain n = 44 (15 solves per Jacobian) 300 / 380, 3D slider-crank n = 48 (110)
# 150-176 / 133-150, distance chain n = 64 (22) 185-240 / 154-179, n = 16 the same.
SPARSE_AS_DENSE_MAX = 48          # (engine/driver.py SPARSE_SIZE: the same)
_BLAS = []


def one_blas_thread():
    """A context in which BLAS/LAPACK use one thread (threadpoolctl, 9 us): a dense LU of a few
    hundred unknowns takes 0.35 ms on one thread, 0.7-1.5 ms with OpenBLAS's threads on a busy
    2-core machine and up to 170 ms where other processes take the cores (the threads spin)."""
    if not _BLAS:
        from threadpoolctl import ThreadpoolController
        _BLAS.append(ThreadpoolController())
    return _BLAS[0].limit(limits=1, user_api="blas")


# dense systems up to this size are factorized by a Numba LU (kernels/linalg.py dense_lu_factors)
# instead of LAPACK, so that the engine can refactorize them itself (same kernel, same bits);
# larger ones stay with LAPACK (n = 200: a loop LU takes several times longer)
DENSE_COMPILED_MAX = SPARSE_AS_DENSE_MAX
# Sparse factorizations of a pattern after the first are refactorizations (kernels/sparse_lu.py
# lu_refactor: the pivot order and the sparsity of the last full KLU or SuperLU factorization, the
# numbers computed anew) as long as each pivot is at least this fraction of the largest entry of
# its column; else a full factorization chooses new pivots. KLU itself accepts a diagonal pivot at
# 1e-3 of its column, and such pivots drift below that from one Jacobian to the next: measured on
# the spherical chain N=64 (n = 704), refactorizing each Newton matrix with the pivots of the one
# before, 1e-3 declined 74 of 119, 1e-4 1, 1e-6 none (relative residual of the solves <= 6e-13);
# with the pivots of the first matrix (t = 0) for 58 later ones 1e-5 declined 13 (residual <= 4e-11).
# In the solve of the shared bench's spherical chain (1000 steps of generalized-alpha; the Euler
# parameters' pivots shrink as the bodies turn) 1e-5 declined 67 of 408 refactorizations at N = 64
# (26 of 366 at N = 16), each a step that the compiled loop left to Python and a full KLU
# factorization; 1e-7 29, 1e-8 8 (4 at N = 16), 1e-10 1, with the same Newton iterations and
# Jacobians and the final state equal to 1e-11; the largest relative residual of the solves
# ||J x - b|| / ||b|| 5.9e-9 (1.7e-11 with 1e-5): negligible for modified Newton, whose matrix is
# the one of an earlier state, and near round-off for full Newton's tolerances. (KLU's own
# refactorization checks no pivot.)
# The compiled step loop refactorizes with the same kernel, so both paths give the same factors.
REFACTOR_PIVOT_TOL = 1e-8
# A Newton matrix's fixed pattern holds every entry that any step may fill, and many of them stay
# zero (planar motion of spatial bodies, the zero blocks of joints with free axes). Where at least
# this fraction of the first matrix of a pattern is zero, its sparse LU leaves them out
# (``_factorize_pruned``); an entry left out that becomes nonzero later makes lu_refactor refuse
# the matrix, and the next full factorization keeps it. Measured on the shared bench (compiled
# step loop, runs alternating with the LU of the whole pattern, us per step): 3D slider-cranks
# N = 64 (73 % zero; factors 18377 against KLU's 62656) 2572-3090 -> 1760-2615; revolute chain
# N = 256 (68 %) 2435-3095 -> 2371-2402; but planar pendulum N = 256 (46 %; 9824 against KLU's
# 11255 factor entries: the refactorizations, one per step, pay the check of the left-out
# entries) 556-618 -> 683-745, mass-point grid implicit N = 256 (52 %; 36812 against SuperLU's 37336)
# 469-568 -> 661-666, spherical chain N = 256 (42 %) within the scatter.
PRUNE_MIN_ZEROS = 0.6
# the pivot of a pruned pattern's LU: the diagonal one where it is at least this fraction of the
# largest of its column (KLU's default)
PRUNED_PIVOT_THRESHOLD = 1e-3
# Sparse matrices symmetric up to round-off are factorized as L D L^T (LinearSolver._factorize_ldl)
# unless this is False (the solvers' linear solvers take it when they are made).
USE_LDL = True


def newton_absolute_tolerance(newton_settings, c):
    """Newton's absolute tolerance on |r| (weightTolerancePerCoordinate: on |r| / sqrt(n)): the
    least-squares residual accepted by ``LinearSolver.solve``."""
    atol = float(newton_settings.absoluteTolerance)
    return atol * np.sqrt(c.n_ode2 + c.n_ae) if newton_settings.weightTolerancePerCoordinate else atol


class LinearSolver:
    """Factorize once, solve many times (modified Newton reuses the factorization)."""

    def __init__(self, solver_type, ignore_singular=False, remember_choice=False, ldl=None):
        """``remember_choice``: the SuperLU-or-KLU trial of a matrix with much fill is kept in the
        cache directory and not run again for the same matrix (lu_choice.py; the solvers' Newton
        matrices). ``ldl``: sparse matrices that are symmetric (up to round-off) are factorized as
        L D L^T (``_factorize_ldl``); False: always an LU; None: USE_LDL."""
        st = LinearSolverType(int(solver_type))
        if st == LinearSolverType._None:
            raise ValueError("Solver:InitializeSolverPreChecks: Unsupported simulationSettings.linearSolverType")
        self.dense = st in (LinearSolverType.EXUdense, LinearSolverType.EigenDense)
        self.least_squares = ignore_singular and st == LinearSolverType.EigenDense
        # least-squares residuals up to this are accepted (Newton's absolute tolerance: set by
        # the solver that owns the Newton iteration)
        self.absolute_tolerance = 0.0
        self._lu = None
        self._lstsq_matrix = self._reduced = None
        self._triangular = None
        self._klu = None                # numeric KLU factorization of the current matrix
        self._klu_pattern = None        # KLU symbolic analysis of the sparsity pattern
        self._use_klu = None            # None: not decided yet for this pattern
        self._pattern = None            # (indptr, indices) the decision was made for
        self._compiled = None           # compiled_factors() of the current factorization
        self._dense_lu = False          # factors of kernels/linalg.py dense_lu_factors (n <= DENSE_COMPILED_MAX)
        self._sparse = None             # the current sparse factors as compiled_factors() arrays (solves use them)
        self._refactor = None           # (factors, pattern) that the next factorization may refactorize
        self._refactor_off = False      # the pattern's factors do not hold a refactorization (refactor_pattern_fits)
        self._backend = None            # 'KLU' or 'SuperLU': the last full sparse factorization
        self.refactorizations = 0       # sparse factorizations done by lu_refactor (statistics)
        self.remember_choice = bool(remember_choice)
        # LDL^T of this pattern: None not tried yet, False not symmetric (or it failed), else the
        # symbolic data (sparse_lu.ldl_layout) and the positions of the ordering
        self._ldl_allowed = USE_LDL if ldl is None else bool(ldl)
        self._ldl = None if self._ldl_allowed else False
        # the pattern pruned of the entries that were zero (_factorize_pruned): None not tried yet
        # for this pattern, False not pruned, else the entries its factors hold (a mask of J.data)
        self._prune = None

    def factorize(self, J, single_use=False):
        """Factorize J (dense or sparse). ``single_use``: no other matrix of J's pattern follows
        (the initial accelerations' matrix): a sparse J is factorized without its explicitly
        stored zeros (``_factorize_single_use``)."""
        self._compiled = None
        self._lu = None
        self._lstsq_matrix = self._reduced = None
        self._triangular = None
        self._klu = None
        self._dense_lu = False
        self._sparse = None
        if self.least_squares:
            self._lstsq_matrix = np.ascontiguousarray(J if isinstance(J, np.ndarray) else J.toarray(), dtype=float)
            self._reduced = self._factorize_least_squares(self._lstsq_matrix)
            return
        if self.dense:
            self._factorize_dense(J if isinstance(J, np.ndarray) else J.toarray(), single_use)
        elif isinstance(J, np.ndarray):      # a small system of a sparse solver type (wants_dense)
            try:
                self._factorize_dense(J, single_use)
            except SingularJacobian:
                # the sparse LU finds and names the causing equation as for a larger system
                self._lu = self._triangular = None
                self._factorize_sparse(sp.csc_matrix(J))
        elif single_use:
            self._factorize_single_use(J.tocsc())
        else:
            self._factorize_sparse(J.tocsc())

    def _factorize_single_use(self, J):
        """SuperLU of J without its explicitly stored zeros, columns ordered by COLAMD. A Newton
        matrix's pattern keeps every entry that any step may fill; at the initial accelerations
        the stiffness and damping blocks are zero, and the ordering would work on all of them
        (mass-point grid n = 3168: 79812 stored, 3264 nonzero; 10.3 -> 0.3 ms; chain of 1024
        rigid bodies 9.5 -> 6.3 ms, fill alike). COLAMD, since the pruned matrix has zeros on its
        diagonal (the constraint rows), where minimum degree on A^T + A, which assumes diagonal
        pivots, gave 10-60x the fill (the planar pendulum's 1.6 million entries)."""
        J = J.copy()
        J.eliminate_zeros()
        self._superlu(J, permc_spec="COLAMD")
        self._backend = "SuperLU"

    def wants_dense(self, n):
        """True if the Newton matrix of size n is to be assembled dense for ``factorize``."""
        return self.dense or n <= SPARSE_AS_DENSE_MAX

    def _factorize_dense(self, Jd, single_use=False):
        """LU of a dense J: the Numba LU that the engine refactorizes with (n <= DENSE_COMPILED_MAX),
        else, or for a matrix factorized once (``single_use``: no kernel to load for it), LAPACK's."""
        if not np.all(np.isfinite(Jd)):
            raise SingularJacobian(-1, "Jacobian contains NaN or Inf")
        n = Jd.shape[0]
        if 0 < n <= DENSE_COMPILED_MAX and not single_use:
            # a Numba LU (kernels/linalg.py): the engine refactorizes with the same kernel into
            # these arrays, so both give the same factors to the last bit
            factors = empty_dense_factors(n)
            perm = np.empty(n, dtype=np.int64)
            bad = linalg.dense_lu_factors(np.array(Jd, dtype=float, order="C"), factors[2], factors[5],
                                          factors[7], perm, SINGULAR_PIVOT)
            if bad >= 0:
                raise SingularJacobian(int(perm[bad]))
            self.accept_dense_factors(factors)
            return
        with warnings.catch_warnings(), one_blas_thread():
            warnings.simplefilter("ignore")
            lu, piv = sla.lu_factor(Jd, check_finite=False)
        d = np.abs(np.diag(lu))
        scale = max(np.abs(Jd).max(), 1.0) if Jd.size else 1.0
        bad = np.nonzero(d <= scale * SINGULAR_PIVOT)[0]
        if bad.size:
            raise SingularJacobian(pivot_row(piv, int(bad[0])))
        self._lu = (lu, piv)
        if 0 < lu.shape[0] <= DENSE_TRIANGULAR_MAX and not single_use:
            self._triangular = dense_triangular(lu, piv)

    def _factorize_sparse(self, J):
        if self._pattern is not None and not same_pattern(J, self._pattern):
            self._klu_pattern = None
            self._use_klu = None
            self._refactor = None
            self._refactor_off = False
            self._pattern = None
            self._ldl = None if self._ldl_allowed else False
            self._prune = None
        if self._refactor is not None and self._refactorize(J):
            return
        if self._ldl is not False and self._factorize_ldl(J):
            return
        if self._prune is not False and self._factorize_pruned(J):
            return
        if self._use_klu and self._klu_pattern_of(J) is not None:
            try:
                self._klu = self._klu_pattern.factorize(J)
                self._backend = "KLU"
                self._adopt_sparse(J)
                return
            except SingularJacobian:
                pass        # SuperLU below finds and names the zero pivot
        first = self._use_klu is None
        # the choice of an earlier run's trial for this very matrix (lu_choice.py): the factors the
        # trial would keep, without the other library's factorization
        choice = lu_choice.lookup(J) if first and self.remember_choice and _klu is not None else None
        if choice == "KLU" and self._klu_pattern_of(J) is not None:
            try:
                numeric = self._klu_pattern.factorize(J)
            except SingularJacobian:
                numeric = None
            if numeric is not None:
                self._pattern = (J.indptr.copy(), J.indices.copy())
                self._use_klu = True
                self._lu, self._triangular, self._klu = None, None, numeric[:2]
                self._backend = "KLU"
                self._adopt_sparse(J)
                return
        self._superlu(J)
        self._backend = "SuperLU"
        if first:
            self._pattern = (J.indptr.copy(), J.indices.copy())
            fill = self._factor_nnz / max(J.nnz, 1)
            self._use_klu = _klu is not None and J.shape[0] > 0 and choice != "SuperLU"
            if self._use_klu and fill >= KLU_MAX_FILL_RATIO and self._klu_pattern_of(J) is not None:
                # much fill: KLU where its factors are no larger (a decision by the pattern and the
                # pivots, not by a clock, so that a run gives the same numbers every time)
                try:
                    numeric = self._klu_pattern.factorize(J)
                except SingularJacobian:
                    numeric = None
                self._use_klu = numeric is not None and numeric[2] <= self._factor_nnz
                if self._use_klu:
                    self._lu, self._triangular, self._klu = None, None, numeric[:2]
                    self._backend = "KLU"
                if self.remember_choice:
                    lu_choice.remember(J, self._backend)
        self._adopt_sparse(J)

    def _factorize_ldl(self, J):
        """P J P^T = L D L^T where J is symmetric up to round-off (sparse_lu.LDL_SYMMETRY_RTOL):
        half the operations of an LU and half the factors (planar truss n = 8256: refactorization 18
        against 30-40 ms, solve 0.73-0.79 against 1.1-2.2 ms, first factorization with the
        analysis 43 against 137-149 ms). No pivoting: the ordering is AMD's on
        J's pattern with each row of a zero diagonal (a constraint's) moved behind the last row it
        couples to, and a factorization whose L grows beyond 1 / REFACTOR_PIVOT_TOL or meets a
        pivot at round-off level is refused: the LU (which names a singular equation) takes the
        pattern from then on. Later matrices of the pattern are refactorized by lu_refactor (the
        same kernel, also in the engine). True if J is factorized so."""
        if self._ldl is None:
            self._pattern = (J.indptr.copy(), J.indices.copy())
            self._ldl = ldl_symbolic(J)
            if self._ldl is False:
                return False
        sym, pos = self._ldl
        status, Lp, Li, Lx, D = sparse_lu.ldl_factorize(sym, np.ascontiguousarray(J.data, dtype=float),
                                                        REFACTOR_PIVOT_TOL, SINGULAR_PIVOT)
        if status != 1:
            self._ldl = False
            return False
        f = (Lp, Li, Lx, _EMPTY_I, sym, D, _EMPTY_I, pos, pos, _EMPTY_F)
        self._lu = self._klu = self._triangular = None
        self._sparse = self._compiled = f
        self._refactor = (f, (J.indptr, J.indices))
        self._backend = "LDL"
        return True

    def _factorize_pruned(self, J):
        """The LU of J without the entries of its pattern that are zero (in this matrix and, for
        a pattern pruned before, in every earlier one; PRUNE_MIN_ZEROS): AMD's order and SuperLU's
        row pivots for the matrix without them, the pattern of the factors of that order
        (``filled_pattern``), filled by lu_refactor. These factors carry the mark of a pruned
        pattern (U_diag of n + 1 entries): lu_refactor, here and in the compiled step loop,
        refuses a later matrix with a nonzero entry outside them (status 2), and the full
        factorization that follows keeps that entry too. False where the pattern is not pruned
        (too few zeros, or a factorization that does not hold: the other paths take the pattern
        from then on, and name a singular equation)."""
        data = J.data
        nonzero = data != 0.0
        n = J.shape[0]
        if self._prune is None:
            self._pattern = (J.indptr.copy(), J.indices.copy())
            if (_amd is None or n == 0 or nonzero.sum() > (1.0 - PRUNE_MIN_ZEROS) * J.nnz
                    or not np.all(np.isfinite(data))):
                self._prune = False
                return False
            keep = nonzero
        else:
            keep = self._prune | nonzero
        cols = column_of_entries(J.indptr)[keep]
        Ap = np.zeros(n + 1, dtype=J.indptr.dtype)
        np.cumsum(np.bincount(cols, minlength=n), out=Ap[1:])
        Ai = np.ascontiguousarray(J.indices[keep])
        rows = Ai.astype(np.int64)
        try:
            # AMD on the pattern of P + P^T, then SuperLU in that order with KLU's preference for
            # the diagonal pivot (SuperLU's own orderings of P gave 1.1-10x the fill)
            low = np.maximum(rows, cols), np.minimum(rows, cols)
            order = np.asarray(_amd.order(kvxopt_pattern(n, *low), "L"), dtype=np.int64).ravel()
            pos = np.empty(n, dtype=np.int64)
            pos[order] = np.arange(n)
            lu = spla.splu(sp.csc_matrix((data[keep], (pos[rows], pos[cols])), shape=(n, n)), permc_spec="NATURAL",
                           diag_pivot_thresh=PRUNED_PIVOT_THRESHOLD, options=dict(SymmetricMode=True))
        except (RuntimeError, ValueError, TypeError, ArithmeticError):
            self._prune = False          # singular: the other paths name the equation
            return False
        # P's row r is row pos[r] of the ordered matrix, whose row i SuperLU puts in position
        # perm_r[i] (columns alike)
        perm_r, perm_c = lu.perm_r.astype(np.int64)[pos], lu.perm_c.astype(np.int64)[pos]
        # the pattern of the factors: SuperLU's, which leaves out entries that cancel to zero in
        # this matrix (in the 3D slider-crank also for any values: a structure of its joints),
        # closed under the updates of the elimination
        F = filled_pattern(sp.csc_matrix((np.ones(rows.shape[0]), (perm_r[rows], perm_c[cols])), shape=(n, n))
                            + abs(lu.L) + abs(lu.U))
        del lu
        L, U = sp.tril(F, format="csc"), sp.triu(F, format="csc")
        L.sort_indices()
        U.sort_indices()
        Lp, Li, Up, Ui = (np.asarray(a, dtype=np.int64) for a in (L.indptr, L.indices, U.indptr, U.indices))
        Ux = np.zeros(Ui.shape[0])
        fits, diag = sparse_lu.prepare_refactor(Ap, Ai, Lp, Li, Up, Ui, Ux, perm_r, perm_c)
        if not fits:                      # pragma: no cover - the symbolic factors hold every update
            self._prune = False
            return False
        f = factor_arrays(Lp, Li, np.zeros(Li.shape[0]), Up, Ui, Ux, np.append(diag, 1), perm_r, perm_c,
                           _EMPTY_F)
        status = sparse_lu.lu_refactor(J.indptr, J.indices, np.ascontiguousarray(data, dtype=float), *f,
                                       REFACTOR_PIVOT_TOL, SINGULAR_PIVOT)
        if status != 1:
            self._prune = False
            return False
        self._prune = keep
        self._lu = self._klu = self._triangular = None
        self._sparse = self._compiled = f
        self._refactor = (f, (J.indptr, J.indices))
        self._factor_nnz = Li.shape[0] + Ui.shape[0]
        self._backend = "SuperLU"
        return True

    def _klu_pattern_of(self, J):
        """KLU's symbolic analysis of J's pattern, made at its first use (10-12 ms at n = 10^4: the
        first factorization of a pattern whose SuperLU factors are kept, and then refactorized,
        never needs it); None where kvxopt cannot take the pattern (KLU is then off for it)."""
        if self._klu_pattern is None:
            try:
                self._klu_pattern = KLUPattern(J)
            except ValueError:                      # pragma: no cover - kvxopt changed the pattern
                self._use_klu = False
        return self._klu_pattern

    def _adopt_sparse(self, J):
        """After a full sparse factorization: its factors as compiled_factors() arrays, which the
        solves use from now on (the same operations as before) and which the next factorization of
        this pattern refactorizes in place (where the columns of U are sorted)."""
        self._refactor = None
        f = self.compiled_factors()
        if f is None:
            return
        self._sparse = f
        self._lu = self._klu = self._triangular = None
        Up, Ui = f[3], f[4]
        # (SuperLU's factors of the first matrix of a pattern for which KLU was then chosen are not
        # refactorized: the next factorization is KLU's)
        if not self._refactor_off and Up.shape[0] > 1 and self._backend == ("KLU" if self._use_klu else "SuperLU"):
            # KLU leaves the rows of a column of U unsorted (its diagonal last): sorted in place for
            # lu_refactor's column order (a solve sums the same products either way)
            fits, diag = sparse_lu.prepare_refactor(J.indptr, J.indices, f[0], f[1], Up, Ui, f[5], f[7], f[8])
            f = self._sparse = self._compiled = f[:6] + (diag,) + f[7:]
            if fits:
                self._refactor = (f, (J.indptr, J.indices))
            else:
                self._refactor_off = True

    def _refactorize(self, J):
        """lu_refactor of J into the factors of the last full factorization (same pattern); False
        where it does not hold (a full factorization follows)."""
        f, (indptr, indices) = self._refactor
        if not (J.indptr is indptr and J.indices is indices) and not (
                np.array_equal(J.indptr, indptr) and np.array_equal(J.indices, indices)):
            self._refactor = None
            return False
        status = sparse_lu.lu_refactor(J.indptr, J.indices, np.ascontiguousarray(J.data, dtype=float), *f,
                                       REFACTOR_PIVOT_TOL, SINGULAR_PIVOT)
        if status == 1:
            self.accept_refactored()
            return True
        self._refactor = None        # its values are undefined now
        if f[3].shape[0] == 0:
            self._ldl = False        # LDL^T refused this matrix: the LU from now on
        return False

    def accept_refactored(self):
        """The factors of the last full sparse factorization, refactorized in place (by
        ``_refactorize`` or the compiled step loop), as the current factorization."""
        f = self._refactor[0]
        self._lu = self._lstsq_matrix = self._reduced = self._klu = self._triangular = None
        self._dense_lu = False
        self._sparse = self._compiled = f
        self.refactorizations += 1

    def _superlu(self, J, permc_spec="MMD_AT_PLUS_A"):
        try:
            # the Newton matrix is structurally symmetric (C and C^T blocks, symmetric element
            # blocks): minimum degree on A^T + A gives less fill than COLAMD (measured on the
            # 32x32 mass-point grid, n = 3168: factor 17 -> 9 ms, solve 0.46 -> 0.27 ms)
            lu = spla.splu(J, permc_spec=permc_spec)
        except RuntimeError as exc:
            raise SingularJacobian(-1, str(exc)) from None
        # the factors are copied out once (SciPy makes L and U together), for the pivot test and
        # for the triangular solves in a Numba loop, 2.5-4x faster than SuperLU's supernodal solve
        # on these matrices (slider-cranks n = 12288: 492 -> 143 us; chain n = 4096: 217 -> 54 us)
        L, U = lu.L, lu.U
        self._factor_nnz = L.nnz + U.nnz
        # int64 indices, as those of KLU: one compiled signature of the kernels (each signature
        # is loaded from Numba's cache on its own, 3-5 ms at the first solve of a process)
        Lp, Li, Up, Ui, perm_r, perm_c = (np.asarray(a, dtype=np.int64) for a in (
            L.indptr, L.indices, U.indptr, U.indices, lu.perm_r, lu.perm_c))
        diag = diagonal_positions(Up, Ui)
        d = np.abs(U.data[diag]) if diag.size and diag.min() >= 0 else np.abs(U.diagonal())
        # (the largest |entry| from the stored values; abs(J).max() made a copy of the matrix first)
        scale = max(float(np.abs(J.data).max()), 1.0) if J.nnz else 1.0
        bad = np.nonzero(d <= scale * SINGULAR_PIVOT)[0]
        if bad.size:
            raise SingularJacobian(int(lu.perm_c[bad[0]]))
        self._lu = lu
        if diag.size and diag.min() < 0:
            self._triangular = ()
        else:
            self._triangular = (Lp, Li, L.data, Up, Ui, U.data, diag, perm_r, perm_c)

    def solve(self, r):
        if self._lstsq_matrix is not None:
            # a singular J (ignoreSingularJacobian): the solution of its full-pivot LU that is zero
            # in the non-pivot columns, as Exudyn's (kernels/linalg.py); an inconsistent system is
            # reported
            J, rn = self._lstsq_matrix, float(np.linalg.norm(r))
            x = np.zeros(J.shape[0])
            r = np.ascontiguousarray(r, dtype=float)
            if self._reduced is None:
                raise InconsistentSystem(float("nan"), rn)
            LU, _, index, work = self._reduced
            if not linalg.full_pivot_solve(J, LU, index, r, x, work, self.absolute_tolerance):
                raise InconsistentSystem(float(np.linalg.norm(J @ x - r)), rn)
            return x
        if self._sparse is not None:
            f = self._sparse
            x = np.empty(r.shape[0])
            b = np.ascontiguousarray(r, dtype=float)
            sparse_lu.lu_solve(*f[:9], b * f[9] if f[9].shape[0] else b, x, np.empty(r.shape[0]))
            return x
        if self._klu is not None:
            return self._klu_pattern.solve(self._klu, r)
        if self._triangular:
            x = np.empty(r.shape[0])
            sparse_lu.lu_solve(*self._triangular, np.ascontiguousarray(r, dtype=float), x, np.empty(r.shape[0]))
            return x
        if isinstance(self._lu, tuple):
            return sla.lu_solve(self._lu, r, check_finite=False)
        return self._lu.solve(r)

    def solve_once(self, r):
        """``solve`` for a factorization used once: LAPACK's or SuperLU's own triangular solve
        where they made the factors (no compiled solve to load from the cache for one call)."""
        if isinstance(self._lu, tuple) and self._lstsq_matrix is None:
            return sla.lu_solve(self._lu, r, check_finite=False)
        if self._lu is not None and self._klu is None and self._lstsq_matrix is None:
            return self._lu.solve(np.asarray(r, dtype=float))
        return self.solve(r)

    def least_squares_arrays(self):
        """(LU, J, index, work) of the current full-pivot factorization of a singular J for the engine
        (kernels/linalg.py full_pivot_lu and full_pivot_solve: its later matrices are factorized and
        solved there), or None where there is none (J with NaN or Inf)."""
        return self._reduced

    def _factorize_least_squares(self, J):
        """The full-pivot LU of J (kernels/linalg.py full_pivot_lu); None where J has NaN or Inf or
        rank 0."""
        n = J.shape[0]
        if n == 0 or J.shape[1] != n:
            return None
        LU, index, work = np.empty((n, n)), np.empty(2 * n + 1, dtype=np.int64), np.empty(n)
        if not linalg.full_pivot_lu(J, LU, index):
            return None
        return LU, J, index, work

    def compiled_factors(self):
        """The current sparse factorization as arrays for kernels/linalg.py ``solve_factored``:
        (L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, scale), made once per
        factorization; None where the solve stays in Python: the dense LU (LAPACK's
        triangular solves round differently from a loop, and the results are meant to be the
        same to the last bit on both paths), least squares, KLU with off-diagonal blocks,
        SuperLU factors without a full diagonal."""
        if self._compiled is not None:
            return self._compiled or None
        out = False
        if self._lstsq_matrix is not None:
            pass
        elif self._klu is not None:
            tri = self._klu[1]
            if tri is not None:
                (Lp, Li, Lx, Up, Ui, Ux, diag, pr, pc), scale = tri
                out = factor_arrays(Lp, Li, Lx, Up, Ui, Ux, diag, pr, pc, scale)
        elif self._triangular:
            out = factor_arrays(*self._triangular, _EMPTY_F)
        self._compiled = out
        return out or None

    @property
    def factorized(self):
        return (self._lu is not None or self._lstsq_matrix is not None or self._klu is not None
                or self._dense_lu or self._sparse is not None)

    def new_dense_factors(self, n):
        """Empty factors of size n for the engine's dense LU to fill (its first factorization of the
        Newton matrix, no Python kernel to load), or None where this solver does not factorize n
        dense with that kernel; ``accept_dense_factors`` makes them the current factorization."""
        if self.least_squares or not (0 < n <= DENSE_COMPILED_MAX) or not self.wants_dense(n):
            return None
        return empty_dense_factors(n)

    def accept_dense_factors(self, factors):
        """Dense factors (factors.empty_dense_factors) filled by the compiled LU, as the factorization."""
        self._lu = self._lstsq_matrix = self._reduced = self._klu = self._sparse = None
        self._dense_lu = True
        self._triangular = factors[:9]
        self._compiled = factors

    @property
    def refactorizable(self):
        """'dense' if the current factors are those of the Numba dense LU, 'sparse' if they are sparse
        factors that lu_refactor may refactorize (the last full factorization's, or refactorized),
        'least-squares' for the least-squares operator: the engine may then replace them in place
        with those of a new matrix (engine/linear.py ``refactor``); else None."""
        if self._lstsq_matrix is not None:
            return "least-squares" if self._reduced is not None else None
        if self._dense_lu:
            return "dense"
        if self._refactor is not None and self._sparse is self._refactor[0]:
            return "sparse"
        return None

    @property
    def backend(self):
        """'dense', 'least-squares', 'KLU', 'SuperLU' or 'LDL' (of the last factorization)."""
        if self.least_squares:
            return "least-squares"
        if self.dense or isinstance(self._lu, tuple) or self._dense_lu:
            return "dense"
        return self._backend or "SuperLU"
