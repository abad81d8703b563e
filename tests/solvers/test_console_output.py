"""The solvers' console lines per step (verboseMode 2) number the steps as Exudyn 1.13.6 does:
"STEP1, t = 0.1s, ..." after the first time step, "STEP1, factor = 0.5, ..." after the first load
step (measured on the same models with Exudyn; before, multibody printed STEP2 there)."""
import re

import numpy as np

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
    """(number, 't' or 'factor', value) of each step's summary line (with Nit/step)."""
    return re.findall(r"^STEP(\d+), (t|factor) = ([0-9.]+)s?, timeToGo = .*, Nit/step", out, flags=re.M)


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


def _chain_run(verbose, solver_type=None, steps=250):
    """Five mass points on springs with verboseMode ``verbose``; returns (final coordinates, the
    calls of the compiled steps)."""
    from multibody.engine.driver import Engine
    from multibody.utilities import ObjectGround, MarkerBodyPosition, SpringDamper
    calls = []
    steps_fn = Engine.steps

    def counted(self):
        calls.append(1)
        return steps_fn(self)
    Engine.steps = counted
    try:
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        prev = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mbs.AddObject(ObjectGround())))
        for i in range(5):
            n = mbs.AddNode(NodePoint(referenceCoordinates=[i + 1., 0, 0], initialVelocities=[0, 0.1 * i, 0]))
            m = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
            mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
            mbs.AddObject(SpringDamper(markerNumbers=[prev, m], stiffness=100, damping=0.1, referenceLength=1))
            mbs.AddLoad(Force(markerNumber=m, loadVector=[0, -1, 0]))
            prev = m
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.solution.file.write = False
        ss.timeIntegration.numberOfSteps = steps
        ss.timeIntegration.endTime = 0.001 * steps
        ss.timeIntegration.verboseMode = verbose
        assert mbs.SolveDynamic(ss, **({} if solver_type is None else {'solverType': solver_type}))
        return mbs.systemData.GetODE2Coordinates(), len(calls)
    finally:
        Engine.steps = steps_fn


def test_verbose_mode_1_runs_the_compiled_steps_and_prints_the_last_step(capsys):
    """verboseMode 1 prints a step line every 2 s and at the last step (as Exudyn 1.13.6); the
    steps run in chunks of compiled steps all the same (Python reports after each call), with the
    same numbers; verboseMode 2 reports every step, one step per call."""
    for solver_type in (None, exu.DynamicSolverType.RK44):
        q0, _ = _chain_run(0, solver_type)
        capsys.readouterr()
        q1, calls = _chain_run(1, solver_type)
        out = capsys.readouterr().out
        np.testing.assert_array_equal(q0, q1)
        assert 0 < calls <= 5, solver_type
        assert _steps(out) == [("250", "t", "0.25")], (solver_type, out)
        assert "Solver terminated successfully" in out
        q2, calls = _chain_run(2, solver_type)
        np.testing.assert_array_equal(q0, q2)
        assert calls >= 250 and len(_steps(capsys.readouterr().out)) == 250


def _distance_pendulum():
    """A mass point on a DistanceConstraint under gravity (the model the figures below were
    measured on with Exudyn 1.13.6)."""
    from multibody.utilities import DistanceConstraint, MarkerBodyPosition, MassPoint2D, NodePoint2D, ObjectGround
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodePoint2D(referenceCoordinates=[1, 0]))
    o = mbs.AddObject(MassPoint2D(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=o))
    mbs.AddObject(DistanceConstraint(markerNumbers=[m0, m1], distance=1))
    mbs.AddLoad(Force(markerNumber=m1, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    ss.timeIntegration.endTime = 1
    ss.timeIntegration.newton.useModifiedNewton = True
    return mbs, ss


def _nit(out):
    return [(int(s), float(v)) for s, v in re.findall(r"^STEP(\d+), .*, Nit/step = ([0-9.]+)$", out, flags=re.M)]


def test_newton_iterations_per_step_since_the_last_line(capsys):
    """Nit/step is the mean number of Newton iterations per step since the previous line, as
    Exudyn 1.13.6 prints it: 6.015 after 1000 steps of this pendulum (one line, 6015 iterations),
    4.3 after 10 load steps of the static model (43 iterations); with verboseMode 2, the count of
    each step (Exudyn: 5, 7, 11, 12, 9, 10, 10, 10, 8, 9 for 10 steps)."""
    mbs, ss = _distance_pendulum()
    ss.timeIntegration.numberOfSteps = 1000
    ss.timeIntegration.verboseMode = 1
    assert mbs.SolveDynamic(ss)
    out = capsys.readouterr().out
    assert "STEP1000, t = 1s, timeToGo = 0s, Nit/step = 6.015\n" in out, out
    assert mbs.sys['dynamicSolver'].it.newtonStepsCount == 6015

    mbs, ss = _distance_pendulum()
    ss.timeIntegration.numberOfSteps = 10
    ss.timeIntegration.verboseMode = 2
    assert mbs.SolveDynamic(ss)
    assert _nit(capsys.readouterr().out) == [(i + 1, k) for i, k in enumerate([5, 7, 11, 12, 9, 10, 10, 10, 8, 9])]

    from multibody.utilities import MarkerBodyPosition, MassPoint2D, NodePoint2D, ObjectGround, SpringDamper
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    o = mbs.AddObject(MassPoint2D(mass=1, nodeNumber=mbs.AddNode(NodePoint2D(referenceCoordinates=[1, 1]))))
    m1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=o))
    for x in (0, 2):
        mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g, localPosition=[x, 0, 0]))
        mbs.AddObject(SpringDamper(markerNumbers=[mg, m1], stiffness=100, referenceLength=1))
    mbs.AddLoad(Force(markerNumber=m1, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.staticSolver.numberOfLoadSteps = 10
    ss.staticSolver.verboseMode = 1
    assert mbs.SolveStatic(ss)
    assert "STEP10, factor = 1, timeToGo = 0s, Nit/step = 4.3\n" in capsys.readouterr().out
