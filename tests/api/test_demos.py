"""multibody.demos (exudyn.demos) against Exudyn 1.13.6's demos run without their renderer: the
same models and final states (reference: tests/reference/utilities_issue40.json, written by
tools/make_utilities40_reference.py)."""
import json
from pathlib import Path

import numpy as np
import pytest

import multibody as exu
import multibody.demos as demos

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "utilities_issue40.json"
with REFERENCE.open() as _f:
    REF = json.load(_f)["demos"]

# Demo1 is linear: the same numbers to round-off
DEMO1_ATOL = 1e-16
# Demo2: 200 generalized-alpha steps with Newton (tolerances 1e-10 relative): Exudyn and we agree
# to 2e-12 in the coordinates and 1e-6 in the joint forces (about 100 N); the Euler-parameter
# constraint multipliers are Newton noise (1e-8) on both sides
DEMO2_Q_ATOL, DEMO2_LAMBDA_ATOL = 1e-10, 1e-5


def test_solution_file_and_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert demos.demoSolutionDirectory == REF["demoSolutionDirectory"]
    assert demos.DemoSolutionFile("demo1.txt") == REF["solutionFile"]
    assert (tmp_path / "tmp" / "solution").is_dir()
    assert exu.demos is demos


@pytest.mark.parametrize("showAll", [True, False])
def test_demo1(tmp_path, monkeypatch, capsys, showAll):
    monkeypatch.chdir(tmp_path)
    mbs, SC = demos.Demo1(showAll=showAll)
    assert isinstance(mbs, exu.MainSystem) and isinstance(SC, exu.SystemContainer)
    sd = mbs.systemData
    np.testing.assert_allclose(sd.GetODE2Coordinates(), REF["demo1"]["q"], rtol=0, atol=DEMO1_ATOL)
    np.testing.assert_allclose(sd.GetODE2Coordinates_t(), REF["demo1"]["v"], rtol=0, atol=DEMO1_ATOL)
    assert sd.GetTime() == REF["demo1"]["t"]
    assert (tmp_path / REF["solutionFile"]).is_file()
    out = capsys.readouterr().out
    assert ("more examples" in out) is showAll


def test_demo2_without_show(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    mbs, SC = demos.Demo2(showAll=False)
    sd = mbs.systemData
    ref = REF["demo2"]
    assert [sd.NumberOfNodes(), sd.NumberOfObjects(), sd.NumberOfMarkers(), sd.NumberOfLoads()] == ref["sizes"]
    assert sd.GetTime() == pytest.approx(ref["t"], abs=1e-14)
    np.testing.assert_allclose(sd.GetODE2Coordinates(), ref["q"], rtol=0, atol=DEMO2_Q_ATOL)
    np.testing.assert_allclose(sd.GetAECoordinates(), ref["lambda"], rtol=0, atol=DEMO2_LAMBDA_ATOL)
    assert (tmp_path / "solution" / "coordinatesSolution.txt").is_file()
    assert capsys.readouterr().out == ""


def test_demo_info_prints(capsys):
    assert demos.DemoInfo() is None
    assert "more examples" in capsys.readouterr().out
