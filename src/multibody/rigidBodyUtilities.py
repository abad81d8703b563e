"""Rigid-body utilities with the names of Exudyn's ``exudyn.rigidBodyUtilities`` (1.13).

Rotations, homogeneous transformations (4x4), Plücker-type 6x6 transformations (T66) and the
``RigidBodyInertia`` family. Rotation formulas live in :mod:`multibody.kernels.rotations`;
the functions here convert arguments to float arrays and call those kernels.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from multibody._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from multibody.enums import NodeType
from multibody.kernels import rotations as _rot

if TYPE_CHECKING:
    from multibody.model.main_system import MainSystem

__all__ = [
    "AddPrismaticJoint", "AddRevoluteJoint", "AddRigidBody",
    "AngularVelocity2EulerParameters_t", "AngularVelocity2RotXYZ_t",
    "ComputeOrthonormalBasis", "ComputeOrthonormalBasisVectors",
    "ComputeRotationAxisFromRotationVector", "ComputeSkewMatrix",
    "EulerParameters2G", "EulerParameters2GLocal", "EulerParameters2RotationMatrix",
    "GetRigidBodyNode", "GramSchmidt", "HT0", "HT2T66Inverse", "HT2rotationMatrix", "HT2translation",
    "HTrotateX", "HTrotateY", "HTrotateZ", "HTtranslate", "HTtranslateX", "HTtranslateY",
    "HTtranslateZ", "HomogeneousTransformation", "Inertia6D2InertiaTensor", "InertiaCuboid",
    "InertiaCylinder", "InertiaHollowSphere", "InertiaMassPoint", "InertiaRodX", "InertiaSphere",
    "InertiaTensor2Inertia6D", "InverseHT", "InverseT66toRotationTranslation",
    "RigidBodyInertia", "RotXYZ2EulerParameters", "RotXYZ2G", "RotXYZ2GLocal",
    "RotXYZ2GLocal_t", "RotXYZ2G_t", "RotXYZ2RotationMatrix", "RotationMatrix2D",
    "RotationMatrix2EulerParameters", "RotationMatrix2RotXYZ", "RotationMatrix2RotZYZ",
    "RotationMatrix2RotationVector", "RotationMatrixX", "RotationMatrixY", "RotationMatrixZ",
    "RotationTranslation2T66", "RotationTranslation2T66Inverse", "RotationVector2G",
    "RotationVector2GLocal", "RotationVector2RotationMatrix", "RotationX2T66", "RotationY2T66",
    "RotationZ2T66", "Skew", "Skew2Vec", "StrNodeType2NodeType", "T66Inverse", "T66toHT",
    "T66toRotationTranslation", "Translation2T66", "TranslationX2T66", "TranslationY2T66",
    "TranslationZ2T66", "eulerParameters0",
]

#: Euler parameters of the identity rotation
eulerParameters0 = [1.0, 0.0, 0.0, 0.0]


def _vec(v, size=None) -> np.ndarray:
    a = np.asarray(v, dtype=float).reshape(-1)
    if size is not None and a.size != size:
        raise ValueError(f"expected a vector with {size} components; received {v!r}")
    return a


def _mat(m, rows=3, cols=3) -> np.ndarray:
    a = np.ascontiguousarray(m, dtype=float)    # one kernel specialization (a transpose is 'F')
    if a.shape != (rows, cols):
        raise ValueError(f"expected a {rows}x{cols} matrix; received shape {a.shape}")
    return a


# ---------------------------------------------------------------------------------------------
# skew matrices and bases


def Skew(vector: Vector):
    """Skew-symmetric matrix of a 3-vector: ``Skew(v) @ w == np.cross(v, w)``."""
    return _rot.skew(_vec(vector, 3), np.empty((3, 3)))


def Skew2Vec(skew: Matrix):
    """Axial vector of a skew-symmetric 3x3 matrix (inverse of :func:`Skew`)."""
    return _rot.skew_to_vector(_mat(skew), np.empty(3))


def ComputeSkewMatrix(v: Vector):
    """Skew matrix of a 3-vector, or the (3n, 3) stack of skew matrices of a 3n-vector."""
    a = _vec(v)
    if a.size == 3:
        return Skew(a)
    if a.size % 3:
        raise ValueError(f"ComputeSkewMatrix: length must be a multiple of 3; received {a.size}")
    out = np.empty((a.size, 3))
    for i in range(a.size // 3):
        _rot.skew(a[3 * i:3 * i + 3], out[3 * i:3 * i + 3])
    return out


def ComputeOrthonormalBasisVectors(vector0: Vector):
    """Orthonormal basis ``[e0, n, e2]`` (list of arrays) with ``e0 = vector0/|vector0|``.

    ``n = (0, 1, 0)`` if ``|e0_x| > 0.5`` and ``|e0_y| < 0.1`` and ``|e0_z| < 0.1``, else
    ``(1, 0, 0)``; ``n`` is orthogonalized to ``e0`` and normalized; ``e2 = e0 x n``
    (spec/system.md 7.5). A zero vector gives ``e0 = 0``, ``(1, 0, 0)``, ``(0, 1, 0)``.
    """
    v = _vec(vector0, 3)
    length = np.linalg.norm(v)
    if length == 0.0:
        return [np.zeros(3), np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])]
    e0 = v / length
    n, e2 = _rot.normal_and_third(e0)
    return [e0, n, e2]


def ComputeOrthonormalBasis(vector0: Vector):
    """3x3 matrix with columns ``[e0, n, e2]`` of :func:`ComputeOrthonormalBasisVectors`."""
    return np.array(ComputeOrthonormalBasisVectors(vector0)).T


def GramSchmidt(vector0: Vector, vector1: Vector):
    """Orthonormal basis ``[e0, e1, e2]`` (list of arrays): ``e0 = v0/|v0|``, ``e1`` = ``v1``
    orthogonalized to ``e0`` and normalized, ``e2 = e0 x e1``."""
    v0, v1 = _vec(vector0, 3), _vec(vector1, 3)
    e0 = v0 / np.linalg.norm(v0)
    e1 = v1 - (v1 @ e0) * e0
    e1 = e1 / np.linalg.norm(e1)
    return [e0, e1, np.cross(e0, e1)]


def ComputeRotationAxisFromRotationVector(rotationVector: Vector):
    """Unit rotation axis of a rotation vector; zero vector for a zero rotation."""
    v = _vec(rotationVector, 3)
    length = np.linalg.norm(v)
    return v / length if length != 0.0 else np.zeros(3)


# ---------------------------------------------------------------------------------------------
# rotation matrices and rotation parameters


def RotationMatrixX(angleRad: float):
    """Rotation matrix about the x-axis by ``angleRad`` [rad]."""
    return _rot.rotation_matrix_x(float(angleRad), np.empty((3, 3)))


def RotationMatrixY(angleRad: float):
    """Rotation matrix about the y-axis by ``angleRad`` [rad]."""
    return _rot.rotation_matrix_y(float(angleRad), np.empty((3, 3)))


def RotationMatrixZ(angleRad: float):
    """Rotation matrix about the z-axis by ``angleRad`` [rad]."""
    return _rot.rotation_matrix_z(float(angleRad), np.empty((3, 3)))


def RotationMatrix2D(angleRad: float):
    """2x2 planar rotation matrix for ``angleRad`` [rad]."""
    return _rot.rotation_matrix_2d(float(angleRad), np.empty((2, 2)))


def EulerParameters2RotationMatrix(eulerParameters: Vector):
    """Rotation matrix of Euler parameters ``[e0, e1, e2, e3]`` (scalar part first)."""
    return _rot.ep_rotation_matrix(_vec(eulerParameters, 4), np.empty((3, 3)))


def RotationMatrix2EulerParameters(rotationMatrix: Matrix):
    """Unit Euler parameters (``e0 >= 0``) of a rotation matrix."""
    return _rot.ep_from_rotation_matrix(_mat(rotationMatrix), np.empty(4))


def EulerParameters2G(eulerParameters: Vector):
    """3x4 matrix G with global angular velocity ``omega = G ep_t``."""
    return _rot.ep_g(_vec(eulerParameters, 4), np.empty((3, 4)))


def EulerParameters2GLocal(eulerParameters: Vector):
    """3x4 matrix G_local with local angular velocity ``omega_local = G_local ep_t``."""
    return _rot.ep_g_local(_vec(eulerParameters, 4), np.empty((3, 4)))


def AngularVelocity2EulerParameters_t(angularVelocity: Vector, eulerParameters: Vector):
    """Euler-parameter rates ``ep_t = G(ep)^T omega / 4`` for a global angular velocity."""
    return 0.25 * EulerParameters2G(eulerParameters).T @ _vec(angularVelocity, 3)


def RotXYZ2RotationMatrix(rot: Vector):
    """Rotation matrix ``Rx(rot[0]) Ry(rot[1]) Rz(rot[2])`` of Tait-Bryan angles."""
    return _rot.rxyz_rotation_matrix(_vec(rot, 3), np.empty((3, 3)))


def RotationMatrix2RotXYZ(rotationMatrix: Matrix):
    """Tait-Bryan xyz angles of a rotation matrix (as the ``Rotation`` output variable)."""
    return _rot.rxyz_from_rotation_matrix(_mat(rotationMatrix), np.empty(3))


def RotXYZ2EulerParameters(alpha: Vector):
    """Euler parameters of Tait-Bryan angles (quaternion product; ``e0`` may be negative)."""
    return _rot.rxyz_to_ep(_vec(alpha, 3), np.empty(4))


def RotXYZ2G(rot: Vector):
    """3x3 matrix G of Tait-Bryan angles with global ``omega = G rot_t``."""
    return _rot.rxyz_g(_vec(rot, 3), np.empty((3, 3)))


def RotXYZ2GLocal(rot: Vector):
    """3x3 matrix G_local of Tait-Bryan angles with ``omega_local = G_local rot_t``."""
    return _rot.rxyz_g_local(_vec(rot, 3), np.empty((3, 3)))


def RotXYZ2G_t(rot: Vector, rot_t: Vector):
    """Time derivative of :func:`RotXYZ2G` for the angle rates ``rot_t``."""
    return _rot.rxyz_g_t(_vec(rot, 3), _vec(rot_t, 3), np.empty((3, 3)))


def RotXYZ2GLocal_t(rot: Vector, rot_t: Vector):
    """Time derivative of :func:`RotXYZ2GLocal` for the angle rates ``rot_t``."""
    return _rot.rxyz_g_local_t(_vec(rot, 3), _vec(rot_t, 3), np.empty((3, 3)))


def AngularVelocity2RotXYZ_t(angularVelocity: Vector, rotation: Matrix):
    """Tait-Bryan angle rates ``rot_t = G(rot)^-1 omega`` for a global angular velocity."""
    return np.linalg.solve(RotXYZ2G(rotation), _vec(angularVelocity, 3))


def RotationVector2RotationMatrix(rotationVector: Vector):
    """Rotation matrix of a rotation vector (exponential map)."""
    return _rot.rotvec_rotation_matrix(_vec(rotationVector, 3), np.empty((3, 3)))


def RotationMatrix2RotationVector(rotationMatrix: Matrix):
    """Rotation vector (angle in [0, pi]) of a rotation matrix (logarithmic map)."""
    return _rot.rotvec_from_rotation_matrix(_mat(rotationMatrix), np.empty(3))


def RotationVector2G(rotationVector: Vector):
    """Global G of a rotation-vector node whose velocity coordinates are the LOCAL angular
    velocity (NodeRigidBodyRotVecLG): ``G = A``."""
    return RotationVector2RotationMatrix(rotationVector)


def RotationVector2GLocal(eulerParameters: Vector):
    """Local G of a NodeRigidBodyRotVecLG: the identity (argument kept for Exudyn's signature,
    whose parameter is named ``eulerParameters``)."""
    return np.eye(3)


def RotationMatrix2RotZYZ(rotationMatrix: Matrix, flip: bool):
    """ZYZ Euler angles ``[a, b, c]`` with ``A = Rz(a) Ry(b) Rz(c)``; ``flip`` selects the
    second solution (``b < 0``). At ``sin(b) = 0`` the rotation is put into ``c``."""
    a = _mat(rotationMatrix)
    b = np.arccos(np.clip(a[2, 2], -1.0, 1.0))
    if abs(np.sin(b)) < 1e-14:
        # gimbal lock: only a + c (b = 0) or c - a (b = pi) is defined
        c = np.arctan2(a[1, 0], a[0, 0]) if a[2, 2] > 0 else np.arctan2(-a[1, 0], -a[0, 0])
        return np.array([0.0, b, c])
    if flip:
        return np.array([np.arctan2(-a[1, 2], -a[0, 2]), -b, np.arctan2(-a[2, 1], a[2, 0])])
    return np.array([np.arctan2(a[1, 2], a[0, 2]), b, np.arctan2(a[2, 1], -a[2, 0])])


def StrNodeType2NodeType(sNodeType: str):
    """NodeType of one of 'RotationEulerParameters', 'RotationRxyz', 'RotationRotationVector', also
    written 'NodeType.RotationRxyz' (the text of str(exu.NodeType.RotationRxyz); as Exudyn 1.13.6)."""
    s = sNodeType.replace("NodeType.", "")
    if s in ("RotationEulerParameters", "RotationRxyz", "RotationRotationVector"):
        return NodeType[s]
    raise ValueError(f'StrNodeType2NodeType: no valid NodeType: "{s}"')


# ---------------------------------------------------------------------------------------------
# homogeneous transformations (4x4)


def HomogeneousTransformation(A: Matrix, r: Vector):
    """4x4 homogeneous transformation ``[[A, r], [0, 1]]``."""
    t = np.eye(4)
    t[:3, :3] = _mat(A)
    t[:3, 3] = _vec(r, 3)
    return t


def HT0():
    """Identity homogeneous transformation."""
    return np.eye(4)


def HTtranslate(r: Vector):
    """Pure translation by ``r``."""
    return HomogeneousTransformation(np.eye(3), r)


def HTtranslateX(x: float):
    """Pure translation along x."""
    return HTtranslate([x, 0.0, 0.0])


def HTtranslateY(y: float):
    """Pure translation along y."""
    return HTtranslate([0.0, y, 0.0])


def HTtranslateZ(z: float):
    """Pure translation along z."""
    return HTtranslate([0.0, 0.0, z])


def HTrotateX(angle: float):
    """Pure rotation about x by ``angle`` [rad]."""
    return HomogeneousTransformation(RotationMatrixX(angle), np.zeros(3))


def HTrotateY(angle: float):
    """Pure rotation about y by ``angle`` [rad]."""
    return HomogeneousTransformation(RotationMatrixY(angle), np.zeros(3))


def HTrotateZ(angle: float):
    """Pure rotation about z by ``angle`` [rad]."""
    return HomogeneousTransformation(RotationMatrixZ(angle), np.zeros(3))


def HT2rotationMatrix(T: Matrix):
    """Rotation part of a homogeneous transformation."""
    return np.array(T, dtype=float)[:3, :3]


def HT2translation(T: Matrix):
    """Translation part of a homogeneous transformation."""
    return np.array(T, dtype=float)[:3, 3]


def InverseHT(T: Matrix):
    """Inverse ``[[A^T, -A^T r], [0, 1]]`` of a homogeneous transformation."""
    a, r = HT2rotationMatrix(T), HT2translation(T)
    return HomogeneousTransformation(a.T, -a.T @ r)


# ---------------------------------------------------------------------------------------------
# 6x6 transformations (T66) as used by the kinematic-tree utilities


def _t66(a, lower_left):
    t = np.zeros((6, 6))
    t[:3, :3] = a
    t[3:, 3:] = a
    t[3:, :3] = lower_left
    return t


def RotationTranslation2T66(A: Matrix, v: Vector):
    """6x6 transformation ``[[A, 0], [Skew(v) A, A]]`` of rotation A and translation v."""
    a = _mat(A)
    return _t66(a, Skew(v) @ a)


def RotationTranslation2T66Inverse(A: Matrix, v: Vector):
    """Inverse of :func:`RotationTranslation2T66`: ``[[A^T, 0], [-A^T Skew(v), A^T]]``."""
    a = _mat(A)
    return _t66(a.T, -a.T @ Skew(v))


def HT2T66Inverse(T: Matrix):
    """:func:`RotationTranslation2T66Inverse` of the rotation and translation of HT ``T``."""
    return RotationTranslation2T66Inverse(HT2rotationMatrix(T), HT2translation(T))


def T66toRotationTranslation(T66: Matrix):
    """``[A, v]`` of a T66 made by :func:`RotationTranslation2T66`."""
    t = np.asarray(T66, dtype=float)
    a = t[:3, :3].copy()
    return [a, Skew2Vec(t[3:, :3] @ a.T)]


def InverseT66toRotationTranslation(T66: Matrix):
    """``[A, v]`` of a T66 made by :func:`RotationTranslation2T66Inverse`."""
    t = np.asarray(T66, dtype=float)
    a = t[:3, :3].T.copy()
    return [a, Skew2Vec(-a @ t[3:, :3])]


def T66toHT(T66: Matrix):
    """Homogeneous transformation with the rotation and translation of a T66."""
    a, v = T66toRotationTranslation(T66)
    return HomogeneousTransformation(a, v)


def T66Inverse(T66: Matrix):
    """Inverse of a T66 ``[[E, 0], [B, E]]``: ``[[E^T, 0], [-E^T B E^T, E^T]]``."""
    t = np.asarray(T66, dtype=float)
    et = t[:3, :3].T
    return _t66(et, -et @ t[3:, :3] @ et)


def RotationX2T66(angle: float):
    """T66 of a rotation about x (no translation)."""
    return _t66(RotationMatrixX(angle), np.zeros((3, 3)))


def RotationY2T66(angle: float):
    """T66 of a rotation about y (no translation)."""
    return _t66(RotationMatrixY(angle), np.zeros((3, 3)))


def RotationZ2T66(angle: float):
    """T66 of a rotation about z (no translation)."""
    return _t66(RotationMatrixZ(angle), np.zeros((3, 3)))


def Translation2T66(translation3D: Vector):
    """T66 of a translation: ``[[I, 0], [-Skew(r), I]]``."""
    return _t66(np.eye(3), -Skew(translation3D))


def TranslationX2T66(translation: Any):
    """T66 of a translation along x."""
    return Translation2T66([translation, 0.0, 0.0])


def TranslationY2T66(translation: Any):
    """T66 of a translation along y."""
    return Translation2T66([0.0, translation, 0.0])


def TranslationZ2T66(translation: Any):
    """T66 of a translation along z."""
    return Translation2T66([0.0, 0.0, translation])


# ---------------------------------------------------------------------------------------------
# inertia


def InertiaTensor2Inertia6D(inertiaTensor: Matrix):
    """6 values ``[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]`` of a symmetric 3x3 inertia tensor."""
    j = np.asarray(inertiaTensor)
    return [j[0, 0], j[1, 1], j[2, 2], j[1, 2], j[0, 2], j[0, 1]]


def Inertia6D2InertiaTensor(inertia6D: Vector):
    """Symmetric 3x3 inertia tensor of ``[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]``."""
    xx, yy, zz, yz, xz, xy = np.asarray(inertia6D).reshape(-1)
    return np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])


def _steiner(mass, com):
    """Parallel-axis term ``m (|c|^2 I - c c^T)``."""
    return mass * ((com @ com) * np.eye(3) - np.outer(com, com))


class RigidBodyInertia:
    """Mass, center of mass and inertia tensor of a rigid body.

    ``inertiaTensor`` is taken w.r.t. the body's reference point (the origin of its local
    frame) unless ``inertiaTensorAtCOM=True``, in which case it is given at the COM and
    converted with Steiner's theorem. ``com`` is in local coordinates.
    """

    def __init__(self, mass=0, inertiaTensor=np.zeros((3, 3)), com=np.zeros(3),
                 inertiaTensorAtCOM=False):
        self.mass = mass
        self.com = _vec(com, 3).copy()
        self.inertiaTensor = _mat(inertiaTensor).copy()
        if inertiaTensorAtCOM:
            self.inertiaTensor = self.inertiaTensor + _steiner(mass, self.com)
        self.data = {"type": "RigidBodyInertia"}

    def SetWithCOMinertia(self, mass, inertiaTensorCOM, com):
        """Set mass, COM and the inertia tensor given w.r.t. the COM."""
        self.mass = mass
        self.com = _vec(com, 3).copy()
        self.inertiaTensor = _mat(inertiaTensorCOM) + _steiner(mass, self.com)

    def Inertia(self):
        """Inertia tensor w.r.t. the reference point."""
        return self.inertiaTensor

    def InertiaCOM(self):
        """Inertia tensor w.r.t. the center of mass."""
        return self.inertiaTensor - _steiner(self.mass, self.com)

    def Mass(self):
        return self.mass

    def COM(self):
        return self.com

    def GetInertia6D(self):
        """``[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]`` w.r.t. the reference point (ObjectRigidBody's
        ``inertia`` parameter)."""
        return [float(x) for x in InertiaTensor2Inertia6D(self.inertiaTensor)]

    def GetTypeName(self):
        return type(self).__name__

    def GetSpecialData(self):
        """Shape data (type, dimensions, and ``HT`` after translations/transformations)."""
        return self.data

    def _new(self, mass, inertia_com, com, data):
        result = RigidBodyInertia(mass, inertia_com, com, inertiaTensorAtCOM=True)
        result.data = data
        return result

    def _data_with_ht(self, ht):
        data = copy.deepcopy(self.data)
        if data["type"] != "RigidBodyInertia":
            data["HT"] = ht @ data["HT"] if "HT" in data else ht
        return data

    def Translated(self, vec):
        """Copy of the body moved by ``vec`` (local frame), inertia updated (Steiner)."""
        v = _vec(vec, 3)
        return self._new(self.mass, self.InertiaCOM(), self.com + v,
                         self._data_with_ht(HTtranslate(v)))

    def Rotated(self, rot):
        """Copy of the body rotated by the rotation matrix ``rot``; requires ``com = 0``.

        Raises
        ------
        ValueError
            If the center of mass is not zero (Exudyn prints an error and returns 0).
        """
        if np.any(self.com != 0):
            raise ValueError("RigidBodyInertia.Rotated only allowed in case of com=0")
        a = _mat(rot)
        return self._new(self.mass, a @ self.InertiaCOM() @ a.T, self.com,
                         {"type": "RigidBodyInertia"})

    def Transformed(self, HT):
        """Copy of the body rotated and then translated by the homogeneous transformation."""
        ht = np.asarray(HT, dtype=float)
        a, p = ht[:3, :3], ht[:3, 3]
        return self._new(self.mass, a @ self.InertiaCOM() @ a.T, a @ self.com + p,
                         self._data_with_ht(ht))

    def __add__(self, other):
        """Union of two bodies given in the same frame."""
        mass = self.mass + other.mass
        com = (self.mass * self.com + other.mass * other.com) / mass
        result = RigidBodyInertia(mass, self.inertiaTensor + other.inertiaTensor, com)
        return result

    def __str__(self):
        return (f"mass = {self.mass}\nCOM = {self.com}\ninertiaTensorAtOrigin = \n"
                f"{self.inertiaTensor}\ninertiaTensorAtCOM = \n{self.InertiaCOM()}")

    __repr__ = __str__

    def GetGraphics(self, color):
        """Graphics data dict for the body, or None for a generic RigidBodyInertia.

        Cuboids give a TriangleList box as Exudyn; the other shapes give their bounding box as
        a placeholder until the graphics module draws them.
        """
        half = _half_extents(self.data)
        if half is None:
            return None
        return _box_graphics(half, self.data.get("HT", np.eye(4)), color)



def _half_extents(data):
    """Half extents of the bounding box of the shape described by ``data``, or None."""
    kind = data["type"]
    if kind == "InertiaCuboid":
        return 0.5 * np.asarray(data["sideLengths"], dtype=float)
    if kind in ("InertiaSphere", "InertiaHollowSphere"):
        return np.full(3, float(data["radius"]))
    if kind == "InertiaCylinder":
        half = np.full(3, float(data["outerRadius"]))
        half[data["axis"]] = 0.5 * data["length"]
        return half
    if kind == "InertiaRodX":
        return np.array([0.5, 0.02, 0.02]) * data["length"]
    return None


def _box_graphics(half, ht, color):
    """TriangleList dict of a box with half extents ``half``, placed by ``ht``."""
    signs = np.array([[-1, -1, -1], [1, -1, -1], [1, 1, -1], [-1, 1, -1],
                      [-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]], dtype=float)
    ht = np.asarray(ht, dtype=float)
    points = (signs * half) @ ht[:3, :3].T + ht[:3, 3]
    triangles = np.array([[0, 2, 1], [0, 3, 2], [6, 4, 5], [6, 7, 4], [0, 1, 4], [1, 5, 4],
                          [1, 2, 5], [2, 6, 5], [2, 3, 6], [3, 7, 6], [3, 0, 7], [0, 4, 7]])
    return {"type": "TriangleList", "colors": np.tile(np.asarray(color), (8, 1)),
            "points": points, "triangles": triangles}


class InertiaCuboid(RigidBodyInertia):
    """Homogeneous cuboid of ``density`` [kg/m^3] and ``sideLengths`` [x, y, z] [m], COM at 0."""

    def __init__(self, density, sideLengths):
        a, b, c = sideLengths
        mass = density * a * b * c
        inertia = mass / 12.0 * np.diag([b * b + c * c, a * a + c * c, a * a + b * b])
        super().__init__(mass, inertia, np.zeros(3))
        self.data = {"type": "InertiaCuboid", "density": density, "sideLengths": sideLengths}


class InertiaRodX(RigidBodyInertia):
    """Thin rod of ``mass`` and ``length`` along the local x-axis, COM at 0."""

    def __init__(self, mass, length):
        j = mass * length * length / 12.0
        super().__init__(mass, np.diag([0.0, j, j]), np.zeros(3))
        self.data = {"type": "InertiaRodX", "mass": mass, "length": length}


class InertiaMassPoint(RigidBodyInertia):
    """Point mass (zero inertia tensor) at the origin."""

    def __init__(self, mass):
        super().__init__(mass, np.zeros((3, 3)), np.zeros(3))
        self.data = {"type": "InertiaMassPoint", "mass": mass}


class InertiaSphere(RigidBodyInertia):
    """Solid sphere of ``radius`` with either ``mass`` or ``density``; inertia ``2/5 m r^2``."""

    def __init__(self, mass=None, radius=None, density=None):
        if radius is None or (mass is None) == (density is None):
            raise ValueError("InertiaSphere: provide radius and either mass or density")
        volume = 4.0 / 3.0 * np.pi * radius ** 3
        if mass is None:
            mass = density * volume
        else:
            density = mass / volume
        super().__init__(mass, np.eye(3) * (0.4 * mass * radius * radius), np.zeros(3))
        self.data = {"type": "InertiaSphere", "mass": mass, "radius": radius,
                     "density": density, "volume": volume}


class InertiaHollowSphere(RigidBodyInertia):
    """Thin spherical shell of ``mass`` and ``radius``; inertia ``2/3 m r^2``."""

    def __init__(self, mass, radius):
        super().__init__(mass, np.eye(3) * (2.0 / 3.0 * mass * radius * radius), np.zeros(3))
        self.data = {"type": "InertiaHollowSphere", "mass": mass, "radius": radius}


class InertiaCylinder(RigidBodyInertia):
    """(Hollow) cylinder of ``density``, ``length``, radii, along local ``axis`` (0, 1 or 2).

    ``m = rho L pi (ro^2 - ri^2)``, axial inertia ``m (ro^2 + ri^2)/2``, transverse
    ``m (3 (ro^2 + ri^2) + L^2)/12``.
    """

    def __init__(self, density, length, outerRadius, axis, innerRadius=0):
        if axis not in (0, 1, 2):
            raise ValueError(f"InertiaCylinder: axis must be 0, 1 or 2; received {axis!r}")
        r2 = outerRadius ** 2 + innerRadius ** 2
        mass = density * length * np.pi * (outerRadius ** 2 - innerRadius ** 2)
        j = np.full(3, mass * (3.0 * r2 + length * length) / 12.0)
        j[axis] = 0.5 * mass * r2
        super().__init__(mass, np.diag(j), np.zeros(3))
        self.data = {"type": "InertiaCylinder", "density": density, "length": length,
                     "axis": axis, "outerRadius": outerRadius, "innerRadius": innerRadius}


# ---------------------------------------------------------------------------------------------
# helpers Exudyn 1.13 still has but deprecates (use mbs.CreateRigidBody, mbs.CreateRevoluteJoint,
# mbs.CreatePrismaticJoint): the same items as Exudyn 1.13.6 makes with them (compared item by item)

def _node_type(nodeType):
    return StrNodeType2NodeType(nodeType) if isinstance(nodeType, str) else NodeType(int(nodeType))


def node_rotation_parameters(nodeType, A):
    """The rotation coordinates of a rigid-body node of ``nodeType`` (Euler parameters, Rxyz angles
    or a rotation vector) for the rotation matrix A."""
    if nodeType == NodeType.RotationEulerParameters:
        return np.asarray(RotationMatrix2EulerParameters(A), dtype=float)
    if nodeType == NodeType.RotationRxyz:
        return np.asarray(RotationMatrix2RotXYZ(A), dtype=float)
    return np.asarray(RotationMatrix2RotationVector(A), dtype=float)


def node_rotation_rates(nodeType, params, A, w):
    """The rates of the rotation coordinates ``params`` (rotation matrix A) of a rigid-body node of
    ``nodeType`` turning with the global angular velocity w: G^T w / 4 for Euler parameters,
    G^-1 w for Rxyz, the local angular velocity A^T w for the Lie-group rotation vector."""
    w = np.asarray(w, dtype=float)
    if nodeType == NodeType.RotationEulerParameters:
        return 0.25 * np.asarray(EulerParameters2G(np.asarray(params, dtype=float))).T @ w
    if nodeType == NodeType.RotationRxyz:
        return np.linalg.solve(np.asarray(RotXYZ2G(np.asarray(params, dtype=float))), w)
    return np.asarray(A, dtype=float).T @ w


def _deprecated(what, instead):
    import warnings
    warnings.warn(f"rigidBodyUtilities.{what} is deprecated since 1.11.0 and removed in 2029; use {instead} instead",
                  DeprecationWarning, stacklevel=3)


def GetRigidBodyNode(nodeType: Any, position: Vector = [0, 0, 0], velocity: Vector = [0, 0, 0],
                     rotationMatrix: Matrix = [], rotationParameters: Vector = [],
                     angularVelocity: Vector = [0, 0, 0]):
    """The node item (NodeRigidBodyEP, NodeRigidBodyRxyz or NodeRigidBodyRotVecLG) of a rigid body at
    ``position`` with ``velocity``, rotated by ``rotationMatrix`` (or with the node's
    ``rotationParameters`` themselves) and turning with the global ``angularVelocity`` (its rotation
    rates made from it as mbs.CreateRigidBody makes them)."""
    from .itemInterface import NodeRigidBodyEP, NodeRigidBodyRotVecLG, NodeRigidBodyRxyz
    nt = _node_type(nodeType)
    kinds = {NodeType.RotationEulerParameters: (NodeRigidBodyEP, EulerParameters2RotationMatrix),
             NodeType.RotationRxyz: (NodeRigidBodyRxyz, RotXYZ2RotationMatrix),
             NodeType.RotationRotationVector: (NodeRigidBodyRotVecLG, RotationVector2RotationMatrix)}
    if nt not in kinds:
        raise ValueError(f"GetRigidBodyNode: invalid nodeType {nodeType!r}: expected "
                         "NodeType.RotationEulerParameters, RotationRxyz or RotationRotationVector")
    cls, to_matrix = kinds[nt]
    if len(rotationParameters):
        params = np.asarray(rotationParameters)
        A = np.asarray(to_matrix(np.asarray(rotationParameters, dtype=float)), dtype=float)
    else:
        A = np.asarray(rotationMatrix, dtype=float) if len(rotationMatrix) else np.eye(3)
        params = node_rotation_parameters(nt, A)
    rates = node_rotation_rates(nt, params, A, angularVelocity)
    return cls(referenceCoordinates=np.concatenate([np.asarray(position), params]),
               initialVelocities=np.concatenate([np.asarray(velocity, dtype=float), rates]))


def AddRigidBody(mainSys: MainSystem, inertia: Any, nodeType: Any = NodeType.RotationEulerParameters,
                 position: Vector = [0, 0, 0], velocity: Vector = [0, 0, 0], rotationMatrix: Matrix = [],
                 rotationParameters: Vector = [], angularVelocity: Vector = [0, 0, 0],
                 gravity: Vector = [0, 0, 0], graphicsDataList: list[dict[str, Any]] = []):
    """DEPRECATED (Exudyn 1.11; use mbs.CreateRigidBody): the node of GetRigidBodyNode and an
    ObjectRigidBody with ``inertia`` (a RigidBodyInertia) and ``graphicsDataList``, a
    LoadMassProportional of ``gravity`` where it is not zero; returns [nodeNumber, bodyNumber]."""
    _deprecated("AddRigidBody", "mbs.CreateRigidBody")
    from .itemInterface import LoadMassProportional, MarkerBodyMass, ObjectRigidBody, VObjectRigidBody
    n = mainSys.AddNode(GetRigidBodyNode(nodeType, position, velocity, rotationMatrix, rotationParameters,
                                         angularVelocity))
    b = mainSys.AddObject(ObjectRigidBody(mass=inertia.mass, inertia=inertia.GetInertia6D(),
                                          centerOfMass=list(inertia.com), nodeNumber=n,
                                          visualization=VObjectRigidBody(graphicsData=list(graphicsDataList))))
    if np.any(np.asarray(gravity, dtype=float) != 0):
        m = mainSys.AddMarker(MarkerBodyMass(bodyNumber=b))
        mainSys.AddLoad(LoadMassProportional(markerNumber=m, loadVector=list(gravity)))
    return [n, b]


def _add_joint(kind, mbs, body0, body1, point, axis, useGlobalFrame, showJoint, axisRadius, axisLength):
    create = mbs.CreateRevoluteJoint if kind == "Revolute" else mbs.CreatePrismaticJoint
    joint = create(itemNumbers=[body0, body1], position=point, axis=axis, useGlobalFrame=useGlobalFrame,
                   show=showJoint, axisRadius=axisRadius, axisLength=axisLength)
    return [joint] + list(mbs.GetObject(joint)["markerNumbers"])


def AddRevoluteJoint(mbs: MainSystem, body0: Any, body1: Any, point: Vector, axis: Vector, useGlobalFrame: bool = True,
                     showJoint: bool = True, axisRadius: float = 0.1, axisLength: float = 0.4):
    """DEPRECATED (Exudyn 1.11; use mbs.CreateRevoluteJoint, which makes the same items): a revolute
    joint of two rigid bodies (or ground) at ``point`` about ``axis``; returns [joint, marker0, marker1]."""
    _deprecated("AddRevoluteJoint", "mbs.CreateRevoluteJoint")
    return _add_joint("Revolute", mbs, body0, body1, point, axis, useGlobalFrame, showJoint, axisRadius, axisLength)


def AddPrismaticJoint(mbs: MainSystem, body0: Any, body1: Any, point: Vector, axis: Vector, useGlobalFrame: bool = True,
                      showJoint: bool = True, axisRadius: float = 0.1, axisLength: float = 0.4):
    """DEPRECATED (Exudyn 1.11; use mbs.CreatePrismaticJoint): a prismatic joint along ``axis``;
    returns [joint, marker0, marker1]."""
    _deprecated("AddPrismaticJoint", "mbs.CreatePrismaticJoint")
    return _add_joint("Prismatic", mbs, body0, body1, point, axis, useGlobalFrame, showJoint, axisRadius, axisLength)

attach_parameter_docs(globals(), __all__)
