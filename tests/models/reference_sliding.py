"""Reference models of ObjectJointSliding2D (a body sliding along ObjectANCFCable2D elements),
written against the public Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as in
reference_models.py, which adds ``CASES`` of this module to its own (``fixed_step_settings`` is
given by it).

``sliding_2d``: a cable of ``nElements`` elements between two clamped ends (fixed by
CoordinateConstraints, made by beams.GenerateStraightLineANCFCable2D) under gravity, and a mass
point (or a RigidBody2D with its marker below the center, ``rigid``) that slides along it from
x = 0.6 with an initial velocity to the left: it turns and runs down into the sagging middle,
crossing element ends in both directions. The data node, the joint (classical or local
formulation, index 3 or 2, constrainRotation, axialForce), optionally a second joint along the
cable's second half (``second``: two items of one group, with and without constrainRotation) and a
preStep function that switches activeConnector off and on again (recording the joint's
markerNumbers[1] at each step). Results: q, q_t, lambda and the data coordinates at the end, the
joint's markerNumbers after the solve, its outputs at the end and sensors of its five outputs and
of the data node's coordinates.

``sliding_2d_generated``: beams.GenerateSlidingJoint (its items and return value) and a short run.
"""
import importlib
import importlib.util
import os
import warnings

_spec = importlib.util.spec_from_file_location(
    'sliding_common', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sliding_common.py'))
common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(common)
_plain = common.plain

OUTPUTS = ('Position', 'Velocity', 'SlidingCoordinate', 'Force', 'DisplacementLocal')


def _slider(U, mbs, rigid, x0, v0):
    """The sliding body's marker (a mass point, or a RigidBody2D's marker 0.05 below its center)."""
    if rigid:
        inertia = U.InertiaCuboid(density=5000., sideLengths=[0.1, 0.05, 0.02])
        body = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[x0, 0.05, 0.], initialVelocities=[v0, 0., 0.]))
        oBody = mbs.AddObject(U.ObjectRigidBody2D(mass=inertia.mass,
                                                  inertia=inertia.inertiaTensor[2, 2], nodeNumber=body))
        marker = mbs.AddMarker(U.MarkerNodeRigid(nodeNumber=body))
        mbs.AddLoad(U.LoadForceVector(markerNumber=marker, loadVector=[0., -9.81 * inertia.mass, 0.]))
        return mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oBody, localPosition=[0., -0.05, 0.]))
    node = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[x0, 0.], initialVelocities=[v0, 0.]))
    mbs.AddObject(U.MassPoint2D(mass=0.5, nodeNumber=node))
    marker = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(U.LoadForceVector(markerNumber=marker, loadVector=[0., -0.5 * 9.81, 0.]))
    return marker


def clamped_cable(exu, U, mbs, nElements=4, EA=1e3, damping=False, gravity=True):
    """The ObjectANCFCable2D elements of a 2 m cable along x clamped at both ends (made by
    beams.GenerateStraightLineANCFCable2D, under gravity where ``gravity``)."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    cable = U.ObjectANCFCable2D(massPerLength=1., bendingStiffness=10., axialStiffness=EA,
                                bendingDamping=0.01 if damping else 0., axialDamping=0.1 if damping else 0.)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        return beams.GenerateStraightLineANCFCable2D(
            mbs, [0., 0., 0.], [2., 0., 0.], nElements, cable, massProportionalLoad=[0., -9.81 if gravity else 0., 0.],
            fixedConstraintsNode0=[1, 1, 1, 1], fixedConstraintsNode1=[1, 1, 1, 1])[1]


def sliding_2d(exu, U, nElements=4, classical=True, index2=False, rigid=False, constrainRotation=False,
               axialForce=0., switchActive=False, x0=0.6, v0=-0.6, EA=1e3, second=False, nSteps=200, h=0.01):
    """See the module docstring; ``switchActive``: activeConnector False for 0.5 <= t < 0.51;
    ``second``: a second joint (a RigidBody2D with constrainRotation at x = 1.4, moving right)
    along the cable's second half only."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 2.
    objects = clamped_cable(exu, U, mbs, nElements, EA, damping=True)
    sliding = [mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=o)) for o in objects]
    offsets = [i * L / nElements for i in range(nElements)]
    m0 = _slider(U, mbs, rigid, x0, v0)
    k0 = int(x0 * nElements / L)
    data = mbs.AddNode(U.NodeGenericData(initialCoordinates=[k0, x0], numberOfDataCoordinates=2))
    joint = mbs.AddObject(U.ObjectJointSliding2D(
        markerNumbers=[m0, sliding[k0]], slidingMarkerNumbers=sliding, slidingMarkerOffsets=offsets, nodeNumber=data,
        useClassicalFormulation=classical, constrainRotation=constrainRotation, axialForce=axialForce))
    sensors = common.joint_sensors(exu, U, mbs, joint, data, OUTPUTS)
    if second:
        common.second_joint(exu, U, mbs, sensors, sliding, offsets, nElements, _slider(U, mbs, True, 1.4, 0.3),
                            'ObjectJointSliding2D', constrainRotation=True)
    elements = []         # markerNumbers[1] as a preStep function reads it (with switchActive)
    if switchActive:
        def preStep(mbs, t):
            mbs.SetObjectParameter(joint, 'activeConnector', not 0.5 - 1e-9 <= t < 0.51 - 1e-9)
            elements.append(int(mbs.GetObject(joint)['markerNumbers'][1]))
            return True
        mbs.SetPreStepUserFunction(preStep)
    mbs.Assemble()
    ss = fixed_step_settings(exu, nSteps, nSteps * h, sensorEvery=5)      # noqa: F821 (given by reference_models)
    ss.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    ss.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
    ss.timeIntegration.generalizedAlpha.useNewmark = index2
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.GeneralizedAlpha)
    return common.run_results(exu, mbs, joint, sensors, elements, OUTPUTS)


def _item_dicts(get, first, count):
    """Item dicts first ... count - 1 as plain data (names included, no graphics)."""
    return [{k: (v if isinstance(v, (str, bool)) else _plain(v)) for k, v in get(i).items()}
            for i in range(first, count)]


def sliding_2d_generated(exu, U, startElement=1, start=0.7, nSteps=60, h=0.01):
    """beams.GenerateSlidingJoint of a mass point at x = 1 + start - 0.5 along the elements 1, 2, 3
    of the cable of ``sliding_2d`` (starting on the chain's element ``startElement``): the items it
    creates and its return value, then a dynamic run (q, lambda, data coordinates, the sliding
    coordinate's sensor)."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    objects = clamped_cable(exu, U, mbs)
    m0 = _slider(U, mbs, False, 0.5 + start, 0.3)
    sd = mbs.systemData
    before = (sd.NumberOfNodes(), sd.NumberOfObjects(), sd.NumberOfMarkers())
    returned = beams.GenerateSlidingJoint(mbs, objects[1:], m0, localMarkerIndexOfStartCable=startElement,
                                          slidingCoordinateStartPosition=start)
    items = {'nodes': _item_dicts(mbs.GetNode, before[0], sd.NumberOfNodes()),
             'objects': _item_dicts(mbs.GetObject, before[1], sd.NumberOfObjects()),
             'markers': _item_dicts(mbs.GetMarker, before[2], sd.NumberOfMarkers())}
    joint = returned[0]
    sensor = mbs.AddSensor(U.SensorObject(objectNumber=joint, storeInternal=True,
                                          outputVariableType=exu.OutputVariableType.SlidingCoordinate))
    mbs.Assemble()
    ss = fixed_step_settings(exu, nSteps, nSteps * h, sensorEvery=5)      # noqa: F821 (given by reference_models)
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.GeneralizedAlpha)
    return {'returned': [int(j) for j in returned], 'items': items, 'q': _plain(sd.GetODE2Coordinates()),
            'lambda': _plain(sd.GetAECoordinates()), 'data': _plain(sd.GetDataCoordinates()),
            'sensors': {'slidingCoordinate': _plain(mbs.GetSensorStoredData(sensor))}}


CASES = {
    'sliding2d_classical': (sliding_2d, dict()),
    'sliding2d_local_index3': (sliding_2d, dict(classical=False)),
    'sliding2d_local_index2': (sliding_2d, dict(classical=False, index2=True)),
    'sliding2d_rigid_rotation': (sliding_2d, dict(rigid=True, constrainRotation=True, axialForce=0.02)),
    'sliding2d_rigid_rotation_index2': (sliding_2d, dict(classical=False, index2=True, rigid=True,
                                                         constrainRotation=True, nSteps=90)),
    'sliding2d_active_switch': (sliding_2d, dict(nElements=8, switchActive=True)),
    'sliding2d_two_joints': (sliding_2d, dict(classical=False, nElements=8, second=True, nSteps=100)),
    'sliding2d_generated': (sliding_2d_generated, dict()),
}
