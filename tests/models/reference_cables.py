"""Reference models of ObjectANCFCable2D (with NodePoint2DSlope1 and the markers on cables),
written against the public Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as in
reference_models.py, which adds ``CASES`` of this module to its own.

``cable_cantilever``: a cantilever of ANCF cable elements made by
beams.GenerateStraightLineANCFCable2D (clamped at node 0 by CoordinateConstraints, gravity by
LoadMassProportional on MarkerBodyMass), optionally a force at the tip on a MarkerBodyRigid and a
spring-damper at a MarkerBodyPosition of the middle element, optionally nonlinear laws as user
functions (axialForceUserFunction, bendingMomentUserFunction); GeneralizedAlpha, 100 steps.
Results: q, q_t, q_tt, lambda at the end; sensors of the tip node, of body points (position,
axial force, curvature) and of a marker; the element outputs at local points, the markers'
coordinates (MarkerBodyCable2DShape, MarkerBodyCable2DCoordinates) at the end.

``cable_helper``: a cable made by one of the 2D cable helpers of exudyn.beams
(PointsAndSlopes2ANCFCable2D on a ring or an open curve, GenerateCircularArcANCFCable2D,
GenerateBeamElementsAlongLine), under
gravity; results: the helper's return value, every created item (its parameters without the
visualization), q and q_t after a short GeneralizedAlpha run and the last node's position sensor.
"""
import importlib
import warnings

import numpy as np

BODY_OUTPUTS = ('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Acceleration', 'Rotation',
                'AngularVelocity', 'AngularAcceleration', 'Director1', 'ForceLocal', 'TorqueLocal', 'StrainLocal',
                'CurvatureLocal')


def _settings(exu, nSteps, h, solver):
    """reference_models.cable_settings (given to this module)."""
    return cable_settings(exu, nSteps, h, solver)  # noqa: F821


def _plain(x):
    return np.asarray(x, dtype=float).tolist()


def _user_laws(cable):
    """Nonlinear laws as user functions: a cubic axial force, a bending moment stiffening with the
    curvature, both with terms in the other strain, the position, the time and the item number."""
    def axial(mbs, t, itemNumber, x, eps, eps_t, epsRef, EA, dA, K, K_t, KRef):
        return EA * (eps - epsRef) + 3e5 * (eps - epsRef) ** 3 + dA * eps_t + 0.2 * (K - KRef) * x
    def bending(mbs, t, itemNumber, x, K, K_t, KRef, EI, dK, eps, eps_t, epsRef):
        return (EI * (K - KRef) * (1. + 2. * (K - KRef) ** 2) + dK * K_t + 0.05 * itemNumber * x * np.sin(20. * t)
                + 30. * (eps - epsRef) + 0.01 * eps_t)
    cable.axialForceUserFunction, cable.bendingMomentUserFunction = axial, bending


def cable_cantilever(exu, U, nElements=6, mode=0, angle=0.3, damping=True, tipForce=0., spring=False,
                     prestrain=False, solver='GA', nSteps=100, h=2e-3, userLaws=False):
    """See the module docstring; ``angle``: direction of the cable to the x axis, ``prestrain``:
    reference strain and curvature, taken half relative to the reference configuration,
    ``userLaws``: the laws of _user_laws (axialForceUserFunction, bendingMomentUserFunction)."""
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
    if userLaws:
        _user_laws(cable)
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
    # (no PotentialEnergy with user functions: Exudyn 1.13.6 refuses it)
    for name in ('KineticEnergy',) + (() if userLaws else ('PotentialEnergy',)):
        outputs[name] = _plain(mbs.GetObjectOutputBody(middle, getattr(OV, name)))
    return {'q': _plain(sd.GetODE2Coordinates()), 'q_t': _plain(sd.GetODE2Coordinates_t()),
            'q_tt': _plain(sd.GetODE2Coordinates_tt()), 'lambda': _plain(sd.GetAECoordinates()),
            'outputs': outputs,
            'markers': {'shape': _plain(mbs.GetMarkerOutput(mShape, OV.Coordinates)),
                        'shape_t': _plain(mbs.GetMarkerOutput(mShape, OV.Coordinates_t)),
                        'coordinates': _plain(mbs.GetMarkerOutput(mCoords, OV.Coordinates)),
                        'midPosition': _plain(mbs.GetMarkerOutput(mMid, OV.Position))},
            'sensors': {k: _plain(mbs.GetSensorStoredData(s)) for k, s in sensors.items()}}


ITEM_SKIP = ('name', 'axialForceUserFunction', 'bendingMomentUserFunction', 'loadVectorUserFunction',
             'offsetUserFunction', 'offsetUserFunction_t')


def _items(mbs):
    """Every node, object, marker and load of mbs as plain dicts (without names, user functions and
    visualization, but with the connectors' drawSize)."""
    sd = mbs.systemData
    kinds = {'nodes': (sd.NumberOfNodes(), mbs.GetNode), 'objects': (sd.NumberOfObjects(), mbs.GetObject),
             'markers': (sd.NumberOfMarkers(), mbs.GetMarker), 'loads': (sd.NumberOfLoads(), mbs.GetLoad)}
    out = {}
    for kind, (count, get) in kinds.items():
        out[kind] = [{k: (v if isinstance(v, (str, bool)) else _plain(v)) for k, v in get(i).items()
                      if k not in ITEM_SKIP and (not k.startswith('V') or k == 'VdrawSize')}
                     for i in range(count)]
    return out


def _ring_points(R, n):
    """n + 1 rows [x, y, x', y'] around the circle of radius R about (0, R), the last equal to the first."""
    phis = [2 * np.pi * i / n for i in range(n + 1)]
    return [np.array([R * np.sin(p), R - R * np.cos(p), np.cos(p), np.sin(p)]) for p in phis]


def _helper_cable(beams, mbs, cable, helper):
    """Build the cable with the named helper; returns its return value."""
    g = [0., -9.81, 0.]
    if helper == 'ring':
        R, n = 0.5, 6
        chord = 2 * R * np.sin(np.pi / n)
        return beams.PointsAndSlopes2ANCFCable2D(mbs, _ring_points(R, n), [chord] * n, cable, massProportionalLoad=g,
                                                 fixedConstraintsNode0=[1, 1, 0, 0],
                                                 elementCurvatures=[1 / R] * n, graphicsSizeConstraints=0.02)
    if helper == 'open':
        pts = [[0., 0., 1., 0.], [0.4, 0.05, 0.96, 0.28], [0.75, 0.2, 0.8, 0.6], [1.0, 0.5, 0.6, 0.8]]
        lengths = [float(np.linalg.norm(np.subtract(pts[i + 1][:2], pts[i][:2]))) for i in range(3)]
        return beams.PointsAndSlopes2ANCFCable2D(mbs, pts, lengths, cable, massProportionalLoad=g,
                                                 fixedConstraintsNode0=[1, 1, 1, 1], fixedConstraintsNode1=[0, 0, 0, 0],
                                                 firstNodeIsLastNode=False)
    if helper == 'arc':
        return beams.GenerateCircularArcANCFCable2D(mbs, [0.1, 0.2, 0.], 0.6, 0.3, 2.2, 5, cable,
                                                    massProportionalLoad=g, fixedConstraintsNode0=[1, 1, 1, 1],
                                                    fixedConstraintsNode1=[0, 1, 0, 0])
    if helper == 'alongLine':
        return beams.GenerateBeamElementsAlongLine(mbs, [0.1, 0.2, 0.], [1.1, 0.7, 0.], 5, cable, gravity=g,
                                                   groundConstraintsStart=[1, 1, 0, 1],
                                                   groundConstraintsEnd=[0, 1, 0, 0])
    return beams.GenerateCircularArcANCFCable2D(mbs, [0., 0., 0.], 0.8, -0.5, -1.5, 4, cable,
                                                massProportionalLoad=g, fixedConstraintsNode0=[1, 1, 0, 0],
                                                setCurvedReferenceConfiguration=False)


def cable_helper(exu, U, helper='ring', nSteps=40, h=2e-3):
    """See the module docstring; ``helper``: 'ring', 'open' (PointsAndSlopes2ANCFCable2D), 'arc',
    'arcStraight' (GenerateCircularArcANCFCable2D), 'alongLine' (GenerateBeamElementsAlongLine)."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    cable = U.ObjectANCFCable2D(massPerLength=2.5, bendingStiffness=0.8, axialStiffness=500., bendingDamping=0.02,
                                axialDamping=0.2, referenceCurvature=0.3)
    returned = _helper_cable(beams, mbs, cable, helper)
    nodes = returned['nodes'] if helper == 'alongLine' else returned[0]
    sensor = mbs.AddSensor(U.SensorNode(nodeNumber=nodes[len(nodes) // 2], storeInternal=True,
                                        outputVariableType=exu.OutputVariableType.Position))
    items = _items(mbs)
    mbs.Assemble()
    mbs.SolveDynamic(_settings(exu, nSteps, h, 'GA'), solverType=exu.DynamicSolverType.GeneralizedAlpha)
    sd = mbs.systemData
    return {'returned': _plain_nested(returned), 'items': items, 'q': _plain(sd.GetODE2Coordinates()),
            'q_t': _plain(sd.GetODE2Coordinates_t()), 'lambda': _plain(sd.GetAECoordinates()),
            'sensors': {'position': _plain(mbs.GetSensorStoredData(sensor))}}


def _plain_nested(x):
    """Lists of numbers (numpy scalars, ints) of any depth as plain Python lists of floats/ints."""
    if isinstance(x, dict):
        return {k: _plain_nested(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, np.ndarray)):
        return [_plain_nested(v) for v in x]
    return int(x) if isinstance(x, (int, np.integer)) else float(x)


CASES = {
    'ancf_cable2d_gravity': (cable_cantilever, dict()),
    'ancf_cable2d_reduced_tip': (cable_cantilever, dict(mode=1, tipForce=-5., spring=True)),
    'ancf_cable2d_lobatto_prestrain': (cable_cantilever, dict(mode=2, prestrain=True, tipForce=3., angle=-0.2)),
    'ancf_cable2d_undamped_index2': (cable_cantilever, dict(damping=False, spring=True, solver='NewmarkIndex2',
                                                            nElements=8)),
    'ancf_cable2d_user_laws': (cable_cantilever, dict(userLaws=True, prestrain=True, tipForce=-20., spring=True)),
    'ancf_cable2d_user_laws_reduced': (cable_cantilever, dict(userLaws=True, mode=1, tipForce=10., angle=-0.4)),
}
CASES.update({
    'beams_points_slopes_ring': (cable_helper, dict(helper='ring')),
    'beams_points_slopes_open': (cable_helper, dict(helper='open')),
    'beams_circular_arc': (cable_helper, dict(helper='arc')),
    'beams_circular_arc_straight': (cable_helper, dict(helper='arcStraight')),
    'beams_elements_along_line': (cable_helper, dict(helper='alongLine')),
})
