"""Fault-injection fuzz (issue 44): random small valid models (mass points and rigid bodies in a
chain of spring-dampers and distance constraints, from the ground) solved with a solution file and
a sensor file written every step, with a fault injected in a random step: a user function (the
load's, a spring-damper's or the PreStepUserFunction) raising, returning NaN or raising
KeyboardInterrupt. Asserted, as tests/model/test_output_faults.py decided: only the library's
errors (a UserFunctionError for a raise, a SolverError naming the function for NaN) or the
KeyboardInterrupt itself; the files complete to the last completed step (initial row + the
steps before the fault, every row parsed, no NUL byte), as the sensor's stored rows; the system
usable afterwards (a second solve writes all rows).

Budget: MULTIBODY_FUZZ_EXAMPLES examples (default 100, about 3 s);
e.g. ``MULTIBODY_FUZZ_EXAMPLES=1000 ./py -m pytest tests/model/test_fuzz_faults.py`` by hand."""
import math
import os

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import multibody as exu  # noqa: E402
from multibody.errors import UserFunctionError  # noqa: E402
from multibody.itemInterface import LoadForceVector, MarkerNodePosition, SensorNode  # noqa: E402

EXAMPLES = int(os.environ.get("MULTIBODY_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="MULTIBODY_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=list(HealthCheck))
H = 2e-3
SITES = ("load", "spring", "preStep")
FAULTS = ("raise", "nan", "interrupt")
SOLVERS = (exu.DynamicSolverType.GeneralizedAlpha, exu.DynamicSolverType.TrapezoidalIndex2)


class Fault:
    """The fault of one example: ``kind`` at ``site`` in the step to t = step h (armed until it fired)."""

    def __init__(self, site, kind, step):
        self.site, self.kind, self.step, self.armed, self.fired = site, kind, step, True, False

    def __call__(self, site, t, value):
        """``value``, or the fault where this is its site and step."""
        if not (self.armed and site == self.site and t > (self.step - 0.5) * H):
            return value
        self.fired = True
        if self.kind == "raise":
            raise ValueError("injected fault")
        if self.kind == "interrupt":
            raise KeyboardInterrupt
        return [math.nan] * len(value) if isinstance(value, list) else math.nan


def _model(bodies, links, fault):
    """A chain ground - body 0 - body 1 ...: ``bodies`` "point"/"rigid", ``links`` "spring"/
    "distance" (the first link a spring where the fault's site is a spring)."""
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    previous, nodes = ground, []
    for k, (kind, link) in enumerate(zip(bodies, links)):
        p = [0.5 * (k + 1), 0.0, 0.0]
        if kind == "point":
            body = mbs.CreateMassPoint(referencePosition=p, mass=1.0 + k, returnDict=True)
        else:
            body = mbs.CreateRigidBody(referencePosition=p, inertia=exu.utilities.InertiaCuboid(
                1000, [0.1, 0.05, 0.02]), returnDict=True)
        nodes.append(body["nodeNumber"])
        if link == "spring" or k == 0 and fault.site == "spring":
            user = (lambda mbs, t, i, u, v, k_, d, f0: fault("spring", t, k_ * u + d * v)) if k == 0 else 0
            mbs.CreateSpringDamper(itemNumbers=[previous, body["bodyNumber"]], stiffness=400.0, damping=2.0,
                                   springForceUserFunction=user)
        else:
            mbs.CreateDistanceConstraint(itemNumbers=[previous, body["bodyNumber"]])
        previous = body["bodyNumber"]
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=[0, -9.81, 0],
                                loadVectorUserFunction=lambda mbs, t, v: fault("load", t, [0.0, -9.81, 0.0])))
    mbs.SetPreStepUserFunction(lambda mbs, t: fault("preStep", t, True))
    return mbs, nodes[0]


def _settings(files, steps, solver):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = steps, steps * H
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.adaptiveStep = False
    s.solution.file.name = files[0]
    s.solution.file.writePeriod = s.solution.sensors.writePeriod = H
    return s


def _rows(name):
    """The data rows of a text output file, each parsed (as many values each, no NUL byte)."""
    data = open(name, "rb").read()
    assert bytes(1) not in data, f"{name}: NUL bytes"
    rows = [np.array(line.split(","), dtype=float) for line in data.decode().splitlines()
            if line.strip() and not line.startswith("#")]
    assert len({r.size for r in rows}) <= 1, f"{name}: rows of different lengths"
    return len(rows)


EXPECTED = {"raise": UserFunctionError, "interrupt": KeyboardInterrupt, "nan": exu.SolverError}


@FUZZ
@given(bodies=st.lists(st.sampled_from(("point", "rigid")), min_size=1, max_size=3),
       links=st.lists(st.sampled_from(("spring", "distance")), min_size=3, max_size=3),
       site=st.sampled_from(SITES), kind=st.sampled_from(FAULTS), steps=st.integers(2, 30),
       data=st.data(), solver=st.sampled_from(SOLVERS))
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_a_fault_leaves_complete_files_and_a_usable_system(bodies, links, site, kind, steps, data, solver, tmp_path_factory):
    if site == "preStep" and kind == "nan":
        kind = "raise"                  # (a PreStepUserFunction's NaN is a true value: not a fault)
    step = data.draw(st.integers(1, steps), label="fault step")
    folder = tmp_path_factory.mktemp("fault")
    files = [str(folder / "solution.txt"), str(folder / "sensor.txt")]
    fault = Fault(site, kind, step)
    mbs, node = _model(bodies, links, fault)
    mbs.AddSensor(SensorNode(nodeNumber=node, fileName=files[1], storeInternal=True,
                             outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    exc = None
    with np.errstate(all="ignore"):
        try:
            mbs.SolveDynamic(_settings(files, steps, solver), solverType=solver)
        except (Exception, KeyboardInterrupt) as e:     # noqa: BLE001 - the exception is the result
            exc = e
    assert fault.fired
    assert isinstance(exc, EXPECTED[kind]), repr(exc)
    if kind == "nan":
        assert not isinstance(exc, UserFunctionError) and "not finite" in str(exc), str(exc)
    elif kind == "raise":
        assert isinstance(exc.__cause__, ValueError)
    completed = step                    # the initial row and the steps before the fault
    assert [_rows(f) for f in files] == [completed, completed]
    assert mbs.GetSensorStoredData(0).shape[0] == completed

    fault.armed = False                 # the same system solved again, without the fault
    assert mbs.SolveDynamic(_settings(files, steps, solver), solverType=solver)
    assert [_rows(f) for f in files] == [steps + 1, steps + 1]
    assert np.isfinite(mbs.systemData.GetODE2Coordinates()).all()
