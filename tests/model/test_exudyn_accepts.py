"""Models and calls that Exudyn 1.13.6 accepts, accepted here with Exudyn's numbers (measured with
the same scripts): a MassPoint on a NodePointGround, scalars for vector and matrix parameters,
CoordinateVectorConstraint scaling matrices of a marker without coordinates, outputs in the
reference configuration before Assemble."""
import numpy as np
import pytest

import multibody as exu
from multibody.errors import ExudynValueError, ModelError
from multibody.utilities import (CoordinateVectorConstraint, Force, LoadMassProportional, MarkerBodyMass,
                                 MarkerBodyPosition, MarkerBodyRigid, MarkerNodeCoordinate,
                                 MarkerNodeCoordinates, MarkerNodePosition, MassPoint, NodePoint,
                                 NodePointGround, NodeRigidBody2D, NodeRigidBodyEP, ObjectGenericODE2,
                                 ObjectGround, ObjectRigidBody, ObjectRigidBody2D, SensorBody, SpringDamper)

OV = exu.OutputVariableType
CT = exu.ConfigurationType


def _solve(mbs, steps=10, end=0.1):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = end
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)


def _spring_on(anchor):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    if anchor == "ground mass point":
        ng = mbs.AddNode(NodePointGround(referenceCoordinates=[1, 2, 0]))
        b = mbs.AddObject(MassPoint(mass=2, nodeNumber=ng))
    else:
        b = mbs.AddObject(ObjectGround(referencePosition=[1, 2, 0]))
    n = mbs.AddNode(NodePoint(referenceCoordinates=[2, 2, 0]))
    b1 = mbs.AddObject(MassPoint(mass=2, nodeNumber=n))
    m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b))
    m1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b1))
    mbs.AddObject(SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=1))
    mbs.AddLoad(Force(markerNumber=m1, loadVector=[1, 1, 0]))
    mbs.AddLoad(Force(markerNumber=m0, loadVector=[1, 1, 0]))
    if anchor == "ground mass point":
        mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)),
                                         loadVector=[0, -9.81, 0]))
    s = mbs.AddSensor(SensorBody(bodyNumber=b, outputVariableType=OV.Position, storeInternal=True))
    mbs.Assemble()
    return mbs, b, s


def test_mass_point_on_a_ground_node_is_a_fixed_point():
    """Exudyn assembles it too, but its spring's LTG list is then [0, 1, 2, 0, 0, 0] (measured): the
    spring force is added twice to the moving node's x coordinate and the result is not the
    physics. Here the mass point acts as a ground at the node: the numbers are Exudyn's for the
    same model with an ObjectGround there (measured: q = [0.00239556..., 0.00249989..., 0])."""
    mbs, b, s = _spring_on("ground mass point")
    assert mbs.systemData.ODE2Size() == 3 and mbs.systemData.GetObjectLTGODE2(b) == []
    np.testing.assert_array_equal(mbs.GetObjectOutputBody(b, OV.Position), [1, 2, 0])
    np.testing.assert_array_equal(mbs.GetObjectOutputBody(b, OV.Velocity), [0, 0, 0])
    _solve(mbs)
    q = mbs.systemData.GetODE2Coordinates()
    ref, _, _ = _spring_on("ground object")
    _solve(ref)
    np.testing.assert_allclose(q, ref.systemData.GetODE2Coordinates(), rtol=1e-14, atol=1e-18)
    np.testing.assert_allclose(q, [0.00239556, 0.00249989, 0.0], atol=5e-9)
    np.testing.assert_array_equal(mbs.GetSensorValues(s), [1, 2, 0])


def test_scalars_for_numpy_vector_and_matrix_parameters():
    """Exudyn: NumpyVector parameters take a number as a vector of one entry, NumpyMatrix ones
    as a 1x1 matrix; fixed-size vectors and MatrixContainers refuse it."""
    c = CoordinateVectorConstraint(markerNumbers=[0, 1], scalingMarker1=2.0, offset=3)
    np.testing.assert_array_equal(c.offset, [3.0])
    np.testing.assert_array_equal(c.scalingMarker1, [[2.0]])
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    with pytest.raises(Exception, match="referenceCoordinates"):
        mbs.AddNode(NodePoint(referenceCoordinates=2.0))
    with pytest.raises(Exception, match="massMatrix"):
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[], massMatrix=2.0))


def _vector_constraint(S0, S1, offset, ground=True):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ng = mbs.AddNode(NodePointGround() if ground else NodePoint())
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=2, nodeNumber=n))
    if not ground:
        mbs.AddObject(MassPoint(mass=2, nodeNumber=ng))
    m0 = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=ng))
    m1 = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=n))
    mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[m0, m1], scalingMarker0=S0, scalingMarker1=S1,
                                             offset=offset))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n)), loadVector=[1, 1, 1]))
    mbs.Assemble()
    _solve(mbs)
    return mbs.systemData.GetODE2Coordinates()


I3 = np.eye(3)
# (scalingMarker0, scalingMarker1, offset) -> Exudyn 1.13.6's coordinates after 10 steps
VECTOR_CONSTRAINT_CASES = [
    (np.zeros((1, 0)), I3[:1], [0], [-1.0, 0.0025, 0.0025]),
    ([], I3[:1], [0], [-1.0, 0.0025, 0.0025]),
    (np.zeros((0, 0)), I3[:2], [0, 0], [-1.0, 0.0, 0.0025]),
    ([], [[1, 0, 0]], 0., [-1.0, 0.0025, 0.0025]),
    ([], np.array([[1, 0, 0]]), np.array([0.]), [-1.0, 0.0025, 0.0025]),
    (np.zeros((1, 0)), I3, [0, 0, 0], [-1.0, 0.0, 0.0]),
    (np.zeros((3, 0)), I3, [0, 0, 0], [-1.0, 0.0, 0.0]),
    (np.zeros((0, 3)), I3, [0, 0, 0], [-1.0, 0.0, 0.0]),
    ([[]], I3, [0, 0, 0], [-1.0, 0.0, 0.0]),
]


@pytest.mark.parametrize("S0, S1, offset, expected", VECTOR_CONSTRAINT_CASES)
def test_coordinate_vector_constraint_to_a_ground_node(S0, S1, offset, expected):
    np.testing.assert_allclose(_vector_constraint(S0, S1, offset), expected, atol=1e-12)


def test_coordinate_vector_constraint_between_two_nodes_and_refused_shapes():
    np.testing.assert_allclose(_vector_constraint(I3[:1], I3[:1], [0], ground=False),
                               [0.50125, 0.0, 0.0, -0.49875, 0.0025, 0.0025], atol=1e-12)
    # Exudyn refuses these as well: columns that do not match the ground marker's 0 coordinates
    for S0, S1, off in ((I3[:1], I3[:1], [0]), (I3[:1, :2], I3[:1], [0]), (np.zeros((2, 3)), I3[:2], [0, 0])):
        with pytest.raises(Exception, match="scalingMarker0"):
            _vector_constraint(S0, S1, off)


def _outputs_model():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 2, 0], initialCoordinates=[0.1, 0, 0],
                              initialVelocities=[0, 3, 0]))
    b = mbs.AddObject(MassPoint(mass=2, nodeNumber=n))
    nr = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 1, 1, 0, 0, 0],
                                     initialVelocities=[1, 0, 0, 0, 0, 0, 0]))
    rb = mbs.AddObject(ObjectRigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nr))
    n2 = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[1, 1, 0.5]))
    rb2 = mbs.AddObject(ObjectRigidBody2D(mass=1, inertia=1, nodeNumber=n2))
    mr = mbs.AddMarker(MarkerBodyRigid(bodyNumber=rb, localPosition=[1, 0, 0]))
    mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=1))
    return mbs, dict(n=n, b=b, nr=nr, rb=rb, n2=n2, rb2=rb2, mr=mr, mc=mc)


def _reference_outputs(mbs, k):
    get = {"node": lambda v: mbs.GetNodeOutput(k["n"], v, configuration=CT.Reference),
           "rnode": lambda v: mbs.GetNodeOutput(k["nr"], v, configuration=CT.Reference),
           "n2d": lambda v: mbs.GetNodeOutput(k["n2"], v, configuration=CT.Reference),
           "rbody": lambda v: mbs.GetObjectOutputBody(k["rb"], v, localPosition=[1, 0, 0],
                                                      configuration=CT.Reference),
           "rb2": lambda v: mbs.GetObjectOutputBody(k["rb2"], v, localPosition=[1, 0, 0],
                                                    configuration=CT.Reference),
           "marker": lambda v: mbs.GetMarkerOutput(k["mr"], v, configuration=CT.Reference)}
    out = {}
    for label, f in get.items():
        for var in OV.__members__.values():
            try:
                out[label, var.name] = np.asarray(f(var), dtype=float)
            except (ExudynValueError, exu.InternalError, ValueError):
                pass
    return out


# measured with Exudyn 1.13.6, before and after Assemble alike
REFERENCE_ANSWERS = {
    ("node", "Position"): [1, 2, 0], ("node", "Coordinates"): [1, 2, 0],
    ("rnode", "Position"): [0, 0, 1], ("rnode", "Coordinates"): [0, 0, 1, 1, 0, 0, 0],
    ("n2d", "Coordinates"): [1, 1, 0.5], ("rbody", "Position"): [1, 0, 1], ("marker", "Position"): [1, 0, 1],
    ("rnode", "RotationMatrix"): np.eye(3).ravel(), ("node", "Displacement"): [0, 0, 0],
}


@pytest.mark.parametrize("assembled", [False, True])
def test_reference_configuration_outputs_as_exudyn(assembled):
    mbs, k = _outputs_model()
    if assembled:
        mbs.Assemble()
    out = _reference_outputs(mbs, k)
    # Exudyn answers 6 variables there (Coordinates of nodes only), 38 in this model
    assert {v for _, v in out} == {"Position", "Displacement", "RotationMatrix", "Rotation",
                                   "HomogeneousTransformation", "Coordinates"}
    assert len(out) == 38 - 5          # (Exudyn's 38 include the 5 of a mass point, not asked here)
    for key, value in REFERENCE_ANSWERS.items():
        np.testing.assert_allclose(out[key], value, atol=1e-15, err_msg=str(key))
    np.testing.assert_allclose(out["rb2", "Position"], [1 + np.cos(0.5), 1 + np.sin(0.5), 0], atol=1e-15)
    with pytest.raises(ExudynValueError, match="Velocity"):
        mbs.GetNodeOutput(k["n"], OV.Velocity, configuration=CT.Reference)
    if not assembled:
        assert mbs.systemData.GetODE2Coordinates().size == 0
        with pytest.raises(ModelError, match="Assemble"):
            mbs.GetNodeOutput(k["n"], OV.Position)


def test_current_outputs_of_a_changed_system_are_refused_the_reference_answered():
    mbs, k = _outputs_model()
    mbs.Assemble()
    mbs.SetObjectParameter(k["b"], "mass", 3.)       # a parameter: still consistent
    np.testing.assert_allclose(mbs.GetNodeOutput(k["n"], OV.Position), [1.1, 2, 0])
    n3 = mbs.AddNode(NodePoint(referenceCoordinates=[5, 2, 0]))
    with pytest.raises(ModelError, match="Assemble"):
        mbs.GetNodeOutput(k["n"], OV.Position)
    np.testing.assert_array_equal(mbs.GetNodeOutput(n3, OV.Position, configuration=CT.Reference), [5, 2, 0])
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates()[:3], [0.1, 0, 0])


def test_markers_answer_the_outputs_of_their_kind():
    """Exudyn 1.13.6: position markers Position, Displacement, Velocity; rigid markers also the
    rotations and angular velocities; coordinate markers Coordinates and Coordinates_t."""
    mbs, k = _outputs_model()
    mp = mbs.AddMarker(MarkerNodePosition(nodeNumber=k["n"]))
    mbs.Assemble()
    for m, allowed in ((mp, {"Position", "Displacement", "Velocity"}),
                       (k["mc"], {"Coordinates", "Coordinates_t"}),
                       (k["mr"], {"Position", "Displacement", "Velocity", "RotationMatrix", "Rotation",
                                  "AngularVelocity", "AngularVelocityLocal", "HomogeneousTransformation"})):
        answered = set()
        for var in OV.__members__.values():
            try:
                mbs.GetMarkerOutput(m, var)
                answered.add(var.name)
            except ExudynValueError:
                pass
        assert answered == allowed


def test_no_potential_energy_where_a_user_function_defines_the_force():
    """Exudyn 1.13.6 raises NotImplementedFeatureError with these messages (measured); connectors
    without a user function in the same system give their energy."""
    from multibody.errors import NotImplementedFeatureError
    import multibody as exu_
    from multibody.utilities import (CartesianSpringDamper, CoordinateSpringDamper, LinearSpringDamper,
                                     MarkerBodyPosition, MarkerBodyRigid, MarkerNodeCoordinate, NodeRigidBodyEP,
                                     ObjectGround, ObjectRigidBody, RigidBodySpringDamper, SpringDamper,
                                     TorsionalSpringDamper)
    SC = exu_.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[1, 0, 0, 1, 0, 0, 0], initialCoordinates=[0.1, 0.2, 0, 0, 0, 0, 0]))
    b = mbs.AddObject(ObjectRigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    a, c = (mbs.AddMarker(MarkerBodyRigid(bodyNumber=k)) for k in (g, b))
    pa, pc = (mbs.AddMarker(MarkerBodyPosition(bodyNumber=k)) for k in (g, b))
    ca, cc = (mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=k)) for k in (0, 1))
    raising = {
        "ObjectConnectorSpringDamper: no PotentialEnergy, its springForceUserFunction defines the force":
            SpringDamper(markerNumbers=[pa, pc], stiffness=10, springForceUserFunction=lambda *a: 1.),
        "ObjectConnectorCartesianSpringDamper: no PotentialEnergy, its springForceUserFunction defines the force":
            CartesianSpringDamper(markerNumbers=[pa, pc], stiffness=[10] * 3, springForceUserFunction=lambda *a: [1., 0, 0]),
        "ObjectConnectorCoordinateSpringDamper: no PotentialEnergy, its springForceUserFunction defines the force":
            CoordinateSpringDamper(markerNumbers=[ca, cc], stiffness=10, springForceUserFunction=lambda *a: 1.),
        "ObjectConnectorTorsionalSpringDamper: no PotentialEnergy, its springTorqueUserFunction defines the torque":
            TorsionalSpringDamper(markerNumbers=[a, c], stiffness=10, springTorqueUserFunction=lambda *a: 1.),
        "ObjectConnectorLinearSpringDamper: no PotentialEnergy, its springForceUserFunction defines the force":
            LinearSpringDamper(markerNumbers=[a, c], stiffness=10, springForceUserFunction=lambda *a: 1.),
        "ObjectConnectorRigidBodySpringDamper: no PotentialEnergy, its springForceTorqueUserFunction defines the "
        "force and torque": RigidBodySpringDamper(markerNumbers=[a, c], stiffness=np.eye(6),
                                                  springForceTorqueUserFunction=lambda *a: [0] * 6),
    }
    objects = {msg: mbs.AddObject(item) for msg, item in raising.items()}
    plain = mbs.AddObject(SpringDamper(markerNumbers=[pa, pc], stiffness=10, referenceLength=0.5))
    mbs.Assemble()
    for msg, o in objects.items():
        with pytest.raises(NotImplementedFeatureError) as info:
            mbs.GetObjectOutput(o, exu_.OutputVariableType.PotentialEnergy)
        assert str(info.value) == msg
    assert mbs.GetObjectOutput(plain, exu_.OutputVariableType.PotentialEnergy) == pytest.approx(
        0.5 * 10 * (np.sqrt(1.1 ** 2 + 0.2 ** 2) - 0.5) ** 2, rel=1e-12)
