"""ObjectJointSliding2D beyond the reference runs (tests/models/reference_sliding.py): the checks at
Assemble that Exudyn 1.13.6 makes (each refused with the item and parameter named), the classical
formulation refused at index 2, activeConnector switched between SolveDynamic calls (a free fall
while off), the end of the chain (Exudyn's warning, the sliding coordinate kept at the chain's
length; numbers measured with Exudyn 1.13.6)."""
import importlib.util
import os

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.errors import SolverError

_spec = importlib.util.spec_from_file_location(
    'sliding_common', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sliding_common.py'))
common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(common)
_module = common.module


def _model(**joint):
    """A 4-element cable (2 m, both ends clamped), a mass point at x = 0.3 on it and the joint
    (``joint`` overrides its parameters; 'data' = the data node's initial coordinates)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    objects = _module('reference_sliding').clamped_cable(exu, U, mbs, gravity=False)
    sliding = [mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=o)) for o in objects]
    node = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.3, 0.]))
    mbs.AddObject(U.MassPoint2D(mass=0.5, nodeNumber=node))
    mPos = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mPos, loadVector=[0., -0.5 * 9.81, 0.]))
    coord = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    data = joint.pop('data', [0, 0.3])
    nd = mbs.AddNode(U.NodeGenericData(initialCoordinates=data, numberOfDataCoordinates=len(data)))
    params = dict(markerNumbers=[mPos, sliding[0]], slidingMarkerNumbers=sliding,
                  slidingMarkerOffsets=[0., 0.5, 1., 1.5], nodeNumber=nd)
    named = {'coordinateMarker': coord, 'positionNode': node, 'positionMarker': mPos, 'sliding1': sliding[1]}
    j = mbs.AddObject(U.ObjectJointSliding2D(**common.joint_parameters(params, joint, named, ('markerNumbers',))))
    return mbs, j, node, sliding


@pytest.mark.parametrize('joint, parameter', [
    (dict(markerNumbers=['coordinateMarker', 'sliding1']), 'markerNumbers'),
    (dict(markerNumbers=['positionMarker', 'positionMarker']), 'markerNumbers'),
    (dict(constrainRotation=True), 'markerNumbers'),
    (dict(slidingMarkerOffsets=[0., 0.5, 1.]), 'slidingMarkerOffsets'),
    (dict(slidingMarkerOffsets=[0., 0.5, 1., 1.5, 2.]), 'slidingMarkerOffsets'),
    (dict(data=[0, 0.3, 0.]), 'nodeNumber'),
    (dict(data=[0.]), 'nodeNumber'),
    (dict(data=[7, 0.3]), 'nodeNumber'),
    (dict(data=[-1, 0.3]), 'nodeNumber'),
    (dict(nodeNumber=-1), 'nodeNumber'),
    (dict(useClassicalFormulation=False, axialForce=1.), 'axialForce'),
])
def test_refused_at_assemble(joint, parameter):
    """What Exudyn 1.13.6 refuses at Assemble (a ModelError there): a marker m0 without position
    (or without orientation for constrainRotation), m1 not a MarkerBodyCable2DCoordinates, offsets
    not one per sliding marker, a data node without 2 data coordinates, an initial element index
    outside the chain, axialForce with the local formulation."""
    mbs, _, _, _ = _model(**joint)
    with pytest.raises(ValueError, match=parameter):
        mbs.Assemble()


def test_node_of_wrong_type_refused():
    mbs, _, _, _ = _model(nodeNumber='positionNode')
    with pytest.raises(ValueError, match='GenericData'):
        mbs.Assemble()


def _settings(n, index2=False):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps, ss.timeIntegration.endTime = n, 0.01 * n
    ss.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
    ss.timeIntegration.generalizedAlpha.useNewmark = index2
    ss.solution.file.write = False
    ss.timeIntegration.newton.relativeTolerance = ss.timeIntegration.newton.absoluteTolerance = 1e-12
    ss.timeIntegration.newton.useModifiedNewton = False
    return ss


def test_classical_formulation_refused_at_index2():
    """Exudyn 1.13.6: NotImplementedFeatureError 'velocityLevel not possible for
    useClassicalFormulation' (the solve fails); the local formulation runs."""
    mbs, _, _, _ = _model()
    mbs.Assemble()
    with pytest.raises(SolverError, match='useClassicalFormulation'):
        mbs.SolveDynamic(_settings(2, index2=True))
    mbs, j, _, _ = _model(useClassicalFormulation=False)
    mbs.Assemble()
    mbs.SolveDynamic(_settings(2, index2=True))
    assert mbs.GetObjectOutput(j, exu.OutputVariableType.Force)[1] > 0


def test_active_connector_between_solves():
    """Switched off after a first solve (continued from its end: updateInitialValues): lambda = 0
    and s = 0 (the sliding coordinate stays), the mass point falls freely (y(t) = y0 + v0 t -
    g t^2 / 2, exact for the constant acceleration); switched on again, the body is pulled back
    onto the cable as in Exudyn."""
    mbs, j, node, _ = _model()
    mbs.Assemble()
    ss = _settings(10)
    mbs.SolveDynamic(ss, updateInitialValues=True)
    OV = exu.OutputVariableType
    s1 = mbs.GetObjectOutput(j, OV.SlidingCoordinate)
    p1, v1 = mbs.GetNodeOutput(node, OV.Position), mbs.GetNodeOutput(node, OV.Velocity)
    mbs.SetObjectParameter(j, 'activeConnector', False)
    ss.timeIntegration.startTime, ss.timeIntegration.endTime = 0.1, 0.12
    ss.timeIntegration.numberOfSteps = 2
    mbs.SolveDynamic(ss, updateInitialValues=True)
    p2 = mbs.GetNodeOutput(node, OV.Position)
    assert np.allclose(mbs.GetObjectOutput(j, OV.Force), 0., atol=0.)
    assert mbs.GetObjectOutput(j, OV.SlidingCoordinate) == s1
    assert abs(p2[1] - (p1[1] + v1[1] * 0.02 - 9.81 / 2 * 0.02 ** 2)) < 1e-12
    assert abs(p2[0] - (p1[0] + v1[0] * 0.02)) < 1e-12
    mbs.SetObjectParameter(j, 'activeConnector', True)
    ss.timeIntegration.startTime, ss.timeIntegration.endTime = 0.12, 0.2
    ss.timeIntegration.numberOfSteps = 8
    mbs.SolveDynamic(ss, updateInitialValues=True)
    # Exudyn 1.13.6 (the body pulled back onto the cable)
    assert abs(mbs.GetObjectOutput(j, OV.SlidingCoordinate) - 0.3019477905682452) < 1e-12
    assert np.allclose(mbs.GetNodeOutput(node, OV.Position), [0.30192524100503154, -0.0042863403742399, 0.],
                       rtol=1e-9, atol=1e-13)
    assert np.allclose(mbs.GetObjectOutput(j, OV.Force), [-10.329294741283535, -462.08007936325, 0.], rtol=1e-8)


def test_end_of_chain(capsys):
    """Beyond the last element: Exudyn 1.13.6's warning once, the data [3, 2.0] (the sliding
    coordinate kept at the chain's length), the element extended beyond its end (position
    measured with Exudyn 1.13.6)."""
    rm = _module('reference_models')
    builder, params = rm.CASES['sliding2d_classical']
    result = builder(exu, U, **dict(params, x0=1.9, v0=0.5, nSteps=40))
    assert 'WARNING: SlidingJoint2D: sliding coordinate > beam length' in capsys.readouterr().out
    assert result['data'] == [3.0, 2.0]
    assert result['markerNumbers'] == [18, 17]
    assert np.allclose(result['outputs']['Position'], [2.0949951725251537, -0.000825736037262963, 0.],
                       rtol=1e-10, atol=1e-12)


def test_drawn_as_exudyn():
    """renderer.GetGraphicsData: two circles of radius drawSize / 2 (connectors.defaultSize / 2),
    red at m0 and in the item's color at marker m1 (the current element's start), as Exudyn 1.13.6."""
    mbs, j, _, _ = _model(data=[1, 0.6], markerNumbers=['positionMarker', 'sliding1'])
    mbs.Assemble()
    SC = mbs.GetSystemContainer()
    vs = SC.visualizationSettings
    for name in ('nodes', 'markers', 'bodies', 'loads', 'sensors'):
        getattr(vs, name).show = False

    def circles():
        c = SC.renderer.GetGraphicsData()['circles']
        rows = [i for i, it in enumerate(c['items']) if int(it[2]) == int(j)]
        return [(list(c['points'][i]), list(c['colors'][i]), float(c['radius'][i])) for i in rows]

    got = circles()
    assert np.allclose([p for p, _, _ in got], [[0.3, 0., 0.], [0.5, 0., 0.]], atol=1e-7)
    assert np.allclose([col for _, col, _ in got], [[1., 0., 0., 1.], [0.2, 0.2, 1., 1.]], atol=1e-7)
    assert np.allclose([r for _, _, r in got], 0.05, atol=1e-7)
    mbs.SetObjectParameter(j, 'VdrawSize', 0.2)
    mbs.SetObjectParameter(j, 'Vcolor', [0.1, 0.9, 0.1, 1.])
    got = circles()
    assert np.allclose([col for _, col, _ in got], [[1., 0., 0., 1.], [0.1, 0.9, 0.1, 1.]], atol=1e-7)
    assert np.allclose([r for _, _, r in got], 0.1, atol=1e-7)
