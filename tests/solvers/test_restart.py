"""Restart files (solution.restart; output/restart.py): written every writePeriod and at the end of a
dynamic solve, and continued from with continueIfAvailable, as Exudyn 1.13.6 (its file's fields and
text; a continued solve gives the numbers of one solve over the whole time, bit for bit, and continues
the solution and sensor files from their sizes at the restart, without new headers)."""
import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (CartesianSpringDamper, DistanceConstraint, LoadForceVector, LoadSolutionFile,
                                 MarkerNodePosition, MassPoint, NodePoint, NodePointGround, SensorNode)


def _pendulum(tmp_path, end, steps, restart=True, cont=False, solver=None, nodes=1, name="run"):
    """A mass point on a DistanceConstraint (an algebraic coordinate; with an explicit solver on a
    stiff spring instead) swinging under gravity; its solution file, a position sensor file and the
    restart file in tmp_path."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddNode(NodePointGround(referenceCoordinates=[0., 0., 0.]))
    mg = mbs.AddMarker(MarkerNodePosition(nodeNumber=g))
    for k in range(nodes):
        n = mbs.AddNode(NodePoint(referenceCoordinates=[1. + k, 0., 0.], initialVelocities=[0., 0.5, 0.]))
        mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
        m = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
        if solver is None:
            mbs.AddObject(DistanceConstraint(markerNumbers=[mg, m], distance=1. + k))
        else:
            mbs.AddObject(CartesianSpringDamper(markerNumbers=[mg, m], stiffness=[100., 100., 100.],
                                                offset=[1. + k, 0., 0.]))
        mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[0., -9.81, 0.]))
    mbs.AddSensor(SensorNode(nodeNumber=1, fileName=str(tmp_path / f"{name}_sensor.txt"),
                             outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = end
    ss.timeIntegration.newton.relativeTolerance = 1e-12     # (comparisons of Newton's results at 1e-9)
    ss.timeIntegration.newton.absoluteTolerance = 1e-12
    ss.solution.file.name = str(tmp_path / f"{name}.txt")
    ss.solution.restart.write = restart
    ss.solution.restart.writePeriod = 0.03
    ss.solution.restart.name = str(tmp_path / "restart" / "state.txt")
    ss.solution.restart.continueIfAvailable = cont
    if solver is None:
        mbs.SolveDynamic(ss)
    else:
        mbs.SolveDynamic(ss, solverType=solver)
    sd = mbs.systemData
    it = mbs.sys["dynamicSolver"].it
    return (np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()), np.array(sd.GetAECoordinates()),
            it.currentStepIndex, it.currentTime)


@pytest.mark.parametrize("solver", [None, exu.DynamicSolverType.RK44])
def test_continued_solve_equals_one_solve(tmp_path, solver):
    one = _pendulum(tmp_path / "one", 0.2, 20, restart=False, solver=solver)
    first = _pendulum(tmp_path / "two", 0.1, 10, solver=solver)
    text = (tmp_path / "two" / "restart" / "state.txt").read_text().splitlines()
    assert text[0].startswith("#Exudyn restart file (solution.restart)") and text[-1] == "#FINISHED"
    assert "time=0.099999999999999992" in text and "stepIndex=10" in text
    assert any(line.startswith("fingerprint=") and ";ODE2=3;ODE1=0;AE=" in line for line in text)
    cont = _pendulum(tmp_path / "two", 0.2, 20, cont=True, solver=solver)
    # explicit steps: the same numbers; implicit ones: the continued solve makes a new Newton matrix
    # where the one solve reused its last (modified Newton), the same within the Newton tolerance
    tol = 0.0 if solver is not None else 1e-9
    for a, b in zip(one[:3], cont[:3]):
        np.testing.assert_allclose(b, a, rtol=0, atol=tol * max(1.0, float(np.abs(a).max(initial=0.0))))
    assert cont[3:] == one[3:] and first[4] == pytest.approx(0.1)
    # the files go on from where they were: the rows of the one solve
    a = LoadSolutionFile(str(tmp_path / "one" / "run.txt"), verbose=False)["data"]
    b = LoadSolutionFile(str(tmp_path / "two" / "run.txt"), verbose=False)["data"]
    assert a.shape == b.shape == (21, 1 + 3 * 3 + (1 if solver is None else 0))
    np.testing.assert_allclose(b, a, rtol=0, atol=1e-6 if solver is None else 0.0)   # (10 digits; a_tt)
    rows = [np.array(line.split(","), dtype=float) for line in
            (tmp_path / "two" / "run_sensor.txt").read_text().splitlines() if not line.startswith("#")]
    ref = [np.array(line.split(","), dtype=float) for line in
           (tmp_path / "one" / "run_sensor.txt").read_text().splitlines() if not line.startswith("#")]
    np.testing.assert_allclose(np.array(rows), np.array(ref), rtol=0, atol=1e-8)
    assert (tmp_path / "two" / "run.txt").read_text().count("#simulation started") == 1


def test_no_continuation_from_another_model_or_an_unfinished_file(tmp_path):
    """A restart file of another model (its fingerprint) or one without its end line is not
    continued from: the solve starts at startTime."""
    _pendulum(tmp_path, 0.1, 10)
    other = _pendulum(tmp_path, 0.2, 20, cont=True, nodes=2, name="other")
    assert other[3] == 21                      # all 20 steps done
    state = tmp_path / "restart" / "state.txt"
    lines = state.read_text().splitlines()
    assert "ODE2=3" not in lines[2] and ";ODE2=6;" in lines[2]        # rewritten by the second model
    state.write_text("\n".join(lines[:-1]) + "\n")      # cut before #FINISHED
    again = _pendulum(tmp_path, 0.2, 20, cont=True, nodes=2, name="other")
    assert again[3] == 21
