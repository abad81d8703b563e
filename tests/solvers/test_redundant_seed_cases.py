"""The two seed cases of redundant constraints in a solve: a bar held by two RevoluteJointZ on
the same axis, and a four-bar of RevoluteJointZ in 3D (a closed planar loop). The plain solve
fails naming the redundant joint; with linearSolver.ignoreSingularJacobian and EigenDense the
motion equals that of the non-redundant model and the multipliers are the minimum-norm split of
the reactions (checked against the least-squares solution of C^T lambda = C0^T lambda0)."""
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
def test_ignore_singular_jacobian_same_motion_minimum_norm_multipliers(name):
    SC, mbs = build(name)
    SC0, ref = build(name, redundant=False)
    mbs.SolveDynamic(settings('EigenDense', ignore=True))
    ref.SolveDynamic(settings('EigenDense'))
    q, q0 = mbs.systemData.GetODE2Coordinates(), ref.systemData.GetODE2Coordinates()
    assert np.linalg.norm(q0) > 1e-2, "the model did not move"
    np.testing.assert_allclose(q, q0, rtol=MOTION_RTOL, atol=MOTION_RTOL * np.abs(q0).max())
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates_t(), ref.systemData.GetODE2Coordinates_t(),
                               rtol=MOTION_RTOL, atol=MOTION_RTOL * np.abs(q0).max())
    # the reactions C^T lambda of both models agree; among all lambda with C^T lambda = C0^T lambda0
    # the solver's is the minimum-norm one
    cfg = exu.ConfigurationType.Current
    C = constraint_columns(mbs, configuration=cfg)[0].toarray()[:mbs.systemData.ODE2Size()].T
    C0 = constraint_columns(ref, configuration=cfg)[0].toarray()[:ref.systemData.ODE2Size()].T
    lam, lam0 = mbs.systemData.GetAECoordinates(), ref.systemData.GetAECoordinates()
    reaction0 = C0.T @ lam0
    expected = np.linalg.lstsq(C.T, reaction0, rcond=None)[0]
    scale = np.abs(expected).max()
    np.testing.assert_allclose(C.T @ lam, reaction0, rtol=0, atol=MULTIPLIER_RTOL * scale)
    np.testing.assert_allclose(lam, expected, rtol=0, atol=MULTIPLIER_RTOL * scale)
    assert np.linalg.norm(lam) <= np.linalg.norm(expected) * (1 + MULTIPLIER_RTOL)


@pytest.mark.parametrize("name", list(SEEDS))
def test_least_squares_factorizations_of_later_newton_matrices_are_made_by_the_engine(name, monkeypatch):
    """With ignoreSingularJacobian, Python factorizes the first Newton matrix of a solve (its rank
    and a nonsingular part B by pivoted QR); the engine factorizes every later one the same way
    (engine/linear.py refactor, kernels/linalg.py reduced_factorize, which Python's first one
    uses too), so the redundant model runs at the speed of the compiled path."""
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


def test_reduced_least_squares_gives_the_minimum_norm_solution():
    """kernels/linalg.py reduced_factorize / reduced_solve on a singular saddle-point matrix with two
    dependent constraint rows: the solution of SciPy's least squares (minimum norm), the null
    space orthonormal, an inconsistent right-hand side refused."""
    import scipy.linalg as sla
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
    solver = LinearSolver(exu.LinearSolverType.EigenDense, True)
    solver.factorize(J.copy())
    B, Jr, index, null, work = solver.least_squares_arrays()
    assert B.shape == (n2 + m - 2, n2 + m - 2) and null.shape == (2, n2 + m)
    np.testing.assert_allclose(null @ null.T, np.eye(2), atol=1e-12)
    np.testing.assert_allclose(J @ null.T, 0.0, atol=1e-11)
    b = J @ rng.standard_normal(n2 + m)
    x = np.empty(n2 + m)
    assert kl.reduced_solve(Jr, B, index, null, b, x, work, 0.0)
    expected = sla.lstsq(J, b, cond=1e-12)[0]
    np.testing.assert_allclose(x, expected, rtol=0, atol=1e-10 * np.abs(expected).max())
    # an inconsistency of a small part of the right-hand side (redundant constraints off their
    # manifold during Newton): a Gauss-Newton step, accepted; one of the size of the right-hand
    # side (constraints that disagree) refused
    scale = np.linalg.norm(b)
    b[-1] += 1e-3 * scale
    assert kl.reduced_solve(Jr, B, index, null, b, x, work, 0.0)
    b[-1] += 10.0 * scale
    assert not kl.reduced_solve(Jr, B, index, null, b, x, work, 0.0)
    # below the absolute tolerance (round-off-sized residuals): accepted
    small = 1e-14 * b
    assert kl.reduced_solve(Jr, B, index, null, small, x, work, 1e-10)
    assert not kl.reduced_solve(Jr, B, index, null, small, x, work, 0.0)
