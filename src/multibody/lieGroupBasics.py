"""Lie group maps with the names of Exudyn's ``exudyn.lieGroupBasics`` (1.13).

Exponential and logarithmic maps, tangent operators and composition rules of SO(3), S(3)
(unit quaternions = Euler parameters), SE(3) and the direct product R3xSO(3), as used by Lie
group time integrators (Brüls, Cardona, Arnold 2012; Sonneville 2014; Holzinger 2021).

Conventions (those of Exudyn): a rotation vector ``Omega`` has the rotation matrix
``ExpSO3(Omega)``; an incremental motion vector is ``x = [U, Omega]`` (translational part
first); composition applies the increment in the body frame, ``R1 = R0 @ ExpSO3(Omega)``.
"""
from __future__ import annotations

import math
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from multibody._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from multibody.errors import ExudynTypeError, ExudynValueError
from multibody.rigidBodyUtilities import (EulerParameters2RotationMatrix, RotationMatrix2RotXYZ,
                                          RotXYZ2RotationMatrix)

__all__ = [
    "Sinc", "Cot", "R3xSO3Matrix", "R3xSO3Matrix2RotationMatrix", "R3xSO3Matrix2Translation",
    "ExpSO3", "ExpS3", "LogSO3", "TExpSO3", "TExpSO3Inv", "ExpSE3", "LogSE3", "TExpSE3",
    "TExpSE3Inv", "ExpR3xSO3", "TExpR3xSO3", "TExpR3xSO3Inv",
    "CompositionRuleDirectProductR3AndS3", "CompositionRuleSemiDirectProductR3AndS3",
    "CompositionRuleDirectProductR3AndR3RotVec", "CompositionRuleSemiDirectProductR3AndR3RotVec",
    "CompositionRuleDirectProductR3AndR3RotXYZAngles",
    "CompositionRuleSemiDirectProductR3AndR3RotXYZAngles", "CompositionRuleForEulerParameters",
    "CompositionRuleForRotationVectors", "CompositionRuleRotXYZAnglesRotationVector",
]

# below this angle the inverse tangent operators use Taylor series of their coefficients
_SERIES_ANGLE = 0.01
# Euler parameters from the trace while 1 + trace(R) (= 4 e0^2) exceeds this value
_TRACE_BRANCH_LIMIT = 1e-15


# ---------------------------------------------------------------------------------------------
# argument checks


def _scalar(value, function):
    """A real scalar (Python number or 0-d array), else ExudynTypeError."""
    if isinstance(value, (bool, str, bytes)) or not (isinstance(value, (int, float, np.number))
                                                      or (isinstance(value, np.ndarray) and value.ndim == 0)):
        raise ExudynTypeError(f"{function}: x must be a real scalar; received {value!r}")
    return value


def _array(value, shape, function, argument) -> np.ndarray:
    """``value`` as a float array of the given shape, else a clear error."""
    if value is None or isinstance(value, (str, bytes)):
        raise ExudynTypeError(f"{function}: {argument} must be an array of shape {shape}; received {value!r}")
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ExudynTypeError(f"{function}: {argument} must be an array of real numbers with shape {shape}; "
                              f"received {value!r}") from None
    if a.shape != shape:
        expected = f"{shape[0]} components" if len(shape) == 1 else f"shape {shape}"
        raise ExudynValueError(f"{function}: {argument} must have {expected}; received shape {a.shape}")
    return a


def _skew(v) -> np.ndarray:
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


# ---------------------------------------------------------------------------------------------
# scalar helpers


def Sinc(x: float):
    """Cardinal sine ``sin(x)/x`` with ``Sinc(0) = 1``; x in radians."""
    _scalar(x, "Sinc")
    if x == 0:
        return 1.0
    return math.sin(x) / x


def Cot(x: float):
    """Cotangent ``1/tan(x)``; x in radians. Raises ZeroDivisionError where tan(x) == 0."""
    _scalar(x, "Cot")
    t = math.tan(x)
    if t == 0.0:
        raise ZeroDivisionError(f"Cot: cot(x) is infinite at x={x!r}")
    return 1.0 / t


# ---------------------------------------------------------------------------------------------
# R3xSO(3) as 7x7 matrices [[R, 0, 0], [0, I, x], [0, 0, 1]]


def R3xSO3Matrix(x: Any, R: Matrix):
    """7x7 matrix of the R3xSO(3) element with translation ``x`` and rotation matrix ``R``."""
    x = _array(x, (3,), "R3xSO3Matrix", "x")
    R = _array(R, (3, 3), "R3xSO3Matrix", "R")
    G = np.eye(7)
    G[0:3, 0:3] = R
    G[3:6, 6] = x
    return G


def R3xSO3Matrix2RotationMatrix(G: Matrix):
    """Rotation matrix (3x3) of a 7x7 R3xSO(3) matrix."""
    return _array(G, (7, 7), "R3xSO3Matrix2RotationMatrix", "G")[0:3, 0:3].copy()


def R3xSO3Matrix2Translation(G: Matrix):
    """Translation (3,) of a 7x7 R3xSO(3) matrix."""
    return _array(G, (7, 7), "R3xSO3Matrix2Translation", "G")[3:6, 6].copy()


# ---------------------------------------------------------------------------------------------
# SO(3) and S(3)


def _exp_so3(omega):
    phi = np.linalg.norm(omega)
    S = _skew(omega)
    if phi == 0.0:
        return np.eye(3)
    half_sinc = Sinc(0.5 * phi)
    return np.eye(3) + Sinc(phi) * S + 0.5 * half_sinc * half_sinc * (S @ S)


def ExpSO3(Omega: Vector):
    """Rotation matrix ``exp(skew(Omega))`` of a rotation vector (Rodrigues' formula)."""
    return _exp_so3(_array(Omega, (3,), "ExpSO3", "Omega"))


def _exp_s3(omega):
    phi = np.linalg.norm(omega)
    return np.concatenate(([math.cos(0.5 * phi)], 0.5 * Sinc(0.5 * phi) * omega))


def ExpS3(Omega: Vector):
    """Euler parameters ``[cos(phi/2), sin(phi/2) Omega/phi]`` of a rotation vector, ``phi = |Omega|``."""
    return _exp_s3(_array(Omega, (3,), "ExpS3", "Omega"))


def _euler_parameters(R):
    """Unit Euler parameters of a rotation matrix, computed as Exudyn's RotationMatrix2EulerParameters:
    from the trace where 1 + trace(R) > 1e-15, else from the largest diagonal entry (whose branches
    for the x and z entries give e0 the opposite sign); normalized to unit length."""
    trace = R[0, 0] + R[1, 1] + R[2, 2]
    if 1.0 + trace > _TRACE_BRANCH_LIMIT:
        s = 2.0 * math.sqrt(1.0 + trace)
        e = [0.25 * s, (R[2, 1] - R[1, 2]) / s, (R[0, 2] - R[2, 0]) / s, (R[1, 0] - R[0, 1]) / s]
    elif R[0, 0] >= R[1, 1] and R[0, 0] >= R[2, 2]:
        s = 2.0 * math.sqrt(1.0 + 2.0 * R[0, 0] - trace)
        e = [(R[1, 2] - R[2, 1]) / s, 0.25 * s, (R[0, 1] + R[1, 0]) / s, (R[0, 2] + R[2, 0]) / s]
    elif R[1, 1] >= R[2, 2]:
        s = 2.0 * math.sqrt(1.0 + 2.0 * R[1, 1] - trace)
        e = [(R[0, 2] - R[2, 0]) / s, (R[0, 1] + R[1, 0]) / s, 0.25 * s, (R[1, 2] + R[2, 1]) / s]
    else:
        s = 2.0 * math.sqrt(1.0 + 2.0 * R[2, 2] - trace)
        e = [(R[0, 1] - R[1, 0]) / s, (R[0, 2] + R[2, 0]) / s, (R[1, 2] + R[2, 1]) / s, 0.25 * s]
    e = np.array(e)
    return e / np.linalg.norm(e)


def _rotation_vector_of_euler_parameters(e):
    """Rotation vector ``2 acos(e0) / sin(acos(e0)) * [e1, e2, e3]`` (norm in [0, 2 pi])."""
    half = math.acos(min(1.0, max(-1.0, e[0])))
    if half == 0.0:
        return 2.0 * e[1:]
    return (2.0 * half / math.sin(half)) * e[1:]


def _log_so3(R):
    return _rotation_vector_of_euler_parameters(_euler_parameters(R))


def LogSO3(R: Matrix):
    """Skew-symmetric matrix ``skew(Omega)`` of the rotation vector of ``R`` (logarithmic map)."""
    return _skew(_log_so3(_array(R, (3, 3), "LogSO3", "R")))


def _t_exp_so3(omega):
    phi = np.linalg.norm(omega)
    if phi == 0.0:
        return np.eye(3)
    S = _skew(omega)
    half_sinc = Sinc(0.5 * phi)
    return np.eye(3) - 0.5 * half_sinc * half_sinc * S + ((1.0 - Sinc(phi)) / phi**2) * (S @ S)


def TExpSO3(Omega: Vector):
    """Tangent operator ``T(Omega) = I - (1-cos phi)/phi^2 skew(Omega) + (1 - sin phi/phi)/phi^2
    skew(Omega)^2`` of ExpSO3."""
    return _t_exp_so3(_array(Omega, (3,), "TExpSO3", "Omega"))


def _t_exp_so3_inv_coefficient(phi):
    """``(1 - (phi/2) cot(phi/2)) / phi^2``, by its Taylor series for small phi."""
    if phi < _SERIES_ANGLE:
        p2 = phi * phi
        return 1.0 / 12.0 + p2 / 720.0 + p2 * p2 / 30240.0
    return (1.0 - 0.5 * phi * Cot(0.5 * phi)) / phi**2


def _t_exp_so3_inv(omega):
    phi = np.linalg.norm(omega)
    S = _skew(omega)
    return np.eye(3) + 0.5 * S + _t_exp_so3_inv_coefficient(phi) * (S @ S)


def TExpSO3Inv(Omega: Vector):
    """Inverse tangent operator ``I + skew(Omega)/2 + (1 - (phi/2) cot(phi/2))/phi^2 skew(Omega)^2``."""
    return _t_exp_so3_inv(_array(Omega, (3,), "TExpSO3Inv", "Omega"))


# ---------------------------------------------------------------------------------------------
# SE(3) with motion vector x = [U, Omega]


def ExpSE3(x: Any):
    """4x4 homogeneous transformation ``[[ExpSO3(Omega), TExpSO3(Omega)^T U], [0, 1]]``."""
    x = _array(x, (6,), "ExpSE3", "x")
    H = np.eye(4)
    H[0:3, 0:3] = _exp_so3(x[3:6])
    H[0:3, 3] = _t_exp_so3(x[3:6]).T @ x[0:3]
    return H


def LogSE3(H: Matrix):
    """4x4 matrix ``[[skew(Omega), U], [0, 0]]`` of the motion vector of a homogeneous transformation."""
    H = _array(H, (4, 4), "LogSE3", "H")
    omega = _log_so3(H[0:3, 0:3])
    out = np.zeros((4, 4))
    out[0:3, 0:3] = _skew(omega)
    out[0:3, 3] = _t_exp_so3_inv(omega).T @ H[0:3, 3]
    return out


def _t_coupling(u, omega):
    """Upper right block T_UOmega of TExpSE3 (Sonneville 2014),
    ``c1 U + c2 (U S + S U) + (Omega.u) (c4 S + c5 S*S)`` with U = skew(u), S = skew(Omega).
    As in Exudyn, the last term uses the elementwise square ``S*S`` of S, and the coefficients
    switch to Taylor series below the angles 1e-4 (c2), 0.01 (c1) and 0.1 (c4, c5)."""
    phi = np.linalg.norm(omega)
    U, S = _skew(u), _skew(omega)
    p2 = phi * phi
    beta = 1.0 - p2 / 12.0 + p2 * p2 / 360.0 if phi <= 0.01 else 2.0 * (1.0 - math.cos(phi)) / p2
    c2 = 1.0 / 6.0 - p2 / 120.0 + p2 * p2 / 5040.0 if phi < 1e-4 else (phi - math.sin(phi)) / (p2 * phi)
    if phi < 0.1:
        c4 = 1.0 / 12.0 - p2 / 180.0 + p2 * p2 / 6720.0
        c5 = -1.0 / 60.0 + p2 / 1260.0 - p2 * p2 / 60480.0
    else:
        c4 = (beta - Sinc(phi)) / p2
        c5 = (0.5 * beta - 3.0 * c2) / p2
    return -0.5 * beta * U + c2 * (U @ S + S @ U) + float(omega @ u) * (c4 * S + c5 * (S * S))


def TExpSE3(x: Any):
    """6x6 tangent operator ``[[T(Omega), T_UOmega], [0, T(Omega)]]`` of ExpSE3."""
    x = _array(x, (6,), "TExpSE3", "x")
    T = np.zeros((6, 6))
    T[0:3, 0:3] = T[3:6, 3:6] = _t_exp_so3(x[3:6])
    T[0:3, 3:6] = _t_coupling(x[0:3], x[3:6])
    return T


def _t_inv_coupling(u, omega):
    """Upper right block of TExpSE3Inv, ``U/2 + c (U S + S U) + e (Omega.u) S*S``, with Exudyn's
    coefficients: ``c = (1 - alpha/(beta phi))/phi^2`` (beta divided by phi once more than in
    Sonneville 2014), ``e = (1/beta + alpha/beta - 2)/phi^4``, alpha = sin(phi)/phi,
    beta = 2(1 - cos phi)/phi^2, the elementwise square S*S of S = skew(Omega), and Taylor series
    of the exact coefficients below phi = 0.01."""
    phi = np.linalg.norm(omega)
    U, S = _skew(u), _skew(omega)
    p2 = phi * phi
    if phi < _SERIES_ANGLE:
        c = 1.0 / 12.0 + p2 / 720.0 + p2 * p2 / 30240.0
        e = 1.0 / 360.0 + p2 / 7560.0 + p2 * p2 / 201600.0
    else:
        alpha = Sinc(phi)
        half_sinc = Sinc(0.5 * phi)
        beta = half_sinc * half_sinc
        c = (1.0 - alpha / (beta * phi)) / p2
        e = (1.0 / beta + alpha / beta - 2.0) / (p2 * p2)
    return 0.5 * U + c * (U @ S + S @ U) + (e * float(omega @ u)) * (S * S)


def TExpSE3Inv(x: Any):
    """6x6 inverse tangent operator ``[[T^-1(Omega), T^-1_UOmega], [0, T^-1(Omega)]]`` (Sonneville 2014)."""
    x = _array(x, (6,), "TExpSE3Inv", "x")
    T = np.zeros((6, 6))
    T[0:3, 0:3] = T[3:6, 3:6] = _t_exp_so3_inv(x[3:6])
    T[0:3, 3:6] = _t_inv_coupling(x[0:3], x[3:6])
    return T


# ---------------------------------------------------------------------------------------------
# R3xSO(3)


def ExpR3xSO3(x: Any):
    """7x7 R3xSO(3) matrix of the motion vector ``x = [U, Omega]``: translation U, rotation ExpSO3(Omega)."""
    x = _array(x, (6,), "ExpR3xSO3", "x")
    return R3xSO3Matrix(x[0:3], _exp_so3(x[3:6]))


def TExpR3xSO3(x: Any):
    """6x6 tangent operator ``blockdiag(I, TExpSO3(Omega))`` of ExpR3xSO3."""
    x = _array(x, (6,), "TExpR3xSO3", "x")
    T = np.eye(6)
    T[3:6, 3:6] = _t_exp_so3(x[3:6])
    return T


def TExpR3xSO3Inv(x: Any):
    """6x6 inverse tangent operator ``blockdiag(I, TExpSO3Inv(Omega))``."""
    x = _array(x, (6,), "TExpR3xSO3Inv", "x")
    T = np.eye(6)
    T[3:6, 3:6] = _t_exp_so3_inv(x[3:6])
    return T


# ---------------------------------------------------------------------------------------------
# composition rules


def _ep_product(q, p):
    """Quaternion product ``q * p`` (scalar part first): ``R(q p) = R(q) R(p)``."""
    return np.concatenate(([q[0] * p[0] - q[1:] @ p[1:]], q[0] * p[1:] + p[0] * q[1:] + np.cross(q[1:], p[1:])))


def CompositionRuleForEulerParameters(q: Vector, p: Vector):
    """Quaternion product of Euler parameters q and p (Terze 2016): ``R(result) = R(q) R(p)``."""
    name = "CompositionRuleForEulerParameters"
    return _ep_product(_array(q, (4,), name, "q"), _array(p, (4,), name, "p"))


def _compose_rotation_vectors(v0, omega):
    """Rotation vector ``2 acos(e0) e_v/|e_v|`` of the Euler parameters e = ExpS3(v0) ExpS3(Omega);
    zero where |e_v| = 0 or e0 rounds to 1."""
    e = _ep_product(_exp_s3(v0), _exp_s3(omega))
    norm = np.linalg.norm(e[1:])
    if norm == 0.0:
        return np.zeros(3)
    return (2.0 * math.acos(min(1.0, max(-1.0, e[0]))) / norm) * e[1:]


def CompositionRuleForRotationVectors(v0: Vector, Omega: Vector):
    """Rotation vector v with ``ExpSO3(v) = ExpSO3(v0) ExpSO3(Omega)`` (Holzinger 2021).

    Its norm lies in [0, 2 pi]: it is not mapped to the principal range, as in Exudyn.
    """
    name = "CompositionRuleForRotationVectors"
    return _compose_rotation_vectors(_array(v0, (3,), name, "v0"), _array(Omega, (3,), name, "Omega"))


def _compose_rot_xyz(alpha0, omega):
    """RotXYZ angles of A(alpha0) ExpSO3(Omega), each shifted by a multiple of 2 pi to lie
    within pi of the angle in alpha0."""
    alpha = RotationMatrix2RotXYZ(RotXYZ2RotationMatrix(alpha0) @ _exp_so3(omega))
    return alpha + 2.0 * np.pi * np.round((alpha0 - alpha) / (2.0 * np.pi))


def CompositionRuleRotXYZAnglesRotationVector(alpha0: Vector, Omega: Vector):
    """RotXYZ angles of ``RotXYZ2RotationMatrix(alpha0) @ ExpSO3(Omega)`` (Holzinger 2021), each
    within pi of the corresponding angle of alpha0 (continuous along a trajectory)."""
    name = "CompositionRuleRotXYZAnglesRotationVector"
    return _compose_rot_xyz(_array(alpha0, (3,), name, "alpha0"), _array(Omega, (3,), name, "Omega"))


def _pose_args(q0, increment, size, name):
    return _array(q0, (size,), name, "q0"), _array(increment, (6,), name, "incrementalMotionVector")


def CompositionRuleDirectProductR3AndS3(q0: Vector, incrementalMotionVector: Vector):
    """R3xS3: ``[p0 + U, ep0 * ExpS3(Omega)]`` for ``q0 = [p0, ep0]`` (7,), increment ``[U, Omega]``."""
    q0, x = _pose_args(q0, incrementalMotionVector, 7, "CompositionRuleDirectProductR3AndS3")
    return np.concatenate((q0[0:3] + x[0:3], _ep_product(q0[3:7], _exp_s3(x[3:6]))))


def CompositionRuleSemiDirectProductR3AndS3(q0: Vector, incrementalMotionVector: Vector):
    """R3 semi-times S3 (SE(3)): ``[p0 + R(ep0) TExpSO3(Omega)^T U, ep0 * ExpS3(Omega)]``."""
    q0, x = _pose_args(q0, incrementalMotionVector, 7, "CompositionRuleSemiDirectProductR3AndS3")
    p = q0[0:3] + EulerParameters2RotationMatrix(q0[3:7]) @ (_t_exp_so3(x[3:6]).T @ x[0:3])
    return np.concatenate((p, _ep_product(q0[3:7], _exp_s3(x[3:6]))))


def CompositionRuleDirectProductR3AndR3RotVec(q0: Vector, incrementalMotionVector: Vector):
    """Direct product with rotation vectors: ``[p0 + U, v0 o Omega]`` for ``q0 = [p0, v0]`` (6,)."""
    q0, x = _pose_args(q0, incrementalMotionVector, 6, "CompositionRuleDirectProductR3AndR3RotVec")
    return np.concatenate((q0[0:3] + x[0:3], _compose_rotation_vectors(q0[3:6], x[3:6])))


def CompositionRuleSemiDirectProductR3AndR3RotVec(q0: Vector, incrementalMotionVector: Vector):
    """Semi-direct product with rotation vectors: ``[p0 + ExpSO3(v0) TExpSO3(Omega)^T U, v0 o Omega]``."""
    q0, x = _pose_args(q0, incrementalMotionVector, 6, "CompositionRuleSemiDirectProductR3AndR3RotVec")
    p = q0[0:3] + _exp_so3(q0[3:6]) @ (_t_exp_so3(x[3:6]).T @ x[0:3])
    return np.concatenate((p, _compose_rotation_vectors(q0[3:6], x[3:6])))


def CompositionRuleDirectProductR3AndR3RotXYZAngles(q0: Vector, incrementalMotionVector: Vector):
    """Direct product with RotXYZ angles: ``[p0 + U, RotXYZ(A(alpha0) ExpSO3(Omega))]``."""
    q0, x = _pose_args(q0, incrementalMotionVector, 6, "CompositionRuleDirectProductR3AndR3RotXYZAngles")
    return np.concatenate((q0[0:3] + x[0:3], _compose_rot_xyz(q0[3:6], x[3:6])))


def CompositionRuleSemiDirectProductR3AndR3RotXYZAngles(q0: Vector, incrementalMotionVector: Vector):
    """Semi-direct product with RotXYZ angles: ``[p0 + A(alpha0) TExpSO3(Omega)^T U, ...]``."""
    q0, x = _pose_args(q0, incrementalMotionVector, 6, "CompositionRuleSemiDirectProductR3AndR3RotXYZAngles")
    p = q0[0:3] + RotXYZ2RotationMatrix(q0[3:6]) @ (_t_exp_so3(x[3:6]).T @ x[0:3])
    return np.concatenate((p, _compose_rot_xyz(q0[3:6], x[3:6])))

attach_parameter_docs(globals(), __all__)
