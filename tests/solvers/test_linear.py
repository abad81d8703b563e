"""The sparse linear solver: its own triangular solves with SuperLU's factors agree with
SuperLU's solve (row and column permutations, fill-in, saddle-point structure)."""
import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from multibody.enums import LinearSolverType
from multibody.solvers.linear import SOLVES_BEFORE_OWN_TRIANGULAR, LinearSolver


def saddle_point_matrix(n, m, seed):
    """[[K, C^T], [C, 0]] with a sparse SPD K and a sparse full-rank C: zero diagonal in the
    constraint block, so that SuperLU must pivot off the diagonal."""
    rng = np.random.default_rng(seed)
    B = sp.random(n, n, density=0.05, random_state=rng)
    K = B @ B.T + sp.eye(n) * 2.0
    C = sp.random(m, n, density=0.1, random_state=rng) + sp.eye(m, n)
    return sp.bmat([[K, C.T], [C, None]]).tocsc()


def test_own_triangular_solves_match_superlu():
    J = saddle_point_matrix(120, 40, seed=1)
    reference = spla.splu(J, permc_spec="MMD_AT_PLUS_A")
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(J)
    rng = np.random.default_rng(2)
    for k in range(SOLVES_BEFORE_OWN_TRIANGULAR + 3):
        r = rng.standard_normal(J.shape[0])
        x = solver.solve(r)
        np.testing.assert_allclose(x, reference.solve(r), rtol=1e-10, atol=1e-12)
        assert np.linalg.norm(J @ x - r) < 1e-10 * np.linalg.norm(r)
    assert solver._triangular, "the own triangular solve was not used"


def test_refactorization_drops_old_factors():
    J1 = saddle_point_matrix(60, 20, seed=3)
    J2 = saddle_point_matrix(60, 20, seed=4)
    solver = LinearSolver(LinearSolverType.EigenSparse)
    solver.factorize(J1)
    r = np.ones(J1.shape[0])
    for _ in range(SOLVES_BEFORE_OWN_TRIANGULAR + 1):
        solver.solve(r)
    solver.factorize(J2)
    for _ in range(SOLVES_BEFORE_OWN_TRIANGULAR + 1):
        x = solver.solve(r)
        assert np.linalg.norm(J2 @ x - r) < 1e-10 * np.linalg.norm(r)
