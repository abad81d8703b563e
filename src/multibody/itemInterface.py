"""Item classes under Exudyn's names (exudyn.itemInterface): NodePoint, ObjectMassPoint,
MassPoint, VMassPoint, MarkerBodyPosition, LoadForceVector, Force, SensorNode, ...; the user
function types (``ObjectConnectorSpringDamperSpringForceUserFunction``, ..., typing.Protocol
classes) with ``userFunctionArgsDict``; and the small checks of Exudyn's item interface
(CheckForValidPReal, IsValidNumber, CopyDictLevel1, IIDiagMatrix, ...)."""
import copy as _copy

import numpy as _np

from ._user_functions import PROTOCOLS as _PROTOCOLS
from ._user_functions import userFunctionArgsDict
from ._out_of_scope_items import CLASSES as _OUT_OF_SCOPE
from .items import REGISTRY as _REGISTRY

globals().update(_REGISTRY.classes)
globals().update(_PROTOCOLS)
globals().update(_OUT_OF_SCOPE)


def IsValidNumber(x):
    """True for a Python int, float or bool and a NumPy integer or float64 (not float32)."""
    return isinstance(x, (int, float, _np.integer))


def CheckForValidNumpyArray(value):
    """A number (IsValidNumber) unchanged, anything else as a new NumPy array."""
    return value if IsValidNumber(value) else _np.array(value)


def _check(value, parameterName, objectName, kind, positive):
    if value <= 0 if positive else value < 0:
        requirement = "must be positive (> 0)" if positive else "may not be negative"
        raise ValueError(f"Error in {objectName}: ({kind}) parameter {parameterName} {requirement}, but received "
                         f"{value}")
    return value


def CheckForValidPInt(value, parameterName, objectName):
    """``value`` if > 0, else a ValueError naming objectName and parameterName."""
    return _check(value, parameterName, objectName, "int", True)


def CheckForValidUInt(value, parameterName, objectName):
    """``value`` if >= 0, else a ValueError naming objectName and parameterName."""
    return _check(value, parameterName, objectName, "int", False)


def CheckForValidPReal(value, parameterName, objectName):
    """``value`` if > 0, else a ValueError naming objectName and parameterName."""
    return _check(value, parameterName, objectName, "float", True)


def CheckForValidUReal(value, parameterName, objectName):
    """``value`` if >= 0, else a ValueError naming objectName and parameterName."""
    return _check(value, parameterName, objectName, "float", False)


def CopyDictLevel1(originalDict):
    """A new dict with a shallow copy of each value (copy.copy); anything else than a dict is
    returned as it is."""
    if not isinstance(originalDict, dict):
        return originalDict
    return {key: _copy.copy(value) for key, value in originalDict.items()}


def IIDiagMatrix(rowsColumns, value):
    """A square list of lists with ``value`` on the diagonal and 0 elsewhere."""
    return [[value if i == j else 0 for j in range(rowsColumns)] for i in range(rowsColumns)]


__all__ = sorted(_REGISTRY.classes) + sorted(_PROTOCOLS) + sorted(_OUT_OF_SCOPE) + [
    "userFunctionArgsDict", "IsValidNumber", "CheckForValidNumpyArray", "CheckForValidPInt", "CheckForValidUInt",
    "CheckForValidPReal", "CheckForValidUReal", "CopyDictLevel1", "IIDiagMatrix"]
