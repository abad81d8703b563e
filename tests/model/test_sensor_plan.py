"""output/sensor_plan.py: the sensors written during a solve, read in groups, give the numbers of
the one-by-one evaluation (sensor_values: GetNodeOutput, GetObjectOutputBody, GetObjectOutput),
bit for bit, for every kind the plan groups and next to those it leaves alone."""
import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.output import sensor_plan

OV = exu.OutputVariableType


def _model(change_at=None):
    """Rigid bodies on EP, Rxyz and rotation-vector nodes and a planar body, joined by joints and
    springs, with sensors of every kind; ``change_at``: a preStepUserFunction moves one body
    sensor's local point and another's output variable from that time on."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    bodies, nodes = [], []
    prev = mg
    for i, nt in enumerate([exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz,
                            exu.NodeType.RotationRotationVector, exu.NodeType.RotationEulerParameters]):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000, [0.4, 0.05, 0.05]), referencePosition=[0.4 * i + 0.2, 0, 0],
                                initialAngularVelocity=[0.3, -0.2 * i, 1.0], gravity=[0, -9.81, 0], nodeType=nt)
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.2, 0, 0]))
        joint = mbs.AddObject(U.SphericalJoint(markerNumbers=[prev, m0]))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0, 0]))
        bodies.append(b)
        nodes.append(mbs.GetObject(b)['nodeNumber'])
    spring = mbs.AddObject(U.SpringDamper(markerNumbers=[mg, prev], stiffness=50., damping=1., referenceLength=1.2))
    n2 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0, -1, 0], initialVelocities=[0.1, 0, 2.]))
    b2 = mbs.AddObject(U.ObjectRigidBody2D(nodeNumber=n2, mass=1.5, inertia=0.04))
    mb2 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b2, localPosition=[0.1, 0, 0]))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mb2], stiffness=100., damping=0.5, referenceLength=1.))
    n1 = mbs.AddNode(U.Node1D(referenceCoordinates=[0.5], initialVelocities=[2.]))
    mbs.AddObject(U.ObjectRotationalMass1D(nodeNumber=n1, inertia=0.3))
    load = mbs.AddLoad(U.LoadForceVector(markerNumber=mb2, loadVector=[0, -3., 0]))
    sens = []

    def add(sensor):
        sens.append(mbs.AddSensor(sensor))
    for k, (b, n) in enumerate(zip(bodies, nodes)):
        loc = [0.1 * k, 0.02, -0.01]
        for var in (OV.Position, OV.Velocity, OV.Acceleration, OV.AccelerationLocal, OV.AngularAcceleration,
                    OV.AngularAccelerationLocal, OV.Displacement, OV.AngularVelocity):
            add(U.SensorBody(bodyNumber=b, localPosition=loc, storeInternal=True, outputVariableType=var))
        for var in (OV.Position, OV.Velocity, OV.AngularVelocity, OV.RotationMatrix, OV.Coordinates,
                    OV.Coordinates_t, OV.Acceleration):
            add(U.SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=var))
    for var in (OV.Position, OV.Velocity, OV.Acceleration, OV.Rotation):
        add(U.SensorBody(bodyNumber=b2, localPosition=[0.1, 0.2, 0], storeInternal=True, outputVariableType=var))
    for var in (OV.Coordinates, OV.Coordinates_t, OV.Position):
        add(U.SensorNode(nodeNumber=n2, storeInternal=True, outputVariableType=var))
    add(U.SensorNode(nodeNumber=n1, storeInternal=True, outputVariableType=OV.Coordinates))
    add(U.SensorObject(objectNumber=spring, storeInternal=True, outputVariableType=OV.Force))
    for o in (joint, joint - 2):
        for var in (OV.Force, OV.Position):
            add(U.SensorObject(objectNumber=o, storeInternal=True, outputVariableType=var))
    add(U.SensorMarker(markerNumber=mb2, storeInternal=True, outputVariableType=OV.Position))
    add(U.SensorMarker(markerNumber=mb2, storeInternal=True, outputVariableType=OV.Velocity))
    add(U.SensorMarker(markerNumber=mg, storeInternal=True, outputVariableType=OV.Position))
    add(U.SensorLoad(loadNumber=load, storeInternal=True))
    add(U.SensorUserFunction(sensorNumbers=[sens[0]], storeInternal=True,
                             sensorUserFunction=lambda mbs, t, numbers, factors, cfg:
                             [2 * mbs.GetSensorValues(numbers[0])[0], t]))
    if change_at is not None:
        done = []

        def pre_step(mbs, t):
            if t >= change_at and not done:
                mbs.SetSensorParameter(sens[0], 'localPosition', [0.3, 0.1, 0.])
                mbs.SetSensorParameter(sens[1], 'outputVariableType', OV.Displacement)
                done.append(t)
            return True
        mbs.SetPreStepUserFunction(pre_step)
    mbs.Assemble()
    return mbs, sens


def _frame_sensors_model(change_at=None):
    """Node and body sensors that read frames only (positions, velocities, rotations, angular
    velocities; no object, marker or single sensor): the plan computes the node groups' and the
    body groups' frames alone (own_frames)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    prev, sens = mg, []
    for i, nt in enumerate([exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz]):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000, [0.4, 0.05, 0.05]), referencePosition=[0.4 * i + 0.2, 0, 0],
                                initialAngularVelocity=[0.3, -0.2, 1.0], gravity=[0, -9.81, 0], nodeType=nt)
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.2, 0, 0]))
        mbs.AddObject(U.SphericalJoint(markerNumbers=[prev, m0]))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0, 0]))
        n = mbs.GetObject(b)['nodeNumber']
        for var in (OV.Position, OV.Velocity):
            sens.append(mbs.AddSensor(U.SensorBody(bodyNumber=b, localPosition=[0.1, 0.02, -0.01], storeInternal=True,
                                                   outputVariableType=var)))
        for var in (OV.Position, OV.Velocity, OV.AngularVelocity, OV.RotationMatrix, OV.Coordinates):
            sens.append(mbs.AddSensor(U.SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=var)))
    n2 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0, -1, 0], initialVelocities=[0.1, 0, 2.]))
    b2 = mbs.AddObject(U.ObjectRigidBody2D(nodeNumber=n2, mass=1.5, inertia=0.04))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b2))],
                                 stiffness=100., damping=0.5, referenceLength=1.))
    sens.append(mbs.AddSensor(U.SensorBody(bodyNumber=b2, localPosition=[0.1, 0.2, 0], storeInternal=True,
                                           outputVariableType=OV.Velocity)))
    sens.append(mbs.AddSensor(U.SensorNode(nodeNumber=n2, storeInternal=True, outputVariableType=OV.Position)))
    mbs.Assemble()
    return mbs, sens


def test_frame_sensors_alone_compute_their_frames_alone(monkeypatch):
    grouped, plans = _run(monkeypatch, True, model=_frame_sensors_model)
    single, _ = _run(monkeypatch, False, model=_frame_sensors_model)
    plan = plans[0]
    # the body groups: Euler-parameter bodies, Rxyz bodies (one group per node type), the 2D body
    assert not plan.single and plan.own_frames is not None and len(plan.own_frames[1]) == 3
    for k, (a, b) in enumerate(zip(grouped, single)):
        assert a.shape == b.shape and a.shape[0] == 51, k
        np.testing.assert_array_equal(a, b, err_msg=f'sensor {k}')


def _chain_sensors_model(change_at=None):
    """Two chains of rigid bodies on spherical joints, five on Euler-parameter nodes and three on
    rotation-vector nodes; body sensors (positions, velocities, accelerations) on two bodies of
    the first chain and one of the second only."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    sens, bodies = [], []
    for nt, count, y in ((exu.NodeType.RotationEulerParameters, 5, 0.), (exu.NodeType.RotationRotationVector, 3, 1.)):
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, y, 0]))
        for i in range(count):
            b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000, [0.4, 0.05, 0.05]),
                                    referencePosition=[0.4 * i + 0.2, y, 0], initialAngularVelocity=[0.3, -0.2 * i, 1.],
                                    gravity=[0, -9.81, 0], nodeType=nt)
            m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.2, 0, 0]))
            mbs.AddObject(U.SphericalJoint(markerNumbers=[prev, m0]))
            prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0, 0]))
            bodies.append(b)
    for b in (bodies[1], bodies[3], bodies[6]):
        for var in (OV.Position, OV.Velocity, OV.Acceleration, OV.AngularAccelerationLocal):
            sens.append(mbs.AddSensor(U.SensorBody(bodyNumber=b, localPosition=[0.1, 0.02, -0.01], storeInternal=True,
                                                   outputVariableType=var)))
    mbs.Assemble()
    return mbs, sens, tuple(int(bodies[k]) for k in (1, 3, 6))


def test_body_sensors_compute_the_frames_of_their_bodies_alone(monkeypatch):
    """Body sensors on some bodies of a group: the plan computes the frames of those bodies alone
    (the group's frame_parts), and the accelerations through the group's reader (indices and
    buffers made once, Euler-parameter and rotation-vector nodes); the numbers of the one-by-one
    path, bit for bit."""
    made = []

    def model(change_at=None):
        mbs, sens, with_sensors = _chain_sensors_model()
        made.append(with_sensors)
        return mbs, sens
    grouped, plans = _run(monkeypatch, True, model=model)
    single, _ = _run(monkeypatch, False, model=model)
    plan = plans[0]
    assert not plan.single and plan.own_frames is not None and len(plan.own_frames[1]) == 2
    parts = sorted((k, tuple(g.items[rows])) for g in plan.own_frames[1] for k, rows in plan.body_parts[id(g)])
    assert parts == [('EP', made[0][:2]), ('RotVecLG', made[0][2:])]
    readers = [arr[3] for key, _, arr in plan.groups if key[0] == 'acceleration']
    assert len(readers) == 4 and all(r.__name__ == 'read' for r in readers)     # (not acceleration_outputs)
    for k, (a, b) in enumerate(zip(grouped, single)):
        assert a.shape == b.shape and a.shape[0] == 51, k
        np.testing.assert_array_equal(a, b, err_msg=f'sensor {k}')
    assert np.abs(grouped[2][1:, 1:]).max() > 1.       # accelerations, not zeros


def _load_sensors_model(change_at=None):
    """Load sensors: force vectors on three mass points (one changed by a preStep function at t =
    0.05) and a coordinate load with a user function (its group stays one by one)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    sens, loads = [], []
    for i in range(3):
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[i, 0., 0.], initialVelocities=[0., 0.1 * i, 0.]))
        b = mbs.AddObject(U.MassPoint(mass=1. + i, nodeNumber=n))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
        loads.append(mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=[0.5 * i, -2., 0.1])))
        if i == 1:
            mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
            loads.append(mbs.AddLoad(U.LoadCoordinate(markerNumber=mc, load=0.7,
                                                      loadUserFunction=lambda mbs, t, load: load + t)))
    for ld in loads:
        sens.append(mbs.AddSensor(U.SensorLoad(loadNumber=ld, storeInternal=True)))

    def pre_step(mbs, t):
        if t >= 0.05:
            mbs.SetLoadParameter(loads[0], 'loadVector', [1., -3., 0.])
        return True
    mbs.SetPreStepUserFunction(pre_step)
    mbs.Assemble()
    return mbs, sens


def test_load_sensors_read_their_groups_values(monkeypatch):
    """Sensors of loads without user functions read rows of their group's values (no one-by-one
    evaluation, no kinematics), also after a preStep function changed a load vector; a load with
    a user function stays one by one; the numbers of the one-by-one path, bit for bit."""
    grouped, plans = _run(monkeypatch, True, model=_load_sensors_model)
    single, _ = _run(monkeypatch, False, model=_load_sensors_model)
    plan = plans[-1]
    assert plan.single == [2] and not plan.frames
    assert {key[0] for key, _, _ in plan.groups} == {'load'}
    for k, (a, b) in enumerate(zip(grouped, single)):
        assert a.shape == b.shape and a.shape[0] == 51, k
        np.testing.assert_array_equal(a, b, err_msg=f'sensor {k}')
    changed = grouped[0][:, 0] >= 0.05
    assert 10 < changed.sum() < 40 and (grouped[0][changed, 1:] == [1., -3., 0.]).all()
    assert (grouped[0][~changed, 1:] == [0., -2., 0.1]).all()
    np.testing.assert_allclose(grouped[2][:, 1], 0.7 + grouped[2][:, 0])


def _force_sensors_model(change_at=None):
    """Node positions and the constraint forces of a pendulum chain (DistanceConstraint,
    SphericalJoint, CoordinateConstraint, a planar body on a RevoluteJoint2D): the forces are the
    multipliers alone, so the plan needs no kinematics beyond the node frames."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    sens = []
    n0 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialVelocities=[0., 0.5, 0.2]))
    b0 = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n0))
    m0 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b0))
    mbs.AddLoad(U.LoadForceVector(markerNumber=m0, loadVector=[0., -9.81, 0.]))
    d = mbs.AddObject(U.DistanceConstraint(markerNumbers=[mg, m0], distance=1.))
    n1 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., -0.5, 0.]))
    b1 = mbs.AddObject(U.MassPoint(mass=0.5, nodeNumber=n1))
    m1 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b1))
    mbs.AddLoad(U.LoadForceVector(markerNumber=m1, loadVector=[0.3, -4., 0.]))
    sj = mbs.AddObject(U.SphericalJoint(markerNumbers=[m0, m1], constrainedAxes=[0, 1, 1]))
    mgc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(U.NodePointGround()), coordinate=0))
    cc = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mgc, mbs.AddMarker(
        U.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))], offset=1.))
    n2 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0., -1., 0.], initialVelocities=[0., 0., 1.]))
    b2 = mbs.AddObject(U.ObjectRigidBody2D(nodeNumber=n2, mass=1.5, inertia=0.04))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b2)),
                                  loadVector=[0., -9.81, 0.]))
    rj = mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mg, mbs.AddMarker(
        U.MarkerBodyPosition(bodyNumber=b2, localPosition=[0., 1., 0.]))]))
    for o in (d, sj, cc, rj):
        sens.append(mbs.AddSensor(U.SensorObject(objectNumber=o, storeInternal=True, outputVariableType=OV.Force)))
    for n in (n0, n1, n2):
        sens.append(mbs.AddSensor(U.SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=OV.Position)))
    mbs.Assemble()
    return mbs, sens


def test_constraint_force_sensors_need_no_kinematics(monkeypatch):
    """Constraint-force sensors read the multipliers (the groups' lambda_output) and the node
    positions of point and rigid-body nodes the coordinates plus their reference values: the plan
    computes no frames at all, and every value is the one-by-one path's, bit for bit."""
    grouped, plans = _run(monkeypatch, True, model=_force_sensors_model)
    single, _ = _run(monkeypatch, False, model=_force_sensors_model)
    plan = plans[0]
    assert not plan.single and not plan.frames and plan.own_frames is None and not plan.batch
    assert {key[0] for key, _, _ in plan.groups} == {'lambda', 'translation'}
    for k, (a, b) in enumerate(zip(grouped, single)):
        assert a.shape == b.shape and a.shape[0] == 51, k
        np.testing.assert_array_equal(a, b, err_msg=f'sensor {k}')
    assert np.abs(grouped[0][1:, 1:]).max() > 1.      # forces, not zeros


def _recorded_plans(monkeypatch):
    """The SensorPlans made from now on (a list that fills)."""
    plans = []
    init = sensor_plan.SensorPlan.__init__

    def record(self, *a):
        init(self, *a)
        plans.append(self)
    monkeypatch.setattr(sensor_plan.SensorPlan, '__init__', record)
    return plans


def _run(monkeypatch, grouped, change_at=None, model=None):
    if not grouped:
        monkeypatch.setattr(sensor_plan.SensorPlan, '_key', staticmethod(lambda c, eq, st, r: (None, None)))
    plans = _recorded_plans(monkeypatch)
    mbs, sens = (model or _model)(change_at)
    _solve(mbs, steps=100, period=0.002)
    monkeypatch.undo()
    return [mbs.GetSensorStoredData(s) for s in sens], plans


@pytest.mark.parametrize('change_at', [None, 0.05])
def test_grouped_sensors_give_the_one_by_one_numbers(monkeypatch, change_at):
    grouped, plans = _run(monkeypatch, True, change_at)
    single, _ = _run(monkeypatch, False, change_at)
    assert len(grouped) == len(single) > 70
    for k, (a, b) in enumerate(zip(grouped, single)):
        assert a.shape == b.shape and a.shape[0] == 51, k
        np.testing.assert_array_equal(a, b, err_msg=f'sensor {k}')
    # the plan reads most sensors in groups: all but displacements, angular velocities of bodies,
    # node accelerations, the planar body's rotation and the user-function sensor
    plan = plans[0]
    assert plan.own_frames is None             # (object sensors: the whole kinematics)
    assert len(plan.single) <= 4 * 3 + 2 + 2, plan.single
    assert {key[0] for key, _, _ in plan.groups} == {'coordinates', 'translation', 'node', 'body', 'acceleration',
                                                     'object', 'lambda', 'marker', 'load'}
    if change_at is not None:
        # the parameter change made a new plan, with the new local point and output variable
        assert len(plans) == 2
        # sensors 0 and 1 give other values from then on (a new point, a displacement instead of
        # a velocity), the same before
        unchanged, _ = _run(monkeypatch, True)
        for k in (0, 1):
            before = grouped[k][:, 0] < change_at - 1e-9
            assert 10 < before.sum() < 40
            np.testing.assert_array_equal(grouped[k][before], unchanged[k][before])
            assert (np.abs(grouped[k][~before, 1:] - unchanged[k][~before, 1:]).max(axis=1) > 1e-3).all()


def _solve(mbs, steps=100, period=0.001, append=False, post_step=None, precision=None):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = 0.001 * steps
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    ss.solution.sensors.writePeriod = period
    ss.solution.sensors.append = append
    if precision is not None:
        ss.solution.precision = precision
    if post_step is not None:
        mbs.SetPostStepUserFunction(post_step)
    mbs.SolveDynamic(ss)


def _grow_and_append(monkeypatch, grouped):
    """Rows of grouped sensors live in a block that grows (more rows than its first capacity);
    a second solve with sensors.append adds its rows after the first solve's, without it they
    replace them; the stored data read during a solve (postStep) are the rows written so far,
    a copy."""
    if not grouped:
        monkeypatch.setattr(sensor_plan.SensorPlan, '_key', staticmethod(lambda c, eq, st, r: (None, None)))
    mbs, sens = _force_sensors_model()
    seen = []

    def post_step(mbs, t):
        data = mbs.GetSensorStoredData(sens[0])
        seen.append(data.shape[0])
        if data.shape[0]:
            data[:] = -1.          # a copy: the stored rows stay
        return True
    _solve(mbs, steps=300, post_step=post_step)
    first = [mbs.GetSensorStoredData(s) for s in sens]
    # postStep runs before the step's output: no row at the first call, the rows of the output
    # times passed at each (more steps than outputs where a step was reduced)
    assert seen[0] == 0 and seen[-1] == 300 and np.all(np.diff(seen) >= 0) and len(seen) > 300
    assert all(a.shape[0] == 301 for a in first)
    assert np.abs(first[0][:, 1:]).max() > 1.
    assert np.all(np.diff(first[0][:, 0]) > 0)
    mbs.SetPostStepUserFunction(0)
    mbs.systemData.SetODE2Coordinates(mbs.systemData.GetODE2Coordinates(exu.ConfigurationType.Initial))
    _solve(mbs, steps=80, append=True)
    appended = [mbs.GetSensorStoredData(s) for s in sens]
    _solve(mbs, steps=80, append=False)
    alone = [mbs.GetSensorStoredData(s) for s in sens]
    for a, b, c in zip(first, appended, alone):
        assert b.shape == (301 + 81, a.shape[1]) and c.shape == (81, a.shape[1])
        np.testing.assert_array_equal(b[:301], a)
        np.testing.assert_array_equal(b[301:], c)
    return first, seen


def test_stored_rows_grow_and_append_as_the_one_by_one_rows(monkeypatch):
    grouped, seen_grouped = _grow_and_append(monkeypatch, True)
    monkeypatch.undo()
    single, seen_single = _grow_and_append(monkeypatch, False)
    assert seen_grouped == seen_single
    for a, b in zip(grouped, single):
        np.testing.assert_array_equal(a, b)


def test_sensors_written_to_files_only_store_nothing(monkeypatch, tmp_path):
    """A grouped sensor written to a file and not stored: no rows kept in memory (no block), its
    file holds the values the same sensor stores."""
    mbs, sens = _force_sensors_model()
    n0 = mbs.GetSensor(sens[4])['nodeNumber']
    name = str(tmp_path / 'node.txt')
    s_file = mbs.AddSensor(U.SensorNode(nodeNumber=n0, storeInternal=False, writeToFile=True, fileName=name,
                                        outputVariableType=OV.Position))
    for s in sens:
        mbs.SetSensorParameter(s, 'storeInternal', False)
    s_kept = mbs.AddSensor(U.SensorNode(nodeNumber=n0, storeInternal=True, outputVariableType=OV.Position))
    mbs.Assemble()
    plans = _recorded_plans(monkeypatch)
    _solve(mbs, steps=100, precision=16)
    plan = plans[-1]
    # the stored position alone in the block (time + 3 columns); the file-only one in the scratch row
    assert plan.block is not None and plan.block.data.shape[1] == 4
    assert plan.columns[int(s_file)][0] is False and plan.scratch.shape == (3,)
    # the other sensors are neither stored nor written: not evaluated
    assert set(plan.columns) == {int(s_file), int(s_kept)}
    kept = mbs.GetSensorStoredData(s_kept)
    written = np.loadtxt(name, delimiter=',', comments='#')
    assert written.shape == kept.shape == (101, 4)
    np.testing.assert_allclose(written, kept, rtol=1e-15, atol=0)


def test_stored_data_is_c_ordered():
    mbs, sens = _force_sensors_model()
    _solve(mbs, steps=20)
    for s in sens:
        data = mbs.GetSensorStoredData(s)
        assert data.shape[0] == 21 and data.flags['C_CONTIGUOUS'] and data.flags['OWNDATA']


def test_connector_force_alone_is_the_force_of_all_outputs():
    """SpringDamper and CartesianSpringDamper compute the output Force alone for a sensor or
    GetObjectOutput (``output``): the numbers of ``outputs``, bit for bit, for active and inactive
    items and items with a user function."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround())))
    ms = []
    for i in range(3):
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1. + i, 0.1 * i, 0.], initialVelocities=[0.3, -0.2 * i, 0.1]))
        ms.append(mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n)))))
    objects = [mbs.AddObject(U.SpringDamper(markerNumbers=[mg, ms[0]], stiffness=100., damping=2., referenceLength=0.9)),
               mbs.AddObject(U.SpringDamper(markerNumbers=[ms[0], ms[1]], stiffness=50., damping=1., referenceLength=1.1,
                                            springForceUserFunction=lambda mbs, t, i, u, v, k, d, f: k * u + u ** 3 + d * v)),
               mbs.AddObject(U.SpringDamper(markerNumbers=[ms[1], ms[2]], stiffness=70., activeConnector=False)),
               mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, ms[2]], stiffness=[10., 20., 30.],
                                                     damping=[1., 1., 1.], offset=[2.5, 0., 0.])),
               mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[ms[0], ms[2]], stiffness=[5., 5., 5.],
                                                     springForceUserFunction=lambda mbs, t, i, u, v, k, d, o:
                                                     [k[j] * u[j] * (1. + u[j] ** 2) + d[j] * v[j] for j in range(3)]))]
    mbs.Assemble()
    _solve(mbs, steps=20)
    c = mbs._compiled
    from multibody.output.item_outputs import _kinematics
    _, eq, st = _kinematics(mbs, exu.ConfigurationType.Current)
    groups = {id(c.object_group[int(o)][0]): c.object_group[int(o)][0] for o in objects}
    assert len(groups) == 2
    for g in groups.values():
        alone = g.output(eq.markers, st.t, 'Force')
        assert g.FORCE_FROM_FORCES and np.abs(alone).max() > 0.1
        np.testing.assert_array_equal(alone, g.outputs(eq.markers, st.t)['Force'])
    assert np.all(mbs.GetObjectOutput(objects[2], OV.Force) == 0.)
