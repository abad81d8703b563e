"""preStep and postStep user functions with the compiled step loops: the loops call the preStep
function back at the start of each step (StepLoop.pre_step_call_back) and the postStep function
after each (output_call_back) instead of leaving every step to Python's step loop. The functions
are called at the same times, see the same state, and the results are those of the group-by-group
path, bit for bit; a step that the compiled loop leaves to Python after its preStep call (a
parameter the module holds as a constant changed, a Newton solve that needs a new Jacobian, NaN)
does not call the function again."""
import math

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import fused as fu
from multibody.errors import UserFunctionError

from .step_models import hanging_masses, rigid_chain

OV = exu.OutputVariableType
_LOOPS = {name: getattr(fu.FusedResidual, name) for name in ('steps', 'rk_steps')}


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


def _solve(monkeypatch, fused, solver, model=_springs, event=None, with_pre=True, with_post=True):
    """Solve with preStep (a controller: reads the tip node's position, sets the tip force) and
    postStep (records the tip velocity) functions; ``event``: 'stop' (preStep returns False at
    t = 0.15), 'raise' (at 0.03), 'stiffness' (sets a spring's stiffness once at 0.1: not a live
    parameter), 'jacobian' (asks for a Jacobian update at 0.1), 'jump' (a large force from 0.1
    on). Returns (records, state, loop statuses)."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1' if fused else '0')
    statuses = []
    for name, f in _LOOPS.items():
        def loop(obj, *a, _f=f):
            status = _f(obj, *a)
            statuses.append(status)
            return status
        monkeypatch.setattr(fu.FusedResidual, name, loop)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node, springs, tip = model(mbs)
    mbs.AddSensor(U.SensorNode(nodeNumber=node, storeInternal=True, outputVariableType=OV.Position))
    mbs.Assemble()
    pre, post_rec, changed = [], [], []

    def pre_step(mbs, t):
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
    return (pre, post_rec), state, statuses


def _same(a, b):
    (pre_a, post_a), state_a, _ = a
    (pre_b, post_b), state_b, _ = b
    assert len(pre_a) == len(pre_b) and len(post_a) == len(post_b)
    np.testing.assert_array_equal(np.array(pre_a), np.array(pre_b))
    np.testing.assert_array_equal(np.array(post_a), np.array(post_b))
    for x, y in zip(state_a, state_b):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize('solver', ['GA', 'trapezoidal', 'static', 'RK44', 'DOPRI5', 'VelocityVerlet'])
def test_step_functions_in_compiled_steps_as_in_the_step_loop(monkeypatch, solver):
    plain = _solve(monkeypatch, False, solver)
    compiled = _solve(monkeypatch, True, solver)
    _same(plain, compiled)
    steps = 20 if solver == 'static' else 200
    pre_times = [r[0] for r in compiled[0][0]]
    if solver != 'DOPRI5':
        assert len(pre_times) == steps and len(set(pre_times)) == steps     # once per step
        assert len(compiled[0][1]) == steps + 1        # (also at the initial state)
    else:
        assert len(pre_times) > len(compiled[0][1]) > 20        # rejected tries called it too
    # the steps ran in a few compiled calls, not one per step
    assert 0 < len(compiled[2]) <= 5, compiled[2]


@pytest.mark.parametrize('solver', ['GA', 'RK44'])
@pytest.mark.parametrize('pre, post', [(True, False), (False, True)])
def test_pre_step_alone_and_post_step_alone(monkeypatch, solver, pre, post):
    plain = _solve(monkeypatch, False, solver, with_pre=pre, with_post=post)
    compiled = _solve(monkeypatch, True, solver, with_pre=pre, with_post=post)
    _same(plain, compiled)
    assert len(compiled[0][0]) == (200 if pre else 0) and len(compiled[0][1]) == (201 if post else 0)
    assert 0 < len(compiled[2]) <= 5, compiled[2]


@pytest.mark.parametrize('solver', ['GA', 'static', 'RK44', 'VelocityVerlet'])
def test_pre_step_returning_false_stops_after_its_step(monkeypatch, solver):
    plain = _solve(monkeypatch, False, solver, event='stop')
    compiled = _solve(monkeypatch, True, solver, event='stop')
    _same(plain, compiled)
    if solver != 'static':
        assert compiled[0][1][-1][0] == pytest.approx(0.15)        # the step of the False was done
    assert 6 in compiled[2]


@pytest.mark.parametrize('solver', ['GA', 'RK44', 'VelocityVerlet'])
def test_an_exception_of_pre_step_ends_the_solve_as_in_the_step_loop(monkeypatch, solver):
    with pytest.raises(UserFunctionError, match='PreStepUserFunction raised at t=0.03.*controller out of range') as e1:
        _solve(monkeypatch, False, solver, event='raise')
    with pytest.raises(UserFunctionError, match='PreStepUserFunction raised at t=0.03.*controller out of range') as e2:
        _solve(monkeypatch, True, solver, event='raise')
    assert isinstance(e2.value.__cause__, ValueError) and str(e1.value) == str(e2.value)


@pytest.mark.parametrize('solver', ['GA', 'static', 'RK44', 'DOPRI5', 'VelocityVerlet'])
def test_a_constant_of_the_module_changed_by_pre_step_leaves_that_step_to_python(monkeypatch, solver):
    plain = _solve(monkeypatch, False, solver, event='stiffness')
    compiled = _solve(monkeypatch, True, solver, event='stiffness')
    _same(plain, compiled)
    assert 7 in compiled[2]
    pre_times = [r[0] for r in compiled[0][0]]
    assert abs(np.diff(pre_times)).min() > 0         # not called twice for the step left to Python


def test_a_jacobian_update_asked_for_by_pre_step_leaves_that_step_to_python(monkeypatch):
    plain = _solve(monkeypatch, False, 'GA', model=_chain, event='jacobian')
    compiled = _solve(monkeypatch, True, 'GA', model=_chain, event='jacobian')
    _same(plain, compiled)
    assert 7 in compiled[2]
    pre_times = [r[0] for r in compiled[0][0]]
    assert len(pre_times) == len(set(pre_times)) == 200


def test_a_newton_solve_left_to_python_does_not_call_pre_step_again(monkeypatch):
    plain = _solve(monkeypatch, False, 'GA', model=_chain, event='jump')
    compiled = _solve(monkeypatch, True, 'GA', model=_chain, event='jump')
    _same(plain, compiled)
    assert {1, 2} & set(compiled[2]), compiled[2]       # a step resumed by Python's Newton
    pre_times = [r[0] for r in compiled[0][0]]
    assert len(pre_times) == len(set(pre_times)) == 200


# Exudyn 1.13.6: a mass point moving at 1 m/s, 4 steps of 0.1 s, preStep recording (its t,
# systemData.GetTime(), the node's x position), postStep recording t; the same for
# GeneralizedAlpha and RK44
EXUDYN_PRE = [(0.1, 0.1, 0.0), (0.2, 0.2, 0.1), (0.3, 0.3, 0.2), (0.4, 0.4, 0.3)]
EXUDYN_POST = [0.0, 0.1, 0.2, 0.3, 0.4]


@pytest.mark.parametrize('fused', ['0', '1'])
@pytest.mark.parametrize('solver', ['GeneralizedAlpha', 'RK44'])
def test_step_functions_see_the_times_and_state_exudyn_gives_them(monkeypatch, fused, solver):
    monkeypatch.setenv('MULTIBODY_FUSED', fused)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
    mbs.AddObject(U.MassPoint(nodeNumber=n, mass=1.))
    pre, post, calls = [], [], []
    for name, f in _LOOPS.items():
        monkeypatch.setattr(fu.FusedResidual, name, lambda obj, *a, _f=f: calls.append(1) or _f(obj, *a))

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
    assert bool(calls) == (fused == '1')         # (compiled steps, or Python's step loop)
