"""Reference models of rigid bodies whose Euler parameters are off unit length (the drift of index-2
solvers), written against the public Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as
in reference_models.py, which adds ``CASES`` of this module to its own.

Off unit length the rotation matrix A(p) is not orthonormal, and each formula that is the same for
an orthonormal A has its own value: Exudyn's markers give connectors the angular velocity
A G_loc p_t (not G p_t), its joints' velocity-level rows use the marker frames' rates
A_m (w_m x R), body points move with v + A (w_loc x b), and outputs report G_loc p_t locally.

``drifted_outputs``: one body with initial Euler parameters of norm 1.07 and a center of mass off
the node; its node, body and marker outputs at the initial state (no solve).
``chain_index2``: two Euler-parameter bodies under gravity, the first on a spherical joint to
ground, the second on a joint to the first (``joint``: a GenericJoint locking two translations
and one rotation, a revolute or a prismatic joint); ``nSteps`` steps of an index-2 solver, after
which |p| - 1 is ~1e-4; the state, the joint's outputs and sensors of the outputs above.
"""
import numpy as np

NEWTON_TOL = 1e-12


def _new(exu):
    SC = exu.SystemContainer()
    return SC, SC.AddSystem()


def drifted_outputs(exu, U):
    SC, mbs = _new(exu)
    p = np.array([0.9, 0.3, -0.2, 0.25])
    p /= np.linalg.norm(p)
    n = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=[0.1, 0.2, 0.3] + list(p),
                                      initialCoordinates=[0., 0., 0.] + list(0.07 * p),
                                      initialVelocities=[1., -2., 0.5, 0.4, -0.7, 0.3, 0.9]))
    b = mbs.AddObject(U.ObjectRigidBody(nodeNumber=n, mass=2., inertia=[1., 2., 3., 0.1, 0.2, 0.3],
                                        centerOfMass=[0.2, -0.3, 0.4]))
    local = [0.3, -0.2, 0.5]
    m = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=local))
    mr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=None, localHT=U.HomogeneousTransformation(
        U.RotationMatrixX(0.5) @ U.RotationMatrixZ(0.3), local)))
    mbs.Assemble()
    OV = exu.OutputVariableType
    res = {}
    for v in ('AngularVelocity', 'AngularVelocityLocal', 'Velocity', 'RotationMatrix'):
        res['node.' + v] = np.asarray(mbs.GetNodeOutput(n, getattr(OV, v))).tolist()
    for v in ('AngularVelocity', 'AngularVelocityLocal', 'Velocity', 'VelocityLocal'):
        res['body.' + v] = np.asarray(mbs.GetObjectOutputBody(b, getattr(OV, v), localPosition=local)).tolist()
    res['body.KineticEnergy'] = float(mbs.GetObjectOutputBody(b, OV.KineticEnergy))
    for name, mk in (('marker', m), ('markerRotated', mr)):
        for v in ('AngularVelocity', 'AngularVelocityLocal', 'Velocity'):
            res[name + '.' + v] = np.asarray(mbs.GetMarkerOutput(mk, getattr(OV, v))).tolist()
    return res


def _joint(mbs, U, joint, b0, b1):
    at = [0.4, 0., 0.]
    if joint == 'generic':
        return mbs.CreateGenericJoint(itemNumbers=[b0, b1], position=at, constrainedAxes=[1, 1, 0, 0, 1, 0],
                                      useGlobalFrame=False)
    if joint == 'revolute':
        return mbs.CreateRevoluteJoint(bodyNumbers=[b0, b1], position=at, axis=[0., 0.3, 1.])
    return mbs.CreatePrismaticJoint(bodyNumbers=[b0, b1], position=at, axis=[1., 0., 0.])


def chain_index2(exu, U, joint='generic', solver='NewmarkIndex2', h=0.01, nSteps=60):
    SC, mbs = _new(exu)
    g = [0., -9.81, 0.]
    ground = mbs.CreateGround()
    inertia = U.InertiaCuboid(1000., [0.4, 0.1, 0.06]).Translated([0.05, 0.02, 0.])
    w0 = np.array([0.5, 1.5, 4.])
    b0 = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.2, 0., 0.], initialAngularVelocity=w0,
                             initialVelocity=np.cross(w0, [0.2, 0., 0.]), gravity=g)
    b1 = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.6, 0., 0.], initialAngularVelocity=w0,
                             initialVelocity=np.cross(w0, [0.6, 0., 0.]), gravity=g)
    mbs.CreateSphericalJoint(bodyNumbers=[ground, b0], position=[0., 0., 0.])
    jo = _joint(mbs, U, joint, b0, b1)
    jo = jo[0] if isinstance(jo, (list, tuple)) else jo
    OV = exu.OutputVariableType

    def sens(**kw):
        return mbs.AddSensor(U.SensorBody(bodyNumber=b1, storeInternal=True, writeToFile=False, **kw))
    sensors = {'omegaLocal': sens(outputVariableType=OV.AngularVelocityLocal),
               'pointVelocity': sens(outputVariableType=OV.Velocity, localPosition=[0.1, 0.05, -0.02]),
               'kinetic': sens(outputVariableType=OV.KineticEnergy),
               'jointForce': mbs.AddSensor(U.SensorObject(objectNumber=jo, storeInternal=True, writeToFile=False,
                                                          outputVariableType=OV.ForceLocal))}
    mbs.Assemble()
    ss = fixed_step_settings(exu, nSteps, h * nSteps, NEWTON_TOL, sensorEvery=5)
    ss.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    if solver == 'NewmarkIndex2':      # generalized-alpha's Newmark form with index-2 constraints, damped
        ga = ss.timeIntegration.generalizedAlpha
        ga.useNewmark = ga.useIndex2Constraints = True
        ga.newmarkBeta, ga.newmarkGamma = 0.3, 0.6
        solver = 'GeneralizedAlpha'
    mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))
    sd = mbs.systemData
    res = {'q': [float(x) for x in sd.GetODE2Coordinates()],
           'q_t': [float(x) for x in sd.GetODE2Coordinates_t()],
           'lambda': [float(x) for x in sd.GetAECoordinates()],
           'joint': {v: np.asarray(mbs.GetObjectOutput(jo, getattr(OV, v))).tolist()
                     for v in ('ForceLocal', 'TorqueLocal', 'Velocity', 'AngularVelocityLocal')},
           'sensors': {k: np.asarray(mbs.GetSensorStoredData(s)).tolist() for k, s in sensors.items()}}
    # multipliers (and the joint force, one of them) are acceleration-level quantities: converged
    # Newton iterates differ there by ~1e-9 of their largest value
    force = np.asarray(res['sensors']['jointForce'])[:, 1:]
    res['atol'] = {'sensors.jointForce': 1e-7 * float(np.abs(force).max())}
    return res


CASES = {
    'drift_ep_outputs': (drifted_outputs, dict()),
    'drift_index2_generic_newmark': (chain_index2, dict()),
    'drift_index2_generic_trapezoidal': (chain_index2, dict(solver='TrapezoidalIndex2')),
    'drift_index2_revolute_newmark': (chain_index2, dict(joint='revolute')),
    'drift_index2_prismatic_trapezoidal': (chain_index2, dict(joint='prismatic', solver='TrapezoidalIndex2')),
}
