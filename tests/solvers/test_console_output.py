"""The solvers' console lines per step (verboseMode 2) number the steps as Exudyn 1.13.6 does:
"STEP1, t = 0.1s, ..." after the first time step, "STEP1, factor = 0.5, ..." after the first load
step (measured on the same models with Exudyn; before, multibody printed STEP2 there)."""
import re

import multibody as exu
from multibody.utilities import CartesianSpringDamper, Force, MarkerNodePosition, MassPoint, NodePoint, NodePointGround


def _mass_point(spring=False):
    """A mass point under a force; ``spring``: held by a spring to the ground (a static equilibrium)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    m = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(Force(markerNumber=m, loadVector=[0, -1, 0]))
    if spring:
        g = mbs.AddNode(NodePointGround(referenceCoordinates=[1, 0, 0]))
        mg = mbs.AddMarker(MarkerNodePosition(nodeNumber=g))
        mbs.AddObject(CartesianSpringDamper(markerNumbers=[mg, m], stiffness=[10, 10, 10]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    return mbs, ss


def _steps(out):
    """(number, 't' or 'factor', value) of each step line."""
    return re.findall(r"^STEP(\d+), (t|factor) = ([0-9.]+)", out, flags=re.M)


def test_time_steps_are_numbered_from_one(capsys):
    mbs, ss = _mass_point()
    ss.timeIntegration.numberOfSteps = 4
    ss.timeIntegration.endTime = 0.4
    ss.timeIntegration.verboseMode = 2
    assert mbs.SolveDynamic(ss)
    assert _steps(capsys.readouterr().out) == [("1", "t", "0.1"), ("2", "t", "0.2"), ("3", "t", "0.3"),
                                               ("4", "t", "0.4")]


def test_load_steps_are_numbered_from_one(capsys):
    mbs, ss = _mass_point(spring=True)
    ss.staticSolver.numberOfLoadSteps = 2
    ss.staticSolver.verboseMode = 2
    assert mbs.SolveStatic(ss)
    assert _steps(capsys.readouterr().out) == [("1", "factor", "0.5"), ("2", "factor", "1")]
