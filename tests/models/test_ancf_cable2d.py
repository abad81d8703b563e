"""ObjectANCFCable2D with NodePoint2DSlope1: static cantilever against Euler-Bernoulli, bending
eigenfrequencies against the clamped-free beam, outputs and markers against Exudyn 1.13.6's
numbers, the cable helper GenerateStraightLineANCFCable2D. (The dynamic cantilevers against
Exudyn are reference models: tests/models/reference_cables.py, test_reference_models.py.)"""
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.beams as beams
from multibody.utilities import *  # noqa: F401,F403

OVT = exu.OutputVariableType
EI, EA, RHO_A, LENGTH = 2.0, 1e5, 1.5, 2.0
# the static models' axial stiffness (EA L^2 / EI = 2000): with EA = 1e5 the round-off of the axial
# forces of 16 elements (7e-10) is above the static solver's tolerance relative to the small loads
EA_STATIC = 1e3


def _cantilever(n, tip_force=0.0, gravity=0.0, clamp=(1, 1, 1, 1), axial=EA):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    cable = ObjectANCFCable2D(massPerLength=RHO_A, bendingStiffness=EI, axialStiffness=axial)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        nodes, objects, _, _, _ = beams.GenerateStraightLineANCFCable2D(
            mbs, [0, 0, 0], [LENGTH, 0, 0], n, cable, massProportionalLoad=[0, -gravity, 0],
            fixedConstraintsNode0=None if clamp is None else list(clamp), fixedConstraintsNode1=None)
    if tip_force:
        m = mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[-1]))
        mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[0, -tip_force, 0]))
    mbs.Assemble()
    return mbs, nodes


def _static_tip(n, **kw):
    mbs, nodes = _cantilever(n, axial=EA_STATIC, **kw)
    ss = exu.SimulationSettings()
    ss.staticSolver.numberOfLoadSteps = 4
    ss.solution.file.write = False
    mbs.SolveStatic(ss)
    return -mbs.GetNodeOutput(nodes[-1], OVT.Displacement)[1]


@pytest.mark.parametrize("n", [2, 4, 16])
def test_static_tip_load_euler_bernoulli(n):
    """Small deflection (1e-3 L): the tip deflection P L^3 / (3 EI) within 1% (Hermite elements
    represent the cubic deflection line, so already with few elements)."""
    P = 1e-3 * 3 * EI / LENGTH ** 2
    exact = P * LENGTH ** 3 / (3 * EI)
    assert abs(_static_tip(n, tip_force=P) / exact - 1) < 1e-2


def test_static_distributed_load_converges():
    """Uniform load w: tip w L^4 / (8 EI) within 1% with 16 elements (small deflection); a large
    deflection (20% of L) converges with the number of elements to the 64-element solution."""
    w = 1e-3 * 8 * EI / LENGTH ** 3
    exact = w * LENGTH ** 4 / (8 * EI)
    assert abs(_static_tip(16, gravity=w / RHO_A) / exact - 1) < 1e-2
    w_big = 0.2 * 8 * EI / LENGTH ** 3 / RHO_A
    fine = _static_tip(64, gravity=w_big)
    errors = [abs(_static_tip(n, gravity=w_big) - fine) for n in (1, 2, 4, 8, 16)]
    assert all(b < a for a, b in zip(errors, errors[1:])), errors
    assert errors[-1] < 1e-4 * fine
    assert 0.1 * LENGTH < fine < 0.2 * LENGTH       # (geometrically nonlinear: less than linear)


BETA_L = np.array([1.87510407, 4.69409113, 7.85475744])      # clamped-free beam: cos(bL) cosh(bL) = -1


@pytest.mark.parametrize("n", [8, 16])
def test_clamped_bending_eigenfrequencies(n):
    """The first three bending frequencies of a clamped-free cable within 1% of
    (beta_k L)^2 / (2 pi L^2) sqrt(EI / rho A) (the axial ones lie far above)."""
    mbs, _ = _cantilever(n, clamp=None)
    values, _ = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=[0, 1, 2, 3], convert2Frequencies=True)
    exact = BETA_L ** 2 / (2 * np.pi * LENGTH ** 2) * np.sqrt(EI / RHO_A)
    assert np.allclose(np.sort(values)[:3], exact, rtol=1e-2, atol=0)
    assert np.sqrt(EA / RHO_A) / (4 * LENGTH) > 10 * exact[-1]


# ---------------------------------------------------------------- outputs against Exudyn 1.13.6
def _bent_element():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0], initialCoordinates=[0.01, 0.02, 0.05, 0.1],
                                       initialVelocities=[0.1, 0.2, 0.3, -0.4]))
    n1 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0], initialCoordinates=[-0.02, 0.1, -0.03, 0.2],
                                       initialVelocities=[-0.1, 0.5, 0.2, 0.6]))
    o = mbs.AddObject(ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1, massPerLength=2, bendingStiffness=3,
                                        axialStiffness=100, bendingDamping=0.1, axialDamping=0.2))
    markers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=o, localPosition=[0.3, 0.05, 0])),
               mbs.AddMarker(MarkerBodyRigid(bodyNumber=o, localPosition=[0.3, 0.05, 0])),
               mbs.AddMarker(MarkerBodyCable2DCoordinates(bodyNumber=o)),
               mbs.AddMarker(MarkerBodyCable2DShape(bodyNumber=o, numberOfSegments=2, verticalOffset=0.1)),
               mbs.AddMarker(MarkerBodyMass(bodyNumber=o)),
               mbs.AddMarker(MarkerNodePosition(nodeNumber=n1)),
               mbs.AddMarker(MarkerNodeRigid(nodeNumber=n1))]
    mbs.Assemble()
    return mbs, o, n1, markers


# GetObjectOutputBody at [0.3, 0.05, 0] and at [0, 0, 0] of Exudyn 1.13.6 (initial state, q_tt = 0)
BODY = {
    "Position": ([0.31061969, 0.08933417, 0.], [0.01, 0.02, 0.]),
    "Displacement": ([0.01061969, 0.03933417, 0.], [0.01, 0.02, 0.]),
    "Velocity": ([0.07988095, 0.16783928, 0.], [0.1, 0.2, 0.]),
    "VelocityLocal": ([0.08699228, 0.16426604, 0.], [0.11851137, 0.18961819, 0.]),
    "Acceleration": ([-0.00494361, -0.00163333, 0.], [0., 0., 0.]),
    "Rotation": (0.04281923973681287, 0.09495170634275632),
    "AngularVelocity": ([0., 0., 0.16853552], [0., 0., -0.40449438]),
    "AngularVelocityLocal": ([0., 0., 0.16853552], [0., 0., -0.40449438]),
    "AngularAcceleration": ([0., 0., 0.1001799], [0., 0., 0.19997475]),
    "Director1": ([0.9756, 0.0418, 0.], [1.05, 0.1, 0.]),
    "ForceLocal": (-2.4085383594724443, 5.527260549590324),
    "TorqueLocal": (-0.027730373383779428, -0.5935917182173964),
    "StrainLocal": (-0.020412053616418086, 0.054751155486449266),
    "CurvatureLocal": (-0.06185775024629211, -0.27325842696629205),
}
# GetMarkerOutput of the markers of _bent_element (Exudyn 1.13.6)
MARKERS = {
    (0, "Position"): [0.31061969, 0.08933417, 0.], (0, "Velocity"): [0.07988095, 0.16783928, 0.],
    (1, "Rotation"): [0., 0., 0.04281924], (1, "AngularVelocity"): [0., 0., 0.16853552],
    (1, "RotationMatrix"): [0.9990834, -0.04280616, 0., 0.04280616, 0.9990834, 0., 0., 0., 1.],
    (1, "Displacement"): [0.01061969, 0.03933417, 0.],
    (2, "Coordinates"): [0.01, 0.02, 1.05, 0.1, 0.98, 0.1, 0.97, 0.2],
    (2, "Coordinates_t"): [0.1, 0.2, 0.3, -0.4, -0.1, 0.5, 0.2, 0.6],
    (3, "Coordinates"): [5.19090737e-04, 1.19549547e-01, 5.00268463e-01, 1.47388000e-01, 9.59806220e-01,
                         1.97939835e-01],
    (3, "Coordinates_t"): [0.14026723, 0.20383497, -0.03157595, 0.22291219, -0.15411703, 0.48884185],
    (5, "Position"): [0.98, 0.1, 0.], (6, "Rotation"): [0., 0., 0.20333608],
    (6, "AngularVelocity"): [0., 0., 0.55255378],
    (6, "RotationMatrix"): [0.97939835, -0.2019378, 0., 0.2019378, 0.97939835, 0., 0., 0., 1.],
}


def test_body_outputs_as_exudyn():
    mbs, o, _, _ = _bent_element()
    for name, expected in BODY.items():
        for local, value in zip(([0.3, 0.05, 0], [0, 0, 0]), expected):
            got = mbs.GetObjectOutputBody(o, getattr(OVT, name), localPosition=local)
            assert np.allclose(got, value, rtol=1e-7, atol=1e-8), (name, local, got, value)
    assert np.isclose(mbs.GetObjectOutputBody(o, OVT.KineticEnergy), 0.0895714285714286, rtol=1e-12)
    assert np.isclose(mbs.GetObjectOutputBody(o, OVT.PotentialEnergy), 0.17316589514617997, rtol=1e-12)


def test_marker_and_node_outputs_as_exudyn():
    mbs, _, n1, markers = _bent_element()
    for (k, name), value in MARKERS.items():
        got = mbs.GetMarkerOutput(markers[k], getattr(OVT, name))
        assert np.allclose(got, value, rtol=1e-7, atol=1e-8), (k, name, got, value)
    assert np.allclose(mbs.GetNodeOutput(n1, OVT.Displacement), [-0.02, 0.1, 0.])
    assert np.allclose(mbs.GetNodeOutput(n1, OVT.CoordinatesTotal), [0.98, 0.1, 0.97, 0.2])
    with pytest.raises(ValueError):
        mbs.GetMarkerOutput(markers[4], OVT.Position)       # MarkerBodyMass has no outputs


def test_generate_straight_line_items_as_exudyn():
    """The items, their order and the returned lists of Exudyn 1.13.6's helper."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    template = ObjectANCFCable2D(massPerLength=2., bendingStiffness=3., axialStiffness=100.)
    with pytest.warns(DeprecationWarning):
        out = beams.GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [2, 0.5, 0], 3, template,
                                                    massProportionalLoad=[0, -9.81, 0],
                                                    fixedConstraintsNode0=[1, 1, 0, 1])
    ints = [[int(x) for x in part] for part in out[:3] + out[4:]]        # (NodeIndex(0) != 0, as in Exudyn)
    assert ints == [[0, 1, 2, 3], [0, 1, 2], [0, 1, 2], [3, 4, 5]]
    assert np.allclose(out[3], [[0, 0, 0], [2 / 3, 1 / 6, 0], [4 / 3, 1 / 3, 0], [2, 0.5, 0]])
    node = mbs.GetNode(1)
    assert node["nodeType"] == "Point2DSlope1"
    assert np.allclose(node["referenceCoordinates"], [2 / 3, 1 / 6, 0.9701425, 0.24253563])
    assert [mbs.GetNode(i)["nodeType"] for i in (4, 5)] == ["PointGround", "PointGround"]
    assert np.allclose(mbs.GetNode(5)["referenceCoordinates"], [2, 0.5, 0])
    obj = mbs.GetObject(2)
    assert obj["objectType"] == "ANCFCable2D" and [int(x) for x in obj["nodeNumbers"]] == [2, 3]
    assert np.isclose(obj["length"], 0.6871842709362768)
    assert [[int(m) for m in mbs.GetObject(i)["markerNumbers"]] for i in (3, 4, 5)] == [[3, 4], [3, 5], [3, 6]]
    expected = [("BodyMass", 0), ("BodyMass", 1), ("BodyMass", 2), ("NodeCoordinate", 4, 0),
                ("NodeCoordinate", 0, 0), ("NodeCoordinate", 0, 1), ("NodeCoordinate", 0, 3), ("NodeCoordinate", 5, 0)]
    for i, e in enumerate(expected):
        m = mbs.GetMarker(i)
        got = (m["markerType"], int(m["bodyNumber"])) if e[0] == "BodyMass" else \
            (m["markerType"], int(m["nodeNumber"]), int(m["coordinate"]))
        assert got == e
    assert [int(mbs.GetLoad(i)["markerNumber"]) for i in range(3)] == [0, 1, 2]


def _user_element(calls):
    """One element with user functions recording their arguments (the axial one doubles EA)."""
    def axial(mbs, t, item, *args):
        calls.append(("N", t, item) + args)
        return 2 * args[4] * (args[1] - args[3]) + args[5] * args[2]

    def bending(mbs, t, item, *args):
        calls.append(("M", t, item) + args)
        return args[4] * (args[1] - args[3]) + args[5] * args[2]
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0.1], initialCoordinates=[0.01, 0.02, 0.05, 0.1],
                                       initialVelocities=[0.1, 0.2, 0.3, -0.4]))
    n1 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[1, 0.1, 1, -0.1], initialCoordinates=[-0.02, 0.1, -0.03, 0.2],
                                       initialVelocities=[-0.1, 0.5, 0.2, 0.6]))
    o = mbs.AddObject(ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.05, massPerLength=2, bendingStiffness=3,
                                        axialStiffness=100, bendingDamping=0.1, axialDamping=0.2,
                                        referenceAxialStrain=0.01, referenceCurvature=0.2,
                                        strainIsRelativeToReference=0.4, useReducedOrderIntegration=1,
                                        axialForceUserFunction=axial, bendingMomentUserFunction=bending))
    mbs.Assemble()
    return mbs, o


# Exudyn 1.13.6: (name, t, itemNumber, axialPositionNormalized, the strain (curvature), its rate, its
# reference value eps0 + f eps_ref (K0 + f K_ref), stiffness, damping, the other's three values)
USER_CALLS = [
    ("N", 0.0, 0, 0.2857142857142857, -0.057436737492285395, -0.23824945243149934, -0.007960376198388996, 100.0,
     0.2, 0.019558300858730716, 1.7802980525075593, 0.22581163994265557),
    ("M", 0.0, 0, 0.2857142857142857, 0.019558300858730716, 1.7802980525075593, 0.22581163994265557, 3.0, 0.1,
     -0.057436737492285395, -0.23824945243149934, -0.007960376198388996)]


def test_user_function_arguments_and_outputs_as_exudyn():
    """ForceLocal and TorqueLocal call the user functions once each with Exudyn's arguments (the
    reference values differ from Exudyn's by round-off, 1e-16)."""
    calls = []
    mbs, o = _user_element(calls)
    calls.clear()
    N = mbs.GetObjectOutputBody(o, OVT.ForceLocal, localPosition=[0.3, 0, 0])
    M = mbs.GetObjectOutputBody(o, OVT.TorqueLocal, localPosition=[0.3, 0, 0])
    assert np.isclose(N, -9.942922149265579, rtol=1e-13) and np.isclose(M, -0.4407302120010186, rtol=1e-13)
    assert [c[0] for c in calls] == ["N", "M"]
    for got, expected in zip(calls, USER_CALLS):
        assert np.allclose(got[1:], expected[1:], rtol=0, atol=1e-15), (got, expected)
    with pytest.raises(NotImplementedError, match="PotentialEnergy"):
        mbs.GetObjectOutputBody(o, OVT.PotentialEnergy)


@pytest.mark.parametrize("case", ["ancf_cable2d_user_laws", "ancf_cable2d_user_laws_reduced"])
def test_nonlinear_user_laws_dynamic_as_exudyn(case):
    """The cantilevers with nonlinear user laws of reference_cables.py: q and q_t equal to Exudyn
    1.13.6's to 1e-10 (relative to their largest entry) after 100 steps."""
    import importlib.util
    import json
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("reference_models", os.path.join(here, "reference_models.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with open(os.path.join(here, "..", "reference", "models", case + ".json")) as f:
        ref = json.load(f)["results"]
    builder, params = mod.CASES[case]
    got = builder(exu, __import__("multibody.utilities", fromlist=["*"]), **params)
    for key in ("q", "q_t"):
        r = np.asarray(ref[key])
        assert np.abs(np.asarray(got[key]) - r).max() <= 1e-10 * np.abs(r).max(), key
