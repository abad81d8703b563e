"""Reference models of ObjectANCFCable2D (with NodePoint2DSlope1 and the markers on cables),
written against the public Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as in
reference_models.py, which adds ``CASES`` of this module to its own.

``cable_cantilever``: a cantilever of ANCF cable elements made by
beams.GenerateStraightLineANCFCable2D (clamped at node 0 by CoordinateConstraints, gravity by
LoadMassProportional on MarkerBodyMass), optionally a force at the tip on a MarkerBodyRigid and a
spring-damper at a MarkerBodyPosition of the middle element; GeneralizedAlpha, 100 steps.
Results: q, q_t, q_tt, lambda at the end; sensors of the tip node, of body points (position,
axial force, curvature) and of a marker; the element outputs at local points, the markers'
coordinates (MarkerBodyCable2DShape, MarkerBodyCable2DCoordinates) at the end.
"""
import importlib
import warnings

import numpy as np

NEWTON_TOL = 1e-12
BODY_OUTPUTS = ('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Acceleration', 'Rotation',
                'AngularVelocity', 'AngularAcceleration', 'Director1', 'ForceLocal', 'TorqueLocal', 'StrainLocal',
                'CurvatureLocal')


def _settings(exu, nSteps, h, solver):
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = nSteps, nSteps * h, 0
    ti.newton.useModifiedNewton = False
    ti.newton.relativeTolerance = ti.newton.absoluteTolerance = NEWTON_TOL
    ti.adaptiveStep = False
    ti.generalizedAlpha.spectralRadius = 0.8
    ti.generalizedAlpha.useIndex2Constraints = solver == 'NewmarkIndex2'
    ti.generalizedAlpha.useNewmark = solver == 'NewmarkIndex2'
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    ss.solution.file.write = False
    ss.solution.sensors.writePeriod = 10 * h
    return ss


def _plain(x):
    return np.asarray(x, dtype=float).tolist()


def cable_cantilever(exu, U, nElements=6, mode=0, angle=0.3, damping=True, tipForce=0., spring=False,
                     prestrain=False, solver='GA', nSteps=100, h=2e-3):
    """See the module docstring; ``angle``: direction of the cable to the x axis, ``prestrain``:
    reference strain and curvature, taken half relative to the reference configuration."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 1.2
    end = [L * np.cos(angle), L * np.sin(angle), 0.]
    cable = U.ObjectANCFCable2D(massPerLength=2.5, bendingStiffness=4., axialStiffness=2e3,
                                bendingDamping=0.05 if damping else 0., axialDamping=0.5 if damping else 0.,
                                useReducedOrderIntegration=mode)
    if prestrain:
        cable.referenceAxialStrain, cable.referenceCurvature, cable.strainIsRelativeToReference = 1e-3, 0.2, 0.5
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        nodes, objects, _, _, _ = beams.GenerateStraightLineANCFCable2D(
            mbs, [0., 0., 0.], end, nElements, cable, massProportionalLoad=[0., -9.81, 0.],
            fixedConstraintsNode0=[1, 1, 1, 1], fixedConstraintsNode1=None)
    Lel = L / nElements
    last, middle = objects[-1], objects[nElements // 2]
    if tipForce:
        mTip = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=last, localPosition=[Lel, 0.02, 0.]))
        mbs.AddLoad(U.LoadForceVector(markerNumber=mTip, loadVector=[0.3 * tipForce, tipForce, 0.]))
    mMid = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=middle, localPosition=[0.4 * Lel, -0.01, 0.]))
    if spring:
        oGround = mbs.AddObject(U.ObjectGround())
        mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0.6, 0.4, 0.]))
        mbs.AddObject(U.ObjectConnectorSpringDamper(markerNumbers=[mG, mMid], stiffness=200., damping=1.,
                                                    referenceLength=0.3))
    mShape = mbs.AddMarker(U.MarkerBodyCable2DShape(bodyNumber=last, numberOfSegments=3, verticalOffset=0.01))
    mCoords = mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=middle))
    OV = exu.OutputVariableType
    sens = lambda item: mbs.AddSensor(item)     # noqa: E731
    sensors = {'tipPosition': sens(U.SensorNode(nodeNumber=nodes[-1], outputVariableType=OV.Position,
                                                storeInternal=True)),
               'tipSlope': sens(U.SensorNode(nodeNumber=nodes[-1], outputVariableType=OV.Coordinates,
                                             storeInternal=True)),
               'rootForce': sens(U.SensorBody(bodyNumber=objects[0], localPosition=[0.1 * Lel, 0., 0.],
                                              outputVariableType=OV.ForceLocal, storeInternal=True)),
               'rootCurvature': sens(U.SensorBody(bodyNumber=objects[0], localPosition=[0.3 * Lel, 0., 0.],
                                                  outputVariableType=OV.CurvatureLocal, storeInternal=True)),
               'bodyPoint': sens(U.SensorBody(bodyNumber=last, localPosition=[0.5 * Lel, 0.01, 0.],
                                              outputVariableType=OV.Position, storeInternal=True)),
               'markerVelocity': sens(U.SensorMarker(markerNumber=mMid, outputVariableType=OV.Velocity,
                                                     storeInternal=True))}
    mbs.Assemble()
    ss = _settings(exu, nSteps, h, solver)
    mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.GeneralizedAlpha)
    sd = mbs.systemData
    outputs = {name: _plain(mbs.GetObjectOutputBody(middle, getattr(OV, name), localPosition=[0.7 * Lel, 0.03, 0.]))
               for name in BODY_OUTPUTS}
    for name in ('KineticEnergy', 'PotentialEnergy'):
        outputs[name] = _plain(mbs.GetObjectOutputBody(middle, getattr(OV, name)))
    return {'q': _plain(sd.GetODE2Coordinates()), 'q_t': _plain(sd.GetODE2Coordinates_t()),
            'q_tt': _plain(sd.GetODE2Coordinates_tt()), 'lambda': _plain(sd.GetAECoordinates()),
            'outputs': outputs,
            'markers': {'shape': _plain(mbs.GetMarkerOutput(mShape, OV.Coordinates)),
                        'shape_t': _plain(mbs.GetMarkerOutput(mShape, OV.Coordinates_t)),
                        'coordinates': _plain(mbs.GetMarkerOutput(mCoords, OV.Coordinates)),
                        'midPosition': _plain(mbs.GetMarkerOutput(mMid, OV.Position))},
            'sensors': {k: _plain(mbs.GetSensorStoredData(s)) for k, s in sensors.items()}}


CASES = {
    'ancf_cable2d_gravity': (cable_cantilever, dict()),
    'ancf_cable2d_reduced_tip': (cable_cantilever, dict(mode=1, tipForce=-5., spring=True)),
    'ancf_cable2d_lobatto_prestrain': (cable_cantilever, dict(mode=2, prestrain=True, tipForce=3., angle=-0.2)),
    'ancf_cable2d_undamped_index2': (cable_cantilever, dict(damping=False, spring=True, solver='NewmarkIndex2',
                                                            nElements=8)),
}
