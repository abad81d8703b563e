"""Outputs between the steps of the compiled step loops (StepLoop.output_call_back): the loop calls
back into Python where a sensor or solution-file output is due and goes on, instead of returning
for each. Sensors, files, state and counts are those of the group-by-group path and of the loop
that returns for every output, bit for bit, for the implicit, explicit and static loops."""
import re

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import fused as fu
from multibody.errors import UserFunctionError
from multibody.solvers.implicit import StepLoop

from .step_models import hanging_masses

OV = exu.OutputVariableType
_LOOPS = {name: getattr(fu.FusedResidual, name) for name in ('steps', 'rk_steps')}


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


def _solve(tmp_path, monkeypatch, mode, solver, fail_at=None):
    """mode 'plain' (group by group), 'return' (compiled, the loop returns for each output) or
    'call_back'. Returns (results, compiled step-loop calls)."""
    monkeypatch.setenv('MULTIBODY_FUSED', '0' if mode == 'plain' else '1')
    monkeypatch.setattr(StepLoop, 'compiled_output', mode != 'return')
    calls = []
    for name, f in _LOOPS.items():
        def loop(obj, *a, _f=f, _name=name):
            calls.append(_name)
            return _f(obj, *a)
        monkeypatch.setattr(fu.FusedResidual, name, loop)
    mbs = _chain(tmp_path, mode, fail_at)
    ss = exu.SimulationSettings()
    path = tmp_path / f'solution{mode}.txt'
    ss.solution.file.name = str(path)
    ss.solution.file.writePeriod = 0.01
    ss.solution.sensors.writePeriod = 0.002
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
    for name in (f'force{mode}.txt', f'solution{mode}.txt'):
        out[name[:5]] = [re.sub('cpuTime=[^,]*', '', line) for line in (tmp_path / name).read_text().splitlines()
                         if not line.startswith('#simulation')]
    return out, calls


def _assert_same(a, b, signed_zeros=True):
    """Equal results; file lines as text, or (``signed_zeros`` False) their numbers: the compiled
    explicit steps write a zero acceleration as -0 where the group-by-group path writes 0."""
    assert a.keys() == b.keys()
    for k, x in a.items():
        if isinstance(x, np.ndarray):
            np.testing.assert_array_equal(x, b[k], err_msg=k)
        elif signed_zeros:
            assert x == b[k], k
        else:
            assert len(x) == len(b[k]), k
            for line, other in zip(x, b[k]):
                if line.startswith('#'):
                    assert line == other, k
                else:
                    np.testing.assert_array_equal(np.array(line.split(','), dtype=float),
                                                  np.array(other.split(','), dtype=float), err_msg=k)


@pytest.mark.parametrize('solver', ['ga', 'index2', 'rk44', 'static'])
def test_outputs_between_compiled_steps_are_written_by_a_call_back(solver, tmp_path, monkeypatch):
    """Sensors at every second step (every load step: static) and a solution file: the compiled
    loop writes them by its call back without returning (one call per 100 steps, against one per
    output when it returns), with every number, line and count of the other two paths."""
    plain, calls_plain = _solve(tmp_path, monkeypatch, 'plain', solver)
    returning, calls_returning = _solve(tmp_path, monkeypatch, 'return', solver)
    call_back, calls_call_back = _solve(tmp_path, monkeypatch, 'call_back', solver)
    assert calls_plain == []
    rows = plain['sensor0'].shape[0]
    assert rows > 190 and len(plain['force']) > 190 and len(plain['solut']) > 20
    assert len(calls_returning) >= rows - 5, (len(calls_returning), rows)
    assert 0 < len(calls_call_back) <= 10, len(calls_call_back)
    _assert_same(plain, returning, signed_zeros=solver != 'rk44')
    _assert_same(returning, call_back)


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_an_exception_in_an_output_written_by_the_call_back_ends_the_solve_as_on_the_python_path(
        solver, tmp_path, monkeypatch):
    """A sensor user function raising at an output step inside the compiled loop: the solve ends
    with the UserFunctionError of the group-by-group path (its cause the user function's
    exception), the same rows stored before it."""
    plain, _ = _solve(tmp_path, monkeypatch, 'plain', solver, fail_at=0.1234)
    call_back, calls = _solve(tmp_path, monkeypatch, 'call_back', solver, fail_at=0.1234)
    assert calls
    assert plain['error'][1:] == ('ValueError', 'sensor out of range'), plain['error']
    assert 'sensorUserFunction' in plain['error'][0]
    for k in ('error', 'sensor0', 'sensor3', 'q', 'v'):
        if isinstance(plain[k], np.ndarray):
            np.testing.assert_array_equal(plain[k], call_back[k], err_msg=k)
        else:
            assert plain[k] == call_back[k], k


@pytest.mark.parametrize('solver', ['ga', 'rk44'])
def test_a_stop_asked_for_by_an_output_step_inside_the_compiled_loop_ends_the_solve_there(
        solver, tmp_path, monkeypatch):
    """finish_step returning False (a stop; by a postStep user function, which keeps the steps in
    Python, or any later reason) at an output step written by the call back (t = 0.05, a step with
    sensor output): the compiled call ends there (status 6) and the solve stops at that step, as on
    the group-by-group path."""
    finish = StepLoop.finish_step

    def stopping(solver_, t, initial=False):
        return finish(solver_, t, initial) and t < 0.0495
    monkeypatch.setattr(StepLoop, 'finish_step', stopping)
    plain, _ = _solve(tmp_path, monkeypatch, 'plain', solver)
    call_back, calls = _solve(tmp_path, monkeypatch, 'call_back', solver)
    assert 0 < len(calls) <= 3
    rows = plain['sensor0']
    assert abs(rows[-1, 0] - 0.05) < 1e-12 and abs(plain['q'] - call_back['q']).max() == 0, rows[-1, 0]
    _assert_same(plain, call_back, signed_zeros=solver != 'rk44')
