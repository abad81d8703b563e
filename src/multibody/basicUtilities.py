"""Basic helpers with the names of Exudyn's ``exudyn.basicUtilities`` (1.13).

Integration points, small vector and file helpers, the readers of binary solution files
(BinaryRead...) and RecoverSolutionFile, ClearWorkspace, and the helpers that add items through
the public API of a MainSystem (GetJointArgs, GetOtherMarker, the deprecated AddSensorRecorder).
Loading solution files and setting a state from them belong to the output layer
(``LoadSolutionFile``, ``LoadBinarySolutionFile``, ``SetSolutionState``: output/solution_file.py,
re-exported here, as Exudyn's utilities give them). ``NormL2``, ``VSub``, ``VAdd``, ``VMult``, ``ScalarMult``,
``Vec2Tilde`` and ``Tilde2Vec`` come from Exudyn 1.11; 1.13 no longer has them, so they are
importable from this module but not listed in ``__all__``.
"""
from __future__ import annotations

import math
import os
import sys
import warnings
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from ._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from .output.solution_file import LoadBinarySolutionFile, LoadSolutionFile, SetSolutionState  # noqa: F401

if TYPE_CHECKING:
    from .model.main_system import MainSystem

__all__ = [
    "AddSensorRecorder", "BinaryReadArrayIndex", "BinaryReadIndex", "BinaryReadReal", "BinaryReadRealVector",
    "BinaryReadString", "ClearWorkspace", "GetJointArgs", "GetOtherMarker", "RecoverSolutionFile", "UFsensorRecord",
    "OutputFilePath", "UIWindowSuppressed", "CreateDirectoryForFile", "GaussIntegrate", "LoadBinarySolutionFile", "LoadSolutionFile", "LobattoIntegrate",
    "Normalize", "SetSolutionState",
    "NumpyInt8ArrayToString", "SmartRound2String",
    "g", "gaussIntegrationPoints", "gaussIntegrationWeights",
    "lobattoIntegrationPoints", "lobattoIntegrationWeights", "pi", "sqrt2",
]

#: gravitational acceleration [m/s^2], as Exudyn's constant
g = 9.81
pi = math.pi
sqrt2 = math.sqrt(2.0)

# Gauss-Legendre points and weights on [-1, 1] for 1..5 points
gaussIntegrationPoints: list[list[float]] = [
    [0],
    [-math.sqrt(1.0 / 3.0), math.sqrt(1.0 / 3.0)],
    [-math.sqrt(0.6), 0.0, math.sqrt(0.6)],
    [-0.8611363115940526, -0.3399810435848562, 0.3399810435848562, 0.8611363115940526],
    [-0.906179845938664, -0.5384693101056831, 0.0, 0.5384693101056831, 0.906179845938664],
]
gaussIntegrationWeights: list[list[float]] = [
    [2],
    [1.0, 1.0],
    [5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0],
    [0.34785484513745385, 0.6521451548625461, 0.6521451548625461, 0.34785484513745385],
    [0.23692688505618914, 0.47862867049936636, 0.5688888888888889, 0.47862867049936636,
     0.23692688505618914],
]
# Gauss-Lobatto points and weights on [-1, 1] for 2..4 points
lobattoIntegrationPoints = [
    [-1.0, 1.0],
    [-1.0, 0.0, 1.0],
    [-1.0, -math.sqrt(0.2), math.sqrt(0.2), 1.0],
]
lobattoIntegrationWeights = [
    [1.0, 1.0],
    [1.0 / 3.0, 4.0 / 3.0, 1.0 / 3.0],
    [1.0 / 6.0, 5.0 / 6.0, 5.0 / 6.0, 1.0 / 6.0],
]


def SmartRound2String(x: float, prec: int = 3):
    """Short string of ``x`` with ``prec`` significant digits.

    The ``'g'`` format with ``prec`` digits (a trailing ``'.'`` marks a value that was rounded
    to an integer); an integer value is written as ``str(x)`` where that is strictly shorter.
    """
    rounded = f"{x:.{prec}g}"
    if "e" not in rounded and "." not in rounded and float(rounded) != x:
        rounded += "."
    exact = str(x)
    return exact if float(x).is_integer() and len(exact) < len(rounded) else rounded


def Normalize(v: Vector):
    """Unit vector of ``v`` as a list; the zero vector stays zero."""
    a = np.asarray(v, dtype=float)
    norm = np.linalg.norm(a)
    return list(map(float, a / norm if norm != 0.0 else a * 0.0))


def _check_order(where, order, max_order):
    if order <= 0 or order % 2 == 0:
        raise ValueError(f"{where}: integration order must be odd (1,3,5,...) and > 0")
    if order > max_order:
        raise ValueError(f"{where}: maximum implemented integration order is {max_order}!")


def GaussIntegrate(functionOfX: Callable[[float], float], integrationOrder: int, a: float, b: float):
    """Integral of ``functionOfX`` over [a, b] with Gauss points exact up to ``integrationOrder``
    (odd, at most 9)."""
    _check_order("GaussIntegrate", integrationOrder, 9)
    i = (integrationOrder - 1) // 2
    half, mid = 0.5 * (b - a), 0.5 * (b + a)
    return half * sum(w * functionOfX(mid + half * x)
                      for x, w in zip(gaussIntegrationPoints[i], gaussIntegrationWeights[i]))


def LobattoIntegrate(functionOfX: Callable[[float], float], integrationOrder: int, a: float, b: float):
    """Integral of ``functionOfX`` over [a, b] with Lobatto points exact up to
    ``integrationOrder`` (odd, at most 5)."""
    _check_order("LobattoIntegrate", integrationOrder, 5)
    i = (integrationOrder - 1) // 2
    half, mid = 0.5 * (b - a), 0.5 * (b + a)
    return half * sum(w * functionOfX(mid + half * x)
                      for x, w in zip(lobattoIntegrationPoints[i], lobattoIntegrationWeights[i]))


def NumpyInt8ArrayToString(npArray: Vector):
    """String of the characters with the codes in an int8 array."""
    return "".join(chr(int(c)) for c in npArray)


def CreateDirectoryForFile(fileName: str):
    """Create the directory part of ``fileName`` if it does not exist."""
    directory = os.path.dirname(fileName)
    if directory:
        os.makedirs(directory, exist_ok=True)


# Exudyn 1.11 vector helpers (not part of the 1.13 surface)


def NormL2(vector):
    """Euclidean norm of a vector."""
    return float(np.linalg.norm(np.asarray(vector, dtype=float)))


def VSub(v0, v1):
    """``v0 - v1`` as a list."""
    return [a - b for a, b in zip(v0, v1)]


def VAdd(v0, v1):
    """``v0 + v1`` as a list."""
    return [a + b for a, b in zip(v0, v1)]


def VMult(v0, v1):
    """Scalar product of two vectors."""
    return sum(a * b for a, b in zip(v0, v1))


def ScalarMult(scalar, v):
    """``scalar * v`` as a list."""
    return [scalar * a for a in v]


def Vec2Tilde(v):
    """Skew-symmetric (tilde) matrix of a 3-vector."""
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def Tilde2Vec(m):
    """Axial vector of a skew-symmetric (tilde) matrix."""
    return [m[2][1], m[0][2], m[1][0]]


def OutputFilePath(fileName: str, callerInfo: str = ''):
    """A file name as the solver writes it: relative names under exudyn.config.outputDirectory where
    that is set (an absolute name is then refused: ValueError), else unchanged."""
    from . import config
    directory = config.outputDirectory
    if not directory:
        return fileName
    if os.path.isabs(fileName):
        raise ValueError((callerInfo + ": " if callerInfo else "") + f"the file name '{fileName}' is absolute while "
                         f"exudyn.config.outputDirectory is '{directory}'; use a relative name or set "
                         "exudyn.config.outputDirectory = ''")
    return os.path.join(directory, fileName)


_SUPPRESSED_NOTED: set[str] = set()


def UIWindowSuppressed(kind: str, callerInfo: str = ''):
    """True if exudyn.special.userInterface suppresses this kind of window ('Renderer',
    'SolutionViewer', 'Plots', 'Dialogs'); the first suppression of a kind prints a line."""
    from . import special
    flag = getattr(special.userInterface, "suppress" + kind, None)
    if flag is None:
        raise ValueError(f"UIWindowSuppressed: unknown window kind '{kind}'; use Renderer, SolutionViewer, Plots "
                         "or Dialogs")
    if flag and kind not in _SUPPRESSED_NOTED:
        _SUPPRESSED_NOTED.add(kind)
        print(f"NOTE: {callerInfo or kind} opens no window, because exudyn.special.userInterface.suppress{kind}=True")
    return bool(flag)


# ---------------------------------------------------------------- workspace


def ClearWorkspace():
    """Delete the variables of the script (the ``__main__`` module) except names starting with '_'
    and values whose text (str) contains 'func' or 'module' (functions, modules); empty
    exudyn.variables and exudyn.sys, except sys['renderState'] (the view of the renderer)."""
    main = sys.modules.get("__main__")
    if main is not None:
        space = vars(main)
        for name in list(space):
            text = str(space[name])
            if not name.startswith("_") and "func" not in text and "module" not in text:
                del space[name]
    import multibody
    multibody.variables.clear()
    render_state = multibody.sys.get("renderState")
    multibody.sys.clear()
    if render_state is not None:
        multibody.sys["renderState"] = render_state


# ---------------------------------------------------------------- markers for joints

def _reference_frame_of_body(mbs, bodyNumber):
    """(position, rotation matrix) of a body's reference point in the reference configuration."""
    from .enums import ConfigurationType, OutputVariableType
    p = mbs.GetObjectOutputBody(bodyNumber, OutputVariableType.Position, [0, 0, 0], ConfigurationType.Reference)
    A = mbs.GetObjectOutputBody(bodyNumber, OutputVariableType.RotationMatrix, [0, 0, 0],
                                ConfigurationType.Reference)
    return np.asarray(p, dtype=float), np.asarray(A, dtype=float).reshape(3, 3)


def _reference_frame_of_marker(mbs, markerNumber, rotation=True):
    """(position, rotation matrix or None) of a marker in the reference configuration."""
    from .enums import ConfigurationType, OutputVariableType
    p = mbs.GetMarkerOutput(markerNumber, OutputVariableType.Position, ConfigurationType.Reference)
    if not rotation:
        return np.asarray(p, dtype=float), None
    A = mbs.GetMarkerOutput(markerNumber, OutputVariableType.RotationMatrix, ConfigurationType.Reference)
    return np.asarray(p, dtype=float), np.asarray(A, dtype=float).reshape(3, 3)


def _add_rigid_marker(mbs, bodyNumber, p_global, A_global, show=True):
    """A MarkerBodyRigid on bodyNumber at the global point p_global with the global rotation
    A_global (both in the reference configuration)."""
    from .itemInterface import MarkerBodyRigid, VMarkerBodyRigid
    p_body, A_body = _reference_frame_of_body(mbs, bodyNumber)
    ht = np.eye(4)
    ht[:3, :3] = A_body.T @ A_global
    ht[:3, 3] = A_body.T @ (p_global - p_body)
    return mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodyNumber, localPosition=ht[:3, 3].copy(), localHT=ht,
                                         visualization=VMarkerBodyRigid(show=show)))


def GetOtherMarker(mbs: MainSystem, bodyNumber: Any, existingMarker: int, show: bool = True):
    """A new MarkerBodyRigid on bodyNumber at the reference position of existingMarker (its frame
    parallel to the body's), e.g. the second marker of a spherical joint; returns its number."""
    p, _ = _reference_frame_of_marker(mbs, existingMarker, rotation=False)
    _, A_body = _reference_frame_of_body(mbs, bodyNumber)
    return _add_rigid_marker(mbs, bodyNumber, p, A_body, show)


def _turned_copy(mbs, markerNumber, rotation):
    """A copy of a rigid marker whose local frame is turned by ``rotation`` (local rotation @ rotation)."""
    from .itemInterface import MarkerBodyRigid, MarkerNodeRigid
    d = mbs.GetMarker(markerNumber)
    ht = np.eye(4) if d.get("localHT") is None else np.array(d["localHT"], dtype=float).reshape(4, 4)
    if d.get("localPosition") is not None:
        ht[:3, 3] = np.asarray(d["localPosition"], dtype=float)
    ht[:3, :3] = ht[:3, :3] @ rotation
    if "bodyNumber" in d:
        return mbs.AddMarker(MarkerBodyRigid(bodyNumber=d["bodyNumber"], localPosition=ht[:3, 3].copy(), localHT=ht))
    if "nodeNumber" in d:
        return mbs.AddMarker(MarkerNodeRigid(nodeNumber=d["nodeNumber"], localHT=ht))
    raise ValueError(f"GetJointArgs: marker {int(markerNumber)} ({d.get('markerType')}) is neither a body nor a "
                     "node marker; a rotationMarker needs a MarkerBodyRigid or MarkerNodeRigid")


def _joint_side(mbs, markerNumber, rotationMarker, otherBody):
    """(the existing marker or its turned copy, the new marker on otherBody) for GetJointArgs."""
    p, A = _reference_frame_of_marker(mbs, markerNumber)
    turned = rotationMarker is not None and not np.array_equal(np.asarray(rotationMarker, dtype=float), np.eye(3))
    if turned:
        A = A @ np.asarray(rotationMarker, dtype=float)
    other = _add_rigid_marker(mbs, otherBody, p, A)
    own = _turned_copy(mbs, markerNumber, np.asarray(rotationMarker, dtype=float)) if turned else markerNumber
    return own, other


def GetJointArgs(mbs: MainSystem, markerNumber0: Any = None, markerNumber1: Any = None, rotationMarker0: Optional[Matrix] = None,
                 rotationMarker1: Optional[Matrix] = None, bodyNumber0: Any = None, bodyNumber1: Any = None):
    """The arguments {'markerNumbers': [m0, m1]} of a joint between an existing rigid marker and a
    body: markerNumber0 (and rotationMarker0) with bodyNumber1, or markerNumber1 (and
    rotationMarker1) with bodyNumber0. The new marker on the body has the existing marker's
    position and orientation in the reference configuration; a rotationMarker (3x3, other than
    the identity) turns the joint frame: the existing marker is replaced by a copy with the local
    rotation (its local rotation @ rotationMarker), and the new marker is turned alike."""
    if markerNumber0 is not None:
        if markerNumber1 is not None:
            raise ValueError("GetJointArgs: if markerNumber0 is given, markerNumber1 must be None")
        if bodyNumber1 is None:
            raise ValueError("GetJointArgs: if markerNumber0 is given, bodyNumber1 must be given too")
        own, other = _joint_side(mbs, markerNumber0, rotationMarker0, bodyNumber1)
        return {"markerNumbers": [own, other]}
    if markerNumber1 is None:
        raise ValueError("GetJointArgs: if markerNumber0 is None, markerNumber1 must be provided")
    if bodyNumber0 is None:
        raise ValueError("GetJointArgs: if markerNumber1 is given, bodyNumber0 must be given too")
    own, other = _joint_side(mbs, markerNumber1, rotationMarker1, bodyNumber0)
    return {"markerNumbers": [other, own]}


# ---------------------------------------------------------------- sensor recorder (deprecated)


def UFsensorRecord(mbs: MainSystem, t: float, sensorNumbers: Sequence[Any], factors: Vector, configuration: Any):
    """The SensorUserFunction of AddSensorRecorder: returns the values of sensor sensorNumbers[0]
    and writes [t, values] into row int((t + 1e-9) / factors[0]) of
    mbs.variables['sensorRecord<sensor>'] (rows outside the array are skipped)."""
    values = mbs.GetSensorValues(sensorNumbers[0], configuration)
    record = mbs.variables["sensorRecord" + str(int(sensorNumbers[0]))]
    row = int((t + 1e-9) / factors[0])
    if 0 <= row < len(record):
        record[row, 0] = t
        record[row, 1:] = values
    return values


def AddSensorRecorder(mbs: MainSystem, sensorNumber: int, endTime: float, sensorsWritePeriod: float, sensorOutputSize: int = 3):
    """Deprecated (use a sensor with storeInternal=True): a SensorUserFunction that records the
    values of sensorNumber row by row, [time, values], in mbs.variables['sensorRecord<sensorNumber>']
    (int(endTime / sensorsWritePeriod) + 1 rows, 1 + sensorOutputSize columns, allocated here);
    returns the new sensor's number."""
    from .itemInterface import SensorUserFunction
    warnings.warn("basicUtilities.AddSensorRecorder is deprecated since 1.11.0 and removed in 2029; use a sensor "
                  "with storeInternal=True instead", DeprecationWarning, stacklevel=2)
    rows = int(endTime / sensorsWritePeriod) + 1
    mbs.variables["sensorRecord" + str(int(sensorNumber))] = np.zeros((rows, 1 + sensorOutputSize))
    return mbs.AddSensor(SensorUserFunction(sensorNumbers=[sensorNumber], factors=[sensorsWritePeriod],
                                            writeToFile=False, sensorUserFunction=UFsensorRecord))


# ---------------------------------------------------------------- binary solution files


def _read_items(file, dtype, count):
    """Up to ``count`` items of ``dtype`` from the binary file at its position (count < 0: up to the
    end); the bytes of an incomplete last item are consumed and dropped."""
    dtype = np.dtype(dtype)
    data = file.read() if count < 0 else file.read(int(count) * dtype.itemsize)
    n = len(data) // dtype.itemsize
    return np.frombuffer(data[:n * dtype.itemsize], dtype=dtype).copy()


def _read_length(file, intType, where):
    a = _read_items(file, intType, 1)
    if len(a) == 0:
        raise IndexError(f"{where}: end of file: no length to read")
    return int(a[0])


def BinaryReadIndex(file: BinaryIO, intType: Any):
    """[one integer of type intType (e.g. np.int32), False] read from a binary (solution) file at its
    position, or [0, True] at the end of the file."""
    a = _read_items(file, intType, 1)
    return [0, True] if len(a) == 0 else [a[0], False]


def BinaryReadReal(file: BinaryIO, realType: Any):
    """[one real of type realType (np.float64 or np.float32), False], or [0, True] at the end."""
    a = _read_items(file, realType, 1)
    return [0, True] if len(a) == 0 else [a[0], False]


def BinaryReadString(file: BinaryIO, intType: Any):
    """[the string (its length as intType, then its bytes), False]; IndexError at the end of the
    file; a cut string gives the characters there are."""
    n = _read_length(file, intType, "BinaryReadString")
    return [_read_items(file, np.uint8, n).tobytes().decode("utf-8", errors="replace"), False]


def BinaryReadArrayIndex(file: BinaryIO, intType: Any):
    """[the integer array (its length, then the values, as intType), False]; IndexError at the end."""
    n = _read_length(file, intType, "BinaryReadArrayIndex")
    return [_read_items(file, intType, n), False]


def BinaryReadRealVector(file: BinaryIO, intType: Any, realType: Any):
    """[the real vector (its length as intType, then the values as realType), False], or [[], True]
    at the end of the file, for a cut vector and for the end mark (a negative length)."""
    a = _read_items(file, intType, 1)
    if len(a) == 0:
        return [[], True]
    n = int(a[0])
    values = _read_items(file, realType, n)
    return [values, False] if n >= 0 and len(values) == n else [[], True]


# ---------------------------------------------------------------- text solution files

_WRITTEN_COORDINATES = "#number of written coordinates"


def RecoverSolutionFile(fileName: str, newFileName: str, verbose: int = 0):
    """Write the lines of a text solution file to newFileName without the data rows that do not
    have the number of columns of its header (a last row cut off by a crash or an interrupted
    solve); comment lines are kept. verbose: 1 prints the header and the dropped rows, 2 also each
    row kept. Raises ValueError where the file has not the solver's header (its 5th line must be
    '#number of written coordinates ... = [...]')."""
    with open(fileName) as fh:
        lines = fh.readlines()
    if len(lines) < 5:
        raise ValueError(f"RecoverSolutionFile: '{fileName}' is empty or has no header (fewer than 5 lines)")
    if not lines[4].startswith(_WRITTEN_COORDINATES):
        raise ValueError(f"RecoverSolutionFile: line 5 of '{fileName}' must be the header line "
                         f"'{_WRITTEN_COORDINATES} [...] = [...]'; the header is corrupted")
    counts = [int(x) for x in lines[4].split("=")[-1].strip().strip("[]").split(",")]
    columns = sum(counts) + 1
    if verbose:
        print("columns imported =", counts)
        print("total columns to be imported =", columns, "(incl. time)\n")
    row = 0
    with open(newFileName, "w") as out:
        for number, line in enumerate(lines):
            if line.startswith("#"):
                out.write(line)
                if verbose:
                    print("HEADER: " + line, end="")
                continue
            n = len(line.split(","))
            if n == columns:
                out.write(line)
                if verbose >= 2:
                    print(f"data row {row}, #cols={n}, text={line[:12]}...")
            elif verbose:
                print("\nWARNING: ignored solution data", row, "(file line", number, "), columns=", n, "\n")
            row += 1

attach_parameter_docs(globals(), __all__)
