"""ObjectANCFCable with NodePointSlope1: static cantilever against Euler-Bernoulli in two bending
planes, bending eigenfrequencies against the clamped-free beam, outputs, markers and refusals
against Exudyn 1.13.6's numbers, the helper GenerateStraightLineANCFCable. (The dynamic cantilevers
against Exudyn are reference models: tests/models/reference_cables3d.py,
test_reference_models.py.)"""
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.beams as beams
from multibody.utilities import *  # noqa: F401,F403

OVT = exu.OutputVariableType
EI, EA, RHO_A, LENGTH = 2.0, 1e5, 1.5, 2.0
EA_STATIC = 1e3         # as in test_ancf_cable2d.py: small loads need a moderate axial stiffness


def _cantilever(n, tip_force=(0, 0, 0), clamp=(1, 1, 1, 1, 1, 1), axial=EA):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    cable = ObjectANCFCable(massPerLength=RHO_A, bendingStiffness=EI, axialStiffness=axial)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        nodes, _, _, _, _ = beams.GenerateStraightLineANCFCable(
            mbs, [0, 0, 0], [LENGTH, 0, 0], n, cable, fixedConstraintsNode0=None if clamp is None else list(clamp),
            fixedConstraintsNode1=None)
    if any(tip_force):
        m = mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[-1]))
        mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=list(tip_force)))
    mbs.Assemble()
    return mbs, nodes


@pytest.mark.parametrize("n", [2, 8])
@pytest.mark.parametrize("direction", [1, 2])
def test_static_tip_load_euler_bernoulli_two_planes(n, direction):
    """Small deflection (1e-3 L) in y and in z: the tip deflection P L^3 / (3 EI) within 1%, no
    deflection out of the load's plane."""
    P = 1e-3 * 3 * EI / LENGTH ** 2
    force = [0.0, 0.0, 0.0]
    force[direction] = -P
    mbs, nodes = _cantilever(n, tip_force=force, axial=EA_STATIC)
    ss = exu.SimulationSettings()
    ss.staticSolver.numberOfLoadSteps = 4
    ss.solution.file.write = False
    mbs.SolveStatic(ss)
    u = mbs.GetNodeOutput(nodes[-1], OVT.Displacement)
    exact = P * LENGTH ** 3 / (3 * EI)
    assert abs(-u[direction] / exact - 1) < 1e-2
    assert abs(u[3 - direction]) < 1e-10 * exact


BETA_L = np.array([1.87510407, 4.69409113, 7.85475744])      # clamped-free beam: cos(bL) cosh(bL) = -1


@pytest.mark.parametrize("n", [8, 16])
def test_clamped_bending_eigenfrequencies(n):
    """The first three bending frequencies of a clamped-free cable within 1%, each twice (bending
    in y and in z)."""
    mbs, _ = _cantilever(n, clamp=None)
    values, _ = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=list(range(6)), convert2Frequencies=True)
    exact = BETA_L ** 2 / (2 * np.pi * LENGTH ** 2) * np.sqrt(EI / RHO_A)
    assert np.allclose(np.sort(values)[:6], np.repeat(exact, 2), rtol=1e-2, atol=0)


# ---------------------------------------------------------------- outputs against Exudyn 1.13.6
def _bent_element():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(NodePointSlope1(referenceCoordinates=[0, 0, 0, 1, 0, 0],
                                     initialCoordinates=[0.01, 0.02, -0.01, 0.05, 0.1, -0.08],
                                     initialVelocities=[0.1, 0.2, -0.1, 0.3, -0.4, 0.2]))
    n1 = mbs.AddNode(NodePointSlope1(referenceCoordinates=[1, 0, 0, 1, 0, 0],
                                     initialCoordinates=[-0.02, 0.1, 0.05, -0.03, 0.2, 0.1],
                                     initialVelocities=[-0.1, 0.5, 0.3, 0.2, 0.6, -0.2]))
    o = mbs.AddObject(Cable(nodeNumbers=[n0, n1], length=1, massPerLength=2, bendingStiffness=3,
                            axialStiffness=100, bendingDamping=0.1, axialDamping=0.2, referenceAxialStrain=0.01))
    markers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=o, localPosition=[0.3, 0.05, 0.02])),
               mbs.AddMarker(MarkerBodyMass(bodyNumber=o)),
               mbs.AddMarker(MarkerNodePosition(nodeNumber=n1)),
               mbs.AddMarker(MarkerBodyBeamShape(bodyNumber=o))]
    mbs.Assemble()
    return mbs, o, n1, markers


# GetObjectOutputBody at [0.3, 0.05, 0.02] and at [0, 0, 0] of Exudyn 1.13.6 (initial state, q_tt = 0;
# Exudyn uses only the axial coordinate of localPosition)
BODY = {
    "Position": ([0.31276, 0.03938, -0.0151], [0.01, 0.02, -0.01]),
    "Displacement": ([0.01276, 0.03938, -0.0151], [0.01, 0.02, -0.01]),
    "Velocity": ([0.0883, 0.1682, 0.0284], [0.1, 0.2, -0.1]),
    "Acceleration": ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0]),
    "Director1": ([0.9756, 0.0418, 0.037], [1.05, 0.1, -0.08]),
    "ForceLocal": (-3.334001787546, 4.827040013908),
    "TorqueLocal": ([0.053816006247, -1.020355035311, -0.027405808719],
                    [0.081296792832, -1.44914849204, -0.591050297163]),
    "StrainLocal": (-0.022804216137, 0.057780695608),
    "CurvatureLocal": ([0.015766904497, -0.313319054874, -0.061769068467],
                       [0.020019662168, -0.427562784878, -0.27169541514]),
}


def test_body_outputs_as_exudyn():
    mbs, o, _, _ = _bent_element()
    for name, expected in BODY.items():
        for local, value in zip(([0.3, 0.05, 0.02], [0, 0, 0]), expected):
            got = mbs.GetObjectOutputBody(o, getattr(OVT, name), localPosition=local)
            assert np.allclose(got, value, rtol=1e-10, atol=1e-11), (name, local, got, value)
    assert np.isclose(mbs.GetObjectOutputBody(o, OVT.KineticEnergy), 0.12700000000000003, rtol=1e-12)
    assert np.isclose(mbs.GetObjectOutputBody(o, OVT.PotentialEnergy), 0.27969706232154123, rtol=1e-12)
    for name in ("Rotation", "AngularVelocity", "VelocityLocal"):
        with pytest.raises(ValueError, match=name):
            mbs.GetObjectOutputBody(o, getattr(OVT, name), localPosition=[0.3, 0, 0])
    with pytest.raises(ValueError, match="localPosition"):
        mbs.GetObjectOutputBody(o, OVT.KineticEnergy, localPosition=[0.3, 0, 0])


def test_marker_and_node_outputs_as_exudyn():
    mbs, _, n1, markers = _bent_element()
    assert np.allclose(mbs.GetMarkerOutput(markers[0], OVT.Position), [0.31276, 0.03938, -0.0151], atol=1e-14)
    assert np.allclose(mbs.GetMarkerOutput(markers[0], OVT.Velocity), [0.0883, 0.1682, 0.0284], atol=1e-14)
    assert np.allclose(mbs.GetMarkerOutput(markers[2], OVT.Position), [0.98, 0.1, 0.05], atol=1e-15)
    for k in (1, 3):                # MarkerBodyMass and MarkerBodyBeamShape have no outputs
        with pytest.raises(ValueError):
            mbs.GetMarkerOutput(markers[k], OVT.Position)
    expected = {"Position": [0.98, 0.1, 0.05], "Displacement": [-0.02, 0.1, 0.05], "Velocity": [-0.1, 0.5, 0.3],
                "Acceleration": [0, 0, 0], "Coordinates": [-0.02, 0.1, 0.05, -0.03, 0.2, 0.1],
                "CoordinatesTotal": [0.98, 0.1, 0.05, 0.97, 0.2, 0.1],
                "Coordinates_t": [-0.1, 0.5, 0.3, 0.2, 0.6, -0.2]}
    for name, value in expected.items():
        assert np.allclose(mbs.GetNodeOutput(n1, getattr(OVT, name)), value, atol=1e-15), name
    with pytest.raises(ValueError, match="Rotation"):
        mbs.GetNodeOutput(n1, OVT.Rotation)


def _one_element(marker, planar=False):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    if planar:
        n = [mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[x, 0, 1, 0])) for x in (0, 1)]
        o = mbs.AddObject(Cable2D(nodeNumbers=n, length=1, massPerLength=2, bendingStiffness=3, axialStiffness=100))
    else:
        n = [mbs.AddNode(NodePointSlope1(referenceCoordinates=[x, 0, 0, 1, 0, 0])) for x in (0, 1)]
        o = mbs.AddObject(Cable(nodeNumbers=n, length=1, massPerLength=2, bendingStiffness=3, axialStiffness=100))
    mbs.AddMarker(marker(o, n[1]))
    return mbs


@pytest.mark.parametrize("marker, planar, match", [
    (lambda o, n: MarkerBodyRigid(bodyNumber=o, localPosition=[0.3, 0, 0]), False, "orientation"),
    (lambda o, n: MarkerNodeRigid(nodeNumber=n), False, "orientation"),
    (lambda o, n: MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2), False, "orientation"),
    (lambda o, n: MarkerBodyCable2DShape(bodyNumber=o), False, "ObjectANCFCable2D"),
    (lambda o, n: MarkerBodyCable2DCoordinates(bodyNumber=o), False, "ObjectANCFCable2D"),
    (lambda o, n: MarkerBodyBeamShape(bodyNumber=o), True, "ObjectANCFCable"),
])
def test_markers_refused_as_exudyn(marker, planar, match):
    """The markers Exudyn 1.13.6 refuses at Assemble on ObjectANCFCable / NodePointSlope1
    (MarkerBodyBeamShape: on the planar cable)."""
    mbs = _one_element(marker, planar)
    with pytest.raises(ValueError, match=match):
        mbs.Assemble()


def test_planar_and_spatial_cable_markers_in_one_model():
    """Position markers on a rigid body, a planar and a spatial cable in one model (three marker
    groups) give each body's point."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n2 = [mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[x, 0, 1, 0], initialCoordinates=[0, 0.1 * x, 0, 0.2 * x]))
          for x in (0, 1)]
    o2 = mbs.AddObject(Cable2D(nodeNumbers=n2, length=1, massPerLength=2, bendingStiffness=3, axialStiffness=100))
    n3 = [mbs.AddNode(NodePointSlope1(referenceCoordinates=[x, 0, 0, 1, 0, 0],
                                      initialCoordinates=[0, 0, 0.1 * x, 0, 0, 0.2 * x])) for x in (0, 1)]
    o3 = mbs.AddObject(Cable(nodeNumbers=n3, length=1, massPerLength=2, bendingStiffness=3, axialStiffness=100))
    g = mbs.AddObject(ObjectGround(referencePosition=[1, 2, 3]))
    m = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0.5, 0, 0])) for b in (o3, g, o2, o3)]
    mbs.Assemble()
    # r(1/2) = (r0 + r1) / 2 + L (r0' - r1') / 8 of the Hermite interpolation
    expected = [[0.5, 0, 0.05 - 0.2 / 8], [1.5, 2, 3], [0.5, 0.05 - 0.2 / 8, 0], [0.5, 0, 0.05 - 0.2 / 8]]
    for k, e in zip(m, expected):
        assert np.allclose(mbs.GetMarkerOutput(k, OVT.Position), e, atol=1e-15)


def test_generate_straight_line_items_as_exudyn():
    """The items, their order and the returned lists of Exudyn 1.13.6's helper."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    template = Cable(massPerLength=2., bendingStiffness=3., axialStiffness=100.)
    with pytest.warns(DeprecationWarning, match="GenerateStraightLineANCFCable is deprecated"):
        out = beams.GenerateStraightLineANCFCable(mbs, [0, 0, 0], [2, 0.5, -1], 3, template,
                                                  massProportionalLoad=[0, -9.81, 0],
                                                  fixedConstraintsNode0=[1, 1, 1, 0, 1, 1])
    ints = [[int(x) for x in part] for part in out[:3] + out[4:]]
    assert ints == [[0, 1, 2, 3], [0, 1, 2], [0, 1, 2], [3, 4, 5, 6, 7]]
    assert np.allclose(out[3], [[0, 0, 0], [2 / 3, 1 / 6, -1 / 3], [4 / 3, 1 / 3, -2 / 3], [2, 0.5, -1]])
    node = mbs.GetNode(1)
    assert node["nodeType"] == "PointSlope1"
    assert np.allclose(node["referenceCoordinates"], [2 / 3, 1 / 6, -1 / 3, 0.87287156, 0.21821789, -0.43643578])
    assert [mbs.GetNode(i)["nodeType"] for i in (4, 5)] == ["PointGround", "PointGround"]
    assert np.allclose(mbs.GetNode(5)["referenceCoordinates"], [2, 0.5, -1])
    obj = mbs.GetObject(2)
    assert obj["objectType"] == "ANCFCable" and [int(x) for x in obj["nodeNumbers"]] == [2, 3]
    assert np.isclose(obj["length"], 0.7637626158259733, rtol=1e-15)
    assert [[int(m) for m in mbs.GetObject(i)["markerNumbers"]] for i in range(3, 8)] == \
        [[3, 4], [3, 5], [3, 6], [3, 7], [3, 8]]
    expected = [("BodyMass", 0), ("BodyMass", 1), ("BodyMass", 2), ("NodeCoordinate", 4, 0), ("NodeCoordinate", 0, 0),
                ("NodeCoordinate", 0, 1), ("NodeCoordinate", 0, 2), ("NodeCoordinate", 0, 4), ("NodeCoordinate", 0, 5),
                ("NodeCoordinate", 5, 0)]
    for i, e in enumerate(expected):
        m = mbs.GetMarker(i)
        got = (m["markerType"], int(m["bodyNumber"])) if e[0] == "BodyMass" else \
            (m["markerType"], int(m["nodeNumber"]), int(m["coordinate"]))
        assert got == e
    assert [int(mbs.GetLoad(i)["markerNumber"]) for i in range(3)] == [0, 1, 2]
