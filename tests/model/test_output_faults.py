"""Output files under faults (issue 44): a solve that ends by an exception (a user function
raising, returning NaN, a KeyboardInterrupt from a user function), by its solver's error (Newton
failure, singular Jacobian), or that cannot write (read-only folder, full disk) leaves its
solution and sensor files closed, each holding the rows of the steps completed, with a footer
where Exudyn writes one; a second solve truncates or appends without stale bytes; the state after
the fault is the one Exudyn leaves.

The model (a mass point on a DistanceConstraint, gravity from a load user function, 500 steps of
1 ms, a solution file and two sensor files) and the figures are those measured from Exudyn 1.13.6
(scripts /tmp/h44a/model.py, run right after the exception, before the process exits).
"""
import math
import os

import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (CartesianSpringDamper, DistanceConstraint, LoadBinarySolutionFile, LoadForceVector, MarkerBodyPosition,
                                 MarkerNodePosition, MassPoint, NodePoint, ObjectGround, SensorNode)

H, STEPS = 1e-3, 500
T_FAULT = 249.5 * H                  # a fault in the step to t = 0.25 (step 250)
X_NONE = (0.5, -0.6089468134800908, -0.9203680814286277)   # (t, x, y) at the end of the undisturbed solve

# Exudyn 1.13.6: (fault, write periods) -> (exception, (solution file rows, footers), (sensor file 1 rows,
# footers), (sensor file 2 rows, footers), (t, x, y) of the state after the solve); periods "every":
# all files every step, "period": solution file every 0.02 s, sensor files every 0.01 s; a file
# that is not there: None
EXUDYN = {
    ("none", "every"): (None, (501, 1), (501, 0), (501, 0), X_NONE),
    ("pre_raise", "every"): ("ModelError", (250, 0), (250, 0), (250, 0),
                             (0.25000000000000017, -0.045608480722060266, -0.2985579138632115)),
    ("load_raise", "every"): ("ModelError", (250, 0), (250, 0), (250, 0),
                              (0.25000000000000017, -0.04633314625624395, -0.30086958164004074)),
    ("load_nan", "every"): ("SolverError", (250, 1), (250, 0), (250, 0),
                            (0.24949999474121112, -0.04597080487907726, -0.2997136881374028)),
    ("pre_interrupt", "every"): ("ModelError", (250, 0), (250, 0), (250, 0),
                                 (0.25000000000000017, -0.045608480722060266, -0.2985579138632115)),
    ("load_interrupt", "every"): ("ModelError", (250, 0), (250, 0), (250, 0),
                                  (0.25000000000000017, -0.04633314625624395, -0.30086958164004074)),
    ("pre_false", "every"): (None, (251, 1), (251, 0), (251, 0),
                             (0.25000000000000017, -0.04633527275197817, -0.3008713811630558)),
    ("newton", "every"): ("SolverError", (46, 1), (46, 0), (46, 0),
                          (0.046, -5.38607407692304e-05, -0.010378755948484282)),
    ("singular", "every"): ("InternalError", (1, 0), (1, 0), (1, 0), (0.0005, 0.0, 0.0)),
    ("full", "every"): (None, None, (501, 0), (501, 0), X_NONE),
    ("full_sensor", "every"): (None, (501, 1), None, (501, 0), X_NONE),
    ("readonly", "every"): ("ExudynValueError", None, None, None, (0.0, 0.0, 0.0)),
    ("readonly_sensor", "every"): ("ExudynValueError", (0, 0), None, None, (0.0, 0.0, 0.0)),
    ("none", "period"): (None, (26, 1), (51, 0), (51, 0), X_NONE),
    ("pre_raise", "period"): ("ModelError", (13, 0), (25, 0), (25, 0),
                              (0.25000000000000017, -0.045608480722060266, -0.2985579138632115)),
    ("load_raise", "period"): ("ModelError", (13, 0), (25, 0), (25, 0),
                               (0.25000000000000017, -0.04633314625624395, -0.30086958164004074)),
    ("load_nan", "period"): ("SolverError", (13, 1), (25, 0), (25, 0),
                             (0.24949999474121112, -0.04597080487907726, -0.2997136881374028)),
    ("pre_interrupt", "period"): ("ModelError", (13, 0), (25, 0), (25, 0),
                                  (0.25000000000000017, -0.045608480722060266, -0.2985579138632115)),
    ("load_interrupt", "period"): ("ModelError", (13, 0), (25, 0), (25, 0),
                                   (0.25000000000000017, -0.04633314625624395, -0.30086958164004074)),
    ("pre_false", "period"): (None, (13, 1), (26, 0), (26, 0),
                              (0.25000000000000017, -0.04633527275197817, -0.3008713811630558)),
    ("newton", "period"): ("SolverError", (3, 1), (5, 0), (5, 0),
                           (0.046, -5.38607407692304e-05, -0.010378755948484282)),
    ("singular", "period"): ("InternalError", (1, 0), (1, 0), (1, 0), (0.0005, 0.0, 0.0)),
    ("full", "period"): (None, None, (51, 0), (51, 0), X_NONE),
    ("full_sensor", "period"): (None, (26, 1), None, (51, 0), X_NONE),
    ("readonly", "period"): ("ExudynValueError", None, None, None, (0.0, 0.0, 0.0)),
}

# where multibody differs from the figures above, by design: fault -> what it has instead
# - a KeyboardInterrupt from a user function stays a KeyboardInterrupt (Exudyn: a ModelError);
# - NaN from a user function fails the step at once: the state where NaN appeared, the predictor of
#   the step to t = 0.25, Exudyn's state after load_raise (Exudyn retries with h/2 and stops there);
# - a Newton failure leaves the last completed step, Exudyn's row at t = 0.045 (Exudyn: the failed
#   step's last iterate at t = 0.046);
# - a singular Jacobian is the solver's error, with its footer, in the first step to t = 0.001
#   (Exudyn 1.13.6: an InternalError "matrix is not factorized" after a retry with h/2, no footer).
DIFFERENT = {
    "pre_interrupt": {"exception": "KeyboardInterrupt"},
    "load_interrupt": {"exception": "KeyboardInterrupt"},
    "load_nan": {"state": (0.25000000000000017, -0.04633314625624395, -0.30086958164004074)},
    "newton": {"state": (0.045, -4.932778811e-05, -0.009932428613)},
    "singular": {"exception": "SolverError", "footer": 1, "state": (0.001, 0.0, 0.0)},
}

EXCEPTIONS = {"ModelError": exu.ModelError, "SolverError": exu.SolverError, "InternalError": exu.InternalError,
              "ExudynValueError": exu.ExudynValueError, "KeyboardInterrupt": KeyboardInterrupt}


def _pendulum(files, fault):
    """The model of the measurements with ``fault`` injected at step 250; ``files``: solution and the
    two sensor files."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    mn = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    for _ in range(2 if fault == "singular" else 1):     # (twice: redundant constraints)
        mbs.AddObject(DistanceConstraint(markerNumbers=[mg, mn], distance=1))
    fired = []

    def load(mbs, t, v):
        if t > T_FAULT and not fired:
            if fault in ("load_raise", "load_interrupt"):
                fired.append(t)
                raise ValueError("fault at step 250") if fault == "load_raise" else KeyboardInterrupt
            if fault == "load_nan":
                return [0, math.nan, 0]
        return [0, -9.81, 0]
    mbs.AddLoad(LoadForceVector(markerNumber=mn, loadVector=[0, -9.81, 0], loadVectorUserFunction=load))
    for k, ovt in ((1, exu.OutputVariableType.Position), (2, exu.OutputVariableType.Velocity)):
        mbs.AddSensor(SensorNode(nodeNumber=n, fileName=files[k], outputVariableType=ovt, storeInternal=True))
    calls = []

    def pre(mbs, t):
        calls.append(t)
        if len(calls) == 250 and fault == "pre_raise":
            raise ValueError("fault at step 250")
        if len(calls) == 250 and fault == "pre_interrupt":
            raise KeyboardInterrupt
        return not (len(calls) == 250 and fault == "pre_false")
    if fault.startswith("pre_"):
        mbs.SetPreStepUserFunction(pre)
    mbs.Assemble()
    return mbs


def _settings(files, variant, fault="none", append=False):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = STEPS
    s.timeIntegration.endTime = STEPS * H
    s.timeIntegration.verboseMode = 0
    s.solution.file.name = files[0]
    s.solution.file.append = s.solution.sensors.append = append
    s.solution.file.writePeriod = 0.02 if variant == "period" else H
    s.solution.sensors.writePeriod = 0.01 if variant == "period" else H
    s.solution.file.binary = variant == "binary"
    s.solution.sensors.writeFooter = variant == "sensor_footer"
    if fault == "newton":
        s.timeIntegration.adaptiveStep = False
        s.timeIntegration.newton.maxIterations = 3
    return s


def _file_names(tmp_path, fault):
    """Solution and sensor files; for "readonly"/"readonly_sensor" the first/second in a folder that
    cannot be written (a folder without write permission, or /proc where that is writable: root);
    for "full"/"full_sensor" the first/second a link to /dev/full."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    files = [str(tmp_path / name) for name in ("sol.txt", "s1.txt", "s2.txt")]
    if fault.startswith("readonly"):
        folder = tmp_path / "readonly"
        folder.mkdir(parents=True)
        folder.chmod(0o555)
        if os.access(folder, os.W_OK):
            folder = "/proc"
        k = 0 if fault == "readonly" else 1
        files[k] = os.path.join(str(folder), os.path.basename(files[k]))
    if fault.startswith("full"):
        if not os.path.exists("/dev/full"):
            pytest.skip("no /dev/full to emulate a full disk")
        os.symlink("/dev/full", files[0 if fault == "full" else 1])
    return files


def _count(name, solves=1):
    """(data rows, footers) of a text output file, its rows parsed (each as many values, times
    increasing in each of ``solves`` appended runs); None where the file does not exist (or is a
    link to a device)."""
    if not os.path.exists(name) or os.path.islink(name):
        return None
    data = open(name, "rb").read()
    nul = data.count(bytes(1))
    assert nul == 0, f"{name}: {nul} NUL bytes"
    lines = data.decode().splitlines()
    rows = [np.array(line.split(","), dtype=float) for line in lines if line.strip() and not line.startswith("#")]
    assert len({len(r) for r in rows}) <= 1, f"{name}: rows of different lengths"
    if rows:
        assert np.sum(np.diff(np.array(rows)[:, 0]) <= 0) == solves - 1, f"{name}: times not increasing"
    footers = sum(line.startswith("#simulation finished=") for line in lines)
    assert footers == sum(line.startswith("#Solver Info:") for line in lines), name
    return len(rows), footers


def _solve(tmp_path, fault, variant):
    """Solve with ``fault``: (exception, the three files' (rows, footers), (t, x, y) after it,
    rows stored by each sensor)."""
    files = _file_names(tmp_path, fault)
    mbs = _pendulum(files, fault)
    exc = None
    with np.errstate(all="ignore"):
        try:
            mbs.SolveDynamic(_settings(files, variant, fault))
        except (Exception, KeyboardInterrupt) as e:    # noqa: BLE001 - the exception is the result
            exc = e
    counts = tuple(_count(f) for f in files)           # (read before anything else closes them)
    sd = mbs.systemData
    state = (sd.GetTime(),) + tuple(sd.GetODE2Coordinates()[:2])
    stored = [mbs.GetSensorStoredData(i).shape[0] for i in range(2)]
    return exc, counts, state, stored


def _expected(fault, variant):
    exc, sol, s1, s2, state = EXUDYN[fault, variant]
    diff = DIFFERENT.get(fault, {})
    exc = diff.get("exception", exc)
    if "footer" in diff:
        sol = (sol[0], diff["footer"])
    return exc, (sol, s1, s2), diff.get("state", state)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("fault, variant", sorted(EXUDYN))
def test_fault_matrix_as_exudyn(fault, variant, tmp_path):
    """Each fault: the exception, every file's rows and footers right after it, the rows stored by
    the sensors and the state, as Exudyn (or as DIFFERENT says)."""
    exc_name, counts, state = _expected(fault, variant)
    exc, got, got_state, stored = _solve(tmp_path, fault, variant)
    if exc_name is None:
        assert exc is None, repr(exc)
    else:
        assert isinstance(exc, EXCEPTIONS[exc_name]), repr(exc)
    assert got == counts, (got, counts)
    np.testing.assert_allclose(got_state, state, rtol=1e-9, atol=1e-12)
    if counts[1] is not None or fault == "full_sensor":
        sensor_rows = EXUDYN[fault, variant][3]
        assert stored == [0 if sensor_rows is None else sensor_rows[0]] * 2, stored


def test_a_user_function_error_names_the_function_and_is_a_model_error(tmp_path):
    """The error of a load user function that raised: a ModelError (Exudyn's kind) and a
    SolverError, naming the item and function, the user's exception as its cause."""
    exc, _, _, _ = _solve(tmp_path, "load_raise", "every")
    assert isinstance(exc, exu.ModelError) and isinstance(exc, exu.SolverError)
    assert "loadVectorUserFunction" in str(exc) and "LoadForceVector" in str(exc)
    assert isinstance(exc.__cause__, ValueError)


def test_an_unwritable_folder_is_named_and_opens_no_sensor_file(tmp_path):
    """A solution file that cannot be opened: Exudyn's message "failed to open solution file
    '<name>'", no sensor file made (the solution file is opened first, as Exudyn)."""
    exc, counts, _, _ = _solve(tmp_path, "readonly", "every")
    assert isinstance(exc, exu.ExudynValueError)
    assert str(exc).startswith("failed to open solution file '") and "sol.txt'" in str(exc)
    assert counts[1:] == (None, None)
    exc, _, _, _ = _solve(tmp_path / "second", "readonly_sensor", "every")
    assert "failed to open sensor file '" in str(exc) and "(sensor number 0)" in str(exc)


def test_a_full_disk_warns_once_and_the_solve_goes_on(tmp_path):
    """Writes into a full disk: the solve ends as without them (as Exudyn), with one RuntimeWarning
    naming the file."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full to emulate a full disk")
    with pytest.warns(RuntimeWarning, match="sensor file .*s1.txt.*writing failed") as record:
        exc, counts, state, _ = _solve(tmp_path, "full_sensor", "every")
    assert exc is None and counts[0] == (501, 1)
    assert sum("s1.txt" in str(w.message) for w in record) == 1
    np.testing.assert_allclose(state, X_NONE, rtol=1e-9)


# Exudyn 1.13.6, two solves of the model in one process writing the same files: (first fault,
# append in the second) -> the files' (rows, footers) after the second solve
SECOND = {
    ("none", False): ((501, 1), (501, 0), (501, 0)),
    ("none", True): ((1002, 2), (1002, 0), (1002, 0)),
    ("pre_raise", False): ((501, 1), (501, 0), (501, 0)),
    ("pre_interrupt", False): ((501, 1), (501, 0), (501, 0)),
}


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("first, append", sorted(SECOND))
def test_a_second_solve_truncates_or_appends_as_exudyn(first, append, tmp_path):
    """A second solve after a first that returned or raised: the files rewritten (or appended to),
    without NUL bytes or rows of the first left over; stored sensor rows appended with the files."""
    files = _file_names(tmp_path, "none")
    mbs = _pendulum(files, first)
    try:
        mbs.SolveDynamic(_settings(files, "every"))
    except (exu.ModelError, KeyboardInterrupt):
        pass
    mbs.SetPreStepUserFunction(0)
    mbs.SolveDynamic(_settings(files, "every", append=append))
    assert tuple(_count(f, 2 if append else 1) for f in files) == SECOND[first, append]
    rows = SECOND[first, append][1][0]
    assert [mbs.GetSensorStoredData(i).shape[0] for i in range(2)] == [rows, rows]
    np.testing.assert_allclose((mbs.systemData.GetTime(),) + tuple(mbs.systemData.GetODE2Coordinates()[:2]),
                               X_NONE, rtol=1e-9)


# Exudyn 1.13.6 with solution.sensors.writeFooter: fault -> the three files' (rows, footers)
SENSOR_FOOTER = {
    "pre_raise": ((250, 0), (250, 0), (250, 0)),
    "load_nan": ((250, 1), (250, 1), (250, 1)),
    "newton": ((46, 1), (46, 1), (46, 1)),
}


@pytest.mark.parametrize("fault", sorted(SENSOR_FOOTER))
def test_sensor_file_footers_as_exudyn(fault, tmp_path):
    """solution.sensors.writeFooter: the solution file's two footer lines in every sensor file where
    the solve returned or its solver failed; none after an exception."""
    files = _file_names(tmp_path, fault)
    mbs = _pendulum(files, fault)
    with np.errstate(all="ignore"), pytest.raises(exu.ExudynError):
        mbs.SolveDynamic(_settings(files, "sensor_footer", fault))
    assert tuple(_count(f) for f in files) == SENSOR_FOOTER[fault]


# Exudyn 1.13.6 with solution.file.binary: fault -> (rows of the solution file, its end written)
BINARY = {"none": (501, True), "pre_raise": (250, False), "load_nan": (250, True)}


@pytest.mark.parametrize("fault", sorted(BINARY))
def test_binary_solution_file_under_faults_as_exudyn(fault, tmp_path, capsys):
    """A binary solution file: its rows up to the last completed step after an exception, its end
    (-1, "simulation finished=", ..., "EXUEND") where the solve returned or its solver failed."""
    files = _file_names(tmp_path, "none")
    mbs = _pendulum(files, fault)
    with np.errstate(all="ignore"):
        try:
            mbs.SolveDynamic(_settings(files, "binary", fault))
        except exu.ExudynError:
            pass
    rows, complete = BINARY[fault]
    data = LoadBinarySolutionFile(files[0], verbose=False)
    assert data["nRows"] == rows
    assert ("end of file inconsistent" not in capsys.readouterr().out) == complete
    assert open(files[0], "rb").read().endswith(b"EXUEND") == complete
    assert abs(data["data"][-1, 0] - (rows - 1) * H) < 1e-12


def _spring_mass(d):
    """A mass point on a CartesianSpringDamper to the ground, gravity from a load user function
    raising where the load factor (static) exceeds 0.45, a PreStepUserFunction raising at its 250th
    call, a sensor file."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    mn = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    ground = mbs.AddObject(ObjectGround())
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[1, 0, 0]))
    mbs.AddObject(CartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[100, 100, 100]))

    def load(mbs, t, v):
        if t > 0.45:
            raise ValueError("fault in the load")
        return [0, -9.81, 0]
    mbs.AddLoad(LoadForceVector(markerNumber=mn, loadVectorUserFunction=load))
    mbs.AddSensor(SensorNode(nodeNumber=n, fileName=str(d / "s1.txt"), storeInternal=True,
                             outputVariableType=exu.OutputVariableType.Position))
    calls = []

    def pre(mbs, t):
        calls.append(t)
        if len(calls) == 250:
            raise ValueError("fault at step 250")
        return True
    return mbs, pre


# Exudyn 1.13.6: solve -> (solution file (rows, footers), sensor file (rows, footers), t, y after it)
OTHER_SOLVERS = {
    "RK44": ((250, 0), (250, 0), 0.25000000000000017, -0.17610116770759182),
    "static": ((5, 0), (5, 0), 0.5, -0.0981),
    "MainSolverImplicitSecondOrder": ((250, 0), (250, 0), 0.25000000000000017, -0.1760999178420532),
}


@pytest.mark.parametrize("solve", sorted(OTHER_SOLVERS))
def test_other_solvers_under_a_user_function_error_as_exudyn(solve, tmp_path):
    """The explicit (RK44, PreStepUserFunction raising at step 250) and static solvers (load user
    function raising in the 5th of 10 load steps) and a solver object's SolveSystem (implicit,
    preStep raising): a ModelError, the files with the rows of the steps completed, no footer; the
    state as Exudyn's."""
    mbs, pre = _spring_mass(tmp_path)
    if solve != "static":
        mbs.SetPreStepUserFunction(pre)
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = STEPS, STEPS * H
    s.staticSolver.numberOfLoadSteps = 10
    s.solution.file.name = str(tmp_path / "sol.txt")
    s.solution.file.writePeriod = s.solution.sensors.writePeriod = H
    with pytest.raises(exu.ModelError):
        if solve == "RK44":
            mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.RK44)
        elif solve == "static":
            mbs.SolveStatic(s)
        else:
            exu.MainSolverImplicitSecondOrder().SolveSystem(mbs, s)
    sol, s1, t, y = OTHER_SOLVERS[solve]
    assert (_count(str(tmp_path / "sol.txt")), _count(str(tmp_path / "s1.txt"))) == (sol, s1)
    assert mbs.GetSensorStoredData(0).shape[0] == s1[0]
    np.testing.assert_allclose([mbs.systemData.GetTime(), mbs.systemData.GetODE2Coordinates()[1]], [t, y],
                               rtol=1e-9)
