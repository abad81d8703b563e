"""Helpers with the names and arguments of Exudyn's ``exudyn.advancedUtilities`` (1.13) that scripts
use: smooth steps and frequency sweeps for user functions (their values measured against Exudyn
1.13.6: the same numbers), RoundMatrix, the type checks that scripts and user functions use
(IsVector, IsValidRealInt, ..., ExpectedType, RaiseTypeError), small matrix and index helpers.
``from multibody.utilities import *`` gives them, as Exudyn's utilities do.
"""
from __future__ import annotations

import enum
import math
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from ._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from .enums import (ConfigurationType, ContactTypeIndex, CrossSectionType, DynamicSolverType, ItemType, JointType,
                    LinearSolverType, NodeType, OutputVariableType)
from .indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
from ._hdf5 import LoadDictFromHDF5, SaveDictToHDF5  # noqa: F401
from ._system_energy import (CreateLoadEnergySensor, ItemODE2Coordinates, LoadPotentialEnergy,  # noqa: F401
                             NumericalJacobian, SystemEnergy)

__all__ = ["FrequencySweep", "RoundMatrix", "SmoothStep", "SmoothStepDerivative", "SweepCos", "SweepSin",
           "ExpectedType", "RaiseTypeError", "specialExudynTypes", "IsNone", "IsNotNone", "IsInteger", "IsReal",
           "IsValidBool", "IsValidInt", "IsValidRealInt", "IsValidPRealInt", "IsValidURealInt", "IsEmptyList",
           "IsListOrArray", "IsVector", "IsIntVector", "IsSquareMatrix", "IsValidObjectIndex", "IsValidNodeIndex",
           "IsValidMarkerIndex", "FillInSubMatrix", "FindObjectIndex", "FindNodeIndex", "IndexFromValue",
           "ConvertScipySparseToDict", "ConvertDictToScipySparse",
           "CreateLoadEnergySensor", "ItemODE2Coordinates", "LoadPotentialEnergy", "NumericalJacobian", "SystemEnergy",
           "SaveDictToHDF5", "LoadDictFromHDF5", "PlotLineCode"]

# the index and enum types of the package (Exudyn's names: user functions check arguments against them)
specialExudynTypes = (ObjectIndex, NodeIndex, LoadIndex, MarkerIndex, SensorIndex, OutputVariableType,
                      ConfigurationType, ItemType, NodeType, JointType, DynamicSolverType, CrossSectionType,
                      LinearSolverType, ContactTypeIndex)


class ExpectedType(enum.IntFlag):
    """The types an argument is checked against (RaiseTypeError), as flags with Exudyn's values."""
    _None = 0
    Positive = 1
    Unsigned = 2
    Bool = 4
    Int = 8
    PInt = 9
    UInt = 10
    Real = 16
    PReal = 17
    UReal = 18
    Vector = 32
    IntVector = 40
    Matrix = 64
    RigidBodyInertia = 128
    NodeIndex = 256
    ObjectIndex = 512
    MarkerIndex = 1024
    LoadIndex = 2048
    SensorIndex = 4096
    String = 8192


def RaiseTypeError(where: str = "", argumentName: str = "", received: Any = None, expectedType: Any = None,
                   dim: Optional[int] = None, cols: Optional[int] = None):
    """Raise the ValueError of an argument of the wrong type: where, which argument, what was
    received, what was expected (an ExpectedType or a text; dim: a vector's size or a square
    matrix's, cols: a matrix's columns)."""
    expected = (expectedType.name or str(expectedType)) if isinstance(expectedType, ExpectedType) else str(expectedType)
    if dim is not None:
        expected += f" of size {dim}" + (f" x {cols}" if cols is not None else "")
    raise ValueError(f"{where}: argument '{argumentName}' must be {expected}; received {received!r} "
                     f"(type {type(received).__name__})")


def IsNone(x: Any):
    """True if x is None (also for arrays and structures)."""
    return x is None


def IsNotNone(x: Any):
    return x is not None


def IsInteger(x: Any):
    """True for Python and NumPy integers (bool included)."""
    return isinstance(x, (int, np.integer))


def IsReal(x: Any):
    """True for Python and NumPy floats."""
    return isinstance(x, (float, np.floating))


def IsValidBool(x: Any):
    """True for what passes as a bool: bools and integers."""
    return isinstance(x, (bool, int, np.integer))


def IsValidInt(x: Any):
    """True for Python and NumPy integers."""
    return isinstance(x, (int, np.integer))


def IsValidRealInt(x: Any):
    """True for integers and double-precision floats."""
    return isinstance(x, (int, float, np.integer, np.float64))


def IsValidPRealInt(x: Any):
    """True for a positive IsValidRealInt."""
    return bool(IsValidRealInt(x) and x > 0)


def IsValidURealInt(x: Any):
    """True for a non-negative IsValidRealInt."""
    return bool(IsValidRealInt(x) and x >= 0)


def IsEmptyList(x: Any):
    """True for an empty list or array."""
    return isinstance(x, (list, np.ndarray)) and len(x) == 0


def IsListOrArray(data: Any, checkIfNoneEmpty: bool = False):
    """True for a list or an array (checkIfNoneEmpty: also not empty)."""
    return isinstance(data, (list, np.ndarray)) and (not checkIfNoneEmpty or len(data) > 0)


def _numbers(v, kinds):
    if not isinstance(v, (list, tuple, np.ndarray)):
        return None
    a = np.asarray(v, dtype=object)
    if a.ndim != 1 or not all(isinstance(x, kinds) and not isinstance(x, bool) or isinstance(x, bool) and int in kinds
                              for x in a):
        return None
    return a


def IsVector(v: Vector, expectedSize: Optional[int] = None):
    """True for a 1D list or array of numbers (of expectedSize entries where given)."""
    a = _numbers(v, (int, float, np.integer, np.floating))
    return a is not None and (expectedSize is None or len(a) == expectedSize)


def IsIntVector(v: Vector, expectedSize: Optional[int] = None):
    """True for a 1D list or array of integers (of expectedSize entries where given)."""
    a = _numbers(v, (int, np.integer))
    return a is not None and (expectedSize is None or len(a) == expectedSize)


def IsSquareMatrix(m: Matrix, expectedSize: Optional[int] = None):
    """True for a square 2D list or array of numbers (expectedSize rows where given)."""
    try:
        a = np.asarray(m, dtype=float)
    except (TypeError, ValueError):
        return False
    return a.ndim == 2 and a.shape[0] == a.shape[1] and (expectedSize is None or a.shape[0] == expectedSize)


def _valid_index(x, kind):
    return isinstance(x, kind) or (isinstance(x, (int, np.integer)) and not isinstance(x, bool))


def IsValidObjectIndex(x: Any):
    """True for an ObjectIndex or an int."""
    return _valid_index(x, ObjectIndex)


def IsValidNodeIndex(x: Any):
    """True for a NodeIndex or an int."""
    return _valid_index(x, NodeIndex)


def IsValidMarkerIndex(x: Any):
    """True for a MarkerIndex or an int."""
    return _valid_index(x, MarkerIndex)


def FillInSubMatrix(subMatrix: Matrix, destinationMatrix: np.ndarray, destRow: int, destColumn: int):
    """destinationMatrix[destRow:, destColumn:] = subMatrix (NumPy arrays), in place."""
    n, m = np.shape(subMatrix)
    destinationMatrix[destRow:destRow + n, destColumn:destColumn + m] = subMatrix


def _find_index(i, globalVariables, kind, what):
    for name, value in dict(globalVariables).items():
        if isinstance(value, kind) and int(value) == int(i):
            print(f"variable '{name}' links to {what} {int(i)}")


def FindObjectIndex(i: int, globalVariables: dict[str, Any]):
    """Print the variables of ``globalVariables`` (globals() or locals()) that hold ObjectIndex i."""
    _find_index(i, globalVariables, ObjectIndex, "object")


def FindNodeIndex(i: int, globalVariables: dict[str, Any]):
    """Print the variables of ``globalVariables`` (globals() or locals()) that hold NodeIndex i."""
    _find_index(i, globalVariables, NodeIndex, "node")


def IndexFromValue(data: Any, value: float, tolerance: float = 1e-7, assumeConstantSampleRate: bool = False,
                   rangeWarning: bool = True):
    """The index of ``value`` in the (time) vector data: by the sample rate of its first two entries
    (assumeConstantSampleRate), else the first entry within tolerance of it, else the nearest one
    (a warning where rangeWarning and it is outside data)."""
    data = np.asarray(data, dtype=float)
    if assumeConstantSampleRate and len(data) > 1:
        index = int((value - data[0]) / (data[1] - data[0]))
    else:
        close = np.nonzero(np.abs(data - value) <= tolerance)[0]
        index = int(close[0]) if close.size else int(np.argmin(np.abs(data - value)))
    if index < 0 or index >= len(data):
        if rangeWarning:
            print(f"WARNING: IndexFromValue: value {value} is outside the data")
        index = min(max(index, 0), len(data) - 1)
    return index


def ConvertScipySparseToDict(sparseMatrix: Any):
    """A SciPy CSR matrix as {'data', 'indices', 'indptr', 'shape'} (e.g. to store it)."""
    import scipy.sparse as sp
    m = sp.csr_matrix(sparseMatrix)
    return {"data": m.data, "indices": m.indices, "indptr": m.indptr, "shape": m.shape}


def ConvertDictToScipySparse(sparseDict: dict[str, Any]):
    """The SciPy CSR matrix of ConvertScipySparseToDict's dict."""
    import scipy.sparse as sp
    return sp.csr_matrix((sparseDict["data"], sparseDict["indices"], sparseDict["indptr"]),
                         shape=tuple(sparseDict["shape"]))


def SmoothStep(x: float, x0: float, x1: float, value0: float, value1: float):
    """value0 up to x0, value1 from x1 on, between them the cosine transition
    value0 + (value1 - value0) (1 - cos(pi (x - x0) / (x1 - x0))) / 2 (continuous first derivative)."""
    if x <= x0:
        return value0
    if x >= x1:
        return value1
    return value0 + (value1 - value0) * 0.5 * (1.0 - math.cos(math.pi * (x - x0) / (x1 - x0)))


def SmoothStepDerivative(x: float, x0: float, x1: float, value0: float, value1: float):
    """The derivative of SmoothStep by x (same arguments): 0 outside (x0, x1)."""
    if x <= x0 or x >= x1:
        return 0
    return (value1 - value0) * 0.5 * math.pi / (x1 - x0) * math.sin(math.pi * (x - x0) / (x1 - x0))


def _sweep_phase(t, t1, f0, f1):
    # the frequency goes linearly from f0 (t = 0) to f1 (t = t1): phase 2 pi (f0 t + (f1 - f0) t^2 / (2 t1))
    return 2.0 * math.pi * (f0 * t + (f1 - f0) * t * t / (2.0 * t1))


def SweepSin(t: float, t1: float, f0: float, f1: float):
    """sin of a linear frequency sweep from f0 at t = 0 to f1 at t = t1 (FrequencySweep)."""
    return math.sin(_sweep_phase(t, t1, f0, f1))


def SweepCos(t: float, t1: float, f0: float, f1: float):
    """cos of the sweep of SweepSin."""
    return math.cos(_sweep_phase(t, t1, f0, f1))


def FrequencySweep(t: float, t1: float, f0: float, f1: float):
    """The frequency of SweepSin and SweepCos at time t: f0 + (f1 - f0) t / t1."""
    return f0 + (f1 - f0) * t / t1


def RoundMatrix(matrix: Matrix, treshold: float = 1e-14):
    """Set the entries of ``matrix`` (a NumPy array, changed in place) smaller than ``treshold`` in
    magnitude to zero; returns None (as Exudyn's)."""
    m = np.asarray(matrix)
    m[np.abs(m) < treshold] = 0


def PlotLineCode(index: int):
    """The matplotlib line code of a curve number (28 codes: colors r, g, b, k, c, m, y with solid,
    dotted, dashed and dash-dotted lines; 'k:' beyond)."""
    if 0 <= index < 28:
        return "rgbkcmy"[index % 7] + ("-", ":", "--", "-.")[index // 7]
    return "k:"

attach_parameter_docs(globals(), __all__)
