"""Reading solution files back: LoadSolutionFile (text) and LoadBinarySolutionFile (binary,
solution.file.binary), with the names, arguments and results of Exudyn 1.13.6's utilities; the
files themselves against Exudyn's are reference cases (sensors_file, binary_solution_file*)."""
import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (LoadBinarySolutionFile, LoadForceVector, LoadSolutionFile, MarkerNodePosition,
                                 MassPoint, NodePoint)


def _solve(tmp_path, binary=False, precision=10, steps=4):
    """A thrown mass point under a force, its solution file (velocities and accelerations too);
    returns (file name, the rows [t, q, v, a] computed from the exact motion)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
    mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
    m = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[0., -10., 0.]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = 0.1 * steps
    ss.solution.file.name = str(tmp_path / "solution" / "run")
    ss.solution.file.binary = binary
    ss.solution.precision = precision
    mbs.SolveDynamic(ss)
    t = 0.1 * np.arange(steps + 1)
    z = np.zeros_like(t)
    rows = np.stack([t, t, -5 * t * t, z, z + 1, -10 * t, z, z, z - 10, z], axis=1)
    return str(tmp_path / "solution" / ("run.sol" if binary else "run.txt")), rows


def test_text_file(tmp_path, capsys):
    name, rows = _solve(tmp_path)
    d = LoadSolutionFile(name)
    assert set(d) == {"data", "columnsExported", "nColumns", "nRows"}
    assert d["columnsExported"] == [3, 3, 3, 0, 0, 0, 0] and d["nColumns"] == 9 and d["nRows"] == 5
    np.testing.assert_allclose(d["data"], rows, rtol=1e-9, atol=1e-12)
    out = capsys.readouterr().out
    assert "columns imported = [3, 3, 3, 0, 0, 0, 0]" in out and "array size of file = 10" in out
    assert LoadSolutionFile(name, safeMode=True, maxRows=2, verbose=False)["data"].shape == (2, 10)


def test_text_file_cut_off_and_without_header(tmp_path):
    """Safe mode skips a last row cut off (a file still being written) with a warning; the plain
    mode raises on it (numpy's error, as Exudyn); a file without header counts every column
    after time as an ODE2 coordinate (Exudyn 1.13.6 fails there)."""
    name, rows = _solve(tmp_path)
    lines = open(name).read().splitlines()
    data = [k for k, line in enumerate(lines) if not line.startswith("#")]
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[:data[-1]] + [lines[data[-1]][:10]]) + "\n")
    d = LoadSolutionFile(str(cut), safeMode=True, verbose=False)
    np.testing.assert_allclose(d["data"], rows[:-1], rtol=1e-9, atol=1e-12)
    with pytest.raises(ValueError):
        LoadSolutionFile(str(cut), verbose=False)
    plain = tmp_path / "plain.txt"
    plain.write_text("\n".join(lines[k] for k in data) + "\n")
    d = LoadSolutionFile(str(plain), hasHeader=False, verbose=False)
    assert d["columnsExported"] == [9, 0, 0, 0, 0, 0, 0] and d["nRows"] == 5
    with pytest.raises(exu.ExudynValueError, match="number of written coordinates"):
        LoadSolutionFile(str(plain), verbose=False)
    empty = tmp_path / "empty.txt"
    empty.write_text("\n".join(lines[:data[0]]) + "\n")
    with pytest.raises(exu.ExudynValueError, match="no rows"):
        LoadSolutionFile(str(empty), verbose=False)


@pytest.mark.parametrize("precision, dtype", [(10, np.float64), (6, np.float32)])
def test_binary_file(tmp_path, precision, dtype):
    """solution.file.binary writes name.sol (doubles, or floats below precision 8); read back the
    rows as written; the text file is not written."""
    name, rows = _solve(tmp_path, binary=True, precision=precision)
    assert not (tmp_path / "solution" / "run.txt").exists()
    d = LoadBinarySolutionFile(name, verbose=False)
    assert d["data"].dtype == dtype and d["nRows"] == 5 and int(d["nColumns"]) == 9
    assert list(d["columnsExported"]) == [3, 3, 3, 0, 0, 0, 0]
    np.testing.assert_allclose(d["data"], rows, rtol=1e-6 if precision < 8 else 1e-12, atol=1e-6)
    assert LoadBinarySolutionFile(name, maxRows=3, verbose=False)["data"].shape == (3, 10)


def test_binary_file_cut_off(tmp_path, capsys):
    """A binary file without its end (a solve stopped while writing) gives its complete rows."""
    name, rows = _solve(tmp_path, binary=True)
    data = open(name, "rb").read()
    cut = tmp_path / "cut.sol"
    cut.write_bytes(data[:len(data) - 150])
    d = LoadBinarySolutionFile(str(cut), verbose=False)
    assert 0 < d["nRows"] < 5
    np.testing.assert_allclose(d["data"], rows[:d["nRows"]], rtol=1e-12, atol=1e-12)
    assert "end of file inconsistent" in capsys.readouterr().out
    (tmp_path / "text.sol").write_text("#not binary\n")
    with pytest.raises(exu.ExudynValueError, match="not a binary solution file"):
        LoadBinarySolutionFile(str(tmp_path / "text.sol"))


@pytest.mark.parametrize("flush_above", [10000, 10])
def test_lines_are_flushed_at_each_write(tmp_path, flush_above):
    """Every line of the solution file is flushed when written (whatever
    solution.file.flushAboveCoordinates), so that the file grows during the solve and holds every
    line of the steps done if the solve stops by an exception (tests/model/test_output_faults.py)."""
    import os
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
    mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
    mbs.Assemble()
    name = tmp_path / "run.txt"
    sizes = []

    def post_step(mbs, t):
        sizes.append(os.path.getsize(name))
        return True
    mbs.SetPostStepUserFunction(post_step)
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 5
    ss.timeIntegration.endTime = 0.5
    ss.solution.file.name = str(name)
    ss.solution.file.flushAboveCoordinates = flush_above
    mbs.SolveDynamic(ss)
    # (the first call, at the start time, comes before the initial line)
    assert sizes[-1] > sizes[1] > 0
    assert LoadSolutionFile(str(name), verbose=False)["nRows"] == 6


def test_set_solution_state(tmp_path, capsys):
    """SetSolutionState: a row of a loaded solution into a configuration (coordinates, rates and
    accelerations as exported); the time only for Visualization, as Exudyn 1.13.6; a row out of
    range prints Exudyn's message and changes nothing; -1 is the last row."""
    from multibody.utilities import SetSolutionState
    name, rows = _solve(tmp_path)
    sol = LoadSolutionFile(name, verbose=False)
    CT = exu.ConfigurationType
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.]))
    mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
    mbs.Assemble()
    sd = mbs.systemData
    for cfg, t in ((CT.Visualization, 0.2), (CT.Current, 0.0), (CT.Initial, 0.0)):
        assert SetSolutionState(mbs, sol, 2, configuration=cfg) is None
        np.testing.assert_array_equal(sd.GetODE2Coordinates(configuration=cfg), sol["data"][2, 1:4])
        np.testing.assert_array_equal(sd.GetODE2Coordinates_t(configuration=cfg), sol["data"][2, 4:7])
        np.testing.assert_array_equal(sd.GetODE2Coordinates_tt(configuration=cfg), sol["data"][2, 7:10])
        assert sd.GetTime(cfg) == pytest.approx(t)
    capsys.readouterr()
    SetSolutionState(mbs, sol, 5, configuration=CT.Visualization)
    assert capsys.readouterr().out == "ERROR in SetVisualizationState: invalid row (out of range)\n"
    assert sd.GetTime(CT.Visualization) == pytest.approx(0.2)
    SetSolutionState(mbs, sol, -1, configuration=CT.Visualization)
    np.testing.assert_array_equal(sd.GetODE2Coordinates(configuration=CT.Visualization), sol["data"][-1, 1:4])
