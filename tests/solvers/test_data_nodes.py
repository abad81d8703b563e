"""The static solver (after each Newton solve) and the explicit solvers (after each step) update
the data nodes of connectors, as the implicit dynamic solver and Exudyn's solvers do: a
TorsionalSpringDamper with a NodeGenericData keeps the continuous rotation angle, so a static
equilibrium beyond +-pi is found (without the update the spring's angle wrapped at pi and the load
steps did not converge) and an explicit run through +-pi keeps the spring's torque continuous; the
compiled step loops do the same (the update by their call backs)."""
import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (GenericJoint, InertiaCuboid, LoadTorqueVector, MarkerBodyRigid, NodeGenericData,
                                 NodeRigidBodyEP, NodeRigidBodyRxyz, ObjectGround, ObjectRigidBody,
                                 TorsionalSpringDamper, eulerParameters0)

# Exudyn 1.13.6, the same model and settings (10 load steps, default static solver settings):
# torque -> (final ODE2 coordinates: Euler parameters e0 - 1 and e3; data coordinate)
EXUDYN = {4.: (-1.4161468365471426, 0.9092974268256816, 4.0),
          7.: (-1.9364566872908109, -0.3507832276895839, 6.999999999999924)}


def _twisted_body(torque):
    """A rigid body on a GenericJoint free about z, a torsional spring (stiffness 1, data node)
    to the ground and a torque about z: the equilibrium angle is the torque."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
    nd = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 0] + list(eulerParameters0)))
    inertia = InertiaCuboid(1000, [1, 1, 1])
    b = mbs.AddObject(ObjectRigidBody(mass=inertia.mass, inertia=inertia.GetInertia6D(), nodeNumber=nd))
    mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    mbs.AddObject(GenericJoint(markerNumbers=[mg, mb], constrainedAxes=[1, 1, 1, 1, 1, 0]))
    dn = mbs.AddNode(NodeGenericData(initialCoordinates=[0], numberOfDataCoordinates=1))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mg, mb], nodeNumber=dn, stiffness=1., damping=0.))
    mbs.AddLoad(LoadTorqueVector(markerNumber=mb, loadVector=[0, 0, torque]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.staticSolver.numberOfLoadSteps = 10
    ss.solution.file.write = False
    ss.staticSolver.verboseMode = 0
    return mbs, ss


@pytest.mark.parametrize('torque', [4., 7.])
def test_static_solver_keeps_the_continuous_angle_of_a_torsional_spring(torque):
    mbs, ss = _twisted_body(torque)
    assert mbs.SolveStatic(ss)
    q = np.array(mbs.systemData.GetODE2Coordinates())
    data = np.array(mbs.systemData.GetDataCoordinates())
    e0, e3, angle = EXUDYN[torque]
    # Exudyn's numbers to its Newton tolerance; the angle continuous (not wrapped into [-pi, pi])
    np.testing.assert_allclose(q, [0, 0, 0, e0, 0, 0, e3], rtol=0, atol=1e-9)
    np.testing.assert_allclose(data, [angle], rtol=0, atol=1e-8)
    assert abs(data[0] - torque) < 1e-8
    np.testing.assert_allclose(q[[3, 6]] + [1, 0], [np.cos(torque / 2), np.sin(torque / 2)], atol=1e-9)


def test_static_load_steps_keep_the_angle_with_many_load_steps():
    """The torsional spring's model in 40 load steps: the data node updated after each Newton solve
    (the AFTER_NEWTON phase of the compiled load steps) keeps the continuous angle."""
    mbs, ss = _twisted_body(7.)
    ss.staticSolver.numberOfLoadSteps = 40
    assert mbs.SolveStatic(ss)
    assert abs(mbs.systemData.GetDataCoordinates()[0] - 7.) < 1e-8


# Exudyn 1.13.6: a free body (Rxyz) spinning about z at 4 rad/s against a torsional spring to the
# ground (stiffness 1), 1000 steps to t = 1: solver -> (rotation about z, its rate, data coordinate)
EXUDYN_EXPLICIT = {'RK44': (3.9960011998285805, 3.988005998800144, 3.9960011998285805),
                   'ExplicitEuler': (3.996013179874092, 3.9880179628839825, 3.996013179874092),
                   'DOPRI5': (3.9960011998285676, 3.988005998800118, 3.996001199828567),
                   'VelocityVerlet': (3.9960012038225674, 3.9880059987941263, 3.996001203822567)}


def _spinning_body():
    """A free body (Rxyz) spinning about z at 4 rad/s against a torsional spring to the ground
    (stiffness 1, a data node), 1000 steps to t = 1."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
    nd = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0] * 6, initialVelocities=[0, 0, 0, 0, 0, 4.]))
    inertia = InertiaCuboid(1000, [1, 1, 1])
    b = mbs.AddObject(ObjectRigidBody(mass=inertia.mass, inertia=inertia.GetInertia6D(), nodeNumber=nd))
    mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    dn = mbs.AddNode(NodeGenericData(initialCoordinates=[0], numberOfDataCoordinates=1))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mg, mb], nodeNumber=dn, stiffness=1., damping=0.))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 1000
    ss.timeIntegration.endTime = 1.
    ss.solution.file.write = False
    ss.timeIntegration.verboseMode = 0
    return mbs, ss


@pytest.mark.parametrize('solver', sorted(EXUDYN_EXPLICIT))
def test_explicit_solvers_keep_the_continuous_angle_of_a_torsional_spring(solver):
    mbs, ss = _spinning_body()
    assert mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))
    sd = mbs.systemData
    got = (sd.GetODE2Coordinates()[5], sd.GetODE2Coordinates_t()[5], sd.GetDataCoordinates()[0])
    # the angle went through pi (at t = 0.8 about); the torque stayed -k phi with the continuous angle
    np.testing.assert_allclose(got, EXUDYN_EXPLICIT[solver], rtol=1e-12, atol=0)


@pytest.mark.parametrize('solver, eos', [('RK44', False), ('DOPRI5', False)])
def test_explicit_steps_keep_the_angle_without_end_of_step_accelerations(solver, eos):
    """The spinning body without the end-of-step accelerations: the data node is updated from the
    kinematics at the end of each step all the same (Exudyn's angle)."""
    mbs, ss = _spinning_body()
    ss.timeIntegration.explicit.computeEndOfStepAccelerations = eos
    assert mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))
    np.testing.assert_allclose(mbs.systemData.GetDataCoordinates()[0], EXUDYN_EXPLICIT[solver][2], rtol=1e-12,
                               atol=0)
