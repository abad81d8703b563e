"""basicUtilities of issue 40 against Exudyn 1.13.6: the binary readers, RecoverSolutionFile,
ClearWorkspace, GetJointArgs / GetOtherMarker and the deprecated sensor recorder.

Reference values: tests/reference/utilities_issue40.json (tools/make_utilities40_reference.py)
and the small tables below, measured by calling Exudyn's functions."""
import base64
import io
import json
import sys
import types
from pathlib import Path

import numpy as np
import pytest

import multibody as exu
import multibody.basicUtilities as bu
import multibody.utilities as u
from tests.api import utility_models as models

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "utilities_issue40.json"
with REFERENCE.open() as _f:
    REF = json.load(_f)

# marker frames from rotation matrices: the same formulas up to the order of operations
FRAME_ATOL = 1e-14
# the sensor recorder's values come from a solve: Exudyn's and ours agree to round-off
SOLVE_ATOL = 1e-12


def _i32(k):
    return np.int32(k).tobytes()


# (reader, bytes, argument dtypes, expected value, expected end-of-file flag, bytes consumed),
# each as Exudyn 1.13.6 answers it
BINARY_CASES = [
    ("BinaryReadIndex", b"\x01\x02", ("i4",), 0, True, 2),
    ("BinaryReadIndex", np.int64(7).tobytes(), ("i8",), 7, False, 8),
    ("BinaryReadReal", np.float32(1.5).tobytes(), ("f4",), 1.5, False, 4),
    ("BinaryReadReal", np.float32(1.5).tobytes(), ("f8",), 0, True, 4),
    ("BinaryReadRealVector", _i32(5) + np.arange(3.0).tobytes(), ("i4", "f8"), [], True, 28),
    ("BinaryReadRealVector", _i32(0), ("i4", "f8"), [], False, 4),
    ("BinaryReadRealVector", _i32(-1) + np.arange(3.0).tobytes(), ("i4", "f8"), [], True, 28),
    ("BinaryReadRealVector", _i32(2) + np.arange(2, dtype=np.float32).tobytes(), ("i4", "f4"), [0.0, 1.0], False, 12),
    ("BinaryReadString", _i32(10) + b"abc", ("i4",), "abc", False, 7),
    ("BinaryReadString", _i32(0), ("i4",), "", False, 4),
    ("BinaryReadArrayIndex", _i32(4) + _i32(1) + _i32(2), ("i4",), [1, 2], False, 12),
    ("BinaryReadArrayIndex", _i32(0), ("i4",), [], False, 4),
    ("BinaryReadArrayIndex", np.array([2, 3, 4], dtype=np.int64).tobytes(), ("i8",), [3, 4], False, 24),
]


@pytest.mark.parametrize("name, data, dtypes, value, end, consumed", BINARY_CASES)
def test_binary_readers(name, data, dtypes, value, end, consumed):
    fh = io.BytesIO(data)
    result = getattr(bu, name)(fh, *[np.dtype(d).type for d in dtypes])
    assert result[1] is end
    assert fh.tell() == consumed
    if isinstance(value, list):
        assert list(np.asarray(result[0]).tolist()) == value
    else:
        assert result[0] == value


@pytest.mark.parametrize("name", ["BinaryReadString", "BinaryReadArrayIndex"])
def test_binary_readers_of_sized_data_raise_index_error_at_the_end(name):
    with pytest.raises(IndexError, match=name):
        getattr(bu, name)(io.BytesIO(b""), np.int32)


def test_binary_scalar_types_are_numpys():
    index, _ = bu.BinaryReadIndex(io.BytesIO(_i32(3)), np.int32)
    real, _ = bu.BinaryReadReal(io.BytesIO(np.float64(0.5).tobytes()), np.float64)
    assert type(index) is np.int32 and type(real) is np.float64


def test_binary_readers_read_exudyns_solution_file(tmp_path):
    path = tmp_path / "solution.sol"
    path.write_bytes(base64.b64decode(REF["binary"]["bytes"]))
    readers = {"S": lambda f: bu.BinaryReadString(f, np.int32), "A": lambda f: bu.BinaryReadArrayIndex(f, np.int32),
               "I": lambda f: bu.BinaryReadIndex(f, np.int32),
               "V": lambda f: bu.BinaryReadRealVector(f, np.int32, np.float64)}
    with path.open("rb") as fh:
        fh.read(16)
        for kind, value, end in REF["binary"]["reads"]:
            result = readers[kind](fh)
            assert result[1] is end
            if isinstance(value, list):
                np.testing.assert_array_equal(result[0], value)
            else:
                assert result[0] == value


@pytest.mark.parametrize("case", range(len(REF["recover"])))
def test_recover_solution_file(case, tmp_path):
    ref = REF["recover"][case]
    source, target = tmp_path / "in.txt", tmp_path / "out.txt"
    source.write_text(ref["input"])
    if ref["output"] is None:
        with pytest.raises(ValueError, match="RecoverSolutionFile"):
            bu.RecoverSolutionFile(str(source), str(target))
        return
    assert bu.RecoverSolutionFile(str(source), str(target)) is None
    assert target.read_text() == ref["output"]


def test_recover_solution_file_verbose_levels(tmp_path, capsys):
    source = tmp_path / "in.txt"
    source.write_text(REF["recover"][2]["input"])
    bu.RecoverSolutionFile(str(source), str(tmp_path / "a.txt"), verbose=0)
    assert capsys.readouterr().out == ""
    bu.RecoverSolutionFile(str(source), str(tmp_path / "b.txt"), verbose=1)
    out = capsys.readouterr().out
    assert "ignored solution data 1 (file line 6 ), columns= 1" in out and "data row" not in out
    bu.RecoverSolutionFile(str(source), str(tmp_path / "c.txt"), verbose=2)
    assert "data row 4, #cols=3, text=0.3,1,1" in capsys.readouterr().out


def test_clear_workspace(monkeypatch):
    main = types.ModuleType("__main__")
    main.__dict__.update(a=1, _b=2, myfunc=3, f=len, np=np, cls=int, text="func", words=["module"])
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.setattr(exu, "variables", {"x": 1})
    monkeypatch.setattr(exu, "sys", {"renderState": 5, "y": 2})
    u.ClearWorkspace()
    kept = {k for k in vars(main) if not k.startswith("__")}
    # Exudyn 1.13.6 keeps '_' names and values whose str() contains 'func' or 'module'
    assert kept == {"_b", "f", "np", "text", "words"}
    assert exu.variables == {} and exu.sys == {"renderState": 5}


def _joint_case(k):
    kind, other, angle = REF["jointMarkers"]["calls"][k]
    mbs, SC, items = models.joint_bodies(exu, u)
    if kind == "nodeMarker0":
        m = mbs.AddMarker(u.MarkerNodeRigid(nodeNumber=items["node0"]))
    else:
        m = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=items["body0"], localHT=u.HomogeneousTransformation(
            u.RotationMatrixX(0.4), [0.5, 0.1, 0]), visualization=u.VMarkerBodyRigid(show=False)))
    side = "1" if kind == "markerNumber1" else "0"
    args = {"markerNumber" + side: m, "rotationMarker" + side: None if angle is None else u.RotationMatrixY(angle),
            ("bodyNumber0" if side == "1" else "bodyNumber1"): items[other]}
    return mbs, m, u.GetJointArgs(mbs, **args)


@pytest.mark.parametrize("case", range(len(REF["jointMarkers"]["calls"])))
def test_get_joint_args(case):
    ref = REF["jointMarkers"]["results"][case]
    mbs, m, result = _joint_case(case)
    assert [int(k) for k in result["markerNumbers"]] == ref["markerNumbers"]
    assert mbs.systemData.NumberOfMarkers() == int(m) + 1 + len(ref["new"])
    for k, expected in ref["new"].items():
        d = mbs.GetMarker(int(k))
        assert d["markerType"] == expected["markerType"]
        for key in ("bodyNumber", "nodeNumber"):
            assert (None if d.get(key) is None else int(d[key])) == expected[key]
        np.testing.assert_allclose(d["localHT"], expected["localHT"], rtol=0, atol=FRAME_ATOL)


def test_get_joint_args_keeps_the_marker_for_an_identity_rotation():
    mbs, SC, items = models.joint_bodies(exu, u)
    m = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=items["body0"], localPosition=[0.5, 0.1, 0]))
    result = u.GetJointArgs(mbs, markerNumber0=m, bodyNumber1=items["body1"],
                            rotationMarker0=[[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    assert [int(k) for k in result["markerNumbers"]] == [int(m), int(m) + 1]
    assert mbs.systemData.NumberOfMarkers() == int(m) + 2


@pytest.mark.parametrize("kwargs, message", [
    ({}, "if markerNumber0 is None, markerNumber1 must be provided"),
    ({"markerNumber0": 0}, "if markerNumber0 is given, bodyNumber1 must be given too"),
    ({"markerNumber0": 0, "markerNumber1": 0}, "if markerNumber0 is given, markerNumber1 must be None"),
    ({"markerNumber1": 0, "bodyNumber1": 1}, "if markerNumber1 is given, bodyNumber0 must be given too")])
def test_get_joint_args_errors(kwargs, message):
    mbs, SC, items = models.joint_bodies(exu, u)
    mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=items["body0"]))
    with pytest.raises(ValueError, match=message):
        u.GetJointArgs(mbs, **kwargs)


def test_get_other_marker():
    mbs, SC, items = models.joint_bodies(exu, u)
    m = mbs.AddMarker(u.MarkerBodyPosition(bodyNumber=items["body0"], localPosition=[0.5, 0.1, 0]))
    for name in ("body1", "ground", "point"):
        ref = REF["jointMarkers"]["otherMarker"][name]
        k = u.GetOtherMarker(mbs, items[name], m, show=name != "point")
        d = mbs.GetMarker(k)
        assert int(k) == ref["marker"] and d["markerType"] == "BodyRigid" and d["Vshow"] is ref["show"]
        np.testing.assert_allclose(d["localHT"], ref["localHT"], rtol=0, atol=FRAME_ATOL)


# time -> row of UFsensorRecord with factors [0.02] (400 rows), as Exudyn 1.13.6 writes them
RECORD_ROWS = [(0.1 - 1e-7, 4), (0.1 - 1e-9, 5), (2 - 1e-7, 99), (2 + 1e-7, 100), (0.03, 1), (0.05, 2),
               (-0.01, 0), (-0.0200001, None), (399 * 0.02, 399), (400 * 0.02, None)]


@pytest.mark.parametrize("t, row", RECORD_ROWS)
def test_uf_sensor_record_row(t, row):
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u)
    s = mbs.AddSensor(u.SensorBody(bodyNumber=mp, outputVariableType=exu.OutputVariableType.Position,
                                   writeToFile=False))
    mbs.Assemble()
    mbs.variables["sensorRecord" + str(int(s))] = np.full((400, 4), -1.0)
    values = u.UFsensorRecord(mbs, t, [s], [0.02], exu.ConfigurationType.Current)
    np.testing.assert_array_equal(values, [1.1, 2.2, 2.7])
    written = np.nonzero(mbs.variables["sensorRecord" + str(int(s))][:, 0] != -1.0)[0]
    assert list(written) == ([] if row is None else [row])


def test_add_sensor_recorder_records_the_solve():
    ref = REF["sensorRecorder"]
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u, gravity=(0, -9.81, 0))
    s = mbs.AddSensor(u.SensorBody(bodyNumber=mp, outputVariableType=exu.OutputVariableType.Position,
                                   writeToFile=False))
    with pytest.warns(DeprecationWarning, match="AddSensorRecorder"):
        r = u.AddSensorRecorder(mbs, s, 0.1, 0.02)
    assert int(r) == ref["sensor"] and mbs.variables["sensorRecord0"].shape == (6, 4)
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.endTime, ss.timeIntegration.numberOfSteps = 0.1, 10
    ss.solution.sensors.writePeriod, ss.solution.file.write = 0.02, False
    mbs.SolveDynamic(ss)
    np.testing.assert_allclose(mbs.variables["sensorRecord0"], ref["record"], rtol=0, atol=SOLVE_ATOL)
