"""mbs.CreateRollingDisc, mbs.CreateLinearSpringDamper and exu.JointPreCheckCalcBodyMarkers against
Exudyn 1.13.6: the items added (types, markers, local positions, axes, parameters), the returned
values and the errors, measured with the same models (the numbers below)."""
import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (HTrotateY, HTtranslate, InertiaCuboid, InertiaCylinder, MarkerBodyPosition,
                                 MarkerBodyRigid, MarkerNodeRigid, RotationMatrixX, RotationMatrixY,
                                 RotationMatrixZ)

# local positions and axes are products of a few rotation matrices: round-off only
ATOL = 1e-14


def _model():
    """A rotated ground, two rotated rigid bodies (Euler parameters, Rxyz) and three rigid markers."""
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.CreateGround(referencePosition=[0.1, 0.2, 0.3], referenceRotationMatrix=RotationMatrixX(0.4))
    b0 = mbs.CreateRigidBody(inertia=InertiaCuboid(density=1000, sideLengths=[0.2, 0.1, 0.1]),
                             referencePosition=[1, 0, 0],
                             referenceRotationMatrix=RotationMatrixZ(0.5) @ RotationMatrixY(0.2))
    b1 = mbs.CreateRigidBody(inertia=InertiaCuboid(density=1000, sideLengths=[0.2, 0.1, 0.1]),
                             referencePosition=[2, 0.5, 0], referenceRotationMatrix=RotationMatrixX(0.7),
                             nodeType=exu.NodeType.RotationRxyz)
    mk0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b0, localPosition=[0.1, 0.2, 0.3],
                                        localHT=HTtranslate([0.1, 0.2, 0.3]) @ HTrotateY(0.3)))
    mk1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b1, localPosition=[0.3, 0.2, 0.1]))
    mn = mbs.AddMarker(MarkerNodeRigid(nodeNumber=mbs.GetObject(b1)["nodeNumber"]))
    return mbs, (g, b0, b1, mk0, mk1, mn)


# ---------------------------------------------------------------- CreateLinearSpringDamper

LSD_ARGS = {
    "global_ground": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[g, b0], position=[1, 0, 0], axis=[1, 0, 0],
                                                          stiffness=1e3, damping=10),
    "local_named": lambda g, b0, b1, mk0, mk1, mn: dict(
        name="lsd", itemNumbers=[b0, b1], position=[0.3, 0.1, 0.2], axis=[1, 2, 3], stiffness=1e3, damping=10,
        offset=0.1, velocityOffset=0.2, force=0.3, useGlobalFrame=False, show=False, drawSize=0.5, color=[1, 0, 0, 1]),
    "global_bodies": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b1, b0], position=[0.3, 0.1, 0.2],
                                                          axis=[0, 2, 1]),
    "markers": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[mk0, mk1], position=[], axis=[0, 0, 1]),
    "marker_body": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[mk0, b1], position=[], axis=[0, 0, 1]),
    "body_marker": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, mk1], position=[], axis=[0, 0, 1]),
    "markers_local": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[mk0, mk1], position=[], axis=[0, 0, 1],
                                                          useGlobalFrame=False),
    "node_marker": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[mn, b0], position=[], axis=[0, 0, 1]),
    "ints_defaults": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[2, 1]),
}

# Exudyn 1.13.6: markerNumbers, axisMarker0, and the markers added: (name, bodyNumber, localPosition);
# each added marker is a MarkerBodyRigid whose localHT is the translation by localPosition
LSD_EXUDYN = {
    "global_ground": ([3, 4], [1.0, 0.0, 0.0],
                      [("marker3", 0, [0.9, -0.3010377014931722, -0.1984346297391354]),
                       ("marker4", 1, [0.0, 0.0, 0.0])]),
    "local_named": ([3, 4], [0.2672612419124244, 0.5345224838248487, 0.8017837257372732],
                    [("Marker0:lsd", 1, [0.30000000000000004, 0.09999999999999999, 0.2]),
                     ("Marker1:lsd", 2, [-0.755046004341271, -0.10503803546101886, 0.26682612439435055])]),
    "global_bodies": ([3, 4], [0.0, 0.9721985573253318, -0.23415799182292207],
                      [("marker3", 2, [-1.7, -0.1770933374662572, 0.4106555123519741]),
                       ("marker4", 1, [-0.5948095082075937, 0.4233561332119795, 0.08349391245858115])]),
    "markers": ([0, 1], [-0.4794255386042031, 0.0, 0.8775825618903726], []),
    "marker_body": ([0, 3], [-0.4794255386042031, 0.0, 0.8775825618903726],
                    [("marker3", 2, [-0.9575715518138832, -0.013772151771683783, 0.37004405450013916])]),
    "body_marker": ([3, 1], [-0.19866933079506133, 0.0, 0.9800665778412416],
                    [("marker3", 1, [1.3538636152217067, -0.10675490684660072, 0.4839456270864655])]),
    "markers_local": ([0, 1], [0.0, -2.7755575615628914e-17, 1.0], []),
    "node_marker": ([2, 3], [0.0, 0.644217687237691, 0.7648421872844885],
                    [("marker3", 1, [1.095023811679805, -0.040634257659016904, 0.22197231574845525])]),
    "ints_defaults": ([3, 4], [1.0, 0.0, 0.0],
                      [("marker3", 2, [-2.0, -0.38242109364224425, 0.3221088436188455]),
                       ("marker4", 1, [-0.8600893382050472, 0.4794255386042032, -0.17434874028817582])]),
}


def _check_new_markers(mbs, first, expected):
    assert mbs.NumberOfMarkers() == first + len(expected)
    for i, (name, body, local) in enumerate(expected):
        m = mbs.GetMarker(first + i)
        assert (m["markerType"], m["name"], int(m["bodyNumber"])) == ("BodyRigid", name, body)
        np.testing.assert_allclose(m["localPosition"], local, atol=ATOL)
        ht = np.eye(4)
        ht[:3, 3] = local
        np.testing.assert_allclose(m["localHT"], ht, atol=ATOL)


@pytest.mark.parametrize("case", sorted(LSD_ARGS))
def test_linear_spring_damper_items_as_exudyn(case):
    mbs, items = _model()
    first = mbs.NumberOfMarkers()
    o = mbs.CreateLinearSpringDamper(**LSD_ARGS[case](*items))
    assert isinstance(o, exu.ObjectIndex) and int(o) == 3 and mbs.NumberOfObjects() == 4
    d = mbs.GetObject(o)
    marker_numbers, axis, new_markers = LSD_EXUDYN[case]
    assert d["objectType"] == "ConnectorLinearSpringDamper"
    assert [int(m) for m in d["markerNumbers"]] == marker_numbers
    np.testing.assert_allclose(d["axisMarker0"], axis, atol=ATOL)
    _check_new_markers(mbs, first, new_markers)


def test_linear_spring_damper_parameters_as_exudyn():
    mbs, items = _model()
    d = mbs.GetObject(mbs.CreateLinearSpringDamper(**LSD_ARGS["local_named"](*items)))
    expected = {"name": "lsd", "stiffness": 1000.0, "damping": 10.0, "offset": 0.1, "velocityOffset": 0.2,
                "force": 0.3, "activeConnector": True, "springForceUserFunction": 0, "Vshow": False, "VdrawSize": 0.5,
                "VdrawAsCylinder": False, "Vcolor": [1.0, 0.0, 0.0, 1.0]}
    assert {k: d[k] for k in expected} == expected
    d = mbs.GetObject(mbs.CreateLinearSpringDamper(**LSD_ARGS["global_ground"](*items)))
    assert (d["name"], d["Vshow"], d["VdrawSize"], list(d["Vcolor"])) == ("object4", True, -1.0, [-1.0] * 4)


LSD_ERRORS = {
    # Exudyn 1.13.6 raises ValueError for these (ExudynValueError, a ValueError, for the position marker)
    "position_with_marker": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[mk0, mk1], position=[1, 2, 3]),
    "body_and_marker_with_position": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, mk1], position=[1, 1, 1]),
    "node": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[exu.NodeIndex(1), b0]),
    "none": lambda g, b0, b1, mk0, mk1, mn: dict(),
    "bodies_without_position": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], position=[]),
    "axis_size": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], axis=[0, 1]),
    "axis_zero": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], axis=[0, 0, 0]),
    "position_size": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], position=[0, 0]),
    "negative_stiffness": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], stiffness=-1),
    "negative_damping": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], damping=-1),
    "offset_text": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], offset="a"),
    "color_size": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], color=[1, 0, 0]),
    "name_none": lambda g, b0, b1, mk0, mk1, mn: dict(itemNumbers=[b0, b1], name=None),
}


@pytest.mark.parametrize("case", sorted(LSD_ERRORS))
def test_linear_spring_damper_errors_leave_the_system_unchanged(case):
    mbs, items = _model()
    counts = (mbs.NumberOfObjects(), mbs.NumberOfMarkers())
    with pytest.raises(ValueError):
        mbs.CreateLinearSpringDamper(**LSD_ERRORS[case](*items))
    assert (mbs.NumberOfObjects(), mbs.NumberOfMarkers()) == counts


def test_linear_spring_damper_needs_a_rigid_marker():
    mbs, (g, b0, b1, mk0, mk1, mn) = _model()
    mp = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b1, localPosition=[0.3, 0.2, 0.1]))
    with pytest.raises(exu.ExudynValueError, match="orientation"):
        mbs.CreateLinearSpringDamper(itemNumbers=[mp, b0], position=[])


def test_linear_spring_damper_takes_no_deprecated_body_numbers():
    mbs, (g, b0, *_) = _model()
    with pytest.raises(TypeError):
        mbs.CreateLinearSpringDamper(bodyNumbers=[g, b0])


# ---------------------------------------------------------------- JointPreCheckCalcBodyMarkers

_ROT_B0 = [[0.8600893382050472, -0.4794255386042032, 0.17434874028817582],
           [0.46986894694951553, 0.8775825618903726, 0.09524715092055885],
           [-0.19866933079506133, 0.0, 0.9800665778412416]]
_ROT_B1 = [[1.0, 0.0, 0.0], [0.0, 0.7648421872844885, -0.644217687237691], [0.0, 0.644217687237691, 0.7648421872844885]]
JOINT_PRE_CHECK = {   # (items, position, useGlobalFrame) -> Exudyn 1.13.6's [p0, A0, p1, A1, m0, m1, position]
    "bodies_global": ((1, 2, None), [1, 2, 3], True,
                      [[1.0, 0.0, 0.0], _ROT_B0, [2.0, 0.5, 0.0], _ROT_B1, None, None, [1.0, 2.0, 3.0]]),
    "bodies_local": ((1, 2, None), [1, 2, 3], False,
                     [[1.0, 0.0, 0.0], _ROT_B0, [2.0, 0.5, 0.0], _ROT_B1, None, None,
                      [1.4242844818611682, 2.510775523491937, 2.7415304027286638]]),
    "ground_body": ((0, 2, None), [1, 2, 3], True,
                    [[0.1, 0.2, 0.3], [[1.0, 0.0, 0.0], [0.0, 0.9210609940028851, -0.3894183423086505],
                                       [0.0, 0.3894183423086505, 0.9210609940028851]],
                     [2.0, 0.5, 0.0], _ROT_B1, None, None, [1.0, 2.0, 3.0]]),
    "marker_body": (("mk0", 2, None), [], True,
                    [[1.0424284481861168, 0.2510775523491937, 0.2741530402728663],
                     [[0.7701511529340698, -0.4794255386042032, 0.42073549240394825],
                      [0.4207354924039484, 0.8775825618903726, 0.22984884706593023],
                      [-0.4794255386042031, 0.0, 0.8775825618903726]],
                     [2.0, 0.5, 0.0], _ROT_B1, 0, None, [1.0424284481861168, 0.2510775523491937, 0.2741530402728663]]),
    "body_node_marker": ((1, "mn", None), [], False,
                         [[1.0, 0.0, 0.0], _ROT_B0, [2.0, 0.5, 0.0], _ROT_B1, None, 2, [2.0, 0.5, 0.0]]),
}


@pytest.mark.parametrize("case", sorted(JOINT_PRE_CHECK))
def test_joint_pre_check_as_exudyn(case):
    mbs, (g, b0, b1, mk0, mk1, mn) = _model()
    named = {0: g, 1: b0, 2: b1, "mk0": mk0, "mn": mn}
    spec, position, use_global, expected = JOINT_PRE_CHECK[case]
    items = [named[spec[0]], named[spec[1]]]
    result = exu.JointPreCheckCalcBodyMarkers("w", mbs, "", items, position, True, use_global)
    assert len(result) == 7 and mbs.NumberOfMarkers() == 3
    for k in (0, 1, 2, 3, 6):
        np.testing.assert_allclose(np.asarray(result[k], dtype=float), expected[k], atol=ATOL)
    assert [None if m is None else int(m) for m in result[4:6]] == expected[4:6]
    if use_global and result[4] is None and result[5] is None:
        assert result[6] is position        # Exudyn returns the given global position itself


@pytest.mark.parametrize("items", [[1], (1, 2), [1, None], [exu.NodeIndex(0), 1]])
def test_joint_pre_check_refuses_other_items(items):
    mbs, _ = _model()
    with pytest.raises(ValueError, match="itemNumbers"):
        exu.JointPreCheckCalcBodyMarkers("w", mbs, "", items, [0, 0, 0], True, True)


# ---------------------------------------------------------------- CreateRollingDisc

def _disc_model():
    mbs = exu.SystemContainer().AddSystem()
    disc = mbs.CreateRigidBody(inertia=InertiaCylinder(density=5000, length=0.1, outerRadius=0.2, axis=0),
                               referencePosition=[1, 0, 0.2], referenceRotationMatrix=RotationMatrixZ(0.3),
                               gravity=[0, 0, -9.81])
    ground = mbs.CreateGround(referencePosition=[0, 0, 0.1])
    return mbs, disc, ground


def test_rolling_disc_items_as_exudyn():
    mbs, disc, ground = _disc_model()
    j = mbs.CreateRollingDisc(bodyNumbers=[ground, disc], axisPosition=[0.1, 0, 0], axisVector=[1, 0, 0],
                              discRadius=0.2, planePosition=[0, 0, -0.1], planeNormal=[0, 0, 1])
    assert isinstance(j, exu.ObjectIndex) and int(j) == 2
    d = mbs.GetObject(j)
    # Exudyn 1.13.6: the joint with the vectors as given, a rigid marker on each body at the
    # given local position, with the body's orientation
    expected = {"objectType": "JointRollingDisc", "name": "object2", "constrainedAxes": [1, 1, 1],
                "activeConnector": True, "discRadius": 0.2, "Vshow": True, "Vcolor": [-1.0, -1.0, -1.0, -1.0]}
    assert {k: d[k] for k in expected} == expected
    assert [int(m) for m in d["markerNumbers"]] == [1, 2]
    np.testing.assert_array_equal(d["discAxis"], [1.0, 0.0, 0.0])
    np.testing.assert_array_equal(d["planeNormal"], [0.0, 0.0, 1.0])
    assert d["VdiscWidth"] == pytest.approx(0.10000000149011612, abs=1e-8)   # single precision in Exudyn
    _check_new_markers(mbs, 1, [("marker1", 1, [0.0, 0.0, -0.1]), ("marker2", 0, [0.1, 0.0, 0.0])])


def test_rolling_disc_named_with_all_arguments_as_exudyn():
    mbs, disc, ground = _disc_model()
    j = mbs.CreateRollingDisc(name="rd", bodyNumbers=[ground, disc], axisPosition=[0.0, 0.1, 0], axisVector=[0, 2, 0],
                              discRadius=0.2, planePosition=[0, 1, 0], planeNormal=[0, 1, 1], constrainedAxes=[0, 1, 1],
                              activeConnector=False, show=False, discWidth=0.3, color=[1, 0, 0, 1])
    d = mbs.GetObject(j)
    expected = {"name": "rd", "constrainedAxes": [0, 1, 1], "activeConnector": False, "Vshow": False,
                "Vcolor": [1.0, 0.0, 0.0, 1.0]}
    assert {k: d[k] for k in expected} == expected
    np.testing.assert_array_equal(d["discAxis"], [0.0, 2.0, 0.0])          # not normalized, as Exudyn
    np.testing.assert_array_equal(d["planeNormal"], [0.0, 1.0, 1.0])
    assert d["VdiscWidth"] == pytest.approx(0.30000001192092896, abs=1e-8)
    _check_new_markers(mbs, 1, [("Marker0:rd", 1, [0.0, 1.0, 0.0]), ("Marker1:rd", 0, [0.0, 0.1, 0.0])])


def test_rolling_disc_uses_the_first_two_body_numbers_in_their_order():
    mbs, disc, ground = _disc_model()
    mbs.CreateRollingDisc(bodyNumbers=[disc, ground, disc], axisPosition=[0, 0, 0], discRadius=0.2)
    assert [int(mbs.GetMarker(m)["bodyNumber"]) for m in (1, 2)] == [int(disc), int(ground)]


ROLLING_DISC_ERRORS = {
    # Exudyn 1.13.6: ValueError (ExudynTypeError for a node or marker index, ExudynValueError for the radius)
    "axis_position_default": (dict(discRadius=0.2), ValueError),
    "axis_position_size": (dict(axisPosition=[0, 0], discRadius=0.2), ValueError),
    "axis_vector_size": (dict(axisPosition=[0, 0, 0], axisVector=[0, 0], discRadius=0.2), ValueError),
    "plane_normal_size": (dict(axisPosition=[0, 0, 0], planeNormal=[0, 0], discRadius=0.2), ValueError),
    "plane_position_size": (dict(axisPosition=[0, 0, 0], planePosition=[0, 0], discRadius=0.2), ValueError),
    "constrained_axes_size": (dict(axisPosition=[0, 0, 0], constrainedAxes=[1, 1], discRadius=0.2), ValueError),
    "color_size": (dict(axisPosition=[0, 0, 0], color=[1, 2, 3], discRadius=0.2), ValueError),
    "name_int": (dict(name=3, axisPosition=[0, 0, 0], discRadius=0.2), ValueError),
    "radius_zero": (dict(axisPosition=[0, 0, 0]), ValueError),
    "radius_negative": (dict(axisPosition=[0, 0, 0], discRadius=-1), ValueError),
}


@pytest.mark.parametrize("case", sorted(ROLLING_DISC_ERRORS))
def test_rolling_disc_errors(case):
    mbs, disc, ground = _disc_model()
    kwargs, error = ROLLING_DISC_ERRORS[case]
    counts = (mbs.NumberOfObjects(), mbs.NumberOfMarkers())
    with pytest.raises(error):
        mbs.CreateRollingDisc(bodyNumbers=[ground, disc], **kwargs)
    assert (mbs.NumberOfObjects(), mbs.NumberOfMarkers()) == counts


@pytest.mark.parametrize("bodies", ["node", "marker", "none"])
def test_rolling_disc_refuses_other_indices(bodies):
    mbs, disc, ground = _disc_model()
    other = {"node": exu.NodeIndex(0), "marker": exu.MarkerIndex(0), "none": None}[bodies]
    with pytest.raises((TypeError, ValueError)):
        mbs.CreateRollingDisc(bodyNumbers=[ground, other], axisPosition=[0, 0, 0], discRadius=0.2)
    with pytest.raises(TypeError):
        mbs.CreateRollingDisc(itemNumbers=[ground, disc], axisPosition=[0, 0, 0], discRadius=0.2)


def test_rolling_disc_rolls_as_a_wheel():
    """The created joint works: a disc started rolling keeps its contact point on the plane."""
    mbs = exu.SystemContainer().AddSystem()
    r, w = 0.2, 3 * 2 * np.pi
    disc = mbs.CreateRigidBody(inertia=InertiaCylinder(density=5000, length=0.1, outerRadius=r, axis=0),
                               referencePosition=[1, 0, r], initialAngularVelocity=[-w, 0, 0],
                               initialVelocity=[0, r * w, 0], gravity=[0, 0, -9.81])
    ground = mbs.CreateGround()
    mbs.CreateRollingDisc(bodyNumbers=[ground, disc], axisPosition=[0, 0, 0], axisVector=[1, 0, 0], discRadius=r)
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 200
    settings.timeIntegration.endTime = 0.2
    settings.solution.file.write = False
    settings.timeIntegration.verboseMode = 0
    assert mbs.SolveDynamic(settings)
    p = mbs.GetObjectOutputBody(disc, exu.OutputVariableType.Position)
    v = mbs.GetObjectOutputBody(disc, exu.OutputVariableType.Velocity)
    assert p[2] == pytest.approx(r, abs=1e-8) and p[0] == pytest.approx(1.0, abs=1e-8)
    assert v[1] == pytest.approx(r * w, rel=1e-6) and p[1] == pytest.approx(0.2 * r * w, rel=1e-6)
