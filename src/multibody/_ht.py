"""exu.HT: a homogeneous transformation [A p; 0 1] (rotation A, translation p), with the
conversions to and from the rotation parameters of the rigid-body nodes and the exponential and
logarithmic maps of SE(3) and R3xSO(3), as Exudyn 1.13.6's HT class.

An HT composes with ``*`` and ``@``, transforms points (``H*v`` is A v + p) and passes as a 4x4
matrix wherever numpy takes it (``np.array(H)``), e.g. as referenceHT or localHT.
"""
from __future__ import annotations

import numpy as np

from .errors import ExudynTypeError, ExudynValueError, InternalError
from .lieGroupBasics import ExpSE3, ExpSO3, LogSE3
from .rigidBodyUtilities import (EulerParameters2RotationMatrix, RotationMatrix2EulerParameters,
                                 RotationMatrix2RotationVector, RotationMatrix2RotXYZ, RotationMatrixX,
                                 RotationMatrixY, RotationMatrixZ, RotationVector2RotationMatrix,
                                 RotXYZ2RotationMatrix)

_EYE3 = np.eye(3)
# Euler parameters must have unit length to this tolerance (Exudyn 1.13.6 takes |e| - 1 = 1e-12
# and refuses 1e-10)
_EP_TOLERANCE = 1e-11


def _vector(value, size, what):
    if isinstance(value, (int, float, np.number)):
        raise ExudynTypeError(f"HT: {what} must be a vector of {size} numbers; received {value!r}")
    try:
        a = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise ExudynTypeError(f"HT: {what} must be a vector of {size} numbers; received {value!r}") from None
    if a.shape != (size,):
        raise ExudynValueError(f"HT: {what} must be a vector of {size} numbers; received {value!r}")
    return a


def _matrix(value, what):
    try:
        a = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise ExudynTypeError(f"HT: {what} must be a 3x3 matrix; received {value!r}") from None
    if a.shape != (3, 3):
        raise ExudynValueError(f"HT: {what} must be a 3x3 matrix; received shape {a.shape}")
    return a


def _rotation_of(rotation, eulerParameters, Rxyz, rotationVector):
    """The rotation matrix of at most one given rotation (None where none is given)."""
    given = [v is not None for v in (rotation, eulerParameters, Rxyz, rotationVector)]
    if sum(given) > 1:
        raise InternalError("HT: give at most one of rotation, eulerParameters, Rxyz and rotationVector")
    if rotation is not None:
        return _matrix(rotation, "rotation")
    if eulerParameters is not None:
        ep = _vector(eulerParameters, 4, "eulerParameters")
        if abs(np.linalg.norm(ep) - 1.0) > _EP_TOLERANCE:
            raise InternalError("HT: the Euler parameters must have unit length")
        return EulerParameters2RotationMatrix(ep)
    if Rxyz is not None:
        return RotXYZ2RotationMatrix(_vector(Rxyz, 3, "Rxyz"))
    if rotationVector is not None:
        return RotationVector2RotationMatrix(_vector(rotationVector, 3, "rotationVector"))
    return None


class HT:
    """Homogeneous transformation [A p; 0 1]: rotation A (3x3) and translation p (3).

    HT() is the identity; HT(rotation=None, translation=None, eulerParameters=None, Rxyz=None,
    rotationVector=None) takes the rotation from at most one of a rotation matrix, Euler
    parameters, Tait-Bryan angles Rxyz and a rotation vector; HT(M) takes a 4x4 matrix M.
    """
    __slots__ = ("_A", "_p", "_no_rotation")
    __hash__ = None

    def __init__(self, rotation=None, translation=None, eulerParameters=None, Rxyz=None, rotationVector=None):
        self._A, self._p, self._no_rotation = _EYE3.copy(), np.zeros(3), True
        if rotation is not None and np.shape(rotation) == (4, 4) and translation is None:
            m = np.array(rotation, dtype=float)
            rotation, translation = m[:3, :3], m[:3, 3]
        self.Set(rotation, translation, eulerParameters, Rxyz, rotationVector)

    @classmethod
    def _new(cls, A, p, no_rotation):
        h = cls.__new__(cls)
        h._A, h._p, h._no_rotation = A, p, no_rotation
        return h

    def _set_rotation(self, A, checked=True):
        self._A = A
        self._no_rotation = bool(checked and np.array_equal(A, _EYE3))
        return self

    # ------------------------------------------------------------ parts
    @property
    def rotation(self):
        """The rotation matrix A, a copy (ndarray, shape (3, 3))."""
        return self._A.copy()

    @rotation.setter
    def rotation(self, value):
        self._set_rotation(_matrix(value, "rotation"))

    @property
    def translation(self):
        """The translation p, a copy (ndarray, shape (3,))."""
        return self._p.copy()

    @translation.setter
    def translation(self, value):
        self._p = _vector(value, 3, "translation")

    def Get(self):
        """[rotation, translation] as numpy arrays."""
        return [self.rotation, self.translation]

    def HT44(self):
        """The 4x4 matrix [A p; 0 1]."""
        m = np.eye(4)
        m[:3, :3], m[:3, 3] = self._A, self._p
        return m

    def __array__(self, dtype=None, copy=None):
        m = self.HT44()
        return m if dtype is None else m.astype(dtype)

    def __getitem__(self, key):
        return self.HT44()[key]

    def HasNoRotation(self):
        """True if the rotation is the unit matrix: set without rotation (identity, SetTranslation,
        products, inverses and interpolations of such) or set to exactly the unit matrix."""
        return self._no_rotation

    # ------------------------------------------------------------ setting
    def Set(self, rotation=None, translation=None, eulerParameters=None, Rxyz=None, rotationVector=None):
        """Set the parts given (a part that is None stays); returns the HT."""
        A = _rotation_of(rotation, eulerParameters, Rxyz, rotationVector)
        if translation is not None:
            self._p = _vector(translation, 3, "translation")
        if A is not None:
            self._set_rotation(A)
        return self

    def SetIdentity(self):
        self._p = np.zeros(3)
        return self._set_rotation(_EYE3.copy())

    def SetTranslation(self, translation):
        """Translation and unit rotation."""
        self._p = _vector(translation, 3, "translation")
        return self._set_rotation(_EYE3.copy())

    def _set_axis_rotation(self, A):
        self._p = np.zeros(3)
        return self._set_rotation(A, checked=False)

    def SetRotationX(self, angle):
        return self._set_axis_rotation(RotationMatrixX(float(angle)))

    def SetRotationY(self, angle):
        return self._set_axis_rotation(RotationMatrixY(float(angle)))

    def SetRotationZ(self, angle):
        return self._set_axis_rotation(RotationMatrixZ(float(angle)))

    def SetRotationAxis(self, axis, angle):
        """Rotation by angle [rad] about axis (any length but zero), zero translation."""
        a = _vector(axis, 3, "axis")
        n = np.linalg.norm(a)
        if n == 0.0:
            raise InternalError("HT.SetRotationAxis(...): the axis must not be zero")
        self._p = np.zeros(3)
        return self._set_rotation(RotationVector2RotationMatrix(a * (float(angle) / n)))

    def _set_coordinates(self, coordinates, size, rotation_of):
        c = np.array(coordinates, dtype=float).ravel()
        if c.size != size:
            raise InternalError(f"HT: the coordinates must have {size} components")
        self._p = c[:3].copy()
        return self._set_rotation(rotation_of(c[3:]))

    def SetCoordinatesEP(self, coordinates):
        """From the 7 coordinates of NodeRigidBodyEP: translation and Euler parameters."""
        return self._set_coordinates(coordinates, 7, lambda ep: _rotation_of(None, ep, None, None))

    def SetCoordinatesRxyz(self, coordinates):
        """From the 6 coordinates of NodeRigidBodyRxyz: translation and Tait-Bryan angles."""
        return self._set_coordinates(coordinates, 6, RotXYZ2RotationMatrix)

    def SetCoordinatesRotationVector(self, coordinates):
        """From the 6 coordinates of NodeRigidBodyRotVecLG: translation and rotation vector."""
        return self._set_coordinates(coordinates, 6, RotationVector2RotationMatrix)

    def SetExpSE3(self, vector):
        """Exponential map on SE(3) of the motion vector [U, Omega] (screw motion)."""
        m = ExpSE3(_vector(vector, 6, "vector"))
        self._p = m[:3, 3].copy()
        return self._set_rotation(m[:3, :3].copy())

    def SetExpR3xSO3(self, vector):
        """Exponential map on R3xSO(3) of [U, Omega]: translation U, rotation of Omega."""
        v = _vector(vector, 6, "vector")
        self._p = v[:3].copy()
        return self._set_rotation(ExpSO3(v[3:]))

    # ------------------------------------------------------------ rotation parameters
    def GetEP(self):
        """The 4 Euler parameters of the rotation."""
        return np.asarray(RotationMatrix2EulerParameters(self._A), dtype=float)

    def GetRxyz(self):
        """The Tait-Bryan angles [rotX, rotY, rotZ] of the rotation."""
        return np.asarray(RotationMatrix2RotXYZ(self._A), dtype=float)

    def GetRotationVector(self):
        """The rotation vector (axis times angle) of the rotation."""
        return np.asarray(RotationMatrix2RotationVector(self._A), dtype=float)

    def GetCoordinatesEP(self):
        return np.concatenate((self._p, self.GetEP()))

    def GetCoordinatesRxyz(self):
        return np.concatenate((self._p, self.GetRxyz()))

    def GetCoordinatesRotationVector(self):
        return np.concatenate((self._p, self.GetRotationVector()))

    def RotationAngle(self):
        """The rotation angle in [0, pi], the length of the rotation vector."""
        return float(np.linalg.norm(self.GetRotationVector()))

    def RotationAxis(self, raiseError=True):
        """The unit rotation axis; without rotation InternalError, or [0,0,0] if raiseError=False."""
        v = self.GetRotationVector()
        n = np.linalg.norm(v)
        if n == 0.0:
            if raiseError:
                raise InternalError("HT.RotationAxis(): the transformation has no rotation; use raiseError=False "
                                    "to get [0,0,0]")
            return np.zeros(3)
        return v / n

    def LogSE3(self):
        """The motion vector [U, Omega] of which SetExpSE3 gives this HT."""
        m = LogSE3(self.HT44())
        return np.array([m[0, 3], m[1, 3], m[2, 3], m[2, 1], m[0, 2], m[1, 0]])

    def LogR3xSO3(self):
        """[translation, rotation vector], as GetCoordinatesRotationVector()."""
        return self.GetCoordinatesRotationVector()

    # ------------------------------------------------------------ operations
    def Inverse(self):
        """The inverse transformation [A^T, -A^T p]."""
        return HT._new(self._A.T.copy(), -(self._A.T @ self._p), self._no_rotation)

    def Invert(self):
        """Invert in place."""
        self._A, self._p = self._A.T.copy(), -(self._A.T @ self._p)

    def Relative(self, other):
        """The frame of other seen from this one: Inverse() * other."""
        other = _ht_argument(other, "Relative")
        return HT._new(self._A.T @ other._A, self._A.T @ (other._p - self._p),
                       self._no_rotation and other._no_rotation)

    def RotateVector(self, vector):
        """A v."""
        return self._A @ _vector(vector, 3, "vector")

    def RotateVectorTransposed(self, vector):
        """A^T v."""
        return self._A.T @ _vector(vector, 3, "vector")

    def InterpolateSE3(self, other, factor):
        """Screw motion from this HT (factor 0) to other (factor 1): H exp(factor log(H^-1 other))."""
        rel = self.Relative(other)
        m = ExpSE3(float(factor) * rel.LogSE3())
        step = HT._new(m[:3, :3].copy(), m[:3, 3].copy(), rel._no_rotation)
        return self * step

    def InterpolateSO3(self, other, factor):
        """Translation linear, rotation A exp(factor log(A^T A_other)) about one fixed axis."""
        other = _ht_argument(other, "InterpolateSO3")
        f = float(factor)
        no_rotation = self._no_rotation and other._no_rotation
        A = self._A.copy() if no_rotation else \
            self._A @ ExpSO3(f * np.asarray(RotationMatrix2RotationVector(self._A.T @ other._A), dtype=float))
        return HT._new(A, self._p + f * (other._p - self._p), no_rotation)

    def __mul__(self, other):
        """H1*H2: composition, an HT; H*v: the transformed point A v + p of a 3D vector."""
        if isinstance(other, HT):
            return HT._new(self._A @ other._A, self._A @ other._p + self._p,
                           self._no_rotation and other._no_rotation)
        return self._A @ _vector(other, 3, "the vector of H*v") + self._p

    def __matmul__(self, other):
        """H1@H2: composition, an HT; H@x: the 4x4 matrix times x, as numpy computes it."""
        if isinstance(other, HT):
            return self * other
        return self.HT44() @ np.asarray(other)

    def __eq__(self, other):
        if not isinstance(other, HT):
            raise TypeError(f"HT == {type(other).__name__}: an HT compares with an HT only")
        return bool(np.array_equal(self._A, other._A) and np.array_equal(self._p, other._p))

    def __copy__(self):
        return HT._new(self._A.copy(), self._p.copy(), self._no_rotation)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __getstate__(self):
        return (self._A, self._p, self._no_rotation)

    def __setstate__(self, state):
        self._A, self._p, self._no_rotation = state

    def __repr__(self):
        def text(values):
            return ",".join(f"{float(x):g}" for x in values)
        rows = ",".join(f"[{text(row)}]" for row in self._A)
        return f"HT(rotation=[{rows}], translation=[{text(self._p)}])"

    __str__ = __repr__


def _ht_argument(other, where):
    if not isinstance(other, HT):
        raise ExudynTypeError(f"HT.{where}(...): expected an HT; received {type(other).__name__}")
    return other
