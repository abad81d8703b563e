"""Reference models of ObjectALEANCFCable2D and ObjectJointALEMoving2D, written against the public
Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as in reference_models.py, which adds
``CASES`` of this module to its own.

``ale_belt``: a straight belt of ALE cable elements (shared NodeGenericODE2 of the axial
coordinate, material moving with initial speed v0) under gravity, held either at its first node
(CoordinateConstraints) or by ALE moving joints at fixed ground points (made by hand or by
beams.GenerateAleSlidingJoint), whose sliding points cross element boundaries. The axial motion
is free, driven by a LoadCoordinate on the ALE coordinate, or prescribed by a CoordinateConstraint
with offset user functions. Optionally a joint switched off for a tenth of the run
(activeConnector), or inactive throughout. GeneralizedAlpha (index 3) or Newmark index 2.
Results: q, q_t, q_tt, lambda and the data coordinates at the end; sensors of body outputs, a
marker velocity, the ALE node and the joints' outputs; body outputs at the end; the joints' dicts.
"""
import importlib

import numpy as np

JOINT_OUTPUTS = ('Position', 'Velocity', 'SlidingCoordinate', 'Coordinates', 'Coordinates_t', 'Force')
BODY_OUTPUTS = ('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Rotation', 'Director1', 'ForceLocal',
                'TorqueLocal', 'StrainLocal', 'CurvatureLocal')


def _settings(exu, nSteps, h, solver):
    """reference_models.cable_settings (given to this module)."""
    return cable_settings(exu, nSteps, h, solver, sensorEvery=5)  # noqa: F821


def _plain(x):
    return np.asarray(x, dtype=float).tolist()


def _belt(mbs, U, nElements, Lel, beta, coupling, variation, v0, aleRef, mode):
    """The ALE node, the slope nodes and the elements (gravity on MarkerBodyMass)."""
    nALE = mbs.AddNode(U.NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[aleRef],
                                         initialCoordinates=[0.], initialCoordinates_t=[v0]))
    nodes = [mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[i * Lel, 0., 1., 0.]))
             for i in range(nElements + 1)]
    cables = []
    for i in range(nElements):
        cables.append(mbs.AddObject(U.ObjectALEANCFCable2D(
            nodeNumbers=[nodes[i], nodes[i + 1], nALE], length=Lel, massPerLength=1.5, movingMassFactor=beta,
            bendingStiffness=2., axialStiffness=2e3, bendingDamping=0.02, axialDamping=0.5,
            useCouplingTerms=coupling, addALEvariation=variation, useReducedOrderIntegration=mode)))
        mM = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=cables[-1]))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mM, loadVector=[0.5, -9.81, 0.]))
    return nALE, nodes, cables


def _joints(exu, mbs, U, ground, cables, nALE, Lel, points, penalty, helper):
    """ALE moving joints at the ground points x (sliding offset x: the belt's point at q_ALE + x)."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    joints = []
    markers = None if helper else [mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=c)) for c in cables]
    for x in points:
        mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground, localPosition=[x, 0., 0.]))
        start = int(x // Lel)
        if helper:
            joints += beams.GenerateAleSlidingJoint(mbs, cables, mG, nALE, localMarkerIndexOfStartCable=start,
                                                    AleSlidingOffset=x, penaltyStiffness=penalty)
            continue
        nData = mbs.AddNode(U.NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[start]))
        joints.append(mbs.AddObject(U.ObjectJointALEMoving2D(
            markerNumbers=[mG, markers[start]], slidingMarkerNumbers=markers,
            slidingMarkerOffsets=[i * Lel for i in range(len(cables))], slidingOffset=x, nodeNumbers=[nData, nALE],
            usePenaltyFormulation=penalty != 0, penaltyStiffness=penalty)))
    return joints


def _drive(mbs, U, nALE, drive, v0):
    """Hold node 0 (no joints) and drive the ALE coordinate."""
    mALE = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nALE, coordinate=0))
    if drive == 'force':
        mbs.AddLoad(U.LoadCoordinate(markerNumber=mALE, load=3.))
    elif drive == 'constraint':
        mGC = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(U.NodePointGround()), coordinate=0))
        mbs.AddObject(U.CoordinateConstraint(
            markerNumbers=[mGC, mALE],
            offsetUserFunction=lambda mbs, t, itemNumber, lOffset: v0 * t + 0.5 * t * t,
            offsetUserFunction_t=lambda mbs, t, itemNumber, lOffset: v0 + t))


def _hold_first_node(mbs, U, nodes):
    mGC = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(U.NodePointGround()), coordinate=0))
    for k in (0, 1):
        m = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=k))
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mGC, m]))


def ale_belt(exu, U, nElements=6, beta=0.8, coupling=True, variation=True, v0=1.5, drive='free', solver='GA',
             points=(), penalty=0., helper=False, switchJoint=-1, inactiveJoint=-1, mode=0, nSteps=100, h=2e-3):
    """See the module docstring; ``points``: x of the ALE moving joints (none: node 0 held),
    ``switchJoint``: the joint switched off for a tenth of the run in its middle, ``inactiveJoint``:
    the joint inactive throughout (its element is not switched)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    Lel = 0.4
    ground = mbs.AddObject(U.ObjectGround())
    nALE, nodes, cables = _belt(mbs, U, nElements, Lel, beta, coupling, variation, v0, 0.25, mode)
    joints = _joints(exu, mbs, U, ground, cables, nALE, Lel, points, penalty, helper) if points else []
    if not points:
        _hold_first_node(mbs, U, nodes)
    if inactiveJoint >= 0:
        mbs.SetObjectParameter(joints[inactiveJoint], 'activeConnector', False)
    _drive(mbs, U, nALE, drive, v0)
    mP = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=cables[1], localPosition=[0.3 * Lel, 0., 0.]))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mP, loadVector=[0., 2., 0.]))
    OV = exu.OutputVariableType
    sens = lambda item: mbs.AddSensor(item)     # noqa: E731
    mid = cables[nElements // 2]
    sensors = {'bodyPosition': sens(U.SensorBody(bodyNumber=mid, localPosition=[0.6 * Lel, 0., 0.],
                                                 outputVariableType=OV.Position, storeInternal=True)),
               'bodyVelocity': sens(U.SensorBody(bodyNumber=mid, localPosition=[0.6 * Lel, 0., 0.],
                                                 outputVariableType=OV.Velocity, storeInternal=True)),
               'axialForce': sens(U.SensorBody(bodyNumber=cables[0], localPosition=[0.2 * Lel, 0., 0.],
                                               outputVariableType=OV.ForceLocal, storeInternal=True)),
               'markerVelocity': sens(U.SensorMarker(markerNumber=mP, outputVariableType=OV.Velocity,
                                                     storeInternal=True)),
               'ale': sens(U.SensorNode(nodeNumber=nALE, outputVariableType=OV.Coordinates_t, storeInternal=True))}
    for k, j in enumerate(joints):
        for name in ('SlidingCoordinate', 'Force', 'Coordinates'):
            sensors['joint%d%s' % (k, name)] = sens(U.SensorObject(objectNumber=j, storeInternal=True,
                                                                   outputVariableType=getattr(OV, name)))
    mbs.Assemble()
    ss = _settings(exu, nSteps, h, solver)
    if switchJoint >= 0:
        part = nSteps // 10
        for k, (n, active) in enumerate(((4 * part, True), (part, False), (nSteps - 5 * part, True))):
            mbs.SetObjectParameter(joints[switchJoint], 'activeConnector', active)
            ss.timeIntegration.numberOfSteps, ss.timeIntegration.startTime = n, ss.timeIntegration.endTime if k else 0.
            ss.timeIntegration.endTime = ss.timeIntegration.startTime + n * h
            mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.GeneralizedAlpha)
    else:
        mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.GeneralizedAlpha)
    sd = mbs.systemData
    at = lambda name: [0.7 * Lel, 0., 0.] if name in BODY_OUTPUTS else [0., 0., 0.]     # noqa: E731
    outputs = {name: _plain(mbs.GetObjectOutputBody(mid, getattr(OV, name), localPosition=at(name)))
               for name in BODY_OUTPUTS + ('KineticEnergy', 'PotentialEnergy')}
    jointOutputs = [{name: _plain(mbs.GetObjectOutput(j, getattr(OV, name))) for name in JOINT_OUTPUTS}
                    for j in joints]
    # the joints' forces are multipliers, acceleration-level quantities (test_reference_models.py
    # ACCELERATION_ATOL_FACTOR): the first ones, of the initial accelerations, take d(C v)/dq v by
    # central differences (solvers/implicit.py), ~2e-9 of the history's largest force
    histories = {k: _plain(mbs.GetSensorStoredData(s)) for k, s in sensors.items()}
    atol = {'sensors.' + k: 1e-7 * float(np.abs(np.asarray(v)[:, 1:]).max()) for k, v in histories.items()
            if k.endswith('Force')}
    return {'q': _plain(sd.GetODE2Coordinates()), 'q_t': _plain(sd.GetODE2Coordinates_t()),
            'q_tt': _plain(sd.GetODE2Coordinates_tt()), 'lambda': _plain(sd.GetAECoordinates()),
            'data': _plain(sd.GetDataCoordinates()), 'outputs': outputs, 'jointOutputs': jointOutputs,
            'jointMarkers': [[int(m) for m in mbs.GetObject(j)['markerNumbers']] for j in joints],
            'sensors': histories, 'atol': atol}


CASES = {
    'ale_cable2d_free': (ale_belt, dict()),
    'ale_cable2d_force_nocoupling': (ale_belt, dict(drive='force', coupling=False, variation=False, beta=1.0,
                                                     mode=1)),
    'ale_cable2d_constraint_index2': (ale_belt, dict(drive='constraint', solver='NewmarkIndex2', mode=2)),
    'ale_joint2d_free': (ale_belt, dict(points=(0.3, 1.7))),
    'ale_joint2d_index3': (ale_belt, dict(points=(0.3, 1.7), drive='constraint')),
    'ale_joint2d_index2': (ale_belt, dict(points=(0.3, 1.7), solver='NewmarkIndex2', drive='constraint')),
    'ale_joint2d_switch': (ale_belt, dict(points=(0.38, 1.18, 1.97), switchJoint=1, drive='force')),
    'ale_joint2d_inactive': (ale_belt, dict(points=(0.38, 1.7), inactiveJoint=0, drive='constraint')),
    'ale_joint2d_penalty_helper': (ale_belt, dict(points=(0.3, 1.7), penalty=1e5, helper=True, drive='constraint')),
}
