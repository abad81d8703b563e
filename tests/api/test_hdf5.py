"""SaveDictToHDF5 / LoadDictFromHDF5 in Exudyn 1.13.6's file layout: a file Exudyn wrote
(tools/make_hdf5_reference.py) is read back as the dictionary it saved, and the file written here
has the same groups, datasets, values and ``datatype`` attributes."""
import os

import h5py
import numpy as np
import pytest

import multibody as exu
from multibody.advancedUtilities import LoadDictFromHDF5, SaveDictToHDF5

from .hdf5_cases import reference_dict

EXUDYN_FILE = os.path.join(os.path.dirname(__file__), "..", "reference", "hdf5", "exudyn_dict.h5")


def _assert_same(a, b, where=""):
    assert type(a) is type(b), (where, type(a), type(b))
    if isinstance(a, dict):
        assert sorted(a) == sorted(b), where       # (HDF5 groups list their members by name)
        for k in a:
            _assert_same(a[k], b[k], f"{where}/{k}")
    elif isinstance(a, list):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            _assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b), where
    else:
        assert a == b, where


def _layout(node):
    """(name, kind, dtype, shape, value, datatype) of every group and dataset, in file order."""
    out = []

    def visit(name, obj):
        if isinstance(obj, h5py.Group):
            out.append((name, "group", None, None, None, obj.attrs.get("datatype")))
        else:
            v = obj[()]
            out.append((name, "dataset", str(obj.dtype), obj.shape, v.tolist() if hasattr(v, "tolist") else v,
                        obj.attrs.get("datatype")))
    node.visititems(visit)
    return out


def test_reads_a_file_exudyn_wrote():
    loaded = LoadDictFromHDF5(EXUDYN_FILE)
    expected = reference_dict(exu, np)
    expected["np float"], expected["np int32"] = 2.0, 3      # (read back as Python numbers, as Exudyn)
    _assert_same(loaded, expected)
    assert loaded["output"] is exu.OutputVariableType.Position


def test_writes_exudyns_layout(tmp_path):
    path = str(tmp_path / "d.h5")
    SaveDictToHDF5(path, reference_dict(exu, np))
    with h5py.File(path, "r") as ours, h5py.File(EXUDYN_FILE, "r") as theirs:
        assert _layout(ours) == _layout(theirs)


def test_unsupported_values_and_round_trip(tmp_path):
    path = str(tmp_path / "d.h5")
    for bad in ((1, 2), {1, 2}, 1 + 2j, object()):
        with pytest.raises(ValueError, match="SaveDictToHDF5: unsupported type"):
            SaveDictToHDF5(path, {"x": bad})
    data = {"a": [{"b": np.zeros((2, 0))}, None], "c": "", "d": False}
    SaveDictToHDF5(path, data)
    _assert_same(LoadDictFromHDF5(path), data)
