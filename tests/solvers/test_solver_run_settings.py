"""Settings of a solver run: verboseModeFile (the solver's console lines of that level written to
solution.solverInformationFileName, the dynamic and the static solver, as Exudyn 1.13.6 writes its
lines there; level 1: the header, the last step and the final line) and timeIntegration.realtime."""
import pytest

import multibody as exu
from multibody.utilities import (CartesianSpringDamper, LoadForceVector, MarkerNodePosition, MassPoint, NodePoint,
                                 NodePointGround)


def _spring_model(steps=3):
    """A mass point on a Cartesian spring under a force, and settings for ``steps`` steps (or load
    steps) without a solution file."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddNode(NodePointGround(referenceCoordinates=[0., 0., 0.]))
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1., 0., 0.]))
    mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
    m, mg = mbs.AddMarker(MarkerNodePosition(nodeNumber=n)), mbs.AddMarker(MarkerNodePosition(nodeNumber=g))
    mbs.AddObject(CartesianSpringDamper(markerNumbers=[mg, m], stiffness=[100., 100., 100.]))
    mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[-1., 0., 0.]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = 0.1 * steps
    ss.staticSolver.numberOfLoadSteps = steps
    ss.solution.file.write = False
    return mbs, ss


def _spring(tmp_path, static=False, file_level=1, console=0, steps=3, fail=False):
    mbs, ss = _spring_model(steps)
    name = tmp_path / "info" / "solver.txt"
    ss.solution.solverInformationFileName = str(name)
    solver = ss.staticSolver if static else ss.timeIntegration
    solver.verboseModeFile = file_level
    solver.verboseMode = console
    if fail:
        solver.newton.maxIterations = 1
        solver.newton.relativeTolerance = 1e-30
        solver.newton.absoluteTolerance = 1e-30
    if fail:
        with pytest.raises(exu.SolverError):
            (mbs.SolveStatic if static else mbs.SolveDynamic)(ss)
    else:
        (mbs.SolveStatic if static else mbs.SolveDynamic)(ss)
    return name.read_text().splitlines() if name.exists() else None


@pytest.mark.parametrize("static", [False, True])
def test_level_one_writes_the_console_lines_of_level_one(tmp_path, capsys, static):
    lines = _spring(tmp_path, static)
    solver = "nonlinear static solver" if static else "implicit second order time integration"
    assert lines[:2] == ["+++++++++++++++++++++++++++++++", f"multibody V{exu.__version__} solver: {solver}"]
    assert lines[2].startswith("STEP3, " + ("factor = 1," if static else "t = 0.3s,"))
    assert lines[3].startswith("Solver terminated successfully after ") and len(lines) == 4
    assert capsys.readouterr().out == ""          # verboseMode 0: nothing on the console


def test_level_two_writes_every_step_and_the_console_keeps_its_level(tmp_path, capsys):
    lines = _spring(tmp_path, file_level=2, console=1)
    steps = [line.split(",")[0] for line in lines if "Nit/step" in line]   # (the steps' summary lines)
    assert steps == ["STEP1", "STEP2", "STEP3"]
    console = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in console if line.startswith("STEP")] == ["STEP3"]   # level 1: the last


def test_no_file_at_level_zero_and_a_failed_solve_closes_it(tmp_path):
    assert _spring(tmp_path, file_level=0) is None
    lines = _spring(tmp_path, fail=True)
    assert lines[-1].startswith("Solver terminated unsuccessfully after ")
    assert "SolverError" in lines[-2]


@pytest.mark.parametrize("factor", [1.0, 4.0])
def test_realtime_waits_for_the_clock(monkeypatch, factor):
    """timeIntegration.realtime.active: after each step the solver sleeps (in waitMicroseconds
    pieces) until the wall clock has run the simulated time / factor (a fake clock that only the
    sleeps advance here: a test does not measure wall time); off, it does not sleep."""
    from multibody.solvers import steploop as implicit
    clock = [0.0]
    sleeps = []

    def sleep(dt):
        sleeps.append(dt)
        clock[0] += dt
    monkeypatch.setattr(implicit, "_realtime_clock", lambda: clock[0])
    monkeypatch.setattr(implicit, "_realtime_sleep", sleep)
    for active in (True, False):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        n = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
        mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps = 20
        ss.timeIntegration.endTime = 0.2
        ss.timeIntegration.realtime.active = active
        ss.timeIntegration.realtime.factor = factor
        ss.timeIntegration.realtime.waitMicroseconds = 5000
        ss.solution.file.write = False
        del sleeps[:]
        clock[0] = 0.0
        mbs.SolveDynamic(ss)
        if active:
            assert clock[0] == pytest.approx(0.2 / factor, abs=1e-12)
            assert max(sleeps) <= 0.005 + 1e-15 and len(sleeps) >= 20
        else:
            assert sleeps == []
        assert mbs.systemData.GetODE2Coordinates()[0] == pytest.approx(0.2)


@pytest.mark.parametrize("static", [False, True])
def test_show_statistics(tmp_path, capsys, static):
    """show.statistics: after the final line, with verboseMode >= 1 (and into the information
    file), the steps, Newton iterations and Jacobians, in Exudyn 1.13.6's lines (the same counts on
    this model: 3 steps, 3 iterations, 1 Jacobian dynamic / 3 static)."""
    mbs, ss = _spring_model()
    ss.show.statistics = True
    solve = mbs.SolveStatic if static else mbs.SolveDynamic
    solver = ss.staticSolver if static else ss.timeIntegration
    solver.verboseMode = 0
    solve(ss)
    assert capsys.readouterr().out == ""                 # verboseMode 0: nothing
    solver.verboseMode = 1
    solver.verboseModeFile = 1
    ss.solution.solverInformationFileName = str(tmp_path / "info.txt")
    solve(ss)
    expected = ["Solver iteration statistics:", "total number of steps:        3",
                "total number of Newton iterations: 3",
                "total number of Newton Jacobians:  " + ("3" if static else "1")]
    assert capsys.readouterr().out.splitlines()[-4:] == expected
    assert (tmp_path / "info.txt").read_text().splitlines()[-4:] == expected
