"""The two seed cases of redundant constraints in a solve: a bar held by two RevoluteJointZ on
the same axis, and a four-bar of RevoluteJointZ in 3D (a closed planar loop). The plain solve
fails naming the redundant joint; with linearSolver.ignoreSingularJacobian and EigenDense the
motion equals that of the non-redundant model, the reactions C^T lambda are those of the
non-redundant model, and the redundant joint's multipliers are zero (the full-pivot LU's solution,
Exudyn's: its numbers are the reference cases redundant_* of reference_models.py)."""
import importlib.util
import os
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.errors import SolverError
from multibody.solvers.dof import constraint_columns

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('reference_models',
                                               os.path.join(HERE, '..', 'models', 'reference_models.py'))
rm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rm)
# the settings of the redundancy tests (full Newton at 1e-12, no adaptive steps)
_spec = importlib.util.spec_from_file_location('test_redundancy', os.path.join(HERE, 'test_redundancy.py'))
_redundancy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_redundancy)
settings = _redundancy.settings

MOTION_RTOL = 1e-8
# multipliers are acceleration-level quantities: the round-off of least squares vs LU is amplified
# by 1/(beta h^2) (as in test_redundancy.py)
MULTIPLIER_RTOL = 1e-7

# (builder, redundant model, non-redundant model, the redundant item's name)
SEEDS = {
    'revolute_twice': (rm.dof_revolute_twice, dict(second=True), dict(second=False), 'revolute1'),
    'fourbar': (rm.dof_fourbar, dict(force=[200., 0., 0.]), dict(closing='xy', force=[200., 0., 0.]),
                'revolute3'),
}


def build(name, redundant=True):
    builder, red, plain, _ = SEEDS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        SC, mbs = builder(exu, U, **(red if redundant else plain))
    return SC, mbs


@pytest.mark.parametrize("solver", ['EXUdense', 'EigenSparse', 'EigenDense'])
@pytest.mark.parametrize("name", list(SEEDS))
def test_plain_solve_names_the_redundant_joint(name, solver):
    SC, mbs = build(name)
    with pytest.raises(SolverError) as info:
        mbs.SolveDynamic(settings(solver))
    msg = str(info.value)
    assert "ObjectJointRevoluteZ" in msg and f"('{SEEDS[name][3]}')" in msg
    assert "ComputeSystemDegreeOfFreedom" in msg and "ignoreSingularJacobian" in msg


@pytest.mark.parametrize("name", list(SEEDS))
def test_ignore_singular_jacobian_same_motion_same_reactions(name):
    SC, mbs = build(name)
    SC0, ref = build(name, redundant=False)
    mbs.SolveDynamic(settings('EigenDense', ignore=True))
    ref.SolveDynamic(settings('EigenDense'))
    q, q0 = mbs.systemData.GetODE2Coordinates(), ref.systemData.GetODE2Coordinates()
    assert np.linalg.norm(q0) > 1e-2, "the model did not move"
    np.testing.assert_allclose(q, q0, rtol=MOTION_RTOL, atol=MOTION_RTOL * np.abs(q0).max())
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates_t(), ref.systemData.GetODE2Coordinates_t(),
                               rtol=MOTION_RTOL, atol=MOTION_RTOL * np.abs(q0).max())
    # the reactions C^T lambda of both models agree
    cfg = exu.ConfigurationType.Current
    C = constraint_columns(mbs, configuration=cfg)[0].toarray()[:mbs.systemData.ODE2Size()].T
    C0 = constraint_columns(ref, configuration=cfg)[0].toarray()[:ref.systemData.ODE2Size()].T
    lam, lam0 = mbs.systemData.GetAECoordinates(), ref.systemData.GetAECoordinates()
    reaction0 = C0.T @ lam0
    np.testing.assert_allclose(C.T @ lam, reaction0, rtol=0, atol=MULTIPLIER_RTOL * np.abs(reaction0).max())
    # as many multipliers exactly zero as there are redundant equations
    redundant = {'revolute_twice': 5, 'fourbar': 3}[name]
    assert np.count_nonzero(lam == 0.0) - np.count_nonzero(lam0 == 0.0) >= redundant - (C.shape[0] - C0.shape[0])


@pytest.mark.parametrize("name", list(SEEDS))
def test_least_squares_factorizations_of_later_newton_matrices_are_made_by_the_engine(name, monkeypatch):
    """With ignoreSingularJacobian, Python factorizes the first Newton matrix of a solve (full-pivot
    LU); the engine factorizes every later one the same way (engine/linear.py refactor,
    kernels/linalg.py full_pivot_lu, which Python's first one uses too), so the redundant model
    runs at the speed of the compiled path."""
    from multibody.solvers import linear
    calls = []
    factorize = linear.LinearSolver.factorize

    def counted(self, J, *a, **k):
        calls.append(J.shape)
        return factorize(self, J, *a, **k)
    monkeypatch.setattr(linear.LinearSolver, "factorize", counted)
    SC, mbs = build(name)
    mbs.SolveDynamic(settings('EigenDense', ignore=True))
    it = mbs.sys['dynamicSolver'].it
    assert it.newtonJacobiCount > 5 * len(calls), (it.newtonJacobiCount, calls)
    assert mbs.sys['dynamicSolver'].engine['refactor'] == 3       # Refactor.LEAST_SQUARES


def test_full_pivot_lu_solves_a_singular_saddle_point_matrix():
    """kernels/linalg.py full_pivot_lu / full_pivot_solve on a singular saddle-point matrix with two
    dependent constraint rows: rank n - 2, a solution of J x = b with zeros in the two non-pivot
    columns, the pivots as complete pivoting chooses them; an inconsistent right-hand side refused."""
    from multibody.kernels import linalg as kl
    from multibody.solvers.linear import LinearSolver
    rng = np.random.default_rng(3)
    n2, m = 8, 5
    A = rng.standard_normal((n2, n2))
    A = A @ A.T + n2 * np.eye(n2)
    C = rng.standard_normal((m, n2))
    C[3] = 2.0 * C[0] - C[1]                       # two redundant rows
    C[4] = C[2] + 0.5 * C[1]
    J = np.block([[A, C.T], [C, np.zeros((m, m))]])
    n = n2 + m
    solver = LinearSolver(exu.LinearSolverType.EigenDense, True)
    solver.factorize(J.copy())
    LU, Jr, index, work = solver.least_squares_arrays()
    assert index[2 * n] == n - 2
    # the first pivot is the largest entry, the first in column-major order among equal ones
    first = np.argmax(np.abs(J).T)
    assert (index[n], index[0]) == divmod(first, n)
    b = J @ rng.standard_normal(n)
    x = np.empty(n)
    assert kl.full_pivot_solve(Jr, LU, index, b, x, work, 0.0)
    np.testing.assert_allclose(J @ x, b, rtol=0, atol=1e-11 * np.abs(b).max())
    assert sorted(np.nonzero(x == 0.0)[0]) == sorted(index[n + n - 2:2 * n])
    # an inconsistency of a small part of the right-hand side (redundant constraints off their
    # manifold during Newton): accepted; one of the size of the right-hand side refused
    scale = np.linalg.norm(b)
    b[-1] += 1e-3 * scale
    assert kl.full_pivot_solve(Jr, LU, index, b, x, work, 0.0)
    b[-1] += 10.0 * scale
    assert not kl.full_pivot_solve(Jr, LU, index, b, x, work, 0.0)
    # below the absolute tolerance (round-off-sized residuals): accepted
    small = 1e-14 * b
    assert kl.full_pivot_solve(Jr, LU, index, small, x, work, 1e-10)
    assert not kl.full_pivot_solve(Jr, LU, index, small, x, work, 0.0)
