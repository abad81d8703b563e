"""The solvers' console output against Exudyn 1.13.6's on the same models
(tests/reference/console_output.json, written by tools/make_console_reference.py): the same lines
for verboseMode 1, 2 and 3 (Newton's iterations, vectors and Jacobians), show.statistics and
show.computationTime, with every number replaced by '#' (wall-clock times differ); where Exudyn's
numbers are those of the model (Newton's residuals, the solution vectors), they are compared too."""
import json
import logging
import re
from pathlib import Path

import numpy as np
import pytest

import multibody as exu
import multibody.itemInterface as ii
from multibody import messages

from .console_cases import CASES, run

REFERENCE = json.loads((Path(__file__).parents[1] / "reference" / "console_output.json").read_text())
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")
# the lines that carry wall-clock times or their percentages (not compared as numbers)
TIMED = ("timeToGo", "seconds", "%", "EXUDYN V", "multibody V")
# Newton residuals agree with Exudyn's to round-off of the iteration (measured: 6 digits printed)
NUMBER_RTOL = 1e-4


def _structure(text):
    """Each line with its numbers replaced by '#', the version line without the package name."""
    lines = []
    for line in text.splitlines():
        line = line.replace("EXUDYN V", "PACKAGE V").replace("multibody V", "PACKAGE V")
        lines.append(NUMBER.sub("#", line))
    return lines


def _numbers(text):
    """The numbers of the lines that hold no wall-clock time."""
    out = []
    for line in text.splitlines():
        if not any(word in line for word in TIMED):
            out.extend(float(x) for x in NUMBER.findall(line))
    return np.array(out)


def _output(name, capsys):
    capsys.readouterr()
    run(exu, ii, name)
    return capsys.readouterr().out


# the explicit solvers' stage values (sol ODE2 of each Runge-Kutta stage) are inside the compiled
# step: not printed
STAGE_LINES = ("  sol ODE2  =", "  sol ODE2_t=", "non-Lie coords")


@pytest.mark.parametrize("name", sorted(CASES))
def test_console_lines_as_exudyns(name, capsys):
    ours = _output(name, capsys)
    expected = REFERENCE["cases"][name]
    if name.startswith("explicit"):
        expected = "\n".join(line for line in expected.splitlines() if not line.startswith(STAGE_LINES))
    if name == "dynamic_computation_time":
        # the timers: Exudyn's parts of the C++ solver; here those measured (explicit below)
        head = expected.split("  non-zero timer")[0]
        assert _structure(ours.split("  non-zero timer")[0]) == _structure(head)
        assert "  overhead          = " in ours and "  integrationFormula= " in ours
        return
    assert _structure(ours) == _structure(expected)
    if not name.startswith("explicit"):
        np.testing.assert_allclose(_numbers(ours), _numbers(expected), rtol=NUMBER_RTOL, atol=1e-12)


def test_solver_lines_are_log_records(capsys, caplog):
    """The lines are records of the 'multibody.solver' logger at INFO (verboseMode 1), DEBUG (2)
    and VERBOSE3 (3); the logger's level filters them."""
    root = logging.getLogger("multibody")
    messages.use_logging_only(True)
    try:
        with caplog.at_level(1, logger="multibody"):
            run(exu, ii, "dynamic_verbose3")
        levels = {r.levelno for r in caplog.records if r.name == "multibody.solver"}
        assert levels == {logging.INFO, logging.DEBUG, messages.VERBOSE3}
        assert capsys.readouterr().out == ""        # not on the console: to logging's handlers
    finally:
        messages.use_logging_only(False)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        run(exu, ii, "dynamic_verbose2")
        out = capsys.readouterr().out
        assert "Solver terminated successfully" in out and "NEWTON STEP" not in out
    finally:
        root.setLevel(level)


def test_print_file_receives_the_solver_lines(tmp_path, capsys):
    """The console lines go where exu.Print goes: the file of SetWriteToFile too."""
    f = tmp_path / "out.txt"
    exu.SetWriteToFile(str(f))
    try:
        run(exu, ii, "dynamic_verbose1")
    finally:
        exu.SetWriteToFile("", False)
    assert "Solver terminated successfully" in f.read_text()


def test_progress_bar(capsys):
    """show_progress: a tqdm bar on stderr for runs longer than ``delay`` (here 0 s)."""
    pytest.importorskip("tqdm")
    messages.show_progress(True, delay=0.0)
    try:
        run(exu, ii, "dynamic_verbose1")
    finally:
        messages.show_progress(False)
    captured = capsys.readouterr()
    assert "implicit second order time integration" in captured.err and "it/s" not in captured.err
    assert "|" in captured.err
    with pytest.raises(ValueError, match="delay"):
        messages.show_progress(True, delay=-1)


def test_progress_bar_without_tqdm(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    messages.show_progress(True)
    try:
        with pytest.warns(messages.SolverWarning, match=r"pip install 'multibody\[progress\]'"):
            CASES["dynamic_verbose1"](exu, ii)
    finally:
        messages.show_progress(False)
