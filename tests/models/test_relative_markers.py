"""MarkerBodiesRelativeTranslationCoordinate and MarkerBodiesRelativeRotationCoordinate: values,
rates, the continuous angle of the data node and the refused inputs, against numbers measured with
Exudyn 1.13.6 (the dynamics: reference_relative_markers.py)."""
import numpy as np
import pytest

import multibody as exu
from multibody.errors import AssemblyError, ItemParameterError
from multibody.utilities import (InertiaCuboid, MarkerBodiesRelativeRotationCoordinate,
                                 MarkerBodiesRelativeTranslationCoordinate, MarkerNodeCoordinate, NodeGenericData,
                                 NodePoint, NodePointGround, NodeRigidBodyEP, ObjectGround, ObjectRigidBody,
                                 RotationMatrix2EulerParameters, RotXYZ2RotationMatrix,
                                 AngularVelocity2EulerParameters_t, CoordinateSpringDamper)

OV = exu.OutputVariableType
AXIS = list(np.array([0.3, 0.5, 0.8]) / np.linalg.norm([0.3, 0.5, 0.8]))
BODIES = (([0, 0, 0], [0.1, 0.2, 0.3], [0.1, 0.2, -0.3], [0.4, -0.5, 0.6]),
          ([1, 0.5, 0.2], [-0.3, 0.5, 0.9], [-0.2, 0.3, 0.1], [0.3, 0.7, -0.2]))
MARKER = dict(localPosition0=[0.1, 0.2, 0.3], localPosition1=[-0.2, 0.1, 0.05], axis0=AXIS, offset=0.05)
# (value, rate) of the translation and of the rotation marker, Exudyn 1.13.6
MEASURED = {'EP': ((0.3473568748772615, -0.15226832995783057), (0.4769441114129243, -0.0922420527235539)),
            'Rxyz': ((0.3473568748772615, -0.15226832995783063), (0.4769441114129244, -0.09224205272355401)),
            'RotVec': ((0.3473568748772615, -0.15226832995783063), (0.4769441114129242, -0.0922420527235539))}
# Euler parameters scaled by 1.02 and 0.97, their rates by 1.1 (the rotation rate by A w_local)
MEASURED_DRIFT = ((0.34515857799054295, -0.21639267167185172), (0.4129711065964599, -0.10620012070207663))


def _outputs(mbs, markers):
    return [(mbs.GetMarkerOutput(m, OV.Coordinates)[0], mbs.GetMarkerOutput(m, OV.Coordinates_t)[0])
            for m in markers]


@pytest.mark.parametrize('node', sorted(MEASURED))
def test_values_and_rates(node):
    node_type = {'EP': exu.NodeType.RotationEulerParameters, 'Rxyz': exu.NodeType.RotationRxyz,
                 'RotVec': exu.NodeType.RotationRotationVector}[node]
    mbs = exu.SystemContainer().AddSystem()
    b = [mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.4, 0.2, 0.1]), referencePosition=p,
                             referenceRotationMatrix=RotXYZ2RotationMatrix(r), initialVelocity=v,
                             initialAngularVelocity=w, nodeType=node_type, returnDict=True)['bodyNumber']
         for p, r, v, w in BODIES]
    mT = mbs.AddMarker(MarkerBodiesRelativeTranslationCoordinate(bodyNumbers=b, **MARKER))
    mR = mbs.AddMarker(MarkerBodiesRelativeRotationCoordinate(bodyNumbers=b, **MARKER))
    mbs.Assemble()
    np.testing.assert_allclose(_outputs(mbs, [mT, mR]), MEASURED[node], rtol=1e-14, atol=1e-15)


def test_drifted_euler_parameters():
    mbs = exu.SystemContainer().AddSystem()
    b = []
    for (p, r, v, w), s in zip(BODIES, (1.02, 0.97)):
        ep = RotationMatrix2EulerParameters(RotXYZ2RotationMatrix(r))
        n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=list(p) + list(ep),
                                        initialCoordinates=[0, 0, 0] + list((s - 1) * np.array(ep)),
                                        initialVelocities=list(v) + list(1.1 * AngularVelocity2EulerParameters_t(w, ep))))
        b.append(mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1., inertia=[1, 1, 1, 0, 0, 0])))
    mT = mbs.AddMarker(MarkerBodiesRelativeTranslationCoordinate(bodyNumbers=b, **MARKER))
    mR = mbs.AddMarker(MarkerBodiesRelativeRotationCoordinate(bodyNumbers=b, **MARKER))
    mbs.Assemble()
    np.testing.assert_allclose(_outputs(mbs, [mT, mR]), MEASURED_DRIFT, rtol=1e-14, atol=1e-15)


def _spinning(data=None, offset=0.3, used=True):
    """A body turning at 4 rad/s about z relative to the ground; the rotation marker about z."""
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n_ground = mbs.AddNode(NodePointGround())
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.4, 0.2, 0.1]), initialAngularVelocity=[0, 0, 4],
                               nodeType=exu.NodeType.RotationRxyz, returnDict=True)['bodyNumber']
    kw = dict(bodyNumbers=[ground, body], axis0=[0, 0, 1], offset=offset)
    if data is not None:
        kw['nodeNumber'] = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[data]))
    m = mbs.AddMarker(MarkerBodiesRelativeRotationCoordinate(**kw))
    if used:
        mg = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n_ground, coordinate=0))
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mg, m], stiffness=0, damping=0))
    mbs.Assemble()
    return mbs, m


def _solve(mbs, solver=exu.DynamicSolverType.GeneralizedAlpha):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps, ss.timeIntegration.endTime = 10, 1.
    ss.solution.file.write = False
    mbs.SolveDynamic(ss, solverType=solver)


@pytest.mark.parametrize('data, used, solver, expected', [
    (0., True, exu.DynamicSolverType.GeneralizedAlpha, 3.6999999999999993),
    (0., False, exu.DynamicSolverType.GeneralizedAlpha, 3.6999999999999993),   # updated also unused
    (0., True, exu.DynamicSolverType.RK44, 3.7000000000000006),
    (None, True, exu.DynamicSolverType.GeneralizedAlpha, -2.583185307179587),  # no data node: wraps at pi
    (7., True, exu.DynamicSolverType.GeneralizedAlpha, 9.983185307179586),     # continues from the data
])
def test_continuous_angle(data, used, solver, expected):
    """Exudyn stores the marker's value (offset subtracted) in the data node after each step."""
    mbs, m = _spinning(data, used=used)
    _solve(mbs, solver)
    assert mbs.GetMarkerOutput(m, OV.Coordinates)[0] == pytest.approx(expected, abs=1e-12)
    if data is not None:
        assert mbs.systemData.GetDataCoordinates()[0] == pytest.approx(expected, abs=1e-12)


def test_initial_angle_near_the_data_value():
    """The value with offset (-1) is compared with the data (2.5): one turn added (Exudyn: 2 pi - 1)."""
    mbs, m = _spinning(2.5, offset=1.0)
    assert mbs.GetMarkerOutput(m, OV.Coordinates)[0] == pytest.approx(2 * np.pi - 1, abs=1e-14)


def _assemble_with(marker, **kw):
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.AddObject(ObjectGround())
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.4, 0.2, 0.1]), returnDict=True)['bodyNumber']
    mass_point = mbs.CreateMassPoint(mass=1., returnDict=True)['bodyNumber']
    ids = {'G': ground, 'B': body, 'MP': mass_point, 'nP': mbs.AddNode(NodePoint())}
    kw = {k: ([ids.get(x, x) for x in v] if k == 'bodyNumbers' else ids.get(v, v) if isinstance(v, str) else v)
          for k, v in kw.items()}
    mbs.AddMarker(marker(**kw))
    mbs.Assemble()


@pytest.mark.parametrize('marker', [MarkerBodiesRelativeTranslationCoordinate, MarkerBodiesRelativeRotationCoordinate])
def test_refused(marker):
    _assemble_with(marker, bodyNumbers=['B', 'B'])            # one body twice: accepted
    _assemble_with(marker, bodyNumbers=['B', 'G'], axis0=[0, 0, 1 + 1e-14])
    with pytest.raises(AssemblyError, match=r"body 1 .*ObjectMassPoint.*'bodyNumbers'.*orientation"):
        _assemble_with(marker, bodyNumbers=['B', 'MP'])
    with pytest.raises(AssemblyError, match=r"body 0 .*ObjectMassPoint"):
        _assemble_with(marker, bodyNumbers=['MP', 'B'])
    with pytest.raises(AssemblyError, match=r"'bodyNumbers' refers to object 7"):
        _assemble_with(marker, bodyNumbers=['B', 7])
    for axis in ([0, 0, 1 + 1e-13], [0, 0, 0]):
        with pytest.raises(ItemParameterError, match=rf"{marker.__name__} 0.*'axis0' must have length 1"):
            _assemble_with(marker, bodyNumbers=['G', 'B'], axis0=axis)


def test_refused_data_node():
    """Exudyn 1.13.6 accepts any node there (a NodePoint has no data coordinate): refused here."""
    with pytest.raises(ItemParameterError, match="'nodeNumber' must be a NodeGenericData"):
        _assemble_with(MarkerBodiesRelativeRotationCoordinate, bodyNumbers=['G', 'B'], nodeNumber='nP')
