"""Time intervals Exudyn 1.13.6 refuses (issue 44): endTime = startTime (step size 0) fails with a
SolverError in SolveDynamic; a static solve's loadStepStart or loadStepDuration that is not finite is
refused (Exudyn: fails in its first step or runs for ever); startTime > endTime and intervals below
the end-time tolerance as Exudyn steps them (measured, below)."""
import math

import pytest

import multibody as exu
from multibody.itemInterface import LoadForceVector, MarkerNodePosition, MassPoint, NodePoint


def _model():
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    mbs.AddLoad(LoadForceVector(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n)), loadVector=[0, -10, 0]))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.verboseMode = s.staticSolver.verboseMode = 0
    s.solution.file.write = False
    return mbs, s


@pytest.mark.parametrize("start, end", [(0.0, 0.0), (1.0, 1.0)])
def test_end_time_equal_to_start_time_is_a_solver_error(start, end):
    mbs, s = _model()
    s.timeIntegration.startTime, s.timeIntegration.endTime = start, end
    with pytest.raises(exu.SolverError, match="endTime = startTime"):
        mbs.SolveDynamic(s)


@pytest.mark.parametrize("name", ["loadStepStart", "loadStepDuration"])
def test_static_load_step_times_must_be_finite(name):
    mbs, s = _model()
    setattr(s.staticSolver, name, math.inf)
    with pytest.raises(exu.ExudynValueError, match=f"staticSolver.{name} must be finite"):
        mbs.SolveStatic(s)


# ---------------------------------------------------------------- startTime > endTime, tiny intervals
# Exudyn 1.13.6, measured (mass point at rest, gravity -10 in y): every SolveSteps does at least one
# step; the step loop goes on while t < endTime - 1e-10 (absolute); a step beyond endTime is cut to
# it, so startTime > endTime gives one step of endTime - startTime (without adaptiveStep one step of
# (endTime - startTime) / numberOfSteps); only the initial output row is written.

def _with_sensor():
    mbs, s = _model()
    sensor = mbs.AddSensor(exu.itemInterface.SensorNode(nodeNumber=0, storeInternal=True,
                                                        outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    s.solution.sensors.writePeriod = 0.01
    return mbs, s, sensor


def _solve(solver, start, end, steps, adaptive=True):
    mbs, s, sensor = _with_sensor()
    ti = s.timeIntegration
    ti.startTime, ti.endTime, ti.numberOfSteps, ti.adaptiveStep = start, end, steps, adaptive
    assert mbs.SolveDynamic(s, solverType=solver)
    rows = mbs.GetSensorStoredData(sensor)
    return mbs.systemData.GetTime(), mbs.systemData.GetODE2Coordinates()[1], mbs.systemData.GetODE2Coordinates_t()[1], rows


GA, EE, RK = exu.DynamicSolverType.GeneralizedAlpha, exu.DynamicSolverType.ExplicitEuler, exu.DynamicSolverType.RK44


@pytest.mark.parametrize("solver, adaptive, t, qy, vy", [
    (GA, True, 1.0, -5.0, 10.0), (exu.DynamicSolverType.TrapezoidalIndex2, True, 1.0, -5.0, 10.0),
    (EE, True, 1.0, 0.0, 10.0), (RK, True, 1.0, -5.0, 10.0),
    (GA, False, 1.9, -0.05, 1.0), (RK, False, 1.9, -0.05, 1.0), (EE, False, 1.9, 0.0, 1.0)])
def test_start_time_after_end_time_is_one_step_backward(solver, adaptive, t, qy, vy):
    t_out, q, v, rows = _solve(solver, 2.0, 1.0, 10, adaptive)
    assert t_out == pytest.approx(t, rel=1e-14)
    assert q == pytest.approx(qy, rel=1e-12, abs=1e-14)
    assert v == pytest.approx(vy, rel=1e-12)
    assert rows.tolist() == [[2.0, 1.0, 0.0, 0.0]]          # the initial row only


@pytest.mark.parametrize("solver", [exu.DynamicSolverType.DOPRI5, exu.DynamicSolverType.ODE23])
def test_start_time_after_end_time_refused_with_automatic_step_size(solver):
    mbs, s, _ = _with_sensor()
    s.timeIntegration.startTime, s.timeIntegration.endTime = 2.0, 1.0
    with pytest.raises(exu.ExudynValueError, match="startTime = 2 > timeIntegration.endTime = 1"):
        mbs.SolveDynamic(s, solverType=solver)
    s.timeIntegration.automaticStepSize = s.timeIntegration.adaptiveStep = False
    with pytest.raises(exu.SolverError, match="startTime = 2 > timeIntegration.endTime = 1"):
        mbs.SolveDynamic(s, solverType=solver)


@pytest.mark.parametrize("solver, end, steps, t, qy", [
    (GA, 1e-12, 10, 1e-13, -4.9999999999999996e-26), (GA, 1e-12, 1, 1e-12, -4.999999999999999e-24),
    (GA, 1e-150, 1, 1e-150, -5e-300), (GA, 1.488e-154, 1, 1.488e-154, -1.107072e-307),
    (EE, 1e-12, 10, 1e-13, 0.0), (exu.DynamicSolverType.DOPRI5, 1e-300, 10, 1e-301, 0.0)])
def test_interval_below_tolerance_is_one_step(solver, end, steps, t, qy):
    t_out, q, _, rows = _solve(solver, 0.0, end, steps)
    assert t_out == t
    assert q == pytest.approx(qy, rel=1e-12, abs=0)
    assert rows[:, 0].tolist() == [0.0, t]


@pytest.mark.parametrize("end", [1.485e-154, 1e-200, 1e-300])
def test_implicit_step_too_small_is_a_solver_error(end):
    mbs, s, _ = _with_sensor()
    s.timeIntegration.endTime, s.timeIntegration.numberOfSteps = end, 1
    with pytest.raises(exu.SolverError):
        mbs.SolveDynamic(s)


@pytest.mark.parametrize("start, end, steps, step_index", [
    (1000.0, 1000.000001, 10, 11), (1e6, 1000000.0001, 10, 12), (0.0, 2.2e-10, 2, 3), (0.0, 1.1e-9, 11, 11)])
def test_end_time_tolerance_is_absolute(start, end, steps, step_index):
    mbs, s = _model()
    ti = s.timeIntegration
    ti.startTime, ti.endTime, ti.numberOfSteps = start, end, steps
    solver = exu.MainSolverImplicitSecondOrder()
    assert solver.SolveSystem(mbs, s)
    assert solver.it.currentStepIndex == step_index


def test_solver_object_starts_at_start_time_and_steps_again_at_the_end():
    mbs, s = _model()
    s.timeIntegration.startTime, s.timeIntegration.endTime = 1.0, 2.0
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    assert solver.it.currentTime == 1.0
    assert solver.SolveSteps(mbs, s)
    assert mbs.systemData.GetODE2Coordinates()[1] == pytest.approx(-4.999999999999992, rel=1e-13)
    s.timeIntegration.startTime, s.timeIntegration.endTime, s.timeIntegration.numberOfSteps = 0.0, 1.0, 10
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    solver.SolveSteps(mbs, s)
    assert (solver.it.currentTime, solver.it.currentStepIndex) == (0.9999999999999999, 11)
    assert solver.SolveSteps(mbs, s)          # one more step, to endTime
    assert (solver.it.currentTime, solver.it.currentStepIndex) == (1.0, 2)
