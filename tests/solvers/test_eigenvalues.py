"""ComputeLinearizedSystem / ComputeODE2Eigenvalues of constrained systems: analytic values and
Exudyn 1.13.6 reference data (tests/reference/dof/eig_*.json, tools/make_dof_reference.py)."""
import json
import os
import sys

import numpy as np
import pytest
import scipy.linalg as sla

import multibody as exu
import multibody.utilities as U

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'models'))
import reference_models as rm  # noqa: E402

REF = os.path.join(os.path.dirname(__file__), '..', 'reference', 'dof')
EIG_RTOL = 1e-8       # issue 5: relative 1e-8 against analytic / Exudyn values

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def reference(name):
    with open(os.path.join(REF, name + '.json')) as f:
        return json.load(f)


def spring_chain_analytic(n=3):
    """omega^2 of the x-chain: masses 1..n, springs 100 k between neighbours (first to ground)."""
    m = np.arange(1., n + 1)
    k = 100. * np.arange(1., n + 1)
    K = np.zeros((n, n))
    for i in range(n):
        K[i, i] += k[i]
        if i > 0:
            K[i - 1, i - 1] += k[i]
            K[i - 1, i] -= k[i]
            K[i, i - 1] -= k[i]
    return sla.eigvalsh(K, np.diag(m))


def test_spring_chain_eigenvalues_analytic_and_exudyn():
    SC, mbs = rm.eig_spring_chain(exu, U)
    w, V = mbs.ComputeODE2Eigenvalues()
    np.testing.assert_allclose(w, spring_chain_analytic(), rtol=EIG_RTOL)
    ref = reference('eig_spring_chain')
    np.testing.assert_allclose(w, ref['eigenvalues'], rtol=EIG_RTOL)
    Vr = np.array(ref['eigenvectors'])
    assert V.shape == Vr.shape
    np.testing.assert_allclose(np.abs(V), np.abs(Vr), atol=1e-10)      # up to the sign of each vector
    f = mbs.ComputeODE2Eigenvalues(convert2Frequencies=True)[0]
    np.testing.assert_allclose(f, ref['frequencies'], rtol=EIG_RTOL)


def test_pendulum_chain_eigenvalues_exudyn():
    SC, mbs = rm.eig_pendulum_chain(exu, U)
    w, V = mbs.ComputeODE2Eigenvalues()
    ref = reference('eig_pendulum_chain')
    np.testing.assert_allclose(w, ref['eigenvalues'], rtol=EIG_RTOL, atol=1e-10)
    # y-springs 50, 100, 150 on unit masses, x fixed by the rods: y and z decouple
    np.testing.assert_allclose(np.sort(w), np.sort([20., 20., 20., 50., 100., 150.]), rtol=EIG_RTOL)


def test_linearized_system_projection():
    SC, mbs = rm.eig_spring_chain(exu, U)
    M, K, D, C, N = mbs.ComputeLinearizedSystem(returnConstraintJacobian=True, returnConstraintNullspace=True)
    assert M.shape == K.shape == D.shape == (9, 9) and C.shape == (9, 6) and N.shape == (3, 9)
    np.testing.assert_allclose(C.T @ N.T, 0., atol=1e-14)
    Mp, Kp, Dp = mbs.ComputeLinearizedSystem(projectIntoConstraintNullspace=True)
    np.testing.assert_allclose(sla.eigvalsh(Kp, Mp), spring_chain_analytic(), rtol=EIG_RTOL)
    assert D[0, 0] == pytest.approx(1.0) and D[0, 3] == pytest.approx(-0.5)     # dampers 0.5, 0.5


def test_sparse_constrained_eigenvalues_match_dense():
    """multibody extension: useSparseSolver with constraints (Exudyn raises there)."""
    SC, mbs = rm.eig_spring_chain(exu, U)
    w, V = mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=2)
    np.testing.assert_allclose(w, spring_chain_analytic()[:2], rtol=EIG_RTOL)
    wd, Vd = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=2)
    np.testing.assert_allclose(np.abs(V), np.abs(Vd), atol=1e-8)


def test_complex_eigenvalues_and_constrained_coordinates():
    SC, mbs = rm.eig_spring_chain(exu, U)
    w, V = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True)
    assert w.shape == (6,) and V.shape == (9, 6)
    # Exudyn 1.13.6 on the same model
    np.testing.assert_allclose(w, [3.37641, 3.37641, 14.14345, 14.14345, 20.94064, 20.94064], rtol=2e-6)
    w2, _ = mbs.ComputeODE2Eigenvalues(ignoreAlgebraicEquations=True, constrainedCoordinates=[1, 2, 4, 5, 7, 8])
    np.testing.assert_allclose(w2, spring_chain_analytic(), rtol=EIG_RTOL)
    w3, _ = mbs.ComputeODE2Eigenvalues(ignoreAlgebraicEquations=True)
    np.testing.assert_allclose(w3, np.concatenate([np.zeros(6), spring_chain_analytic()]), rtol=EIG_RTOL,
                               atol=1e-10)
