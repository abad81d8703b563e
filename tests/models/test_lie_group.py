"""NodeRigidBodyRotVecLG in the implicit solver: Lie-group (composition) update of the rotation
coordinates (spec solvers.md 4.9, nodes.md) in general 3D motion, against the same body on Euler
parameters (the Exudyn reference cases lie_group_* cover the comparison with Exudyn)."""
import importlib.util
import os

import numpy as np

import multibody as exu
import multibody.utilities as U

HERE = os.path.dirname(os.path.abspath(__file__))

# both parametrizations discretize the same ODE with second-order accuracy; the difference is the
# O(h^2) discretization error: measured 6.0e-6 at h=1e-3, 1.5e-6 at h=5e-4, 6e-7 at h=1/3000
RELATIVE_TOL = 1e-6


def _models():
    spec = importlib.util.spec_from_file_location('reference_models', os.path.join(HERE, 'reference_models.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _run(nodeType, h, variant='top'):
    r = _models().lie_group_body(exu, U, nodeType=nodeType, variant=variant, h=h, nSteps=int(round(1 / h)))
    s = r['sensors']
    return np.array(s['rotationMatrix'])[:, 1:], np.array(s['omega'])[:, 1:], np.array(s['position'])[:, 1:]


def test_torque_free_top_rotveclg_equals_euler_parameters():
    """Asymmetric top spinning about a tilted axis for 1 s: rotation matrices and angular velocities of
    the RotVecLG body agree with the EP body to RELATIVE_TOL (an additive update of the rotation
    vector is off by ~0.4 here)."""
    h = 1 / 3000
    A_lg, w_lg, _ = _run('RotVecLG', h)
    A_ep, w_ep, _ = _run('EP', h)
    assert np.abs(A_lg - A_ep).max() < RELATIVE_TOL
    assert np.abs(w_lg - w_ep).max() < RELATIVE_TOL * np.abs(w_ep).max()


def test_loaded_body_converges_to_euler_parameters_at_second_order():
    """COM offset, gravity, spring and torque: the RotVecLG - EP difference falls by ~4 when h halves."""
    d = []
    for h in (4e-3, 2e-3):
        _, w_lg, p_lg = _run('RotVecLG', h, 'loaded')
        _, w_ep, p_ep = _run('EP', h, 'loaded')
        d.append(np.abs(p_lg - p_ep).max() / np.abs(p_ep).max())
    assert 3.0 < d[0] / d[1] < 5.0, d


def test_simplified_relations_refuse_the_tangent_operator_with_eigen_sparse():
    """lieGroupSimplifiedKinematicRelations with lieGroupAddTangentOperator (its default) needs a
    dense solver, as in Exudyn 1.13.6 (its message); without Lie-group nodes the settings do not
    matter (Exudyn solves); with the tangent operator off EigenSparse solves."""
    import pytest
    for lie, tangent, raises in ((True, True, True), (False, True, False), (True, False, False)):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        node = (U.NodeRigidBodyRotVecLG(referenceCoordinates=[0.] * 6, initialVelocities=[0., 0., 0., 1., 2., 3.])
                if lie else U.NodeRigidBodyRxyz(referenceCoordinates=[0.] * 6))
        n = mbs.AddNode(node)
        mbs.AddObject(U.ObjectRigidBody(nodeNumber=n, mass=1., inertia=[1., 2., 3., 0., 0., 0.]))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps = 5
        ss.timeIntegration.endTime = 0.01
        ss.solution.file.write = False
        ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
        ga = ss.timeIntegration.generalizedAlpha
        ga.lieGroupSimplifiedKinematicRelations = True
        ga.lieGroupAddTangentOperator = tangent
        if raises:
            with pytest.raises(exu.ExudynValueError, match="lieGroupAddTangentOperator may not be set True in case "
                                                           "of EigenSparse solver"):
                mbs.SolveDynamic(ss)
        else:
            assert mbs.SolveDynamic(ss)
