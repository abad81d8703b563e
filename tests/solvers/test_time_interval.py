"""Time intervals Exudyn 1.13.6 refuses (issue 44): endTime = startTime (step size 0) fails with a
SolverError in SolveDynamic; a static solve's loadStepStart or loadStepDuration that is not finite is
refused (Exudyn: fails in its first step or runs for ever)."""
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
