"""Forces differentiated numerically by column groups (solvers/colored_fd.py): by default in the
static solver of systems with rotational nodes, and in every implicit solver with
newton.numericalDifferentiation.forODE2, against Exudyn 1.13.6's numbers."""
import numpy as np
import pytest

import multibody as exu
from multibody.solvers import static
from multibody.solvers.colored_fd import column_groups
from multibody.utilities import (CartesianSpringDamper, LoadMassProportional, MarkerBodyMass,
                                 MarkerBodyRigid, NodeRigidBodyRotVecLG, NodeRigidBodyRxyz, ObjectGround,
                                 ObjectRigidBody, RigidBodySpringDamper, Torque)

# Exudyn 1.13.6: _twisted_body's static equilibrium (4 load steps, relative tolerance 1e-12):
# the coordinates and the Newton steps
EXUDYN_STATIC = ([-0.0774633704082939, -0.2328300496756661, 0.0027689483343249, -0.0753758195396125,
                  -0.5499999999999998, -0.9359491787233309], 24)
# Exudyn 1.13.6: _lie_body, 20 steps of GeneralizedAlpha, forODE2 = True: q and q_t
EXUDYN_LIE_FD = ([-0.055742118804147, -0.555168871558946, -0.787947221963975, 0.639836367716749,
                  -0.23436909530062, 0.595865583739818],
                 [-0.803008180811109, -2.693400144497925, -3.975369349092557, 3.578573523169116,
                  -0.600084968999703, 2.79761204535874])


def _twisted_body():
    """A rigid body (Rxyz) on a rigid-body spring-damper to the ground, loaded by a torque and by
    gravity on its center of mass off the node."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
    n = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0.2, 0., 0., 0.3, -0.2, 0.4]))
    b = mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=2., inertia=[1., 2., 3., 0.1, 0.2, 0.3],
                                      centerOfMass=[0.1, 0.05, -0.2]))
    mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[-0.2, 0.1, 0.05]))
    K = np.diag([400., 500., 600., 3., 4., 5.])
    mbs.AddObject(RigidBodySpringDamper(markerNumbers=[mg, mb], stiffness=K, damping=0 * K))
    mbs.AddLoad(Torque(markerNumber=mb, loadVector=[2., -3., 4.]))
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)),
                                     loadVector=[0., -9.81, 0.]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    ss.staticSolver.verboseMode = 0
    ss.staticSolver.numberOfLoadSteps = 4
    ss.staticSolver.newton.relativeTolerance = 1e-12
    return mbs, ss


def test_static_solver_differentiates_forces_of_rotating_bodies_as_exudyn_converges():
    mbs, ss = _twisted_body()
    assert mbs.SolveStatic(ss)
    q, steps = EXUDYN_STATIC
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), q, rtol=0, atol=1e-12)
    assert mbs.sys['staticSolver'].it.newtonStepsCount == steps


def test_without_the_numerical_forces_the_static_newton_stalls(monkeypatch):
    """The items' Jacobians without d(J^T F)/dq: Newton converges linearly and fails."""
    monkeypatch.setattr(static.StaticSolver, "numeric_forces_by_default", lambda self: False)
    mbs, ss = _twisted_body()
    ss.staticSolver.newton.maxIterations = 12
    ss.staticSolver.adaptiveStep = False
    with pytest.raises(exu.SolverError):
        mbs.SolveStatic(ss)


def _lie_body(forODE2):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodeRigidBodyRotVecLG(referenceCoordinates=[0.1, 0.2, 0.3, 0.3, -0.2, 0.5],
                                          initialVelocities=[0.5, -0.3, 0.2, 1.5, -2., 3.]))
    b = mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=2., inertia=[1., 2., 3., 0.1, 0.2, 0.3],
                                      centerOfMass=[0.1, 0.05, -0.2]))
    m = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.3, 0.1, 0.]))
    g = mbs.AddObject(ObjectGround())
    mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
    mbs.AddObject(CartesianSpringDamper(markerNumbers=[mg, m], stiffness=[100, 200, 300], damping=[1, 2, 3]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = 20, 0.2, 0
    ti.newton.relativeTolerance = ti.newton.absoluteTolerance = 1e-13
    ti.newton.useModifiedNewton = False
    ti.generalizedAlpha.spectralRadius = 0.7
    ti.newton.numericalDifferentiation.forODE2 = forODE2
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    return np.array(mbs.systemData.GetODE2Coordinates()), np.array(mbs.systemData.GetODE2Coordinates_t())


def test_for_ode2_gives_exudyns_newton_path_of_lie_group_nodes():
    """Lie-group rotations are updated by composition, so the converged state depends on Newton's
    iterates: with numerically differentiated forces on both codes they agree to round-off (with
    the items' own Jacobians here, 7e-11)."""
    q, v = _lie_body(True)
    q_ref, v_ref = EXUDYN_LIE_FD
    np.testing.assert_allclose(q, q_ref, rtol=0, atol=5e-14)
    np.testing.assert_allclose(v, v_ref, rtol=0, atol=5e-13)
    q_own, _ = _lie_body(False)
    assert np.abs(q_own - q_ref).max() > 1e-11


def test_column_groups_share_no_row():
    rng = np.random.default_rng(1)
    import scipy.sparse as sp
    A = (sp.random(40, 40, density=0.1, random_state=rng) + sp.eye(40)).tocsc()
    group, n = column_groups(A.indptr, A.indices, 40)
    assert n < 40
    for k in range(n):
        cols = np.nonzero(group == k)[0]
        rows = np.concatenate([A.indices[A.indptr[j]:A.indptr[j + 1]] for j in cols])
        assert len(rows) == len(set(rows.tolist()))
