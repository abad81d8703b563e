"""preStep and postStep user functions with the compiled steps: the engine calls the preStep function
back at the start of each step (each try), and returns to the step loop after each step for the
postStep function (StepLoop.finish_step). The functions are called once per step at the times
Exudyn calls them and see the state it gives them; the steps run in chunks of compiled steps, with
the numbers of steps done one call at a time (verboseMode 2), bit for bit; a step that needs
Python in between (a Newton matrix, a parameter or Jacobian request of the function) does not
call the function again."""
import math

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.engine.control import Status
from multibody.engine.driver import Engine
from multibody.errors import UserFunctionError

from .step_models import hanging_masses, rigid_chain

OV = exu.OutputVariableType


def _springs(mbs):
    """Four hanging mass points (step_models.hanging_masses); returns (the last node, the springs,
    a tip load)."""
    bodies, springs, tip = hanging_masses(mbs)
    node = mbs.GetObject(bodies[-1])['nodeNumber']
    return node, springs, mbs.AddLoad(U.LoadForceVector(markerNumber=tip, loadVector=[0., 0., 0.]))


def _chain(mbs):
    """Three rigid bodies on spherical joints with a tip force (step_models.rigid_chain; nonlinear:
    a jump of the force needs a new Jacobian in modified Newton)."""
    _, b, tip = rigid_chain(mbs)
    return mbs.GetObject(b)['nodeNumber'], [], mbs.AddLoad(U.LoadForceVector(markerNumber=tip, loadVector=[0., 0., 0.]))


def _solve(monkeypatch, one_by_one, solver, model=_springs, event=None, with_pre=True, with_post=True):
    """Solve with preStep (a controller: reads the tip node's position, sets the tip force) and
    postStep (records the tip velocity) functions, the steps in chunks of compiled steps or
    (``one_by_one``) one per compiled call (verboseMode 2); ``event``: 'stop' (preStep returns
    False at t = 0.15), 'raise' (at 0.03), 'stiffness' (sets a spring's stiffness once at 0.1),
    'jacobian' (asks for a Jacobian update at 0.1), 'jump' (a large force from 0.1 on). Returns
    (records, state, statuses of the compiled calls, Newton Jacobians)."""
    statuses = []
    steps = Engine.steps

    def counted(obj):
        status = steps(obj)
        statuses.append(status)
        return status
    monkeypatch.setattr(Engine, 'steps', counted)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node, springs, tip = model(mbs)
    mbs.AddSensor(U.SensorNode(nodeNumber=node, storeInternal=True, outputVariableType=OV.Position))
    mbs.Assemble()
    pre, post_rec, changed, jacobians = [], [], [], []

    def pre_step(mbs, t):
        solver_object = mbs.sys.get('staticSolver' if solver == 'static' else 'dynamicSolver')
        jacobians.append(int(solver_object.engine['jacobians']))
        p = mbs.GetNodeOutput(node, OV.Position)
        pre.append((t, mbs.systemData.GetTime(), *p))
        f = [0., -20. * (p[1] + 0.05), 3. * math.sin(20. * t)]
        if event == 'jump' and t > 0.1 - 1e-9:
            f = [2e3, 3e3, -1e3]
        mbs.SetLoadParameter(tip, 'loadVector', f)
        if event == 'stiffness' and t > 0.1 - 1e-9 and not changed:
            changed.append(t)
            mbs.SetObjectParameter(springs[1], 'stiffness', [600., 200., 500.])
        if event == 'jacobian' and abs(t - 0.1) < 1e-9:
            mbs.solverSignalJacobianUpdate = True
        if event == 'raise' and t >= 0.03:
            raise ValueError('controller out of range')
        return not (event == 'stop' and t >= 0.15 - 1e-9)

    def post_step(mbs, t):
        post_rec.append((t, *mbs.GetNodeOutput(node, OV.Velocity)))
        return True
    if with_pre:
        mbs.SetPreStepUserFunction(pre_step)
    if with_post:
        mbs.SetPostStepUserFunction(post_step)
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    ss.solution.sensors.writePeriod = 0.01
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    ss.timeIntegration.numberOfSteps = 200
    ss.timeIntegration.endTime = 0.2
    ss.timeIntegration.newton.useModifiedNewton = True
    if one_by_one:
        ss.timeIntegration.verboseMode = ss.staticSolver.verboseMode = 2
    if solver == 'static':
        ss.staticSolver.numberOfLoadSteps = 20
        ss.staticSolver.newton.useModifiedNewton = True
        mbs.SolveStatic(ss)
    elif solver in ('RK44', 'DOPRI5', 'VelocityVerlet'):
        ss.timeIntegration.explicit.useLieGroupIntegration = False
        if solver == 'DOPRI5':
            ss.timeIntegration.numberOfSteps = 20
            ss.timeIntegration.absoluteTolerance = 1e-9
            ss.timeIntegration.relativeTolerance = 1e-9
        mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))
    else:
        if solver == 'trapezoidal':
            mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
        else:
            mbs.SolveDynamic(ss)
    sd = mbs.systemData
    state = [np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()),
             np.array(sd.GetAECoordinates()), np.array(mbs.GetSensorStoredData(0))]
    solver_object = mbs.sys['staticSolver' if solver == 'static' else 'dynamicSolver']
    return (pre, post_rec), state, statuses, solver_object.it.newtonJacobiCount, jacobians


def _same(a, b):
    (pre_a, post_a), state_a = a[:2]
    (pre_b, post_b), state_b = b[:2]
    assert len(pre_a) == len(pre_b) and len(post_a) == len(post_b)
    np.testing.assert_array_equal(np.array(pre_a), np.array(pre_b))
    np.testing.assert_array_equal(np.array(post_a), np.array(post_b))
    for x, y in zip(state_a, state_b):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize('solver', ['GA', 'trapezoidal', 'static', 'RK44', 'DOPRI5', 'VelocityVerlet'])
def test_step_functions_in_chunks_of_compiled_steps_as_step_by_step(monkeypatch, solver, capsys):
    one = _solve(monkeypatch, True, solver)
    chunks = _solve(monkeypatch, False, solver)
    capsys.readouterr()
    _same(one, chunks)
    steps = 20 if solver == 'static' else 200
    pre_times = [r[0] for r in chunks[0][0]]
    if solver != 'DOPRI5':
        assert len(pre_times) == steps and len(set(pre_times)) == steps     # once per step
        assert len(chunks[0][1]) == steps + 1        # (also at the initial state)
    else:
        assert len(pre_times) > len(chunks[0][1]) > 20        # rejected tries called it too
    # step by step: a compiled call per step
    assert len([s for s in one[2] if s != Status.NEED_JACOBIAN]) >= len(chunks[0][1]) - 1


@pytest.mark.parametrize('solver', ['GA', 'RK44'])
@pytest.mark.parametrize('pre, post', [(True, False), (False, True)])
def test_pre_step_alone_and_post_step_alone(monkeypatch, solver, pre, post):
    chunks = _solve(monkeypatch, False, solver, with_pre=pre, with_post=post)
    assert len(chunks[0][0]) == (200 if pre else 0) and len(chunks[0][1]) == (201 if post else 0)
    calls = len([s for s in chunks[2] if s != Status.NEED_JACOBIAN])
    # preStep alone: called back from the compiled steps, which return for the sensor outputs (20)
    # only; postStep: a return per step
    assert (0 < calls <= 25) if not post else calls >= 200, chunks[2]


@pytest.mark.parametrize('solver', ['GA', 'static', 'RK44', 'VelocityVerlet'])
def test_pre_step_returning_false_stops_after_its_step(monkeypatch, solver, capsys):
    one = _solve(monkeypatch, True, solver, event='stop')
    chunks = _solve(monkeypatch, False, solver, event='stop')
    capsys.readouterr()
    _same(one, chunks)
    if solver != 'static':
        assert chunks[0][1][-1][0] == pytest.approx(0.15)        # the step of the False was done
    assert Status.STOPPED in chunks[2] or chunks[1][3][-1][0] == pytest.approx(0.15)


@pytest.mark.parametrize('solver', ['GA', 'RK44', 'VelocityVerlet'])
def test_an_exception_of_pre_step_ends_the_solve(monkeypatch, solver):
    with pytest.raises(UserFunctionError, match='PreStepUserFunction raised at t=0.03.*controller out of range') as e:
        _solve(monkeypatch, False, solver, event='raise')
    assert isinstance(e.value.__cause__, ValueError)


@pytest.mark.parametrize('solver', ['GA', 'static', 'RK44', 'DOPRI5', 'VelocityVerlet'])
def test_a_parameter_changed_by_pre_step_takes_effect_at_once(monkeypatch, solver, capsys):
    """A spring's stiffness set by the preStep function: the group's arrays change in place, the
    compiled steps read them at that step; preStep is not called twice for a step."""
    one = _solve(monkeypatch, True, solver, event='stiffness')
    chunks = _solve(monkeypatch, False, solver, event='stiffness')
    plain = _solve(monkeypatch, False, solver)
    capsys.readouterr()
    _same(one, chunks)
    assert np.abs(plain[1][0] - chunks[1][0]).max() > 1e-6         # the change took effect
    pre_times = [r[0] for r in chunks[0][0]]
    assert abs(np.diff(pre_times)).min() > 0


def test_a_jacobian_update_asked_for_by_pre_step(monkeypatch, capsys):
    """mbs.solverSignalJacobianUpdate set by the preStep function at t = 0.1: the step makes a new
    Newton matrix (in its compiled steps), a step without it does not."""
    one = _solve(monkeypatch, True, 'GA', model=_chain, event='jacobian')
    chunks = _solve(monkeypatch, False, 'GA', model=_chain, event='jacobian')
    plain = _solve(monkeypatch, False, 'GA', model=_chain)
    capsys.readouterr()
    _same(one, chunks)
    pre_times = [r[0] for r in chunks[0][0]]
    assert len(pre_times) == len(set(pre_times)) == 200
    k = int(np.argmin(np.abs(np.array(pre_times) - 0.1)))
    made = [run[4][k + 1] - run[4][k] for run in (chunks, plain)]       # Jacobians of the step at 0.1
    assert made == [1, 0], made


def test_a_newton_solve_that_needs_python_does_not_call_pre_step_again(monkeypatch, capsys):
    one = _solve(monkeypatch, True, 'GA', model=_chain, event='jump')
    chunks = _solve(monkeypatch, False, 'GA', model=_chain, event='jump')
    capsys.readouterr()
    _same(one, chunks)
    pre_times = [r[0] for r in chunks[0][0]]
    assert len(pre_times) == len(set(pre_times)) == 200


# Exudyn 1.13.6: a mass point moving at 1 m/s, 4 steps of 0.1 s, preStep recording (its t,
# systemData.GetTime(), the node's x position), postStep recording t; the same for
# GeneralizedAlpha and RK44
EXUDYN_PRE = [(0.1, 0.1, 0.0), (0.2, 0.2, 0.1), (0.3, 0.3, 0.2), (0.4, 0.4, 0.3)]
EXUDYN_POST = [0.0, 0.1, 0.2, 0.3, 0.4]


@pytest.mark.parametrize('solver', ['GeneralizedAlpha', 'RK44'])
def test_step_functions_see_the_times_and_state_exudyn_gives_them(solver):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
    mbs.AddObject(U.MassPoint(nodeNumber=n, mass=1.))
    pre, post = [], []

    def pre_step(mbs, t):
        pre.append((t, mbs.systemData.GetTime(), float(mbs.GetNodeOutput(n, OV.Position)[0])))
        return True

    def post_step(mbs, t):
        post.append(t)
        return True
    mbs.SetPreStepUserFunction(pre_step)
    mbs.SetPostStepUserFunction(post_step)
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 4
    ss.timeIntegration.endTime = 0.4
    ss.solution.file.write = False
    mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))
    np.testing.assert_allclose(pre, EXUDYN_PRE, rtol=0, atol=1e-12)
    np.testing.assert_allclose(post, EXUDYN_POST, rtol=0, atol=1e-12)
