"""The linear solvers: SuperLU with its own triangular solves, KLU for patterns with little fill,
the choice between them, dense LU with triangular factors (also for small sparse systems), and
singular pivots on each path."""
import os

import numpy as np
import pytest
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from multibody.enums import LinearSolverType
from multibody.kernels import linalg as kfused
from multibody.kernels import sparse_lu
from multibody.solvers import factors, linear
from multibody.solvers.factors import dense_triangular as _dense_triangular
from multibody.solvers.linear import (KLU_MAX_FILL_RATIO, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT, SPARSE_AS_DENSE_MAX,
                                      LinearSolver, SingularJacobian)


def saddle_point_matrix(n, m, seed, density=0.05):
    """[[K, C^T], [C, 0]] with a sparse SPD K and a sparse full-rank C: zero diagonal in the
    constraint block, so that the factorization must pivot off the diagonal."""
    rng = np.random.default_rng(seed)
    B = sp.random(n, n, density=density, random_state=rng)
    K = B @ B.T + sp.eye(n) * 2.0
    C = sp.random(m, n, density=0.1, random_state=rng) + sp.eye(m, n)
    return sp.bmat([[K, C.T], [C, None]]).tocsc()


def chain_matrix(n_links, seed, singular_link=None):
    """Newton matrix of a chain of 3-coordinate links with 2 constraints between neighbours
    (banded saddle point, little fill); ``singular_link``: that link's constraints doubled."""
    rng = np.random.default_rng(seed)
    n = 3 * n_links
    K = sp.lil_matrix((n, n))
    for i in range(n_links):
        A = rng.standard_normal((3, 3))
        K[3 * i:3 * i + 3, 3 * i:3 * i + 3] = A @ A.T + 3 * np.eye(3)
    C = sp.lil_matrix((2 * n_links, n))
    for i in range(n_links):
        C[2 * i:2 * i + 2, 3 * i:3 * i + 3] = rng.standard_normal((2, 3))
        if i:
            C[2 * i:2 * i + 2, 3 * i - 3:3 * i] = rng.standard_normal((2, 3))
    if singular_link is not None:
        k = 2 * singular_link
        C[k + 1] = C[k]
    return sp.bmat([[K.tocsr(), C.T.tocsr()], [C.tocsr(), sp.csr_matrix((2 * n_links, 2 * n_links))]]).tocsc()


def fill_ratio(J):
    lu = spla.splu(J, permc_spec="MMD_AT_PLUS_A")
    return (lu.L.nnz + lu.U.nnz) / J.nnz


def test_superlu_own_triangular_solves():
    J = saddle_point_matrix(120, 40, seed=1)
    assert fill_ratio(J) > KLU_MAX_FILL_RATIO
    reference = spla.splu(J, permc_spec="MMD_AT_PLUS_A")
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    rng = np.random.default_rng(2)
    for _ in range(2):
        solver.factorize(J)
        assert solver.backend == "SuperLU" and solver.compiled_factors() is not None
        r = rng.standard_normal(J.shape[0])
        x = solver.solve(r)
        np.testing.assert_allclose(x, reference.solve(r), rtol=1e-10, atol=1e-12)


def test_klu_for_a_chain_after_the_first_factorization():
    J = chain_matrix(200, seed=3)
    assert fill_ratio(J) < KLU_MAX_FILL_RATIO
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(J)
    assert solver.backend == "SuperLU"          # the first one measures the fill
    rng = np.random.default_rng(4)
    for k in range(3):
        J.data *= 1.0 + 0.01 * k                 # new values, same pattern
        solver.factorize(J)
        assert solver.backend == "KLU"
        r = rng.standard_normal(J.shape[0])
        x = solver.solve(r)
        assert np.linalg.norm(J @ x - r) < 1e-12 * np.linalg.norm(r) * abs(J).max()


def klu_factor_nnz(J):
    return factors.KLUPattern(J).factorize(J)[2]


@pytest.mark.parametrize('args, backend', [((100, 30, 7), "KLU"), ((120, 40, 1), "SuperLU")])
def test_much_fill_klu_where_its_factors_are_smaller(args, backend):
    """Above KLU_MAX_FILL_RATIO the first factorization also tries KLU and keeps it where its
    factors have no more entries than SuperLU's (a planar truss: 8-10 % fewer, and faster)."""
    J = saddle_point_matrix(*args)
    lu = spla.splu(J, permc_spec="MMD_AT_PLUS_A")
    assert (lu.L.nnz + lu.U.nnz) / J.nnz > KLU_MAX_FILL_RATIO
    assert (klu_factor_nnz(J) <= lu.L.nnz + lu.U.nnz) == (backend == "KLU")
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    rng = np.random.default_rng(9)
    for k in range(3):
        J.data *= 1.0 + 0.01 * k
        solver.factorize(J)
        assert solver.backend == backend            # from the first factorization on
        r = rng.standard_normal(J.shape[0])
        x = solver.solve(r)
        assert np.linalg.norm(J @ x - r) < 1e-11 * np.linalg.norm(r) * abs(J).max()


def test_singular_matrix_on_the_klu_path_is_reported_as_by_superlu():
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(chain_matrix(50, seed=5))
    solver.factorize(chain_matrix(50, seed=5))
    assert solver.backend == "KLU"
    J = chain_matrix(50, seed=5, singular_link=20)
    with pytest.raises(SingularJacobian) as info:
        solver.factorize(J)
    with pytest.raises(SingularJacobian) as first:
        LinearSolver(LinearSolverType.EigenSparse).factorize(J)
    assert info.value.row == first.value.row    # the same diagnosis as on a first factorization
    assert not solver.factorized


def test_new_pattern_decides_again():
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    chain = chain_matrix(100, seed=6)
    solver.factorize(chain)
    solver.factorize(chain)
    assert solver.backend == "KLU"
    dense_fill = saddle_point_matrix(120, 40, seed=1)
    solver.factorize(dense_fill)
    solver.factorize(dense_fill)
    assert solver.backend == "SuperLU"
    r = np.ones(dense_fill.shape[0])
    np.testing.assert_allclose(dense_fill @ solver.solve(r), r, atol=1e-10)
    other_chain = chain_matrix(80, seed=8)
    solver.factorize(other_chain)
    solver.factorize(other_chain)
    assert solver.backend == "KLU"


@pytest.mark.parametrize('solver_type', [LinearSolverType.EXUdense, LinearSolverType.EigenSparse])
@pytest.mark.parametrize('n_links', [1, 4, 12])
def test_dense_lu_with_triangular_factors(solver_type, n_links):
    """Dense LU factors (dense solver types, and sparse ones for systems of at most
    SPARSE_AS_DENSE_MAX equations, which are assembled dense) are kept as CSC triangular factors
    for the compiled solve; the solution is LAPACK's to round-off."""
    J = chain_matrix(n_links, seed=8).toarray()
    n = J.shape[0]
    solver = LinearSolver(solver_type)
    assert solver.wants_dense(n) == (solver_type == LinearSolverType.EXUdense or n <= SPARSE_AS_DENSE_MAX)
    solver.factorize(J if solver.wants_dense(n) else sp.csc_matrix(J))
    r = np.random.default_rng(9).standard_normal(n)
    x = solver.solve(r)
    np.testing.assert_allclose(x, np.linalg.solve(J, r), rtol=1e-11, atol=1e-13 * np.abs(x).max())
    if solver.wants_dense(n):
        assert solver.backend == "dense" and solver.compiled_factors() is not None
        np.testing.assert_allclose(solver.solve_once(r), x, rtol=1e-12, atol=1e-14 * np.abs(x).max())


def test_dense_triangular_factors_follow_the_row_interchanges():
    """P A = L U with LAPACK's sequential interchanges: the triangular solve reproduces A^-1 b
    for matrices that need pivoting in every column."""
    rng = np.random.default_rng(10)
    for n in (1, 2, 3, 7, 30):
        A = rng.standard_normal((n, n)) + np.diag(np.full(n, 1e-3))
        A = A[::-1].copy()                         # pivots far from the diagonal
        b = rng.standard_normal(n)
        lu, piv = sla.lu_factor(A)
        x, work = np.empty(n), np.empty(n)
        sparse_lu.lu_solve(*_dense_triangular(lu, piv), b, x, work)
        np.testing.assert_allclose(x, sla.lu_solve((lu, piv), b), rtol=1e-10, atol=1e-12)


def test_small_sparse_system_with_a_singular_jacobian_names_the_equation_as_the_sparse_lu():
    """A sparse solver type factorizes a small system dense, but a singular one is diagnosed by
    the sparse LU, as a large one (same causing row as before)."""
    J = chain_matrix(5, seed=11, singular_link=2)
    assert J.shape[0] <= SPARSE_AS_DENSE_MAX
    with pytest.raises(SingularJacobian) as dense_first:
        LinearSolver(LinearSolverType.EigenSparse).factorize(J.toarray())
    with pytest.raises(SingularJacobian) as sparse:
        LinearSolver(LinearSolverType.EigenSparse).factorize(J)
    assert dense_first.value.row == sparse.value.row and str(dense_first.value) == str(sparse.value)


@pytest.mark.parametrize('matrix, backend', [(lambda: chain_matrix(150, seed=11), "KLU"),
                                             (lambda: saddle_point_matrix(120, 40, seed=1), "SuperLU")])
def test_same_pattern_is_refactorized_with_the_old_pivot_order(matrix, backend):
    """The second factorization of a pattern reuses the pivot order and the factors' sparsity of
    the first (lu_refactor, in place): the solutions as accurate as those of a full factorization,
    for KLU's scaled and SuperLU's unscaled factors."""
    J = matrix()
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    rng = np.random.default_rng(12)
    for k in range(4):
        J.data = J.data * (1.0 + 0.02 * rng.standard_normal(J.nnz))   # new values, same pattern
        solver.factorize(J)
        assert solver.backend == (backend if k else "SuperLU")     # (the first one measures the fill)
        assert solver.refactorizations == max(0, k - (1 if backend == "KLU" else 0))
        assert solver.refactorizable == (None if backend == "KLU" and k == 0 else "sparse")
        r = rng.standard_normal(J.shape[0])
        x = solver.solve(r)
        assert np.linalg.norm(J @ x - r) < 1e-11 * np.linalg.norm(r) * abs(J).max()
        np.testing.assert_allclose(x, spla.spsolve(J, r), rtol=1e-8, atol=1e-10)
        assert solver.compiled_factors() is not None


def test_refactorization_with_a_bad_pivot_falls_back_to_a_full_factorization():
    """A matrix whose old pivot has become (nearly) zero: lu_refactor declines, the full
    factorization pivots anew; a singular matrix is still reported with its row."""
    J = chain_matrix(40, seed=13)
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(J)
    solver.factorize(J)
    f = [a.copy() for a in solver.compiled_factors()]
    L_ptr, L_ind, perm_r, perm_c = f[0], f[1], f[7], f[8]
    # the first pivot position k with entries below it in L, and its entry (i, j) of J
    k = next(k for k in range(J.shape[0]) if np.any(L_ind[L_ptr[k]:L_ptr[k + 1]] > k))
    i, j = int(np.nonzero(perm_r == k)[0][0]), int(np.nonzero(perm_c == k)[0][0])
    J2 = J.tolil()
    J2[i, j] = J[i, j] * 1e-12              # the old pivot is now tiny against its column
    J2 = J2.tocsc()
    assert J2.nnz == J.nnz
    before = solver.refactorizations
    solver.factorize(J2)
    assert solver.refactorizations == before          # a full factorization
    r = np.ones(J.shape[0])
    assert np.linalg.norm(J2 @ solver.solve(r) - r) < 1e-9
    status = sparse_lu.lu_refactor(J2.indptr, J2.indices, J2.data, *f, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT)
    assert status == 0
    singular = chain_matrix(40, seed=13, singular_link=7)
    with pytest.raises(SingularJacobian) as info:
        solver.factorize(singular)
    with pytest.raises(SingularJacobian) as first:
        LinearSolver(LinearSolverType.EigenSparse).factorize(singular)
    assert info.value.row == first.value.row


def test_refactorization_reports_an_entry_outside_the_factors():
    """An entry of A outside the pattern of the factors (here: factors of a sparser matrix) does
    not fit (refactor_pattern_fits), and the values of a refactorization equal a fresh
    factorization's for the same matrix."""
    J = chain_matrix(30, seed=14)
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(J)
    solver.factorize(J)           # KLU's full factorization (the first one, SuperLU's, measured the fill)
    assert solver.backend == "KLU" and solver.refactorizations == 0
    f = [a.copy() for a in solver.compiled_factors()]
    Lx, Ux = f[2].copy(), f[5].copy()
    assert sparse_lu.lu_refactor(J.indptr, J.indices, J.data, *f, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT) == 1
    np.testing.assert_allclose(f[2], Lx, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(f[5], Ux, rtol=1e-12, atol=1e-14)
    fits = [f[0], f[1], f[3], f[4], f[6], f[7], f[8]]
    assert sparse_lu.refactor_pattern_fits(J.indptr, J.indices, *fits)
    dense = sp.csc_matrix(J.toarray() + 1e-3)
    assert not sparse_lu.refactor_pattern_fits(dense.indptr, dense.indices, *fits)
    L_above = f[1].copy()             # an entry of L above the diagonal (column k >= 1, row k - 1)
    cols = np.repeat(np.arange(J.shape[0]), np.diff(f[0]))
    p = np.nonzero((L_above > cols) & (cols >= 1))[0][0]
    L_above[p] = cols[p] - 1
    assert not sparse_lu.refactor_pattern_fits(J.indptr, J.indices, f[0], L_above, *fits[2:])


def test_refactorization_and_solve_with_the_diagonal_of_l_anywhere_in_its_column():
    """lu_refactor runs branch-free where each column of L stores its diagonal first
    (unit_diagonal_first); with a diagonal elsewhere in a column it gives the same numbers, and
    so do the solves with either layout."""
    J = chain_matrix(30, seed=15)
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(J)
    solver.factorize(J)
    f = [a.copy() for a in solver.compiled_factors()]
    assert sparse_lu.unit_diagonal_first(f[0], f[1])
    g = [a.copy() for a in f]
    k = int(np.nonzero(np.diff(g[0]) >= 2)[0][0])       # a column of L with an entry below its diagonal
    p0, p1 = g[0][k], g[0][k + 1] - 1
    g[1][[p0, p1]], g[2][[p0, p1]] = g[1][[p1, p0]], g[2][[p1, p0]]       # its diagonal last
    assert not sparse_lu.unit_diagonal_first(g[0], g[1])
    b = np.linspace(1., 2., J.shape[0])
    x, y, w = np.empty_like(b), np.empty_like(b), np.empty_like(b)
    kfused.solve_factored(*f, b, x, w)          # lu_solve with KLU's row scaling
    kfused.solve_factored(*g, b, y, w)
    np.testing.assert_array_equal(x, y)
    assert np.linalg.norm(J @ x - b) < 1e-10 * np.linalg.norm(b)
    J2 = J.copy()
    J2.data = J2.data * (1. + 0.1 * np.sin(np.arange(J2.nnz)))
    assert sparse_lu.lu_refactor(J2.indptr, J2.indices, J2.data, *f, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT) == 1
    assert sparse_lu.lu_refactor(J2.indptr, J2.indices, J2.data, *g, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT) == 1
    np.testing.assert_array_equal(f[5], g[5])
    g[1][[p0, p1]], g[2][[p0, p1]] = g[1][[p1, p0]], g[2][[p1, p0]]       # back in f's order
    np.testing.assert_array_equal(f[2], g[2])


def test_prepare_refactor_sorts_the_columns_of_u_and_checks_the_fit():
    """prepare_refactor = sort_columns where U's columns are unsorted, diagonal_positions and
    refactor_pattern_fits in one call."""
    J = chain_matrix(30, seed=16)
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(J)
    solver.factorize(J)
    f = [a.copy() for a in solver.compiled_factors()]
    Up, Ui, Ux = f[3], f[4].copy(), f[5].copy()
    k = int(np.nonzero(np.diff(Up) >= 3)[0][0])          # a column of U with two entries above its diagonal
    p = Up[k]
    Ui[[p, p + 1]], Ux[[p, p + 1]] = Ui[[p + 1, p]], Ux[[p + 1, p]]
    fits, diag = sparse_lu.prepare_refactor(J.indptr, J.indices, f[0], f[1], Up, Ui, Ux, f[7], f[8])
    assert fits
    np.testing.assert_array_equal(Ui, f[4])
    np.testing.assert_array_equal(Ux, f[5])
    np.testing.assert_array_equal(diag, f[6])
    dense = sp.csc_matrix(J.toarray() + 1e-3)
    assert not sparse_lu.prepare_refactor(dense.indptr, dense.indices, f[0], f[1], Up, Ui, Ux, f[7], f[8])[0]


def test_single_use_factorization_drops_the_stored_zeros(monkeypatch):
    """A matrix factorized once (the initial accelerations' [M C^T; C 0] in the Newton matrix's
    pattern, its stiffness entries stored as zeros): the same solution, the factors of the
    nonzero entries only (COLAMD on the pruned pattern), the caller's matrix untouched, and a
    singular matrix reported as before."""
    rng = np.random.default_rng(11)
    n_links = 300
    J = chain_matrix(n_links, seed=12)
    n = 3 * n_links
    coupling = sp.random(n, n, density=0.02, random_state=rng)
    pattern = (J + sp.bmat([[coupling + coupling.T, None], [None, sp.csr_matrix((2 * n_links, 2 * n_links))]])).tocsc()
    stored = pattern.copy()
    stored.sort_indices()
    rows = stored.indices
    cols = np.repeat(np.arange(stored.shape[1]), np.diff(stored.indptr))
    stored.data = J.toarray()[rows, cols]       # J's values in the larger pattern, zeros elsewhere
    assert stored.nnz > 2 * J.nnz
    before = stored.data.copy()
    r = rng.standard_normal(stored.shape[0])
    once = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    once.factorize(stored, single_use=True)
    x = once.solve(r)
    np.testing.assert_allclose(x, spla.spsolve(J.tocsc(), r), rtol=1e-9, atol=1e-12)
    full = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    monkeypatch.setattr(linear, "PRUNE_MIN_ZEROS", 2.0)       # the whole pattern, as KLU takes it
    full.factorize(stored)
    assert once._factor_nnz < full._factor_nnz
    np.testing.assert_array_equal(stored.data, before)
    assert stored.nnz == before.size
    with pytest.raises(SingularJacobian):
        LinearSolver(LinearSolverType.EigenSparse).factorize(chain_matrix(50, seed=5, singular_link=7),
                                                             single_use=True)


@pytest.mark.parametrize('args, backend', [((100, 30, 7), "KLU"), ((120, 40, 1), "SuperLU")])
def test_remembered_choice_skips_the_other_library_with_the_same_factors(args, backend, tmp_path, monkeypatch):
    """remember_choice: the trial's outcome is kept in the cache directory; a solver meeting the
    same matrix again factorizes it with the kept library only and solves to the same bits; a
    matrix with other values is tried again."""
    from multibody.solvers import linear, lu_choice
    monkeypatch.setenv("MULTIBODY_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(lu_choice, "_TABLES", {})
    calls = {"SuperLU": 0, "KLU": 0}
    splu, klu_factorize = linear.spla.splu, factors.KLUPattern.factorize

    def counting_splu(*a, **k):
        calls["SuperLU"] += 1
        return splu(*a, **k)

    def counting_klu(self, J):
        calls["KLU"] += 1
        return klu_factorize(self, J)
    monkeypatch.setattr(linear.spla, "splu", counting_splu)
    monkeypatch.setattr(factors.KLUPattern, "factorize", counting_klu)
    J = saddle_point_matrix(*args)
    r = np.random.default_rng(3).standard_normal(J.shape[0])

    def run():
        calls.update(SuperLU=0, KLU=0)
        solver = LinearSolver(LinearSolverType.EigenSparse, remember_choice=True, ldl=False)
        solver.factorize(J)
        return solver.backend, solver.solve(r), dict(calls)

    b1, x1, c1 = run()
    assert b1 == backend and c1 == {"SuperLU": 1, "KLU": 1}         # the trial
    assert os.path.exists(tmp_path / "lu-choices.json")
    monkeypatch.setattr(lu_choice, "_TABLES", {})                   # as a new process reads it
    b2, x2, c2 = run()
    assert b2 == backend and c2 == ({"SuperLU": 0, "KLU": 1} if backend == "KLU" else {"SuperLU": 1, "KLU": 0})
    assert x1.tobytes() == x2.tobytes()
    J.data *= 1.01                                                   # other values: tried again
    b3, _, c3 = run()
    assert b3 == backend and c3 == {"SuperLU": 1, "KLU": 1}
    # without remember_choice nothing is read or written
    calls.update(SuperLU=0, KLU=0)
    LinearSolver(LinearSolverType.EigenSparse, ldl=False).factorize(J)
    assert calls == {"SuperLU": 1, "KLU": 1}


def test_remembered_choices_are_bounded_and_a_broken_table_is_ignored(tmp_path, monkeypatch):
    from multibody.solvers import lu_choice
    monkeypatch.setenv("MULTIBODY_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(lu_choice, "_TABLES", {})
    monkeypatch.setattr(lu_choice, "MAX_ENTRIES", 3)
    mats = [chain_matrix(20 + k, seed=k) for k in range(5)]
    for k, J in enumerate(mats):
        lu_choice.remember(J, "KLU" if k % 2 else "SuperLU")
    monkeypatch.setattr(lu_choice, "_TABLES", {})
    assert [lu_choice.lookup(J) for J in mats] == [None, None, "SuperLU", "KLU", "SuperLU"]
    # a matrix of a size no remembered one has is not hashed
    monkeypatch.setattr(lu_choice, "digest", lambda J: pytest.fail("hashed"))
    assert lu_choice.lookup(chain_matrix(7, seed=1)) is None
    (tmp_path / "lu-choices.json").write_text("{not json")
    monkeypatch.setattr(lu_choice, "_TABLES", {})
    assert lu_choice.lookup(mats[4]) is None


# ---------------------------------------------------------------- L D L^T of symmetric matrices

def truss_like_matrix(nx, ny, seed):
    """The Newton matrix of a planar bar grid fixed at its left column: [[K, C^T], [C, 0]] with a
    symmetric positive definite stiffness K (bars along rows, columns and diagonals) and
    coordinate constraints C (one coordinate each), zero in the constraint block."""
    rng = np.random.default_rng(seed)
    node = {(i, j): k for k, (i, j) in enumerate((i, j) for i in range(nx) for j in range(ny))}
    n = 2 * len(node)
    K = sp.lil_matrix((n, n))
    for (i, j), a in node.items():
        for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
            b = node.get((i + di, j + dj))
            if b is None:
                continue
            e = np.array([di, dj], dtype=float) / np.hypot(di, dj)
            k = rng.uniform(0.5, 2.0) * np.outer(e, e)
            for p, q, sgn in ((a, a, 1), (b, b, 1), (a, b, -1), (b, a, -1)):
                K[2 * p:2 * p + 2, 2 * q:2 * q + 2] += sgn * k
    fixed = [2 * node[0, j] + c for j in range(ny) for c in range(2)]
    C = sp.csr_matrix((np.ones(len(fixed)), (np.arange(len(fixed)), fixed)), shape=(len(fixed), n))
    return sp.bmat([[K.tocsr(), C.T], [C, None]]).tocsc()


def test_symmetric_matrix_is_factorized_as_ldl_and_refactorized():
    """A symmetric saddle-point matrix: L D L^T (half the factor entries of the LU), the solution
    of the LU to round-off, the same numbers from the compiled solve; a matrix of the same pattern
    is refactorized into the same arrays, giving the factors of a fresh factorization."""
    J = truss_like_matrix(12, 4, seed=1)
    n = J.shape[0]
    r = np.random.default_rng(2).standard_normal(n)
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(J)
    assert solver.backend == "LDL" and solver.refactorizable == "sparse"
    f = solver.compiled_factors()
    assert f[3].shape[0] == 0 and f[5].shape[0] == n and np.array_equal(f[7], f[8])
    lu = spla.splu(J, permc_spec="MMD_AT_PLUS_A")
    assert f[1].shape[0] < 0.6 * (lu.L.nnz + lu.U.nnz)
    x = solver.solve(r)
    np.testing.assert_allclose(x, spla.spsolve(J, r), rtol=1e-10, atol=1e-12)
    x2 = np.empty(n)
    kfused.solve_factored(*f, r, x2, np.empty(n))
    assert x.tobytes() == x2.tobytes()
    J2 = J.copy()
    J2.data *= 1.0 + 0.1 * np.random.default_rng(3).random(J.nnz)
    J2 = ((J2 + J2.T) * 0.5).tocsc()
    J2.sort_indices()
    assert np.array_equal(J2.indptr, J.indptr) and np.array_equal(J2.indices, J.indices)
    solver.factorize(J2)
    assert solver.backend == "LDL" and solver.refactorizations == 1 and solver.compiled_factors()[2] is f[2]
    fresh = LinearSolver(LinearSolverType.EigenSparse)
    fresh.factorize(J2)
    g = fresh.compiled_factors()
    for a, b in zip(solver.compiled_factors(), g):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(solver.solve(r), spla.spsolve(J2, r), rtol=1e-10, atol=1e-12)


def test_zero_diagonal_rows_are_ordered_behind_the_rows_they_couple_to():
    """Minimum degree would eliminate a constraint row (one entry besides its zero diagonal) first,
    with a zero pivot; the ordering puts each behind the last row it couples to."""
    from multibody.solvers.factors import ldl_symbolic as _ldl_symbolic
    J = truss_like_matrix(6, 3, seed=4)
    sym, pos = _ldl_symbolic(J)
    n = J.shape[0]
    zero = np.flatnonzero(J.diagonal() == 0)
    assert zero.size == 6
    for z in zero:
        rows = J.indices[J.indptr[z]:J.indptr[z + 1]]
        assert pos[z] > pos[rows[rows != z]].max()
    assert np.array_equal(np.sort(pos), np.arange(n))


def test_ldl_symbolic_same_without_scipys_c_conversions(monkeypatch):
    """The symbolic analysis by SciPy's C conversions (transposed positions, the CSC of the
    permuted upper triangle) gives the arrays of its fallback through SciPy's matrix classes, and
    AMD on the lower triangle alone the order of AMD on the whole pattern; an unsymmetric pattern
    is refused by both, also one whose values are symmetric (explicitly stored zeros without their
    transposed entries, in a cycle 0 -> 40 -> 70 -> 0 that leaves every column's count of entries as
    in the transposed pattern: only the row indices differ)."""
    J = truss_like_matrix(9, 4, seed=11)
    sym, pos = factors.ldl_symbolic(J)
    indptr, indices = J.indptr.astype(np.int64), J.indices.astype(np.int64)
    cols = factors.column_of_entries(indptr)
    symmetric, mirror = factors.transposed_positions(J.shape[0], indptr, indices)
    assert symmetric and np.array_equal(indices[mirror], cols) and np.array_equal(cols[mirror], indices)
    low = indices >= cols
    whole = np.asarray(factors.amd.order(factors.kvxopt_pattern(J.shape[0], indices, cols), "L")).ravel()
    lower = np.asarray(factors.amd.order(factors.kvxopt_pattern(J.shape[0], indices[low], cols[low]), "L")).ravel()
    assert np.array_equal(whole, lower)
    unsym = J.tolil()
    unsym[0, 7] = 1e-3
    unsym = unsym.tocsc()
    assert factors.ldl_symbolic(unsym) is False
    coo = J.tocoo()
    cycle_r, cycle_c = [0, 40, 70], [40, 70, 0]
    assert all(J[i, j] == 0 and J[j, i] == 0 for i, j in zip(cycle_r, cycle_c))
    stored_zero = sp.csc_matrix((np.append(coo.data, [0.0] * 3), (np.append(coo.row, cycle_r),
                                                                 np.append(coo.col, cycle_c))), shape=J.shape)
    stored_zero.sort_indices()
    assert stored_zero.nnz == J.nnz + 3
    assert np.array_equal(np.diff(stored_zero.indptr), np.diff(stored_zero.T.tocsc().indptr))
    seen = []
    transposed = factors.transposed_positions
    monkeypatch.setattr(factors, "transposed_positions", lambda *a: seen.append(transposed(*a)[0]) or transposed(*a))
    assert factors.ldl_symbolic(stored_zero) is False and seen == [False]
    monkeypatch.setattr(factors, "_spt", None)
    sym2, pos2 = factors.ldl_symbolic(J)
    assert np.array_equal(sym, sym2) and np.array_equal(pos, pos2)
    assert factors.ldl_symbolic(unsym) is False
    assert factors.ldl_symbolic(stored_zero) is False and seen == [False, True, False]


@pytest.mark.parametrize('change', ['unsymmetric_values', 'unsymmetric_pattern', 'tiny_asymmetry',
                                    'tiny_asymmetry_row'])
def test_ldl_only_for_matrices_symmetric_up_to_round_off(change):
    """Values that differ by more than LDL_SYMMETRY_RTOL from their transposed entry, or a pattern
    that is not symmetric, take the LU; round-off-sized differences keep the L D L^T (which then
    factorizes the upper triangle), also where they add up in one row (the quick test by
    (J - J^T) w must not refuse what the entry-by-entry test accepts)."""
    J = truss_like_matrix(10, 3, seed=5).tolil()
    if change == 'unsymmetric_pattern':
        J[0, 7] = 1e-3
    elif change == 'unsymmetric_values':
        J[0, 1] = J[0, 1] * (1 + 1e-9)
    elif change == 'tiny_asymmetry':
        J[2, 3] = J[2, 3] + 1e-15 * abs(J).max()
    else:           # just inside LDL_SYMMETRY_RTOL, all of one row's entries the same way
        amax = abs(J).max()
        for j in J.rows[2]:
            if j != 2:
                J[2, j] = J[2, j] + 0.9e-12 * amax
    J = J.tocsc()
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(J)
    r = np.random.default_rng(6).standard_normal(J.shape[0])
    expected = spla.spsolve(J, r)
    assert J[0, 1] != 0 and J[2, 3] != 0
    assert (solver.backend == "LDL") == change.startswith('tiny_asymmetry')
    np.testing.assert_allclose(solver.solve(r), expected, rtol=1e-9, atol=1e-12)


def test_ldl_refactorization_of_an_unsymmetric_matrix_falls_back_to_the_lu():
    """A later matrix of the pattern that is not symmetric is refused by the refactorization (in
    the compiled step loop the same kernel): a full LU factorizes it, and the pattern stays with
    the LU."""
    J = truss_like_matrix(12, 4, seed=7)
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(J)
    assert solver.backend == "LDL"
    J2 = J.copy()
    p = J2.indptr[5] + 1
    J2.data[p] *= 1.5                       # one entry, not its transposed one
    r = np.random.default_rng(8).standard_normal(J.shape[0])
    f = solver.compiled_factors()
    assert sparse_lu.lu_refactor(J2.indptr, J2.indices, J2.data, *f, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT) == 0
    solver.factorize(J)                     # the factors are undefined after a refusal: again
    assert solver.backend == "LDL" and solver.refactorizations == 1
    solver.factorize(J2)
    assert solver.backend in ("KLU", "SuperLU") and solver.refactorizations == 1
    np.testing.assert_allclose(solver.solve(r), spla.spsolve(J2, r), rtol=1e-9, atol=1e-12)
    solver.factorize(J)
    assert solver.backend in ("KLU", "SuperLU")


@pytest.mark.parametrize('case', ['growth', 'zero_block', 'singular'])
def test_ldl_refuses_unstable_or_singular_matrices_and_the_lu_takes_them(case):
    """No pivoting: a symmetric matrix whose L D L^T would grow beyond 1 / REFACTOR_PIVOT_TOL
    (2x2 blocks [[d, 2], [2, d]] with d = 1e-8, whichever row comes first) or meet a zero pivot
    (a [[0, 2], [2, 0]] block: found before the analysis) is left to the LU, which pivots; a singular one is reported by the
    LU with its equation, as before."""
    K = truss_like_matrix(6, 3, seed=9)
    n = K.shape[0]
    if case == 'singular':
        J = K.tolil()
        J[n - 1, :] = 0.0
        J[:, n - 1] = 0.0
        J = J.tocsc()
        J.eliminate_zeros()
        J = (J + sp.csc_matrix(([0.0], ([n - 1], [n - 2])), shape=(n, n))
             + sp.csc_matrix(([0.0], ([n - 2], [n - 1])), shape=(n, n))).tocsc()
        with pytest.raises(SingularJacobian):
            LinearSolver(LinearSolverType.EigenSparse).factorize(J)
        return
    d = 1e-8 if case == 'growth' else 0.0
    B = sp.csc_matrix(np.array([[d, 2.0], [2.0, d]]))
    J = sp.block_diag([K, B, B], format="csc")
    from multibody.solvers.factors import ldl_symbolic as _ldl_symbolic
    # the zero block (an Euler-parameter constraint and that parameter's row at the reference
    # rotation) is found before the ordering and analysis
    assert (_ldl_symbolic(J) is False) == (case == 'zero_block')
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(J)
    assert solver.backend in ("KLU", "SuperLU")
    r = np.random.default_rng(10).standard_normal(J.shape[0])
    np.testing.assert_allclose(solver.solve(r), spla.spsolve(J, r), rtol=1e-8, atol=1e-10)



def test_ldl_needs_sorted_row_indices():
    """The symbolic data address the matrix's values by position: a matrix with unsorted row
    indices (not what the solvers assemble) is not analysed for L D L^T (before, a sorted copy was,
    whose positions then addressed the unsorted values) and takes the LU, solved right."""
    J = truss_like_matrix(8, 3, seed=11)
    r = np.random.default_rng(12).standard_normal(J.shape[0])
    U = J.copy()
    for j in range(U.shape[1]):                 # each column's entries in reverse order
        a, b = U.indptr[j], U.indptr[j + 1]
        U.indices[a:b] = U.indices[a:b][::-1].copy()
        U.data[a:b] = U.data[a:b][::-1].copy()
    U.has_sorted_indices = False
    from multibody.solvers.factors import ldl_symbolic as _ldl_symbolic
    assert _ldl_symbolic(U) is False and _ldl_symbolic(J) is not False
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(U)
    assert solver.backend != "LDL"
    np.testing.assert_allclose(solver.solve(r), spla.spsolve(J, r), rtol=1e-9, atol=1e-12)


def chain_in_a_larger_pattern(n_links, seed):
    """A chain's Newton matrix stored in a larger pattern (a symmetric coupling of its links, stored as zeros: the entries of a Newton matrix's pattern
    that stay zero), and the chain itself."""
    rng = np.random.default_rng(seed)
    J = chain_matrix(n_links, seed=seed)
    n = 3 * n_links
    coupling = sp.random(n, n, density=8. / n_links, random_state=rng)
    pattern = (J + sp.bmat([[coupling + coupling.T, None], [None, sp.csr_matrix((2 * n_links, 2 * n_links))]])).tocsc()
    pattern.sort_indices()
    rows = pattern.indices
    cols = np.repeat(np.arange(pattern.shape[1]), np.diff(pattern.indptr))
    pattern.data = J.toarray()[rows, cols]
    assert np.mean(pattern.data == 0) > linear.PRUNE_MIN_ZEROS
    return pattern, J


def test_pattern_with_many_stored_zeros_is_factorized_without_them():
    """Where at least PRUNE_MIN_ZEROS of the first matrix of a pattern are stored zeros, its LU
    leaves them out (fewer factor entries than the LU of the whole pattern), marked for
    lu_refactor (U_diag of n + 1 entries); matrices with the same zeros are refactorized; a matrix
    with one of them nonzero is refused by lu_refactor (2) and factorized anew with that entry
    kept, and later ones are refactorized again; every solution right."""
    A, chain = chain_in_a_larger_pattern(300, seed=21)
    n = A.shape[0]
    assert np.mean(A.data == 0) >= linear.PRUNE_MIN_ZEROS
    rng = np.random.default_rng(22)
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)

    def check(M):
        r = rng.standard_normal(n)
        x = solver.solve(r)
        np.testing.assert_allclose(x, spla.spsolve(M.tocsc(), r), rtol=1e-8, atol=1e-10)
        assert np.linalg.norm(M @ x - r) < 1e-10 * np.linalg.norm(r) * abs(M).max()

    solver.factorize(A)
    kept = solver._prune.copy()
    np.testing.assert_array_equal(kept, A.data != 0)
    assert solver.refactorizable == "sparse" and solver.compiled_factors()[6].shape[0] == n + 1
    whole = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    whole._prune = False
    whole.factorize(A)
    assert solver._factor_nnz < whole._factor_nnz
    check(A)
    B = A.copy()
    B.data = B.data * (1.0 + 0.02 * rng.standard_normal(B.nnz))     # new values, the same zeros
    solver.factorize(B)
    assert solver.refactorizations == 1
    check(B)
    C = B.copy()
    p = int(np.nonzero(C.data == 0)[0][5])
    C.data[p] = 0.3                                                   # a stored zero no longer zero
    f = [a.copy() for a in solver.compiled_factors()]
    assert sparse_lu.lu_refactor(C.indptr, C.indices, C.data, *f, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT) == 2
    assert sparse_lu.lu_refactor(B.indptr, B.indices, B.data, *f, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT) == 1
    solver.factorize(C)
    assert solver.refactorizations == 1                               # a full factorization
    assert solver._prune[p] and solver._prune.sum() == kept.sum() + 1
    check(C)
    D = C.copy()
    D.data = D.data * 1.01
    D.data[p] = 0.0                                                   # the kept entry may be zero again
    solver.factorize(D)
    assert solver.refactorizations == 2 and solver._prune.sum() == kept.sum() + 1
    check(D)


def test_no_pruning_for_few_stored_zeros_or_a_singular_matrix():
    """A pattern with fewer stored zeros than PRUNE_MIN_ZEROS keeps its LU of the whole pattern
    (KLU's after the first); a singular matrix in a pruned pattern is left to the LU of the whole
    pattern, which names its row."""
    J = chain_matrix(100, seed=23)
    J.data[:int(0.1 * J.nnz):7] = 0.0
    solver = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    solver.factorize(J)
    assert solver._prune is False
    A, chain = chain_in_a_larger_pattern(60, seed=24)
    singular = A.copy()
    singular.data[singular.indices == 3 * 60 + 9] = 0.0               # a constraint's row zero (stored)
    assert np.mean(singular.data == 0) >= linear.PRUNE_MIN_ZEROS
    with pytest.raises(SingularJacobian) as pruned:
        LinearSolver(LinearSolverType.EigenSparse, ldl=False).factorize(singular)
    reference = LinearSolver(LinearSolverType.EigenSparse, ldl=False)
    reference._prune = False
    with pytest.raises(SingularJacobian) as whole:
        reference.factorize(singular)
    assert pruned.value.row == whole.value.row


def test_filled_pattern_holds_entries_that_cancel():
    """SuperLU leaves out an entry of its factors that cancels to zero (rows 2 and 4 of this
    pattern are multiples of each other after the first column); _filled_pattern gives the pattern of the
    elimination, every update included, as a dense symbolic elimination does."""
    from multibody.solvers.factors import filled_pattern as _filled_pattern
    P = np.array([[1, 0, 1, 1, 0, 0, 1, 1],
                  [1, 1, 1, 1, 0, 1, 0, 0],
                  [1, 0, 0, 0, 0, 0, 0, 0],
                  [0, 1, 0, 1, 1, 0, 0, 0],
                  [1, 0, 0, 0, 1, 0, 0, 0],
                  [0, 0, 0, 1, 1, 0, 0, 0],
                  [0, 1, 0, 0, 1, 1, 1, 0],
                  [1, 0, 1, 1, 0, 0, 0, 0]], dtype=bool)
    n = P.shape[0]
    symbolic = P.copy()
    for k in range(n):
        symbolic[np.ix_(k + 1 + np.nonzero(symbolic[k + 1:, k])[0], k + 1 + np.nonzero(symbolic[k, k + 1:])[0])] = True
    A = sp.csc_matrix(P * np.arange(1.0, n + 1.0)[:, None])       # (about half of random values cancel too)
    lu = spla.splu(A, permc_spec="NATURAL", diag_pivot_thresh=0.0, options=dict(SymmetricMode=True))
    np.testing.assert_array_equal(lu.perm_r, np.arange(n))
    superlu = (abs(lu.L) + abs(lu.U)).toarray() != 0
    assert (symbolic & ~superlu).any()
    F = _filled_pattern(sp.csc_matrix(P.astype(float)) + abs(lu.L) + abs(lu.U))
    np.testing.assert_array_equal(F.toarray() != 0, symbolic)
    np.testing.assert_array_equal(_filled_pattern(sp.csc_matrix(P.astype(float))).toarray() != 0, symbolic)
    for seed in range(20):           # random patterns with a full diagonal
        Q = np.random.default_rng(seed).random((12, 12)) < 0.2
        np.fill_diagonal(Q, True)
        S = Q.copy()
        for k in range(12):
            S[np.ix_(k + 1 + np.nonzero(S[k + 1:, k])[0], k + 1 + np.nonzero(S[k, k + 1:])[0])] = True
        np.testing.assert_array_equal(_filled_pattern(sp.csc_matrix(Q.astype(float))).toarray() != 0, S)


@pytest.mark.parametrize('n', [0, 1, 2, 5, 12, 48])
def test_dense_factor_pattern_is_that_of_the_triangles(n, monkeypatch):
    """The index pattern of the compiled dense LU's factors (made from the column counts): L's
    columns hold rows j+1..n-1, U's rows 0..j, as the strict upper and the lower triangle of lu.T
    (np.triu_indices(n, 1), np.tril_indices(n)); the diagonal of U last in its column."""
    monkeypatch.setattr(factors, '_DENSE_PATTERNS', {})
    (jl, il), (ju, iu), L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c = factors.dense_pattern(n)
    for got, want in zip((jl, il, ju, iu), np.triu_indices(n, 1) + np.tril_indices(n)):
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(L_ptr, np.r_[0, np.cumsum(np.arange(n - 1, -1, -1))])
    np.testing.assert_array_equal(U_ptr, np.r_[0, np.cumsum(np.arange(1, n + 1))])
    np.testing.assert_array_equal(L_ind, il)
    np.testing.assert_array_equal(U_ind, iu)
    np.testing.assert_array_equal(U_ind[U_diag], np.arange(n))
    np.testing.assert_array_equal(perm_c, np.arange(n))
    assert all(a.dtype == np.int64 for a in (L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c))
