"""Singular Jacobians in a solve, ignoreSingularJacobian (minimum-norm multipliers), inconsistent
redundancy, constraint drift and its projection, consistent initial conditions."""
import numpy as np
import pytest
import scipy.optimize as so

import multibody as exu
import multibody.utilities as U
from multibody.errors import SolverError

# Newton tolerances of these models; the redundant and plain models run the same Newton iterations
MOTION_RTOL = 1e-8


def settings(solver='EXUdense', ignore=False, h=1e-3, n=200, index2=False):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = n
    s.timeIntegration.endTime = n * h
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-12
    s.timeIntegration.adaptiveStep = False
    s.staticSolver.newton.relativeTolerance = 1e-12
    s.staticSolver.newton.absoluteTolerance = 1e-12
    s.timeIntegration.verboseMode = 0
    if index2:
        s.timeIntegration.generalizedAlpha.useNewmark = True
        s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.linearSolver.solverType = getattr(exu.LinearSolverType, solver)
    s.linearSolver.ignoreSingularJacobian = ignore
    s.solution.file.write = False
    return s


def pendulum(doubled_z=True, z_offset=0.0):
    """Mass point (m=2) on a distance constraint (L=1) to ground, swinging in the xy-plane; z fixed
    by a CoordinateConstraint, optionally a second time (redundant, with an offset: inconsistent)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oG = mbs.AddObject(U.ObjectGround())
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oG))
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
    b = mbs.AddObject(U.MassPoint(nodeNumber=n, mass=2.))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
    mbs.AddLoad(U.Force(markerNumber=mB, loadVector=[0., -2 * 9.81, 0.]))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[mG, mB], distance=1., name='rod'))
    nG = mbs.AddNode(U.NodePointGround())
    mgz = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=2))
    mz = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mgz, mz], name='fixZ'))
    if doubled_z:
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mgz, mz], offset=z_offset, name='fixZagain'))
    s = mbs.AddSensor(U.SensorNode(nodeNumber=n, storeInternal=True,
                                   outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    return mbs, s


@pytest.mark.parametrize("solver", ['EXUdense', 'EigenSparse', 'EigenDense'])
@pytest.mark.parametrize("static", [False, True])
def test_plain_solve_fails_naming_the_items(solver, static):
    mbs, _ = pendulum()
    s = settings(solver, ignore=(solver != 'EigenDense'))   # no effect except with EigenDense
    with pytest.raises(SolverError) as info:
        (mbs.SolveStatic if static else mbs.SolveDynamic)(s)
    msg = str(info.value)
    assert "ObjectConnectorCoordinate 4 ('fixZagain') equation 0" in msg
    assert "ComputeSystemDegreeOfFreedom" in msg and "ignoreSingularJacobian" in msg


def test_pivot_threshold_and_show_causing_items_have_no_effect():
    """spec settings.md: pivotThreshold and linearSolver.showCausingItems are stored, not used."""
    mbs, _ = pendulum()
    s = settings()
    s.linearSolver.pivotThreshold = 1e-3
    s.linearSolver.showCausingItems = False
    with pytest.raises(SolverError, match="fixZagain"):
        mbs.SolveDynamic(s)
    mbs2, _ = pendulum(doubled_z=False)
    mbs2.SolveDynamic(s)


@pytest.mark.parametrize("index2", [False, True])
def test_ignore_singular_jacobian_same_motion_minimum_norm_multipliers(index2):
    mbs, s = pendulum()
    mbs.SolveDynamic(settings('EigenDense', ignore=True, index2=index2))
    ref, s0 = pendulum(doubled_z=False)
    ref.SolveDynamic(settings('EigenDense', index2=index2))
    x, x0 = mbs.GetSensorStoredData(s), ref.GetSensorStoredData(s0)
    np.testing.assert_allclose(x, x0, rtol=MOTION_RTOL, atol=1e-12)
    lam = mbs.systemData.GetAECoordinates()
    lam0 = ref.systemData.GetAECoordinates()
    # the reaction equations C^T lambda = C0^T lambda0 (z rows: lambda_z1 + lambda_z2 = lambda0_z):
    # minimum-norm solution by least squares, compared with the solver's split
    Ct = np.array([[1., 0., 0.], [0., 1., 1.]])        # rows: rod, z; columns: rod, fixZ, fixZagain
    expected = np.linalg.lstsq(Ct, np.array([lam0[0], lam0[1]]), rcond=None)[0]
    # multipliers are acceleration-level: the round-off of the two different linear solvers
    # (least squares / LU) is amplified by 1/(beta h^2) (measured 1.1e-8 relative)
    np.testing.assert_allclose(lam, expected, rtol=1e-7, atol=1e-12)


def test_inconsistent_redundancy_is_reported():
    mbs, _ = pendulum(z_offset=0.1)
    with pytest.raises(SolverError) as info:
        mbs.SolveDynamic(settings('EigenDense', ignore=True))
    msg = str(info.value)
    assert "inconsistent" in msg and "fixZagain" in msg


def test_ignore_singular_static_consistent():
    """spec solvers.md 7 experiment: the full-pivot LU puts the x reaction on the first constraint
    and 0 on the redundant one, [-10, 0, 19.62, 0] as Exudyn 1.13.6."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'models'))
    import reference_models as rm
    SC, mbs = rm.dof_example_a(exu, U, force=(10., -19.62, 0.))
    mbs.SolveStatic(settings('EigenDense', ignore=True))
    np.testing.assert_allclose(mbs.systemData.GetAECoordinates(), [-10., 0., 19.62, 0.], atol=1e-12)
    with pytest.raises(SolverError, match="fixXagain"):
        mbs.SolveStatic(settings('EigenDense', ignore=False))


# ---------------------------------------------------------------------- drift
def pendulum_chain(n=3):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oG = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oG))
    for i in range(n):
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[i + 1., 0., 0.]))
        b = mbs.AddObject(U.MassPoint(nodeNumber=nd, mass=1.))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
        mbs.AddLoad(U.Force(markerNumber=m, loadVector=[0., -9.81, 0.]))
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[prev, m], distance=1.))
        prev = m
    sens = exu.AddConstraintResidualSensor(mbs)
    mbs.Assemble()
    return mbs, sens


def run_drift(index2, projection):
    mbs, sens = pendulum_chain()
    if projection:
        mbs.sys['constraintProjection'] = True
    s = settings('EigenSparse', h=1e-2, n=1000, index2=index2)
    s.timeIntegration.newton.absoluteTolerance = 1e-10
    s.timeIntegration.newton.relativeTolerance = 1e-10
    mbs.SolveDynamic(s)
    data = mbs.GetSensorStoredData(sens)
    return data, mbs.ComputeConstraintResiduals()


def test_index2_drifts_without_projection():
    data, final = run_drift(index2=True, projection=False)
    assert data[-1, 0] == pytest.approx(10.0)
    pos = data[:, 1]
    # far above the Newton tolerance (1e-10) and growing: the first 0.1 s stay well below the run's maximum
    assert pos.max() > 1e-5 and pos.max() > 10 * pos[:len(pos) // 100].max()
    assert final['position'] == pytest.approx(pos[-1])


def test_index2_projection_keeps_the_tolerance():
    data, final = run_drift(index2=True, projection=True)
    assert data[:, 1].max() < 1e-9 and data[:, 2].max() < 1e-8


def test_index3_stays_at_tolerance():
    data, _ = run_drift(index2=False, projection=False)
    assert data[:, 1].max() < 1e-9


# ---------------------------------------------------------------------- consistent initial conditions
R, L = 0.2, 0.6


def slider_crank(perturb):
    """Point-mass slider-crank: crank pin P1 at distance R from the origin, slider P2 on the x-axis,
    rod |P1 P2| = L, everything in z = 0."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oG = mbs.AddObject(U.ObjectGround())
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oG))
    p1 = np.array([R * np.cos(0.5), R * np.sin(0.5), 0.])
    p2 = np.array([p1[0] + np.sqrt(L ** 2 - p1[1] ** 2), 0., 0.])
    n1 = mbs.AddNode(U.NodePoint(referenceCoordinates=list(p1), initialCoordinates=list(perturb[:3]),
                                 initialVelocities=[0.3, 0.1, 0.05]))
    n2 = mbs.AddNode(U.NodePoint(referenceCoordinates=list(p2), initialCoordinates=list(perturb[3:]),
                                 initialVelocities=[0.0, 0.2, 0.0]))
    ms = []
    for nd in (n1, n2):
        b = mbs.AddObject(U.MassPoint(nodeNumber=nd, mass=1.))
        ms.append(mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b)))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[mG, ms[0]], distance=R))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=ms, distance=L))
    nG = mbs.AddNode(U.NodePointGround())
    for nd, k in ((n1, 2), (n2, 1), (n2, 2)):
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[
            mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=0)),
            mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=k))]))
    mbs.AddLoad(U.Force(markerNumber=ms[0], loadVector=[0., -9.81, 0.]))
    mbs.Assemble()
    return mbs, np.concatenate([p1, p2])


def g_slider_crank(x):
    p1, p2 = x[:3], x[3:]
    return np.array([np.linalg.norm(p1) - R, np.linalg.norm(p2 - p1) - L, p1[2], p2[1], p2[2]])


def test_consistent_initial_conditions_least_change():
    dq = np.array([0.01, -0.02, 0.005, 0.03, 0.01, -0.004])
    mbs, ref = slider_crank(dq)
    with pytest.warns(exu.messages.SolverWarning, match="ComputeConsistentInitialConditions"):
        res = mbs.ComputeConsistentInitialConditions()
    x0 = ref + dq
    # direct least-squares solve: min |x - x0|^2 subject to g(x) = 0
    direct = so.minimize(lambda x: 0.5 * np.sum((x - x0) ** 2), x0, jac=lambda x: x - x0,
                         constraints={'type': 'eq', 'fun': g_slider_crank}, method='SLSQP',
                         options={'ftol': 1e-15, 'maxiter': 200})
    np.testing.assert_allclose(ref + res['q'], direct.x, atol=1e-7)
    assert np.abs(g_slider_crank(ref + res['q'])).max() < 1e-12
    assert res['finalResiduals']['position'] < 1e-12 and res['finalResiduals']['velocity'] < 1e-12
    # velocities: the minimum-norm change onto C v = 0
    from multibody.solvers.consistency import _constraint_jacobian
    C = _constraint_jacobian(mbs, res['q'], res['q_t'], 0., np.zeros(5)).toarray()
    v0 = np.array([0.3, 0.1, 0.05, 0.0, 0.2, 0.0])
    np.testing.assert_allclose(res['q_t'], v0 - np.linalg.pinv(C) @ (C @ v0), atol=1e-12)
    # and the model runs from there
    s = settings('EigenSparse', h=1e-3, n=100)
    mbs.SolveDynamic(s)
    assert mbs.ComputeConstraintResiduals()['position'] < 1e-9


def test_consistent_initial_conditions_setting():
    dq = np.array([0.01, -0.02, 0.005, 0.03, 0.01, -0.004])
    mbs, ref = slider_crank(dq)
    mbs.sys['consistentInitialConditions'] = True
    mbs.SolveDynamic(settings('EigenSparse', h=1e-3, n=20))
    assert np.abs(g_slider_crank(ref + mbs.systemData.GetODE2Coordinates())).max() < 1e-9
