"""Reference models of ObjectANCFCable (with NodePointSlope1 and the markers on it), written
against the public Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as in
reference_models.py, which adds ``CASES`` of this module to its own.

``cable3d_cantilever``: a spatial cantilever of ANCF cable elements made by
beams.GenerateStraightLineANCFCable (clamped at node 0 by CoordinateConstraints, gravity by
LoadMassProportional on MarkerBodyMass), a force at a MarkerBodyPosition of the last element,
optionally a spring-damper at a MarkerBodyPosition of the middle element and a spherical joint
holding the tip node (MarkerNodePosition); GeneralizedAlpha or Newmark index 2, 100 steps.
Results: q, q_t, q_tt, lambda at the end; sensors of the tip node, of body points (position,
axial force, curvature, bending moment) and of a marker; the element outputs at a local point,
the energies and the tip marker's position and velocity at the end (a MarkerBodyBeamShape on the
middle element: Exudyn gives it no outputs).
"""
import importlib
import warnings

import numpy as np

BODY_OUTPUTS = ('Position', 'Displacement', 'Velocity', 'Acceleration', 'Director1', 'ForceLocal', 'TorqueLocal',
                'StrainLocal', 'CurvatureLocal')


def _settings(exu, nSteps, h, solver):
    """reference_models.cable_settings (given to this module)."""
    return cable_settings(exu, nSteps, h, solver)  # noqa: F821


def _plain(x):
    return np.asarray(x, dtype=float).tolist()


def _cable_sensors(exu, U, mbs, nodes, objects, Lel, mMid):
    OV = exu.OutputVariableType
    sens = lambda item: mbs.AddSensor(item)     # noqa: E731
    body = lambda b, x, var: sens(U.SensorBody(bodyNumber=b, localPosition=[x * Lel, 0., 0.],  # noqa: E731
                                               outputVariableType=var, storeInternal=True))
    return {'tipPosition': sens(U.SensorNode(nodeNumber=nodes[-1], outputVariableType=OV.Position,
                                             storeInternal=True)),
            'tipCoordinates': sens(U.SensorNode(nodeNumber=nodes[-1], outputVariableType=OV.Coordinates,
                                                storeInternal=True)),
            'rootForce': body(objects[0], 0.1, OV.ForceLocal),
            'rootCurvature': body(objects[0], 0.3, OV.CurvatureLocal),
            'rootMoment': body(objects[0], 0.2, OV.TorqueLocal),
            'bodyPoint': body(objects[-1], 0.5, OV.Position),
            'markerVelocity': sens(U.SensorMarker(markerNumber=mMid, outputVariableType=OV.Velocity,
                                                  storeInternal=True))}


def cable3d_cantilever(exu, U, nElements=6, mode=0, damping=True, tipForce=(0., 0., 0.), spring=False,
                       prestrain=False, tipJoint=False, solver='GA', nSteps=100, h=2e-3):
    """See the module docstring; ``prestrain``: reference strain, the reference configuration's
    strains taken half relative (the cable is made along a line, then its nodes' slopes turned)."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 1.2
    end = [L * 0.8, L * 0.36, L * 0.48]
    cable = U.ObjectANCFCable(massPerLength=2.5, bendingStiffness=4., axialStiffness=2e3,
                              bendingDamping=0.05 if damping else 0., axialDamping=0.5 if damping else 0.,
                              useReducedOrderIntegration=mode)
    if prestrain:
        cable.referenceAxialStrain, cable.strainIsRelativeToReference = 1e-3, 0.5
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        nodes, objects, _, _, _ = beams.GenerateStraightLineANCFCable(
            mbs, [0., 0., 0.], end, nElements, cable, massProportionalLoad=[0., -9.81, 0.],
            fixedConstraintsNode0=[1, 1, 1, 1, 1, 1], fixedConstraintsNode1=None)
    if prestrain:
        # a curved reference configuration: the inner nodes' slopes turned about z
        for k, n in enumerate(nodes[1:-1]):
            ref = np.array(mbs.GetNode(n)['referenceCoordinates'], dtype=float)
            ref[3:6] += [0.01 * (k + 1), -0.02, 0.015]
            mbs.SetNodeParameter(n, 'referenceCoordinates', ref.tolist())
    Lel = L / nElements
    last, middle = objects[-1], objects[nElements // 2]
    mTip = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=last, localPosition=[0.8 * Lel, 0., 0.]))
    if any(tipForce):
        mbs.AddLoad(U.LoadForceVector(markerNumber=mTip, loadVector=list(tipForce)))
    mMid = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=middle, localPosition=[0.4 * Lel, 0., 0.]))
    oGround = mbs.AddObject(U.ObjectGround())
    if spring:
        mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0.6, 0.4, 0.5]))
        mbs.AddObject(U.ObjectConnectorSpringDamper(markerNumbers=[mG, mMid], stiffness=200., damping=1.,
                                                    referenceLength=0.3))
    if tipJoint:
        mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=end))
        mN = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=nodes[-1]))
        mbs.AddObject(U.ObjectJointSpherical(markerNumbers=[mG, mN], constrainedAxes=[0, 1, 0]))
    mbs.AddMarker(U.MarkerBodyBeamShape(bodyNumber=middle))      # (no outputs; accepted on the cable)
    sensors = _cable_sensors(exu, U, mbs, nodes, objects, Lel, mMid)
    mbs.Assemble()
    mbs.SolveDynamic(_settings(exu, nSteps, h, solver), solverType=exu.DynamicSolverType.GeneralizedAlpha)
    sd = mbs.systemData
    OV = exu.OutputVariableType
    outputs = {name: _plain(mbs.GetObjectOutputBody(middle, getattr(OV, name), localPosition=[0.7 * Lel, 0., 0.]))
               for name in BODY_OUTPUTS}
    for name in ('KineticEnergy', 'PotentialEnergy'):
        outputs[name] = _plain(mbs.GetObjectOutputBody(middle, getattr(OV, name)))
    return {'q': _plain(sd.GetODE2Coordinates()), 'q_t': _plain(sd.GetODE2Coordinates_t()),
            'q_tt': _plain(sd.GetODE2Coordinates_tt()), 'lambda': _plain(sd.GetAECoordinates()),
            'outputs': outputs,
            'markers': {'tipPosition': _plain(mbs.GetMarkerOutput(mTip, OV.Position)),
                        'tipVelocity': _plain(mbs.GetMarkerOutput(mTip, OV.Velocity))},
            'sensors': {k: _plain(mbs.GetSensorStoredData(s)) for k, s in sensors.items()}}


CASES = {
    'ancf_cable3d_gravity': (cable3d_cantilever, dict()),
    'ancf_cable3d_reduced_force': (cable3d_cantilever, dict(mode=1, tipForce=(2., -5., 3.), spring=True)),
    'ancf_cable3d_lobatto_prestrain': (cable3d_cantilever, dict(mode=2, prestrain=True, tipForce=(0., 3., -2.))),
    'ancf_cable3d_undamped_index2': (cable3d_cantilever, dict(damping=False, spring=True, tipJoint=True,
                                                              solver='NewmarkIndex2', nElements=8)),
}
