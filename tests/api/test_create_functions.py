"""MainSystem Create functions (spec system.md 7): created items, frames and marker rotations."""
import warnings

import numpy as np
import pytest

import multibody as exu
from multibody.utilities import ComputeOrthonormalBasis, InertiaCuboid, RotationMatrixZ

OV = exu.OutputVariableType


def _mbs():
    return exu.SystemContainer().AddSystem()


def test_create_ground_and_mass_point_with_gravity():
    mbs = _mbs()
    g = mbs.CreateGround(referencePosition=[1, 2, 3])
    assert mbs.GetObject(g)["objectType"] == "Ground"
    d = mbs.CreateMassPoint(name="mp", referencePosition=[0, 1, 0], mass=2.0, gravity=[0, -9.81, 0], returnDict=True)
    assert set(d) == {"nodeNumber", "bodyNumber", "markerBodyMass", "loadNumber"}
    assert mbs.GetNode(d["nodeNumber"])["name"] == "Node:mp"
    assert mbs.GetLoad(d["loadNumber"])["loadVector"] == pytest.approx([0, -9.81, 0])


def test_create_mass_point_accepts_physics_mass_with_warning():
    mbs = _mbs()
    with pytest.warns(DeprecationWarning):
        b = mbs.CreateMassPoint(physicsMass=3.0)
    assert mbs.GetObject(b)["mass"] == 3.0


@pytest.mark.parametrize("node_type", ["RotationEulerParameters", "RotationRxyz", "RotationRotationVector"])
def test_create_rigid_body_initial_angular_velocity(node_type):
    mbs = _mbs()
    A = RotationMatrixZ(0.4)
    w = np.array([0.3, -0.2, 2.0])
    d = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.1, 0.2, 0.3]), referencePosition=[1, 0, 0],
                            referenceRotationMatrix=A, initialAngularVelocity=w, initialVelocity=[0, 1, 0],
                            nodeType=getattr(exu.NodeType, node_type), returnDict=True)
    mbs.Assemble()
    n = d["nodeNumber"]
    np.testing.assert_allclose(mbs.GetNodeOutput(n, OV.AngularVelocity), w, atol=1e-12)
    np.testing.assert_allclose(mbs.GetNodeOutput(n, OV.RotationMatrix).reshape(3, 3), A, atol=1e-12)
    np.testing.assert_allclose(mbs.GetNodeOutput(n, OV.Velocity), [0, 1, 0], atol=1e-14)


def test_create_rigid_body_invalid_node_type():
    with pytest.raises(ValueError, match="invalid nodeType"):
        _mbs().CreateRigidBody(inertia=InertiaCuboid(1000, [0.1, 0.1, 0.1]), nodeType=exu.NodeType.Position)


def test_create_rigid_body_2d():
    mbs = _mbs()
    d = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.1, 0.2, 0.3]), referenceRotationMatrix=RotationMatrixZ(0.3),
                            initialAngularVelocity=[0, 0, 2], create2D=True, returnDict=True)
    node = mbs.GetNode(d["nodeNumber"])
    assert node["nodeType"] == "RigidBody2D"
    assert node["referenceCoordinates"][2] == pytest.approx(0.3)
    assert node["initialVelocities"][2] == pytest.approx(2.0)


def test_spring_damper_reference_length_and_legacy_body_numbers():
    mbs = _mbs()
    g = mbs.CreateGround()
    b = mbs.CreateMassPoint(referencePosition=[3, 4, 0], mass=1)
    with pytest.warns(DeprecationWarning):
        s = mbs.CreateSpringDamper(bodyNumbers=[g, b], stiffness=10)
    assert mbs.GetObject(s)["referenceLength"] == pytest.approx(5.0)
    with pytest.raises(TypeError):
        mbs.CreateSpringDamper(itemNumbers=[g, b], bodyNumbers=[g, b])
    # 1.11's bodyOrNodeList and bodyList: refused, as Exudyn 1.13.6 (measured)
    with pytest.raises(TypeError, match="the argument bodyOrNodeList is not accepted; use itemNumbers"):
        mbs.CreateDistanceConstraint(bodyOrNodeList=[g, b])
    with pytest.raises(TypeError, match="bodyList"):
        mbs.CreateSpringDamper(bodyList=[g, b])
    s2 = mbs.CreateDistanceConstraint(itemNumbers=[g, b])
    assert mbs.GetObject(s2)["distance"] == pytest.approx(5.0)


@pytest.mark.parametrize("axis", [[0, 0, 1], [1, 0, 0], [0.3, 1, 0.2]])
def test_revolute_joint_marker_frames(axis):
    mbs = _mbs()
    g = mbs.CreateGround()
    A1 = RotationMatrixZ(0.7)
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.1, 0.2, 0.3]), referencePosition=[1, 0.5, 0],
                            referenceRotationMatrix=A1)
    j = mbs.CreateRevoluteJoint(itemNumbers=[g, b], position=[0.5, 0, 0], axis=axis)
    B = np.asarray(ComputeOrthonormalBasis(np.array(axis, dtype=float)))
    A_J = np.column_stack([-B[:, 2], B[:, 1], B[:, 0]])
    m0, m1 = mbs.GetObject(j)["markerNumbers"]
    H0, H1 = np.asarray(mbs.GetMarker(m0)["localHT"]), np.asarray(mbs.GetMarker(m1)["localHT"])
    np.testing.assert_allclose(H0[:3, :3], A_J, atol=1e-14)
    np.testing.assert_allclose(H1[:3, :3], A1.T @ A_J, atol=1e-14)
    np.testing.assert_allclose(H1[:3, 3], A1.T @ (np.array([0.5, 0, 0]) - [1, 0.5, 0]), atol=1e-14)
    # the marker frames coincide with the joint frame in the reference configuration
    mbs.Assemble()
    for m in (m0, m1):
        np.testing.assert_allclose(mbs.GetMarkerOutput(m, OV.RotationMatrix).reshape(3, 3), A_J, atol=1e-12)
        np.testing.assert_allclose(mbs.GetMarkerOutput(m, OV.Position), [0.5, 0, 0], atol=1e-12)


def test_prismatic_and_generic_joint_marker_frames():
    mbs = _mbs()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.1, 0.2, 0.3]), referencePosition=[1, 0, 0],
                            referenceRotationMatrix=RotationMatrixZ(0.2))
    p = mbs.CreatePrismaticJoint(itemNumbers=[g, b], position=[1, 0, 0], axis=[1, 1, 0])
    assert mbs.GetObject(p)["objectType"] == "JointPrismaticX"
    R = RotationMatrixZ(0.5)
    gj = mbs.CreateGenericJoint(itemNumbers=[g, b], position=[1, 0, 0], rotationMatrixAxes=R,
                                constrainedAxes=[1, 1, 1, 0, 0, 1])
    mbs.Assemble()
    B = np.asarray(ComputeOrthonormalBasis(np.array([1.0, 1, 0])))
    for m in mbs.GetObject(p)["markerNumbers"]:
        np.testing.assert_allclose(mbs.GetMarkerOutput(m, OV.RotationMatrix).reshape(3, 3), B, atol=1e-12)
    for m in mbs.GetObject(gj)["markerNumbers"]:
        np.testing.assert_allclose(mbs.GetMarkerOutput(m, OV.RotationMatrix).reshape(3, 3), R, atol=1e-12)


def test_spherical_joint_and_coordinate_constraint():
    mbs = _mbs()
    g = mbs.CreateGround()
    b = mbs.CreateMassPoint(referencePosition=[0, 1, 0], mass=1)
    s = mbs.CreateSphericalJoint(itemNumbers=[g, b], position=[0, 1, 0], constrainedAxes=[1, 0, 1])
    assert mbs.GetObject(s)["constrainedAxes"] == [1, 0, 1]
    c = mbs.CreateCoordinateConstraint(itemNumbers=[None, b], coordinates=[None, 1], offset=0.1)
    m0, m1 = mbs.GetObject(c)["markerNumbers"]
    assert mbs.GetNode(mbs.GetMarker(m0)["nodeNumber"])["nodeType"] == "PointGround"
    assert mbs.GetMarker(m1)["coordinate"] == 1
    with pytest.raises(ValueError):
        mbs.CreateCoordinateConstraint(itemNumbers=[None, g])


def test_create_force_and_torque():
    mbs = _mbs()
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.1, 0.2, 0.3]))
    f = mbs.CreateForce(itemNumber=b, loadVector=[1, 0, 0], localPosition=[0, 0.1, 0])
    t = mbs.CreateTorque(itemNumber=b, loadVector=[0, 0, 2], bodyFixed=True)
    assert mbs.GetMarker(mbs.GetLoad(f)["markerNumber"])["markerType"] == "BodyPosition"
    assert mbs.GetMarker(mbs.GetLoad(t)["markerNumber"])["markerType"] == "BodyRigid"
    with pytest.warns(DeprecationWarning):
        mbs.CreateForce(bodyNumber=b, loadVector=[0, 1, 0])


def test_create_force_body_fixed_uses_a_rigid_marker():
    """CreateForce makes a MarkerBodyPosition, with bodyFixed=True a MarkerBodyRigid (the force
    turns with the marker), as Exudyn 1.13.6; a body-fixed force on a mass point (no orientation)
    is then refused at Assemble, as there."""
    from multibody.errors import AssemblyError
    mbs = exu.SystemContainer().AddSystem()
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [0.1, 0.1, 0.1]))
    for fixed, kind in ((False, "BodyPosition"), (True, "BodyRigid")):
        load = mbs.CreateForce(itemNumber=b, loadVector=[1., 0., 0.], localPosition=[0., 0.05, 0.], bodyFixed=fixed)
        marker = mbs.GetMarker(mbs.GetLoad(load)["markerNumber"])
        assert marker["markerType"] == kind and list(marker["localPosition"]) == [0., 0.05, 0.]
    mbs.Assemble()
    p = mbs.CreateMassPoint(mass=1.)
    mbs.CreateForce(itemNumber=p, loadVector=[1., 0., 0.], bodyFixed=True)
    with pytest.raises(AssemblyError, match="has no orientation"):
        mbs.Assemble()


@pytest.mark.parametrize("kw", [dict(referencePosition=[1, 2]), dict(referencePosition=[1, 2, 'x']),
                                dict(referencePosition=5), dict(referencePosition=[1, 2, 3], gravity=[0, 0])])
def test_create_refuses_a_vector_of_the_wrong_size_with_value_error(kw):
    """Exudyn 1.13.6: ValueError naming the function and the argument (measured), for a wrong size as
    for a value that is no vector."""
    mbs = _mbs()
    with pytest.raises(ValueError, match=r"MainSystem.CreateMassPoint\(\.\.\.\): argument '(referencePosition|gravity)'"):
        mbs.CreateMassPoint(**kw)
    assert mbs.systemData.NumberOfObjects() == 0
