"""Loads, spring-dampers and constraints with Python user functions in the compiled steps
(kernels/user.py: the compiled code calls back into Python for their values): the numbers of the
built-in laws where the user functions compute them, the user functions called with the states
and times of the evaluations, their exceptions passed on naming the item."""
import traceback

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.errors import UserFunctionError

OV = exu.OutputVariableType


def _model(calls, raise_at=None, explicit=False, constant=False, user=True):
    """A rigid body on a spherical joint (``explicit``: Rxyz node, on a spring) with a body-fixed force and a torque, a mass point on a
    spring with a mass-proportional load, and a coordinate load that reads the mass point's
    position through mbs (a state-dependent user function): each user function appends
    (name, t, what it read) to ``calls``; ``raise_at``: the coordinate load raises from that time on;
    ``constant``: each user function returns its load's value; ``user`` False: no user functions."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0., 0., 0.]))
    b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000., [0.4, 0.05, 0.05]), referencePosition=[0.2, 0., 0.],
                            gravity=[0., -9.81, 0.], initialAngularVelocity=[0.3, 0., 0.5],
                            nodeType=exu.NodeType.RotationRxyz if explicit else exu.NodeType.RotationEulerParameters)
    m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.2, 0., 0.]))
    if explicit:
        mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, m0], stiffness=[1e3] * 3, damping=[1.] * 3))
    else:
        mbs.AddObject(U.SphericalJoint(markerNumbers=[mg, m0]))
    mtip = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0., 0.]))

    def force(mbs, t, load):
        calls.append(('force', t))
        return list(load) if constant else [0., 0., load[2] * np.sin(20. * t)]

    def torque(mbs, t, load):
        calls.append(('torque', t))
        return list(load) if constant else [0.05 * np.cos(5. * t), 0., 0.]

    def uf(f):
        return {'loadVectorUserFunction': f} if user else {}
    mbs.AddLoad(U.Force(markerNumber=mtip, loadVector=[0., 0., 3.], bodyFixed=True, **uf(force)))
    mbs.AddLoad(U.Torque(markerNumber=mtip, loadVector=[0., 0.1, 0.], **uf(torque)))
    mbs.AddLoad(U.Force(markerNumber=mtip, loadVector=[0., -1., 0.]))        # no user function (same group)

    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialVelocities=[0.2, 0., 0.1]))
    p = mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))
    mp = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=p))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mg1 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[1., 0., 0.]))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg1, mn], stiffness=[50., 50., 50.], damping=[0.5, 0.5, 0.5]))

    def gravity(mbs, t, load):
        calls.append(('gravity', t))
        return list(load) if constant else [0., load[1] * (1. + 0.2 * np.sin(3. * t)), 0.]
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mp, loadVector=[0., -9.81, 0.], **uf(gravity)))

    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))

    def coordinate(mbs, t, load):
        x = mbs.GetNodeOutput(n, OV.Displacement)[0]          # the current iterate's
        calls.append(('coordinate', t, x))
        if raise_at is not None and t >= raise_at:
            raise ValueError('load out of range')
        return load if constant else load - 30. * x ** 3
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mc, load=0.1, **({'loadUserFunction': coordinate} if user else {})))
    mbs.Assemble()
    return mbs


def _solve(make, solver='ga', steps=200, end_time=0.2, index2=False, modified=True):
    """Solve the model ``make(calls)`` (calls: the list its user functions append to; modified
    Newton, EigenSparse; ``solver``: 'ga', 'rk44' or 'static'). Returns ((q, v, lambda), calls,
    mbs)."""
    calls = []
    mbs = make(calls)
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    if solver == 'static':
        ss.staticSolver.numberOfLoadSteps = 10
        assert mbs.SolveStatic(ss)
    else:
        ss.timeIntegration.numberOfSteps = steps
        ss.timeIntegration.endTime = end_time
        ss.timeIntegration.newton.useModifiedNewton = modified
        ss.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
        ss.timeIntegration.generalizedAlpha.useNewmark = index2
        kw = {'solverType': exu.DynamicSolverType.RK44} if solver == 'rk44' else {}
        assert mbs.SolveDynamic(ss, **kw)
    sd = mbs.systemData
    return ((np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()), np.array(sd.GetAECoordinates())),
            calls, mbs)


def _same(a, b, rtol=0.0, atol=0.0):
    for x, y in zip(a, b):
        np.testing.assert_allclose(x, y, rtol=rtol, atol=atol * max(1.0, np.abs(y).max(initial=0.0)))


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_user_function_loads_in_the_compiled_steps(solver):
    """Force (body-fixed), torque, mass-proportional and coordinate loads with user functions, one
    reading the state through mbs: called once per evaluation of the residual, at its time, with
    the state of that evaluation; with constant values they give the loads' numbers bit for bit."""
    state, calls, mbs = _solve(lambda c: _model(c, explicit=solver == 'rk44'), solver)
    assert len(calls) > 4 * 200 and {c[0] for c in calls} == {'force', 'torque', 'gravity', 'coordinate'}
    assert np.abs(state[0]).max() > 1e-3            # the loads moved something
    # the coordinate load read the state of the evaluations it was called for (Newton iterates,
    # stages): its x values change with them
    xs = [c[2] for c in calls if c[0] == 'coordinate']
    assert len(set(xs)) > 200
    constant, _, _ = _solve(lambda c: _model(c, explicit=solver == 'rk44', constant=True), solver)
    plain, _, _ = _solve(lambda c: _model(c, explicit=solver == 'rk44', constant=True, user=False), solver)
    _same(constant, plain)


def test_an_exception_of_a_user_function_in_compiled_steps_names_the_load():
    """A user function raising inside the compiled steps: the solve ends with a UserFunctionError
    naming the load and the user function, the user function's own exception its cause, with the
    user function's frame in its traceback."""
    with pytest.raises(UserFunctionError) as info:
        _solve(lambda c: _model(c, raise_at=0.1234))
    cause = info.value.__cause__
    assert isinstance(cause, ValueError) and str(cause) == 'load out of range'
    frames = [f.name for f in traceback.extract_tb(cause.__traceback__)]
    assert 'coordinate' in frames, frames
    assert type(info.value.__context__).__name__ != 'UserCallFailed'
    message = str(info.value)
    assert 'LoadCoordinate' in message and "'loadUserFunction'" in message and 'out of range' in message


def test_a_new_system_of_the_same_structure_calls_its_own_user_functions():
    """The compiled code serves every system: each calls its own user functions (the slot is data
    of the group's record, not code)."""
    _, calls_a, _ = _solve(_model, steps=50, end_time=0.05)
    _, calls_b, _ = _solve(_model, steps=50, end_time=0.05)
    assert calls_a == calls_b and len(calls_a) > 4 * 50


def _springs(calls, linear=False, user=True):
    """Two mass points hanging on a SpringDamper and a CartesianSpringDamper, coupled by a
    CoordinateSpringDamper, each with a (nonlinear) springForceUserFunction beside an item of the
    same type without one; the user functions append (name, t, deflection) to ``calls``;
    ``linear``: the user functions compute the built-in laws; ``user`` False: none."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    nodes = [mbs.AddNode(U.NodePoint(referenceCoordinates=[x, -1., 0.], initialVelocities=[0.1 * x, 0., 0.2]))
             for x in (0., 1.)]
    for n in nodes:
        mbs.AddObject(U.MassPoint(mass=1.5, nodeNumber=n))
    mp = [mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n)) for n in nodes]
    mg = [mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[x, 0., 0.])) for x in (0., 1.)]

    def sd(mbs, t, item, u, v, k, d, f0):
        calls.append(('sd', t, u))
        return k * u + d * v + f0 + (0.0 if linear else 0.3 * k * u ** 3)

    def csd(mbs, t, item, u, v, k, d, offset):
        calls.append(('csd', t, tuple(u)))
        return [k[j] * u[j] * (1. + (0.0 if linear else u[j] ** 2)) + d[j] * v[j] for j in range(3)]

    def coord(mbs, t, item, u, v, k, d, offset):
        calls.append(('coord', t, u))
        return k * (u - offset) + d * v * (1.0 if linear else abs(v))

    def uf(f):
        return {'springForceUserFunction': f} if user else {}
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg[0], mp[0]], stiffness=200., damping=1., referenceLength=0.9,
                                 **uf(sd)))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg[1], mp[0]], stiffness=50., damping=0.5, referenceLength=1.5))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg[1], mp[1]], stiffness=[100., 300., 100.],
                                          damping=[1., 1., 1.], offset=[0., -0.9, 0.], **uf(csd)))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mp[0], mp[1]], stiffness=[20., 20., 20.]))
    mc = [mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2)) for n in nodes]
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=mc, stiffness=40., damping=2., offset=0.05, **uf(coord)))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=mc, stiffness=10.))
    for m in mp:
        mbs.AddLoad(U.Force(markerNumber=m, loadVector=[0., -15., 0.]))
    mbs.Assemble()
    return mbs


def _rigid_springs(calls, linear=False, user=True):
    """Two rigid bodies (Rxyz nodes) hanging on a RigidBodySpringDamper, joined by a
    LinearSpringDamper and a TorsionalSpringDamper (with a RigidBodySpringDamper), each with a
    user function; the user functions append (name, t, their first argument) to ``calls``;
    ``linear``: the user functions compute the built-in laws; ``user`` False: none."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0., 0., 0.]))

    def rbsd(mbs, t, item, u, rot, v, om, k, d, r0, r1, offset):
        calls.append(('rbsd', t, tuple(u)))
        k, d = np.array(k), np.array(d)
        x = np.concatenate([u, rot]) - offset
        return list(k @ x + d @ np.concatenate([v, om]) + (0.0 if linear else 0.1 * k @ x ** 3))

    def lsd(mbs, t, item, dx, dvx, k, d, offset):
        calls.append(('lsd', t, dx))
        return k * (dx - offset) * (1. + (0.0 if linear else dx ** 2)) + d * dvx

    def tsd(mbs, t, item, phi, om, k, d, offset):
        calls.append(('tsd', t, phi))
        return k * (phi - offset) + d * om * (1.0 if linear else abs(om))
    bodies = []
    for i in range(2):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000., [0.1, 0.02, 0.02]), referencePosition=[0.05 + 0.1 * i, 0., 0.],
                                gravity=[0., -9.81, 0.], nodeType=exu.NodeType.RotationRxyz,
                                initialAngularVelocity=[0.5, -0.2, 1.])
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.05, 0., 0.]))
        mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[prev, m0], stiffness=np.diag([1e4, 1e4, 1e4, 5., 5., 5.]),
                                              damping=np.diag([1., 1., 1., 0.01, 0.01, 0.01]),
                                              springForceTorqueUserFunction=rbsd if i == 0 and user else 0))
        if i == 1:
            mbs.AddObject(U.LinearSpringDamper(markerNumbers=[prev, m0], stiffness=100., damping=0.5,
                                               axisMarker0=[0., 1., 0.], springForceUserFunction=lsd if user else 0))
            mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[prev, m0], stiffness=2., damping=0.01,
                                                  springTorqueUserFunction=tsd if user else 0))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.05, 0., 0.]))
        bodies.append(b)
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize('solver', ['ga', 'rk44', 'static'])
def test_spring_damper_user_functions_in_the_compiled_steps(solver):
    """SpringDamper, CartesianSpringDamper and CoordinateSpringDamper with springForceUserFunction
    (nonlinear laws) in the compiled steps of the dynamic and static solvers; user functions that
    compute the built-in laws give the built-in connectors' numbers (to round-off)."""
    state, calls, _ = _solve(_springs, solver, steps=300, end_time=0.3)
    assert {c[0] for c in calls} == {'sd', 'csd', 'coord'}
    assert np.abs(state[0]).max() > 0.05
    linear, _, _ = _solve(lambda c: _springs(c, linear=True), solver, steps=300, end_time=0.3)
    plain, _, _ = _solve(lambda c: _springs(c, linear=True, user=False), solver, steps=300, end_time=0.3)
    _same(linear, plain, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize('solver', ['ga', 'static'])
def test_spring_damper_user_functions_with_full_newton(solver):
    """Full Newton (a Newton matrix at every iteration): the compiled matrix reads the user forces
    of the last residual call, the user functions are called by the residuals only."""
    state, calls, mbs = _solve(_springs, solver, steps=100, end_time=0.1, modified=False)
    it = mbs.sys['staticSolver' if solver == 'static' else 'dynamicSolver'].it
    steps = 10 if solver == 'static' else 100
    assert len(calls) <= 3 * (it.newtonStepsCount + 2 * steps) and it.newtonJacobiCount >= it.newtonStepsCount


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_rigid_connector_user_functions_in_the_compiled_steps(solver):
    """RigidBodySpringDamper, LinearSpringDamper and TorsionalSpringDamper with user functions
    (evaluated by the groups' NumPy code, called back from the compiled steps); with the built-in
    laws in the user functions, the built-in connectors' numbers to the Newton tolerance."""
    end = 0.1 if solver == 'ga' else 0.01
    _, calls, _ = _solve(_rigid_springs, solver, end_time=end)
    assert {c[0] for c in calls} == {'rbsd', 'lsd', 'tsd'}
    linear, _, _ = _solve(lambda c: _rigid_springs(c, linear=True), solver, end_time=end)
    plain, _, _ = _solve(lambda c: _rigid_springs(c, linear=True, user=False), solver, end_time=end)
    _same(linear, plain, rtol=1e-7, atol=1e-9)


def _prescribed(calls):
    """A mass point on a spring, its x coordinate prescribed by a CoordinateConstraint with an
    offsetUserFunction and an offsetUserFunction_t (each appends (name, t) to ``calls``)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.]))
    mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    mp = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0., 1., 0.]))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mp], stiffness=500., damping=2., referenceLength=0.8))
    mbs.AddLoad(U.Force(markerNumber=mp, loadVector=[0., -9.81, 0.]))
    mgc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(U.NodePointGround()), coordinate=0))
    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))

    def offset(mbs, t, item, off):
        calls.append(('offset', t))
        return off + 0.1 * np.sin(5. * t)

    def offset_t(mbs, t, item, off):
        calls.append(('offset_t', t))
        return 0.5 * np.cos(5. * t)
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mgc, mc], offset=0.01, offsetUserFunction=offset,
                                         offsetUserFunction_t=offset_t))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize('index2', [False, True])
def test_coordinate_constraint_offset_user_functions_in_the_compiled_steps(index2):
    """A CoordinateConstraint prescribing a mass point's coordinate by offsetUserFunction (its
    velocity form offsetUserFunction_t with index-2 constraints): each step the one of the form in
    use, the prescribed motion."""
    (q, _, _), calls, _ = _solve(_prescribed, steps=300, end_time=0.3, index2=index2)
    names = [c[0] for c in calls]
    assert names.count('offset_t' if index2 else 'offset') > 300
    if not index2:
        assert 'offset_t' not in names
    # the prescribed motion (the velocity form from x = 0: without the offset, with the drift of index 2)
    assert abs(q[0] - (0. if index2 else 0.01) - 0.1 * np.sin(1.5)) < (1e-3 if index2 else 1e-10)


def _static_loads(calls):
    """A mass point on a CartesianSpringDamper and a nonlinear SpringDamper with a force by user
    function beside one without (same group) and a coordinate load by user function (each appends
    (name, t) to ``calls``); the static solver scales the loads without user functions."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
    mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))
    m = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround()), localPosition=[1., 0., 0.]))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mG, m], stiffness=[100., 200., 400.]))

    def force(mbs, t, load):
        calls.append(('force', t))
        return [load[0] * t, 2., 4. * t ** 2]

    def coordinate(mbs, t, load):
        calls.append(('coordinate', t))
        return load * (1. + t)
    mbs.AddLoad(U.Force(markerNumber=m, loadVector=[1., 0., 0.], loadVectorUserFunction=force))
    mbs.AddLoad(U.Force(markerNumber=m, loadVector=[0.5, -3., 1.]))
    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=1))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mc, load=0.7, loadUserFunction=coordinate))
    mbs.Assemble()
    return mbs


def test_static_solver_loads_with_user_functions():
    """The static solver's loads with user functions: the compiled load steps scale the loads
    without user functions by the load factor and call back for the others (their rows replaced)."""
    (q, _, _), calls, _ = _solve(_static_loads, 'static')
    assert {c[0] for c in calls} == {'force', 'coordinate'} and len(calls) >= 20
    np.testing.assert_allclose(q, [(1. + 0.5) / 100., (2. - 3. + 0.7 * 2.) / 200., (4. + 1.) / 400.], rtol=1e-10)
