"""Loads and spring-dampers with Python user functions in the fused residual and the compiled
Newton and step loops (kernels/user.py: the compiled code calls back into Python for the values):
the same numbers as the group-by-group path, bit for bit, the user functions called at the same
times with the same states, their exceptions passed on as in the group-by-group path."""
import traceback

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import fused as fu
from multibody.equations.system import SystemEquations
from multibody.errors import UserFunctionError

OV = exu.OutputVariableType


def _model(calls, raise_at=None, explicit=False):
    """A rigid body on a spherical joint (``explicit``: Rxyz node, on a spring) with a body-fixed force and a torque, a mass point on a
    spring with a mass-proportional load, and a coordinate load that reads the mass point's
    position through mbs (a state-dependent user function): each user function appends
    (name, t, what it read) to ``calls``; ``raise_at``: the coordinate load raises from that time on."""
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
        return [0., 0., load[2] * np.sin(20. * t)]

    def torque(mbs, t, load):
        calls.append(('torque', t))
        return [0.05 * np.cos(5. * t), 0., 0.]
    mbs.AddLoad(U.Force(markerNumber=mtip, loadVector=[0., 0., 3.], bodyFixed=True, loadVectorUserFunction=force))
    mbs.AddLoad(U.Torque(markerNumber=mtip, loadVector=[0., 0., 0.], loadVectorUserFunction=torque))
    mbs.AddLoad(U.Force(markerNumber=mtip, loadVector=[0., -1., 0.]))        # no user function (same group)

    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialVelocities=[0.2, 0., 0.1]))
    p = mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))
    mp = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=p))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mg1 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[1., 0., 0.]))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg1, mn], stiffness=[50., 50., 50.], damping=[0.5, 0.5, 0.5]))

    def gravity(mbs, t, load):
        calls.append(('gravity', t))
        return [0., load[1] * (1. + 0.2 * np.sin(3. * t)), 0.]
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mp, loadVector=[0., -9.81, 0.], loadVectorUserFunction=gravity))

    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))

    def coordinate(mbs, t, load):
        x = mbs.GetNodeOutput(n, OV.Displacement)[0]          # the current iterate's
        calls.append(('coordinate', t, x))
        if raise_at is not None and t >= raise_at:
            raise ValueError('load out of range')
        return load - 30. * x ** 3
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mc, load=0.1, loadUserFunction=coordinate))
    mbs.Assemble()
    return mbs


class _Calls(list):
    """The user functions' calls; those made while SystemEquations.jacobian runs (a Newton matrix
    made in Python) end with 'jacobian'."""
    in_jacobian = False

    def append(self, x):
        super().append(x + ('jacobian',) if _Calls.in_jacobian else x)


def _outside_jacobian(calls):
    return [c for c in calls if c[-1] != 'jacobian']


def _solve(fused, monkeypatch, make, solver='ga', steps=200, end_time=0.2, index2=False, modified=True):
    """Solve the model ``make(calls)`` (calls: the list its user functions append to) on the fused
    path or the group-by-group one (modified Newton, EigenSparse; ``solver``: 'ga', 'rk44' or
    'static'). Returns ((q, v, lambda), calls, mbs, compiled step-loop calls)."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1' if fused else '0')
    counter = _Steps(monkeypatch)
    calls = _Calls()

    def jacobian(self, *a, _f=SystemEquations.jacobian, **kw):
        _Calls.in_jacobian = True
        try:
            return _f(self, *a, **kw)
        finally:
            _Calls.in_jacobian = False
    monkeypatch.setattr(SystemEquations, 'jacobian', jacobian)
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
            calls, mbs, counter.calls)


def _same_on_both_paths(monkeypatch, make, solver='ga', width=None, **kw):
    """State and user-function calls of the two paths, equal; the fused residual built for the
    solver's kind. ``width``: the user functions per evaluation; with RK44 the group-by-group steps
    evaluate once more at the end of each step (the end-of-step accelerations; the compiled steps
    once per call), at the state and time of the next step's first stage, left out then.
    Returns (state, calls, compiled step-loop calls) of the fused run."""
    plain, calls0, _, _ = _solve(False, monkeypatch, make, solver, **kw)
    fused, calls1, mbs, compiled = _solve(True, monkeypatch, make, solver, **kw)
    kind = {'static': 'static', 'rk44': 'explicit'}.get(solver, 'implicit')
    eq = mbs._compiled.equations
    assert fu.FusedResidual.build(eq, kind) is not None, eq.fused_reason
    for a, b in zip(plain, fused):
        np.testing.assert_array_equal(a, b)
    if solver == 'rk44':
        assert _evaluations(calls1, width) == _evaluations(calls0, width)
    else:
        # the compiled Newton matrix reads the spring-dampers' user-function forces of the last
        # residual call at its point (the same numbers); a Newton matrix made in Python calls the
        # user functions again
        assert _outside_jacobian(calls1) == _outside_jacobian(calls0)
        assert len(calls1) <= len(calls0)
    return fused, calls1, compiled


class _Steps:
    def __init__(self, monkeypatch):
        self.calls = 0
        for name in ('steps', 'rk_steps'):
            def loop(obj, *a, _f=getattr(fu.FusedResidual, name)):
                self.calls += 1
                return _f(obj, *a)
            monkeypatch.setattr(fu.FusedResidual, name, loop)


def _evaluations(calls, width):
    """The calls in evaluations of ``width`` user functions, an evaluation equal to the one before
    it left out."""
    out = []
    for k in range(0, len(calls), width):
        ev = calls[k:k + width]
        if not out or ev != out[-1]:
            out.append(ev)
    return out


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_user_function_loads_run_compiled_with_the_same_numbers(solver, monkeypatch):
    """Force (body-fixed), torque, mass-proportional and coordinate loads with user functions:
    the fused residual is built (before: not, for any load with a user function), the steps run
    compiled, and state, multipliers and every user-function call (time, and the position the
    state-dependent one read through mbs) equal those of the group-by-group path."""
    state, calls, compiled = _same_on_both_paths(monkeypatch, lambda c: _model(c, explicit=solver == 'rk44'), solver,
                                                 width=4)
    assert compiled > 0, 'no compiled steps'
    assert len(calls) > 4 * 200 and {c[0] for c in calls} == {'force', 'torque', 'gravity', 'coordinate'}
    assert np.abs(state[0]).max() > 1e-3            # the loads moved something


def test_an_exception_of_a_user_function_in_compiled_steps_names_the_load(monkeypatch):
    """A user function raising inside the compiled steps: the solve ends with the same
    UserFunctionError as on the group-by-group path (naming the load and the user function),
    at the same call."""
    messages = []
    for fused in (False, True):
        with pytest.raises(UserFunctionError) as info:
            _solve(fused, monkeypatch, lambda c: _model(c, raise_at=0.1234))
        messages.append(str(info.value))
        # the user function's own exception is the cause, with the user function's frame in its
        # traceback, on both paths
        cause = info.value.__cause__
        assert isinstance(cause, ValueError) and str(cause) == 'load out of range'
        frames = [f.name for f in traceback.extract_tb(cause.__traceback__)]
        assert 'coordinate' in frames, frames
        assert type(info.value.__context__).__name__ != 'UserCallFailed'
    assert messages[0] == messages[1]
    assert 'LoadCoordinate' in messages[1] and "'loadUserFunction'" in messages[1] and 'out of range' in messages[1]


def test_a_new_system_of_the_same_structure_calls_its_own_user_functions(monkeypatch):
    """The compiled module serves every system of its structure: each calls its own user
    functions (the slot is an argument, not a constant of the module)."""
    _, calls_a, _, _ = _solve(True, monkeypatch, _model, steps=50, end_time=0.05)
    _, calls_b, _, _ = _solve(True, monkeypatch, _model, steps=50, end_time=0.05)
    assert calls_a == calls_b and len(calls_a) > 4 * 50


def _springs(calls):
    """Two mass points hanging on a SpringDamper and a CartesianSpringDamper, coupled by a
    CoordinateSpringDamper, each with a (nonlinear) springForceUserFunction beside an item of the
    same type without one; the user functions append (name, t, deflection) to ``calls``."""
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
        return k * u + 0.3 * k * u ** 3 + d * v + f0

    def csd(mbs, t, item, u, v, k, d, offset):
        calls.append(('csd', t, tuple(u)))
        return [k[j] * u[j] * (1. + u[j] ** 2) + d[j] * v[j] for j in range(3)]

    def coord(mbs, t, item, u, v, k, d, offset):
        calls.append(('coord', t, u))
        return k * (u - offset) + d * v * abs(v)
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg[0], mp[0]], stiffness=200., damping=1., referenceLength=0.9,
                                 springForceUserFunction=sd))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg[1], mp[0]], stiffness=50., damping=0.5, referenceLength=1.5))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg[1], mp[1]], stiffness=[100., 300., 100.],
                                          damping=[1., 1., 1.], offset=[0., -0.9, 0.], springForceUserFunction=csd))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mp[0], mp[1]], stiffness=[20., 20., 20.]))
    mc = [mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2)) for n in nodes]
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=mc, stiffness=40., damping=2., offset=0.05,
                                           springForceUserFunction=coord))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=mc, stiffness=10.))
    for m in mp:
        mbs.AddLoad(U.Force(markerNumber=m, loadVector=[0., -15., 0.]))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize('solver', ['ga', 'rk44', 'static'])
def test_spring_damper_user_functions_run_compiled_with_the_same_numbers(solver, monkeypatch):
    """SpringDamper, CartesianSpringDamper and CoordinateSpringDamper with springForceUserFunction
    (before: no fused residual for any model with one): the fused residual is built for the
    dynamic and the static solvers, and state and user-function calls equal those of the
    group-by-group path."""
    state, calls, compiled = _same_on_both_paths(monkeypatch, _springs, solver, width=3, steps=300, end_time=0.3)
    if solver != 'static':      # (the static solver has no step loop)
        assert compiled > 0, 'no compiled steps'
    assert {c[0] for c in calls} == {'sd', 'csd', 'coord'}
    assert np.abs(state[0]).max() > 0.05


@pytest.mark.parametrize('solver', ['ga', 'static'])
def test_spring_damper_user_functions_compiled_newton_matrix(solver, monkeypatch):
    """With user functions the spring-dampers' Newton matrix blocks are compiled too (full
    Newton: a matrix at every iteration): the same state bit for bit, the user functions called
    only by the residuals (the matrix reads their forces of the last residual call), where the
    group-by-group path calls them again for each matrix."""
    kw = dict(steps=100, end_time=0.1, modified=False)
    plain, calls0, _, _ = _solve(False, monkeypatch, _springs, solver, **kw)
    fused, calls1, _, _ = _solve(True, monkeypatch, _springs, solver, **kw)
    for a, b in zip(plain, fused):
        np.testing.assert_array_equal(a, b)
    assert _outside_jacobian(calls1) == _outside_jacobian(calls0)
    assert len(calls1) == len(_outside_jacobian(calls1)) < len(calls0)
    assert len(calls0) - len(calls1) > 100


def _rigid_springs(calls):
    """Two rigid bodies (Rxyz nodes) hanging on a RigidBodySpringDamper, joined by a
    LinearSpringDamper and a TorsionalSpringDamper (with a RigidBodySpringDamper), each with a
    user function; the user functions append (name, t, their first argument) to ``calls``."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0., 0., 0.]))

    def rbsd(mbs, t, item, u, rot, v, om, k, d, r0, r1, offset):
        calls.append(('rbsd', t, tuple(u)))
        k, d = np.array(k), np.array(d)
        x = np.concatenate([u, rot]) - offset
        return list(k @ x + d @ np.concatenate([v, om]) + 0.1 * k @ x ** 3)

    def lsd(mbs, t, item, dx, dvx, k, d, offset):
        calls.append(('lsd', t, dx))
        return k * (dx - offset) * (1. + dx ** 2) + d * dvx

    def tsd(mbs, t, item, phi, om, k, d, offset):
        calls.append(('tsd', t, phi))
        return k * (phi - offset) + d * om * abs(om)
    bodies = []
    for i in range(2):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000., [0.1, 0.02, 0.02]), referencePosition=[0.05 + 0.1 * i, 0., 0.],
                                gravity=[0., -9.81, 0.], nodeType=exu.NodeType.RotationRxyz,
                                initialAngularVelocity=[0.5, -0.2, 1.])
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.05, 0., 0.]))
        mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[prev, m0], stiffness=np.diag([1e4, 1e4, 1e4, 5., 5., 5.]),
                                              damping=np.diag([1., 1., 1., 0.01, 0.01, 0.01]),
                                              springForceTorqueUserFunction=rbsd if i == 0 else 0))
        if i == 1:
            mbs.AddObject(U.LinearSpringDamper(markerNumbers=[prev, m0], stiffness=100., damping=0.5,
                                               axisMarker0=[0., 1., 0.], springForceUserFunction=lsd))
            mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[prev, m0], stiffness=2., damping=0.01,
                                                  springTorqueUserFunction=tsd))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.05, 0., 0.]))
        bodies.append(b)
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_rigid_connector_user_functions_run_compiled_with_the_same_numbers(solver, monkeypatch):
    """RigidBodySpringDamper, LinearSpringDamper and TorsionalSpringDamper with user functions
    (evaluated by the groups' NumPy code, called back from the compiled steps): state and
    user-function calls equal those of the group-by-group path."""
    _, calls, compiled = _same_on_both_paths(monkeypatch, _rigid_springs, solver, width=3,
                                             end_time=0.1 if solver == 'ga' else 0.01)
    assert compiled > 0, 'no compiled steps'
    assert {c[0] for c in calls} == {'rbsd', 'lsd', 'tsd'}


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
def test_coordinate_constraint_offset_user_functions_run_compiled_with_the_same_numbers(index2, monkeypatch):
    """A CoordinateConstraint prescribing a mass point's coordinate by offsetUserFunction (its
    velocity form offsetUserFunction_t with index-2 constraints): the fused residual is built, the
    steps run compiled, and state, multipliers and user-function calls (each step the one of the
    form in use) equal those of the group-by-group path."""
    (q, _, _), calls, compiled = _same_on_both_paths(monkeypatch, _prescribed, steps=300, end_time=0.3,
                                                     index2=index2)
    assert compiled > 0, 'no compiled steps'
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


def test_static_solver_loads_with_user_functions_run_compiled_with_the_same_numbers(monkeypatch):
    """The static solver's loads with user functions: the compiled load steps scale the loads
    without user functions by the load factor and call back for the others (their rows replaced,
    as StaticSolver's group-by-group residual does): state and calls equal, bit for bit."""
    (q, _, _), calls, compiled = _same_on_both_paths(monkeypatch, _static_loads, 'static')
    assert compiled > 0, 'no compiled load steps'
    assert {c[0] for c in calls} == {'force', 'coordinate'} and len(calls) >= 20
    np.testing.assert_allclose(q, [(1. + 0.5) / 100., (2. - 3. + 0.7 * 2.) / 200., (4. + 1.) / 400.], rtol=1e-10)
