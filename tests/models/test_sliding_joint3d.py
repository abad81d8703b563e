"""ObjectJointSliding beyond the reference runs (tests/models/reference_sliding3d.py): the checks at
Assemble (Exudyn 1.13.6's, each refused with the item and parameter named; the rotation
constraints that Exudyn refuses at its first step are refused at Assemble), index 2 refused (Exudyn:
'velocityLevel not possible'), activeConnector switched between SolveDynamic calls."""
import importlib.util
import os

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.errors import NotImplementedFeatureError, SolverError

_spec = importlib.util.spec_from_file_location(
    'sliding_common', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sliding_common.py'))
common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(common)
_module = common.module


def _model(rigid=False, **joint):
    """A 4-element spatial cable (2 m, both ends clamped), a mass point (or a rigid body) at
    x = 0.6 on it and the joint (``joint`` overrides its parameters; 'data' = the data node's
    initial coordinates; marker names as strings)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    objects = _module('reference_sliding3d').spatial_cable(exu, U, mbs)
    sliding = [mbs.AddMarker(U.MarkerBodyBeamShape(bodyNumber=o)) for o in objects]
    if rigid:
        body = mbs.CreateRigidBody(referencePosition=[0.6, 0., 0.], inertia=U.InertiaSphere(1., 0.1),
                                   gravity=[0., -9.81, 0.])
        mPos = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=body))
        node = None
    else:
        node = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.6, 0., 0.]))
        mbs.AddObject(U.MassPoint(mass=0.5, nodeNumber=node))
        mPos = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=node))
        mbs.AddLoad(U.LoadForceVector(markerNumber=mPos, loadVector=[0., -0.5 * 9.81, 0.]))
    data = joint.pop('data', [1, 0.6])
    nd = mbs.AddNode(U.NodeGenericData(initialCoordinates=data, numberOfDataCoordinates=len(data)))
    named = {'positionMarker': mPos, 'positionNode': node, 'cableMarker': sliding[1]}
    params = dict(markerNumbers=[mPos, sliding[1]], slidingMarkerNumbers=sliding,
                  slidingMarkerOffsets=[0., 0.5, 1., 1.5], nodeNumber=nd, constrainRotations=[0, 0, 0])
    common.joint_parameters(params, joint, named, ('markerNumbers', 'slidingMarkerNumbers'))
    j = mbs.AddObject(U.ObjectJointSliding(**params))
    return mbs, j


def _settings(n, h=0.01):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps, ss.timeIntegration.endTime = n, n * h
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    return ss


@pytest.mark.parametrize('joint, parameter', [
    (dict(constrainRotations=[1, 1, 1]), 'constrainRotations'),
    (dict(markerNumbers=['positionMarker', 'positionMarker']), 'markerNumbers'),
    (dict(slidingMarkerOffsets=[0., 0.5, 1.]), 'slidingMarkerOffsets'),
    (dict(slidingMarkerNumbers=['cableMarker', 'positionMarker']), 'slidingMarkerNumbers'),
    (dict(constrainTranslations=[1, 1]), 'constrainTranslations'),
    (dict(data=[1, 0.6, 0.]), 'nodeNumber'),
    (dict(data=[4, 0.6]), 'nodeNumber'),
    (dict(nodeNumber=-1), 'nodeNumber'),
])
def test_refused_at_assemble(joint, parameter):
    """Exudyn 1.13.6 refuses at Assemble (ModelError): non-zero constrainRotations with a position
    marker m0 (the default [1,1,1]), m1 not a MarkerBodyBeamShape, offsets not one per sliding
    marker, a data node without 2 data coordinates; multibody also refuses what Exudyn accepts
    there and fails on later (sliding markers of another type, constrainTranslations not 3 flags,
    an initial element index outside the chain)."""
    mbs, _ = _model(**joint)
    with pytest.raises(ValueError, match=parameter):
        mbs.Assemble()


def test_node_of_wrong_type_refused():
    mbs, _ = _model(nodeNumber='positionNode')
    with pytest.raises(ValueError, match='GenericData'):
        mbs.Assemble()


@pytest.mark.parametrize('flags', [[1, 1, 1], [0, 0, 1]])
def test_rotation_constraints_refused(flags):
    """A rigid marker m0 with non-zero constrainRotations: Exudyn 1.13.6 assembles (3 more AE
    coordinates) and fails at the first step ('case with constrainRotations[i]!=0 not
    implemented'); multibody refuses at Assemble, naming the parameter."""
    mbs, _ = _model(rigid=True, constrainRotations=flags)
    with pytest.raises(NotImplementedFeatureError, match='constrainRotations'):
        mbs.Assemble()


def test_rigid_marker_without_rotation_constraints():
    """A rigid body's marker with constrainRotations [0,0,0]: 4 AE coordinates of the joint (17 in
    all with the cable's 12 coordinate constraints and the Euler parameters' one, as Exudyn)."""
    mbs, _ = _model(rigid=True)
    mbs.Assemble()
    assert mbs.systemData.GetAECoordinates().size == 17
    mbs.SolveDynamic(_settings(5))


@pytest.mark.parametrize('solver, index2', [('GeneralizedAlpha', True), ('TrapezoidalIndex2', False)])
def test_index2_refused(solver, index2):
    """Exudyn 1.13.6: NotImplementedFeatureError 'velocityLevel not possible now' at index 2."""
    mbs, _ = _model()
    mbs.Assemble()
    ss = _settings(2)
    ss.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
    ss.timeIntegration.generalizedAlpha.useNewmark = index2
    with pytest.raises(SolverError, match='index 2'):
        mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))


def test_active_connector_between_solves():
    """activeConnector False for a second solve and True for a third (each SolveDynamic starts
    from the initial state, updateInitialValues=False): multipliers and s zero and the mass point
    in free fall while off, the data coordinates of the initial state; numbers of Exudyn 1.13.6."""
    mbs, j = _model()
    mbs.Assemble()
    OV = exu.OutputVariableType
    mbs.SolveDynamic(_settings(10))
    mbs.SetObjectParameter(j, 'activeConnector', False)
    ss = _settings(10)
    ss.timeIntegration.startTime, ss.timeIntegration.endTime = 0.1, 0.2
    mbs.SolveDynamic(ss)
    assert np.all(mbs.systemData.GetAECoordinates()[-4:] == 0.)
    assert np.array_equal(mbs.systemData.GetDataCoordinates(), [1., 0.6])
    assert np.allclose(mbs.GetObjectOutput(j, OV.Position), [0.6, -0.04905, 0.], rtol=0, atol=1e-14)
    assert np.array_equal(mbs.GetObjectOutput(j, OV.Force), np.zeros(3))
    mbs.SetObjectParameter(j, 'activeConnector', True)
    ss.timeIntegration.startTime, ss.timeIntegration.endTime = 0.2, 0.3
    mbs.SolveDynamic(ss)
    assert np.allclose(mbs.systemData.GetDataCoordinates(), [1., 0.6006309196797838], rtol=1e-12, atol=0)
    assert np.allclose(mbs.GetObjectOutput(j, OV.Position), [0.6002511408569696, -0.03916721007868457, 0.],
                       rtol=1e-10, atol=1e-14)
