"""Outputs between the engine's compiled steps (solvers/steploop.py): a compiled call runs up to
COMPILED_STEPS_MAX steps and returns to Python where a sensor or solution-file output is due.
Sensors, files, state and counts are those of a loop that runs one step per call, bit for bit,
for the implicit, explicit and static solvers; an exception in an output and a stop asked for at
an output end the solve at that step."""
import re

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.engine.driver import Engine
from multibody.errors import UserFunctionError
from multibody.solvers import steploop

from .step_models import hanging_masses

OV = exu.OutputVariableType


def _chain(tmp_path, tag, fail_at=None):
    """Four mass points hanging from the ground on CartesianSpringDampers, with gravity; sensors of a
    node, a body point, a spring force (to a file) and a user function (raising from ``fail_at``
    on)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    bodies, springs, _ = hanging_masses(mbs)
    s0 = mbs.AddSensor(U.SensorNode(nodeNumber=3, storeInternal=True, outputVariableType=OV.Position))
    mbs.AddSensor(U.SensorBody(bodyNumber=bodies[1], storeInternal=True, outputVariableType=OV.Velocity))
    mbs.AddSensor(U.SensorObject(objectNumber=springs[2], storeInternal=True, outputVariableType=OV.Force,
                                 fileName=str(tmp_path / f'force{tag}.txt')))

    def user(mbs, t, numbers, factors, configuration):
        if fail_at is not None and t >= fail_at:
            raise ValueError('sensor out of range')
        return 2. * mbs.GetSensorValues(numbers[0])
    mbs.AddSensor(U.SensorUserFunction(sensorNumbers=[s0], storeInternal=True, sensorUserFunction=user))
    mbs.Assemble()
    return mbs


def _solve(tmp_path, monkeypatch, chunk, solver, fail_at=None, sensor_period=0.002):
    """Solve with up to ``chunk`` steps per compiled call. Returns (results, compiled calls)."""
    monkeypatch.setattr(steploop, 'COMPILED_STEPS_MAX', chunk)
    calls = []
    steps = Engine.steps

    def counted(engine):
        calls.append(1)
        return steps(engine)
    monkeypatch.setattr(Engine, 'steps', counted)
    tag = str(chunk)
    mbs = _chain(tmp_path, tag, fail_at)
    ss = exu.SimulationSettings()
    path = tmp_path / f'solution{tag}.txt'
    ss.solution.file.name = str(path)
    ss.solution.file.writePeriod = 0.01
    ss.solution.sensors.writePeriod = sensor_period
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    out = {}
    try:
        if solver == 'static':
            ss.staticSolver.numberOfLoadSteps = 200
            ss.solution.sensors.writePeriod = 0.
            ss.solution.file.writePeriod = 0.05
            mbs.SolveStatic(ss)
        else:
            ss.timeIntegration.numberOfSteps = 400
            ss.timeIntegration.endTime = 0.4
            ss.timeIntegration.newton.useModifiedNewton = True
            kw = {'solverType': exu.DynamicSolverType.RK44} if solver == 'rk44' else {}
            if solver == 'index2':
                kw = {'solverType': exu.DynamicSolverType.TrapezoidalIndex2}
            mbs.SolveDynamic(ss, **kw)
    except UserFunctionError as exc:
        out['error'] = (str(exc), type(exc.__cause__).__name__, str(exc.__cause__))
    sd = mbs.systemData
    out.update(q=np.array(sd.GetODE2Coordinates()), v=np.array(sd.GetODE2Coordinates_t()),
               a=np.array(sd.GetODE2Coordinates_tt()))
    for s in range(mbs.NumberOfSensors()):
        out[f'sensor{s}'] = np.array(mbs.GetSensorStoredData(s))
    for name in (f'force{tag}.txt', f'solution{tag}.txt'):
        out[name[:5]] = [re.sub('cpuTime=[^,]*', '', line) for line in (tmp_path / name).read_text().splitlines()
                         if not line.startswith('#simulation')]
    return out, len(calls)


def _assert_same(a, b):
    assert a.keys() == b.keys()
    for k, x in a.items():
        if isinstance(x, np.ndarray):
            np.testing.assert_array_equal(x, b[k], err_msg=k)
        else:
            assert x == b[k], k


@pytest.mark.parametrize('solver', ['ga', 'index2', 'rk44', 'static'])
def test_chunked_compiled_steps_give_the_numbers_of_one_step_per_call(solver, tmp_path, monkeypatch):
    """Sensors at every second step (every load step: static) and a solution file: 100 steps per
    call return for each output, with every number, line and count of one step per call."""
    single, calls_single = _solve(tmp_path, monkeypatch, 1, solver)
    chunked, calls_chunked = _solve(tmp_path, monkeypatch, 100, solver)
    rows = single['sensor0'].shape[0]
    assert rows > 190 and len(single['force']) > 190 and len(single['solut']) > 20
    assert calls_single >= 200 and calls_chunked <= calls_single
    _assert_same(single, chunked)


def test_a_call_without_outputs_runs_its_steps_in_one_call(tmp_path, monkeypatch):
    """Sensors every 0.1 s and the solution file every 0.01 s: 400 steps in about 40 calls, one per
    output, not one per step."""
    single, calls_single = _solve(tmp_path, monkeypatch, 1, 'ga', sensor_period=0.1)
    chunked, calls_chunked = _solve(tmp_path, monkeypatch, 100, 'ga', sensor_period=0.1)
    assert calls_single >= 400 and calls_chunked <= 45, (calls_single, calls_chunked)
    _assert_same(single, chunked)


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_an_exception_in_an_output_ends_the_solve_at_that_step(solver, tmp_path, monkeypatch):
    """A sensor user function raising at an output step: the solve ends with a UserFunctionError
    (its cause the user function's exception, its message naming sensorUserFunction), the same
    rows stored before it as with one step per call."""
    single, _ = _solve(tmp_path, monkeypatch, 1, solver, fail_at=0.1234)
    chunked, calls = _solve(tmp_path, monkeypatch, 100, solver, fail_at=0.1234)
    assert calls
    assert single['error'][1:] == ('ValueError', 'sensor out of range'), single['error']
    assert 'sensorUserFunction' in single['error'][0]
    assert chunked['sensor0'][-1, 0] < 0.1234 + 0.002
    for k in ('error', 'sensor0', 'sensor3', 'q', 'v'):
        if isinstance(single[k], np.ndarray):
            np.testing.assert_array_equal(single[k], chunked[k], err_msg=k)
        else:
            assert single[k] == chunked[k], k


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_a_stop_asked_for_at_an_output_step_ends_the_solve_there(solver, tmp_path, monkeypatch):
    """finish_step returning False at an output step (t = 0.05): the solve stops at that step."""
    finish = steploop.StepLoop.finish_step

    def stopping(solver_, t, initial=False):
        return finish(solver_, t, initial) and t < 0.0495
    monkeypatch.setattr(steploop.StepLoop, 'finish_step', stopping)
    single, _ = _solve(tmp_path, monkeypatch, 1, solver)
    chunked, calls = _solve(tmp_path, monkeypatch, 100, solver)
    rows = single['sensor0']
    assert abs(rows[-1, 0] - 0.05) < 1e-12, rows[-1, 0]
    assert calls < 40
    _assert_same(single, chunked)
