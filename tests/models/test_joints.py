"""Whole models with joints: pendulum periods, free fall along a prismatic axis, closed loops at
index 3, a rolling disc, activeConnector switching, marker-type and parameter checks."""
import math

import numpy as np
import pytest

import multibody as exu
from multibody.errors import AssemblyError, ItemParameterError
from multibody.utilities import (GenericJoint, LoadForceVector, LoadMassProportional, MarkerBodyMass, MarkerBodyPosition,
                                 MarkerBodyRigid, NodeRigidBody2D, NodeRigidBodyEP, ObjectGround,
                                 ObjectRigidBody, ObjectRigidBody2D, PrismaticJointX, RevoluteJoint2D,
                                 RevoluteJointZ, RollingDiscJoint, SensorNode, SensorObject)

OV = exu.OutputVariableType
G = 9.81


def _settings(h, n, index2=False):
    s = exu.SimulationSettings()
    ti = s.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = n, h * n, 0
    ti.newton.relativeTolerance = ti.newton.absoluteTolerance = 1e-10
    ti.newton.useModifiedNewton = False
    ti.generalizedAlpha.spectralRadius = 1.0
    if index2:
        ti.generalizedAlpha.useNewmark = ti.generalizedAlpha.useIndex2Constraints = True
    s.solution.file.write = False
    return s


def _rigid3d(mbs, p, m, inertia, v0=(0, 0, 0), w0=(0, 0, 0)):
    n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=list(p) + [1, 0, 0, 0],
                                    initialVelocities=list(v0) + [0.0] + [0.5 * w for w in w0]))
    b = mbs.AddObject(ObjectRigidBody(mass=m, inertia=list(inertia), nodeNumber=n))
    mM = mbs.AddMarker(MarkerBodyMass(bodyNumber=b))
    return n, b, mM


def _zero_crossings(data, col):
    t, y = data[:, 0], data[:, col]
    idx = np.nonzero(np.sign(y[1:]) != np.sign(y[:-1]))[0]
    return t[idx] - y[idx] * (t[idx + 1] - t[idx]) / (y[idx + 1] - y[idx])


# small-amplitude period of a physical pendulum: T = 2 pi sqrt(J_O / (m g d)); amplitude 0.02 rad
# gives T (1 + theta0^2/16) = +2.5e-5 relative, the step h = 1e-3 with rho = 1 a phase error ~1e-6
PERIOD_RTOL = 2e-4


@pytest.mark.parametrize("joint", ["RevoluteJointZ", "GenericJoint"])
def test_pendulum_period_revolute_z(joint):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L, m, theta0 = 1.0, 2.0, 0.02
    Jzz = m * L * L / 12
    gnd = mbs.AddObject(ObjectGround())
    # body hanging down (-y) from the pivot at the origin, initially displaced by theta0 via velocity 0
    c, s = math.sin(theta0), -math.cos(theta0)
    p = [0.5 * L * c, 0.5 * L * s, 0]
    n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=p + [math.cos(theta0 / 2), 0, 0, math.sin(theta0 / 2)]))
    b = mbs.AddObject(ObjectRigidBody(mass=m, inertia=[Jzz, 1e-3, Jzz, 0, 0, 0], nodeNumber=n))
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=gnd, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0.5 * L, 0]))
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)), loadVector=[0, -G, 0]))
    if joint == "RevoluteJointZ":
        j = mbs.AddObject(RevoluteJointZ(markerNumbers=[mG, mB]))
    else:
        j = mbs.AddObject(GenericJoint(markerNumbers=[mG, mB], constrainedAxes=[1, 1, 1, 1, 1, 0]))
    sx = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=OV.Position))
    mbs.Assemble()
    mbs.SolveDynamic(_settings(1e-3, 2000))
    data = mbs.GetSensorStoredData(sx)
    zc = _zero_crossings(data, 1)
    T = 2 * np.mean(np.diff(zc))
    T_exact = 2 * math.pi * math.sqrt((Jzz + m * (L / 2) ** 2) / (m * G * L / 2))
    assert abs(T / T_exact - 1) < PERIOD_RTOL
    # the joint angle output is the rotation about z
    rot = mbs.GetObjectOutput(j, OV.Rotation)
    assert abs(rot[0]) < 1e-8 and abs(rot[1]) < 1e-8


def test_pendulum_period_revolute_2d():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L, m, theta0 = 1.0, 2.0, 0.02
    J = m * L * L / 12
    gnd = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[0.5 * L * math.sin(theta0), -0.5 * L * math.cos(theta0),
                                                          theta0]))
    b = mbs.AddObject(ObjectRigidBody2D(mass=m, inertia=J, nodeNumber=n))
    mG = mbs.AddMarker(MarkerBodyPosition(bodyNumber=gnd, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0.5 * L, 0]))
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)), loadVector=[0, -G, 0]))
    j = mbs.AddObject(RevoluteJoint2D(markerNumbers=[mG, mB]))
    sx = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=OV.Position))
    mbs.Assemble()
    mbs.SolveDynamic(_settings(1e-3, 2000))
    T = 2 * np.mean(np.diff(_zero_crossings(mbs.GetSensorStoredData(sx), 1)))
    T_exact = 2 * math.pi * math.sqrt((J + m * (L / 2) ** 2) / (m * G * L / 2))
    assert abs(T / T_exact - 1) < PERIOD_RTOL
    # static part of the reaction: the joint carries the weight (+ centripetal, tiny at this amplitude)
    # lambda is the force on the m0 (ground) side: the weight pulls the pivot down
    assert abs(mbs.GetObjectOutput(j, OV.Force)[1] + m * G) < 0.01 * m * G


@pytest.mark.parametrize("index2", [False, True])
def test_free_fall_along_prismatic_x(index2):
    """Axis tilted by 0.5 rad (ground marker localHT): x(t) = -g sin(0.5) t^2 / 2 along the axis."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    a = 0.5
    gnd = mbs.AddObject(ObjectGround())
    A = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    ep = [math.cos(a / 2), 0, 0, math.sin(a / 2)]
    n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 0] + ep))
    b = mbs.AddObject(ObjectRigidBody(mass=2, inertia=[0.1, 0.2, 0.3, 0, 0, 0], nodeNumber=n))
    HT = np.eye(4)
    HT[:3, :3] = A
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=gnd, localHT=HT))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)), loadVector=[0, -G, 0]))
    j = mbs.AddObject(PrismaticJointX(markerNumbers=[mG, mB]))
    mbs.Assemble()
    t = 1.0
    mbs.SolveDynamic(_settings(1e-3, 1000, index2))
    x = mbs.GetObjectOutput(j, OV.DisplacementLocal)
    # constant acceleration: the trapezoidal rule is exact
    assert abs(x[0] + 0.5 * G * math.sin(a) * t * t) < 1e-8
    assert abs(x[1]) < 1e-8 and abs(x[2]) < 1e-8
    # normal force m g cos(a) along the local y axis; multipliers are Newton-converged only to about
    # tolerance / (beta h^2) relative (the ODE2 residual is scaled by beta h^2)
    f = mbs.GetObjectOutput(j, OV.ForceLocal)
    assert abs(abs(f[1]) - 2 * G * math.cos(a)) < 1e-5 and abs(f[2]) < 1e-5


# Newton tolerance of _settings; closure residuals of index-3 loops are Newton residuals
LOOP_TOL = 1e-9


def _link2d(mbs, p0, p1, m=1.0):
    """RigidBody2D bar from p0 to p1 (COM at the middle); returns body and the two end markers."""
    p0, p1 = np.array(p0, float), np.array(p1, float)
    d = p1 - p0
    L = np.linalg.norm(d)
    phi = math.atan2(d[1], d[0])
    c = 0.5 * (p0 + p1)
    n = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[c[0], c[1], phi]))
    b = mbs.AddObject(ObjectRigidBody2D(mass=m, inertia=m * L * L / 12, nodeNumber=n))
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)), loadVector=[0, -G, 0]))
    m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[-0.5 * L, 0, 0]))
    m1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0.5 * L, 0, 0]))
    return n, b, m0, m1


def test_four_bar_loop_stays_closed():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    gnd = mbs.AddObject(ObjectGround())
    A, B, C, D = [0, 0], [0.2, 0.6], [1.0, 0.8], [1.2, 0]
    g0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=gnd, localPosition=A + [0]))
    g1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=gnd, localPosition=D + [0]))
    _, _, a0, a1 = _link2d(mbs, A, B)
    _, _, b0, b1 = _link2d(mbs, B, C)
    _, _, c0, c1 = _link2d(mbs, C, D)
    joints = [mbs.AddObject(RevoluteJoint2D(markerNumbers=mk)) for mk in ([g0, a0], [a1, b0], [b1, c0], [c1, g1])]
    mbs.Assemble()
    s = _settings(1e-3, 2000)
    mbs.SolveDynamic(s)
    gap = max(np.linalg.norm(mbs.GetObjectOutput(j, OV.Displacement)) for j in joints)
    assert gap < LOOP_TOL
    # the mechanism moved
    assert np.linalg.norm(mbs.systemData.GetODE2Coordinates()) > 0.05


def test_slider_crank_loop_stays_closed():
    """Crank (driven by gravity, initial spin) - rod - slider on a horizontal PrismaticJoint2D."""
    from multibody.utilities import PrismaticJoint2D
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    gnd = mbs.AddObject(ObjectGround())
    A, B, C = [0, 0], [0.0, 0.3], [1.0, 0.0]
    g0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=gnd, localPosition=A + [0]))
    nc, _, a0, a1 = _link2d(mbs, A, B)
    _, _, b0, b1 = _link2d(mbs, B, C)
    ns = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=C + [0]))
    bs = mbs.AddObject(ObjectRigidBody2D(mass=1, inertia=0.01, nodeNumber=ns))
    ms = mbs.AddMarker(MarkerBodyPosition(bodyNumber=bs, localPosition=[0, 0, 0]))
    gR = mbs.AddMarker(MarkerBodyRigid(bodyNumber=gnd, localPosition=C + [0]))
    sR = mbs.AddMarker(MarkerBodyRigid(bodyNumber=bs, localPosition=[0, 0, 0]))
    joints = [mbs.AddObject(RevoluteJoint2D(markerNumbers=mk)) for mk in ([g0, a0], [a1, b0], [b1, ms])]
    pj = mbs.AddObject(PrismaticJoint2D(markerNumbers=[gR, sR], axisMarker0=[1, 0, 0], normalMarker1=[0, 1, 0]))
    # gravity alone is in equilibrium here (the slider takes no horizontal force): push the slider
    mbs.AddLoad(LoadForceVector(markerNumber=ms, loadVector=[-5, 0, 0]))
    mbs.Assemble()
    mbs.SolveDynamic(_settings(1e-3, 2000))
    gap = max(np.linalg.norm(mbs.GetObjectOutput(j, OV.Displacement)) for j in joints)
    assert gap < LOOP_TOL
    assert abs(mbs.GetObjectOutput(pj, OV.DisplacementLocal)[1]) < LOOP_TOL
    assert abs(mbs.GetObjectOutput(pj, OV.Rotation)) < LOOP_TOL
    assert np.linalg.norm(mbs.systemData.GetODE2Coordinates()) > 0.05


def test_rolling_disc_rolls_straight():
    """Upright disc (axis x, r = 0.3) rolling along y with spin w: contact point at rest,
    path = r w t, normal force m g."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    r, m, w = 0.3, 1.0, -4.0
    gnd = mbs.AddObject(ObjectGround())
    n, b, mM = _rigid3d(mbs, [0, 0, r], m, [0.5 * m * r * r, 0.25 * m * r * r, 0.25 * m * r * r, 0, 0, 0],
                        v0=[0, -w * r, 0], w0=[w, 0, 0])
    mbs.AddLoad(LoadMassProportional(markerNumber=mM, loadVector=[0, 0, -G]))
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=gnd, localPosition=[0, 0, 0]))
    mD = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    j = mbs.AddObject(RollingDiscJoint(markerNumbers=[mG, mD], discRadius=r))
    mbs.Assemble()
    T = 1.0
    mbs.SolveDynamic(_settings(1e-3, 1000))
    pos = mbs.GetNodeOutput(n, OV.Position)
    np.testing.assert_allclose(pos, [0, -w * r * T, r], atol=1e-8)
    np.testing.assert_allclose(mbs.GetObjectOutput(j, OV.Position), [0, -w * r * T, 0], atol=1e-8)
    # material velocity of the disc's contact point (center velocity + omega x (-r e_z)) vanishes
    v = mbs.GetNodeOutput(n, OV.Velocity)
    om = mbs.GetNodeOutput(n, OV.AngularVelocity)
    np.testing.assert_allclose(v + np.cross(om, [0, 0, -r]), 0, atol=1e-8)
    f = mbs.GetObjectOutput(j, OV.ForceLocal)
    np.testing.assert_allclose(f, [0, 0, m * G], atol=1e-5)


def test_active_connector_switch_frees_the_body():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    gnd = mbs.AddObject(ObjectGround())
    n, b, mM = _rigid3d(mbs, [0, 0, 0], 1.0, [0.1, 0.1, 0.1, 0, 0, 0])
    mbs.AddLoad(LoadMassProportional(markerNumber=mM, loadVector=[0, -G, 0]))
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=gnd, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    j = mbs.AddObject(GenericJoint(markerNumbers=[mG, mB]))
    mbs.Assemble()
    mbs.SolveDynamic(_settings(1e-3, 100))
    # all translations locked: lambda = global force on the m0 side (the weight pulls ground down)
    assert abs(mbs.GetObjectOutput(j, OV.ForceLocal)[1] + G) < 1e-5
    mbs.SetObjectParameter(j, "activeConnector", False)
    mbs.SolveDynamic(_settings(1e-3, 100))
    lam = mbs.systemData.GetAECoordinates()
    assert np.all(lam[-6:] == 0)
    assert mbs.GetNodeOutput(n, OV.Position)[1] < -0.04


def test_joint_needs_rigid_markers():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    gnd = mbs.AddObject(ObjectGround())
    n, b, _ = _rigid3d(mbs, [0, 0, 0], 1.0, [0.1, 0.1, 0.1, 0, 0, 0])
    mG = mbs.AddMarker(MarkerBodyPosition(bodyNumber=gnd, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    mbs.AddObject(RevoluteJointZ(markerNumbers=[mG, mB], name="rev"))
    with pytest.raises(AssemblyError, match="ObjectJointRevoluteZ.*rev.*Orientation"):
        mbs.Assemble()


def test_constrained_axes_and_radius_checked_at_assemble():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    gnd = mbs.AddObject(ObjectGround())
    n, b, _ = _rigid3d(mbs, [0, 0, 0.3], 1.0, [0.1, 0.1, 0.1, 0, 0, 0])
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=gnd, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    j = mbs.AddObject(GenericJoint(markerNumbers=[mG, mB], constrainedAxes=[1, 1, 1, 1, 1], name="gj"))
    with pytest.raises(ItemParameterError, match="gj.*constrainedAxes"):
        mbs.Assemble()
    mbs.SetObjectParameter(j, "constrainedAxes", [1, 1, 1, 1, 1, 2])
    with pytest.raises(ItemParameterError, match="gj.*constrainedAxes"):
        mbs.Assemble()
    with pytest.raises(ItemParameterError, match="discRadius"):
        mbs.AddObject(RollingDiscJoint(markerNumbers=[mG, mB], discRadius=0.0, name="disc"))
