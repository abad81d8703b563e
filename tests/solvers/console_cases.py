"""Models whose console output (verboseMode 1, 2, 3, show.computationTime) is compared with
Exudyn 1.13.6's (tests/solvers/test_verbose_output.py), shared with
tools/make_console_reference.py, which runs them with Exudyn in a subprocess and stores what they
print in tests/reference/console_output.json.

``run(exu, ii, name)`` builds and solves case ``name`` with the package ``exu`` (exudyn or
multibody) and its itemInterface module ``ii``."""
import warnings


def pendulum(exu, ii):
    """A mass point on a DistanceConstraint to the ground under a force: 4 steps of 0.01 s."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ii.ObjectGround())
    n = mbs.AddNode(ii.NodePoint(referenceCoordinates=[1, 0, 0]))
    b = mbs.AddObject(ii.MassPoint(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=g, localPosition=[0, 0, 0]))
    m1 = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
    mbs.AddObject(ii.DistanceConstraint(markerNumbers=[m0, m1], distance=1))
    mbs.AddLoad(ii.Force(markerNumber=m1, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    return SC, mbs


def hanging_mass(exu, ii):
    """A 2D mass point on two springs under a force (a static equilibrium)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ii.ObjectGround())
    o = mbs.AddObject(ii.MassPoint2D(mass=1, nodeNumber=mbs.AddNode(ii.NodePoint2D(referenceCoordinates=[1, 1]))))
    m1 = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=o))
    for x in (0, 2):
        mg = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=g, localPosition=[x, 0, 0]))
        mbs.AddObject(ii.SpringDamper(markerNumbers=[mg, m1], stiffness=100, referenceLength=1))
    mbs.AddLoad(ii.Force(markerNumber=m1, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    return SC, mbs


def _settings(exu, verbose):
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.timeIntegration.numberOfSteps = 4
    s.timeIntegration.endTime = 0.04
    s.timeIntegration.verboseMode = verbose
    s.staticSolver.numberOfLoadSteps = 2
    s.staticSolver.verboseMode = verbose
    return s


def _dynamic(verbose, time=False, statistics=False):
    def case(exu, ii):
        SC, mbs = pendulum(exu, ii)
        s = _settings(exu, verbose)
        s.show.computationTime = time
        s.show.statistics = statistics
        mbs.SolveDynamic(s)
    return case


def _static(verbose):
    def case(exu, ii):
        SC, mbs = hanging_mass(exu, ii)
        mbs.SolveStatic(_settings(exu, verbose))
    return case


def _explicit(verbose):
    def case(exu, ii):
        SC, mbs = hanging_mass(exu, ii)
        mbs.SolveDynamic(_settings(exu, verbose), solverType=exu.DynamicSolverType.RK44)
    return case


CASES = {
    "dynamic_verbose1": _dynamic(1), "dynamic_verbose2": _dynamic(2), "dynamic_verbose3": _dynamic(3),
    "dynamic_computation_time": _dynamic(1, time=True), "dynamic_statistics": _dynamic(1, statistics=True),
    "static_verbose1": _static(1), "static_verbose2": _static(2), "static_verbose3": _static(3),
    "explicit_verbose1": _explicit(1), "explicit_verbose2": _explicit(2),
}


def run(exu, ii, name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        CASES[name](exu, ii)
