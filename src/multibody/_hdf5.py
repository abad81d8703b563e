"""SaveDictToHDF5 / LoadDictFromHDF5 (exudyn.advancedUtilities): hierarchical dictionaries in HDF5
files, with h5py, in Exudyn 1.13.6's layout (measured on files it writes): a dict or list is a
group, a value a dataset, each with the attribute ``datatype``: 'dict', 'list' (items named
item_0, item_1, ...), 'int', 'float', 'bool', 'str' (UTF-8 bytes), 'NoneType' (stored as 0),
'ndarray', a NumPy scalar's type name ('float64', 'int32': read back as Python numbers) or an
enum's class name (its int value; read back as the package's enum of that name)."""
from __future__ import annotations

import enum

import numpy as np


def _h5py(function):
    from ._optional import require
    return require("h5py", function)


def _dataset(group, key, data, datatype):
    group.create_dataset(key, data=data).attrs["datatype"] = datatype


def _write(h5py, group, data):
    for key, value in data.items():
        items = value.items() if isinstance(value, dict) else \
            ((f"item_{i}", v) for i, v in enumerate(value)) if isinstance(value, list) else None
        if items is not None:
            sub = group.create_group(key)
            sub.attrs["datatype"] = "dict" if isinstance(value, dict) else "list"
            _write(h5py, sub, dict(items))
        elif isinstance(value, np.ndarray):
            _dataset(group, key, value, "ndarray")
        elif isinstance(value, bool):
            _dataset(group, key, value, "bool")
        elif isinstance(value, enum.Enum) or _is_pybind_enum(value):
            _dataset(group, key, int(value), type(value).__name__)
        elif isinstance(value, np.generic):
            _dataset(group, key, value, type(value).__name__)
        elif isinstance(value, int):
            _dataset(group, key, value, "int")
        elif isinstance(value, float):
            _dataset(group, key, value, "float")
        elif isinstance(value, str):
            _dataset(group, key, value.encode("utf-8"), "str")
        elif value is None:
            _dataset(group, key, 0, "NoneType")
        else:
            raise ValueError(f"SaveDictToHDF5: unsupported type: {value}")


def _is_pybind_enum(value):
    return hasattr(type(value), "__members__") and hasattr(value, "value") and not isinstance(value, np.generic)


def SaveDictToHDF5(fileName, dataDict):
    """Save the hierarchical dictionary ``dataDict`` (dicts, lists, numbers, strings, bools, None,
    NumPy arrays and scalars, enums) to the HDF5 file ``fileName``; other types raise ValueError."""
    h5py = _h5py("SaveDictToHDF5")
    with h5py.File(fileName, "w") as f:
        _write(h5py, f, dataDict)


def _enum_type(name, caller_globals):
    from . import enums
    for space in (caller_globals or {}, vars(enums)):
        t = space.get(name)
        if isinstance(t, type):
            return t
    return None


def _read(h5py, node, caller_globals):
    if isinstance(node, h5py.Group):
        kind = node.attrs.get("datatype", "dict")
        if kind == "list":
            return [_read(h5py, node[f"item_{i}"], caller_globals) for i in range(len(node))]
        return {key: _read(h5py, node[key], caller_globals) for key in node}
    kind = node.attrs.get("datatype", "ndarray")
    value = node[()]
    if kind == "ndarray":
        return np.asarray(value)
    if kind == "str":
        return value.decode("utf-8") if isinstance(value, bytes) else str(value)
    if kind == "NoneType":
        return None
    if kind == "bool":
        return bool(value)
    if kind == "int" or kind.startswith(("int", "uint")):
        return int(value)
    if kind == "float" or kind.startswith("float"):
        return float(value)
    t = _enum_type(kind, caller_globals)
    return t(int(value)) if t is not None else value


def LoadDictFromHDF5(fileName, callerGlobals=None):
    """The hierarchical dictionary of an HDF5 file written by SaveDictToHDF5 (Exudyn's or this
    package's); enum values are looked up by their class name in ``callerGlobals``, then in
    multibody's enums."""
    h5py = _h5py("LoadDictFromHDF5")
    with h5py.File(fileName, "r") as f:
        return _read(h5py, f, callerGlobals)
