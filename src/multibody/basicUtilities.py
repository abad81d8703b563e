"""Basic helpers with the names of Exudyn's ``exudyn.basicUtilities`` (1.13).

Only the model-independent helpers live here; those that need a system, a renderer or solution
files belong to the output and visualization layers (``LoadSolutionFile``,
``LoadBinarySolutionFile``, ``SetSolutionState``: output/solution_file.py, re-exported here, as
Exudyn's utilities give them). ``NormL2``, ``VSub``, ``VAdd``, ``VMult``, ``ScalarMult``,
``Vec2Tilde`` and ``Tilde2Vec`` come from Exudyn 1.11; 1.13 no longer has them, so they are
importable from this module but not listed in ``__all__``.
"""
import math
import os

import numpy as np

from .output.solution_file import LoadBinarySolutionFile, LoadSolutionFile, SetSolutionState  # noqa: F401

__all__ = [
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
gaussIntegrationPoints = [
    [0],
    [-math.sqrt(1.0 / 3.0), math.sqrt(1.0 / 3.0)],
    [-math.sqrt(0.6), 0.0, math.sqrt(0.6)],
    [-0.8611363115940526, -0.3399810435848562, 0.3399810435848562, 0.8611363115940526],
    [-0.906179845938664, -0.5384693101056831, 0.0, 0.5384693101056831, 0.906179845938664],
]
gaussIntegrationWeights = [
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


def SmartRound2String(x, prec=3):
    """Short string of ``x`` with ``prec`` significant digits.

    The ``'g'`` format with ``prec`` digits (a trailing ``'.'`` marks a value that was rounded
    to an integer); an integer value is written as ``str(x)`` where that is strictly shorter.
    """
    rounded = f"{x:.{prec}g}"
    if "e" not in rounded and "." not in rounded and float(rounded) != x:
        rounded += "."
    exact = str(x)
    return exact if float(x).is_integer() and len(exact) < len(rounded) else rounded


def Normalize(v):
    """Unit vector of ``v`` as a list; the zero vector stays zero."""
    a = np.asarray(v, dtype=float)
    norm = np.linalg.norm(a)
    return list(map(float, a / norm if norm != 0.0 else a * 0.0))


def _check_order(where, order, max_order):
    if order <= 0 or order % 2 == 0:
        raise ValueError(f"{where}: integration order must be odd (1,3,5,...) and > 0")
    if order > max_order:
        raise ValueError(f"{where}: maximum implemented integration order is {max_order}!")


def GaussIntegrate(functionOfX, integrationOrder, a, b):
    """Integral of ``functionOfX`` over [a, b] with Gauss points exact up to ``integrationOrder``
    (odd, at most 9)."""
    _check_order("GaussIntegrate", integrationOrder, 9)
    i = (integrationOrder - 1) // 2
    half, mid = 0.5 * (b - a), 0.5 * (b + a)
    return half * sum(w * functionOfX(mid + half * x)
                      for x, w in zip(gaussIntegrationPoints[i], gaussIntegrationWeights[i]))


def LobattoIntegrate(functionOfX, integrationOrder, a, b):
    """Integral of ``functionOfX`` over [a, b] with Lobatto points exact up to
    ``integrationOrder`` (odd, at most 5)."""
    _check_order("LobattoIntegrate", integrationOrder, 5)
    i = (integrationOrder - 1) // 2
    half, mid = 0.5 * (b - a), 0.5 * (b + a)
    return half * sum(w * functionOfX(mid + half * x)
                      for x, w in zip(lobattoIntegrationPoints[i], lobattoIntegrationWeights[i]))


def NumpyInt8ArrayToString(npArray):
    """String of the characters with the codes in an int8 array."""
    return "".join(chr(int(c)) for c in npArray)


def CreateDirectoryForFile(fileName):
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


def OutputFilePath(fileName, callerInfo=''):
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


_SUPPRESSED_NOTED = set()


def UIWindowSuppressed(kind, callerInfo=''):
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
