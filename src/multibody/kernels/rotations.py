"""Rotation kernels shared by nodes, markers, joints and the rigid-body utilities.

Conventions (spec/nodes.md):

- Euler parameters ``ep = [e0, e1, e2, e3]``, scalar part first; rotation matrices use the
  "unit-norm" form, orthogonal only for ``|ep| = 1``.
- Tait-Bryan angles ``rot = [alpha, beta, gamma]`` with ``A = Rx(alpha) Ry(beta) Rz(gamma)``.
- Rotation vector ``v`` with ``A = exp(skew(v))``; ``t_exp`` is the SO(3) tangent operator
  with ``omega_local = T_exp(v) v_t``.
- ``G`` maps rotation-parameter rates to the global angular velocity, ``G_local`` to the local
  (body-frame) one: ``omega = G q_t``, ``omega_local = G_local q_t = A^T omega``.

Every scalar kernel writes its result into ``out`` and returns it, so callers can reuse buffers.
The ``*_batch`` kernels loop over rows of shape (n, 3) / (n, 4) inputs.
"""
import numpy as np

from multibody.kernels._jit import njit

# below this angle [rad] the exp / tangent-operator coefficients use their Taylor series
SMALL_ANGLE = 1e-2
# Tait-Bryan extraction switches to the gimbal-lock branch below this cos(beta) (joints.md)
GIMBAL_LOCK_TOLERANCE = 1e-14


# ---------------------------------------------------------------------------------------------
# elementary rotations and the skew matrix


@njit
def skew(v, out):
    """Skew-symmetric matrix ``skew(v)`` with ``skew(v) w = v x w``.

    Parameters
    ----------
    v : ndarray, shape (3,)
    out : ndarray, shape (3, 3)
    """
    out[0, 0], out[0, 1], out[0, 2] = 0.0, -v[2], v[1]
    out[1, 0], out[1, 1], out[1, 2] = v[2], 0.0, -v[0]
    out[2, 0], out[2, 1], out[2, 2] = -v[1], v[0], 0.0
    return out


@njit
def skew_to_vector(s, out):
    """Axial vector of a skew-symmetric matrix (inverse of :func:`skew`), shape (3,)."""
    out[0] = s[2, 1]
    out[1] = s[0, 2]
    out[2] = s[1, 0]
    return out


@njit
def rotation_matrix_x(angle, out):
    """Rotation matrix about the x-axis by ``angle`` [rad], shape (3, 3)."""
    c, s = np.cos(angle), np.sin(angle)
    out[0, 0], out[0, 1], out[0, 2] = 1.0, 0.0, 0.0
    out[1, 0], out[1, 1], out[1, 2] = 0.0, c, -s
    out[2, 0], out[2, 1], out[2, 2] = 0.0, s, c
    return out


@njit
def rotation_matrix_y(angle, out):
    """Rotation matrix about the y-axis by ``angle`` [rad], shape (3, 3)."""
    c, s = np.cos(angle), np.sin(angle)
    out[0, 0], out[0, 1], out[0, 2] = c, 0.0, s
    out[1, 0], out[1, 1], out[1, 2] = 0.0, 1.0, 0.0
    out[2, 0], out[2, 1], out[2, 2] = -s, 0.0, c
    return out


@njit
def rotation_matrix_z(angle, out):
    """Rotation matrix about the z-axis by ``angle`` [rad], shape (3, 3)."""
    c, s = np.cos(angle), np.sin(angle)
    out[0, 0], out[0, 1], out[0, 2] = c, -s, 0.0
    out[1, 0], out[1, 1], out[1, 2] = s, c, 0.0
    out[2, 0], out[2, 1], out[2, 2] = 0.0, 0.0, 1.0
    return out


@njit
def rotation_matrix_2d(angle, out):
    """Planar rotation matrix ``[[c, -s], [s, c]]`` for ``angle`` [rad], shape (2, 2)."""
    c, s = np.cos(angle), np.sin(angle)
    out[0, 0], out[0, 1] = c, -s
    out[1, 0], out[1, 1] = s, c
    return out


# ---------------------------------------------------------------------------------------------
# Euler parameters (NodeRigidBodyEP)


@njit
def ep_rotation_matrix(ep, out):
    """Rotation matrix of Euler parameters (unit-norm form of spec/nodes.md).

    Parameters
    ----------
    ep : ndarray, shape (4,)
        ``[e0, e1, e2, e3]``, scalar part first.
    out : ndarray, shape (3, 3)
    """
    e0, e1, e2, e3 = ep[0], ep[1], ep[2], ep[3]
    out[0, 0] = 1.0 - 2.0 * e2 * e2 - 2.0 * e3 * e3
    out[0, 1] = 2.0 * (e1 * e2 - e0 * e3)
    out[0, 2] = 2.0 * (e1 * e3 + e0 * e2)
    out[1, 0] = 2.0 * (e1 * e2 + e0 * e3)
    out[1, 1] = 1.0 - 2.0 * e1 * e1 - 2.0 * e3 * e3
    out[1, 2] = 2.0 * (e2 * e3 - e0 * e1)
    out[2, 0] = 2.0 * (e1 * e3 - e0 * e2)
    out[2, 1] = 2.0 * (e2 * e3 + e0 * e1)
    out[2, 2] = 1.0 - 2.0 * e1 * e1 - 2.0 * e2 * e2
    return out


@njit
def ep_g(ep, out):
    """Global G matrix of Euler parameters, ``omega = G ep_t``, shape (3, 4).

    Linear in ``ep``, so ``ep_g(ep_t, out)`` gives its time derivative ``G_t``.
    """
    e0, e1, e2, e3 = 2.0 * ep[0], 2.0 * ep[1], 2.0 * ep[2], 2.0 * ep[3]
    out[0, 0], out[0, 1], out[0, 2], out[0, 3] = -e1, e0, -e3, e2
    out[1, 0], out[1, 1], out[1, 2], out[1, 3] = -e2, e3, e0, -e1
    out[2, 0], out[2, 1], out[2, 2], out[2, 3] = -e3, -e2, e1, e0
    return out


@njit
def ep_g_local(ep, out):
    """Local G matrix of Euler parameters, ``omega_local = G_local ep_t``, shape (3, 4).

    Linear in ``ep``, so ``ep_g_local(ep_t, out)`` gives ``G_local_t`` (and
    ``G_local_t ep_t = 0``).
    """
    e0, e1, e2, e3 = 2.0 * ep[0], 2.0 * ep[1], 2.0 * ep[2], 2.0 * ep[3]
    out[0, 0], out[0, 1], out[0, 2], out[0, 3] = -e1, e0, e3, -e2
    out[1, 0], out[1, 1], out[1, 2], out[1, 3] = -e2, -e3, e0, e1
    out[2, 0], out[2, 1], out[2, 2], out[2, 3] = -e3, e2, -e1, e0
    return out


@njit
def ep_g_t(ep_t, out):
    """Time derivative of the global G matrix, ``G(ep_t)``, shape (3, 4)."""
    return ep_g(ep_t, out)


@njit
def ep_g_local_t(ep_t, out):
    """Time derivative of the local G matrix, ``G_local(ep_t)``, shape (3, 4)."""
    return ep_g_local(ep_t, out)


@njit
def _ep_components(a):
    """Unit Euler parameters (e0, e1, e2, e3) of a rotation matrix, e0 >= 0 (Shepperd)."""
    trace = a[0, 0] + a[1, 1] + a[2, 2]
    if trace > 0.0:
        s = 2.0 * np.sqrt(1.0 + trace)
        e0, e1 = 0.25 * s, (a[2, 1] - a[1, 2]) / s
        e2, e3 = (a[0, 2] - a[2, 0]) / s, (a[1, 0] - a[0, 1]) / s
    elif a[0, 0] > a[1, 1] and a[0, 0] > a[2, 2]:
        s = 2.0 * np.sqrt(1.0 + a[0, 0] - a[1, 1] - a[2, 2])
        e0, e1 = (a[2, 1] - a[1, 2]) / s, 0.25 * s
        e2, e3 = (a[0, 1] + a[1, 0]) / s, (a[0, 2] + a[2, 0]) / s
    elif a[1, 1] > a[2, 2]:
        s = 2.0 * np.sqrt(1.0 + a[1, 1] - a[0, 0] - a[2, 2])
        e0, e1 = (a[0, 2] - a[2, 0]) / s, (a[0, 1] + a[1, 0]) / s
        e2, e3 = 0.25 * s, (a[1, 2] + a[2, 1]) / s
    else:
        s = 2.0 * np.sqrt(1.0 + a[2, 2] - a[0, 0] - a[1, 1])
        e0, e1 = (a[1, 0] - a[0, 1]) / s, (a[0, 2] + a[2, 0]) / s
        e2, e3 = (a[1, 2] + a[2, 1]) / s, 0.25 * s
    if e0 < 0.0:
        return -e0, -e1, -e2, -e3
    return e0, e1, e2, e3


@njit
def ep_from_rotation_matrix(a, out):
    """Unit Euler parameters of a rotation matrix, with ``e0 >= 0`` (Shepperd's method).

    Parameters
    ----------
    a : ndarray, shape (3, 3)
        Orthonormal rotation matrix.
    out : ndarray, shape (4,)
    """
    out[0], out[1], out[2], out[3] = _ep_components(a)
    return out


# ---------------------------------------------------------------------------------------------
# Tait-Bryan angles xyz (NodeRigidBodyRxyz)


@njit
def rxyz_rotation_matrix(rot, out):
    """Rotation matrix ``Rx(alpha) Ry(beta) Rz(gamma)`` of Tait-Bryan angles, shape (3, 3)."""
    ca, sa = np.cos(rot[0]), np.sin(rot[0])
    cb, sb = np.cos(rot[1]), np.sin(rot[1])
    cg, sg = np.cos(rot[2]), np.sin(rot[2])
    out[0, 0] = cb * cg
    out[0, 1] = -cb * sg
    out[0, 2] = sb
    out[1, 0] = ca * sg + sa * sb * cg
    out[1, 1] = ca * cg - sa * sb * sg
    out[1, 2] = -sa * cb
    out[2, 0] = sa * sg - ca * sb * cg
    out[2, 1] = sa * cg + ca * sb * sg
    out[2, 2] = ca * cb
    return out


@njit
def rxyz_g(rot, out):
    """Global G matrix of Tait-Bryan angles, ``omega = G rot_t``, shape (3, 3)."""
    ca, sa = np.cos(rot[0]), np.sin(rot[0])
    cb, sb = np.cos(rot[1]), np.sin(rot[1])
    out[0, 0], out[0, 1], out[0, 2] = 1.0, 0.0, sb
    out[1, 0], out[1, 1], out[1, 2] = 0.0, ca, -sa * cb
    out[2, 0], out[2, 1], out[2, 2] = 0.0, sa, ca * cb
    return out


@njit
def rxyz_g_local(rot, out):
    """Local G matrix of Tait-Bryan angles, ``omega_local = G_local rot_t``, shape (3, 3)."""
    cb, sb = np.cos(rot[1]), np.sin(rot[1])
    cg, sg = np.cos(rot[2]), np.sin(rot[2])
    out[0, 0], out[0, 1], out[0, 2] = cb * cg, sg, 0.0
    out[1, 0], out[1, 1], out[1, 2] = -cb * sg, cg, 0.0
    out[2, 0], out[2, 1], out[2, 2] = sb, 0.0, 1.0
    return out


@njit
def rxyz_g_t(rot, rot_t, out):
    """Time derivative of :func:`rxyz_g` for angle rates ``rot_t``, shape (3, 3)."""
    ca, sa = np.cos(rot[0]), np.sin(rot[0])
    cb, sb = np.cos(rot[1]), np.sin(rot[1])
    a_t, b_t = rot_t[0], rot_t[1]
    out[0, 0], out[0, 1], out[0, 2] = 0.0, 0.0, cb * b_t
    out[1, 0], out[1, 1], out[1, 2] = 0.0, -sa * a_t, -ca * cb * a_t + sa * sb * b_t
    out[2, 0], out[2, 1], out[2, 2] = 0.0, ca * a_t, -sa * cb * a_t - ca * sb * b_t
    return out


@njit
def rxyz_g_local_t(rot, rot_t, out):
    """Time derivative of :func:`rxyz_g_local` for angle rates ``rot_t``, shape (3, 3)."""
    cb, sb = np.cos(rot[1]), np.sin(rot[1])
    cg, sg = np.cos(rot[2]), np.sin(rot[2])
    b_t, g_t = rot_t[1], rot_t[2]
    out[0, 0] = -sb * cg * b_t - cb * sg * g_t
    out[0, 1] = cg * g_t
    out[0, 2] = 0.0
    out[1, 0] = sb * sg * b_t - cb * cg * g_t
    out[1, 1] = -sg * g_t
    out[1, 2] = 0.0
    out[2, 0] = cb * b_t
    out[2, 1] = 0.0
    out[2, 2] = 0.0
    return out


@njit
def rxyz_from_rotation_matrix(a, out):
    """Tait-Bryan xyz angles of a rotation matrix (the ``Rotation`` output, joints.md).

    ``beta = atan2(A02, sqrt(A12^2 + A22^2))``, ``alpha = atan2(-A12, A22)``,
    ``gamma = atan2(-A01, A00)``; in gimbal lock (``sqrt(A12^2 + A22^2) <= 1e-14``)
    ``alpha = 0`` and ``gamma = atan2(A10, A11)``.
    """
    c = np.sqrt(a[1, 2] * a[1, 2] + a[2, 2] * a[2, 2])
    out[1] = np.arctan2(a[0, 2], c)
    if c <= GIMBAL_LOCK_TOLERANCE:
        out[0] = 0.0
        out[2] = np.arctan2(a[1, 0], a[1, 1])
    else:
        out[0] = np.arctan2(-a[1, 2], a[2, 2])
        out[2] = np.arctan2(-a[0, 1], a[0, 0])
    return out


@njit
def rxyz_to_ep(rot, out):
    """Euler parameters of Tait-Bryan angles as the product ``q_x(alpha) q_y(beta) q_z(gamma)``.

    Unlike :func:`ep_from_rotation_matrix` the sign follows the quaternion product (``e0`` may
    be negative), as Exudyn's ``RotXYZ2EulerParameters``.
    """
    c1, s1 = np.cos(0.5 * rot[0]), np.sin(0.5 * rot[0])
    c2, s2 = np.cos(0.5 * rot[1]), np.sin(0.5 * rot[1])
    c3, s3 = np.cos(0.5 * rot[2]), np.sin(0.5 * rot[2])
    out[0] = c1 * c2 * c3 - s1 * s2 * s3
    out[1] = s1 * c2 * c3 + c1 * s2 * s3
    out[2] = c1 * s2 * c3 - s1 * c2 * s3
    out[3] = c1 * c2 * s3 + s1 * s2 * c3
    return out


# ---------------------------------------------------------------------------------------------
# rotation vector (NodeRigidBodyRotVecLG): exp, log, tangent operator


@njit
def _exp_coefficients(phi):
    """Return (sin(phi)/phi, (1-cos(phi))/phi^2, (phi-sin(phi))/phi^3)."""
    if phi < SMALL_ANGLE:
        p2 = phi * phi
        p4 = p2 * p2
        return (1.0 - p2 / 6.0 + p4 / 120.0,
                0.5 - p2 / 24.0 + p4 / 720.0,
                1.0 / 6.0 - p2 / 120.0 + p4 / 5040.0)
    s, c = np.sin(phi), np.cos(phi)
    return s / phi, (1.0 - c) / (phi * phi), (phi - s) / (phi * phi * phi)


@njit
def rotvec_rotation_matrix(v, out):
    """Exponential map ``A = I + sin(phi)/phi skew(v) + (1-cos(phi))/phi^2 skew(v)^2``.

    Parameters
    ----------
    v : ndarray, shape (3,)
        Rotation vector [rad]; ``phi = |v|``.
    out : ndarray, shape (3, 3)
    """
    phi = np.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    a, b, _ = _exp_coefficients(phi)
    # skew(v)^2 = v v^T - phi^2 I
    for i in range(3):
        for j in range(3):
            out[i, j] = b * v[i] * v[j]
        out[i, i] += 1.0 - b * phi * phi
    out[0, 1] -= a * v[2]
    out[1, 0] += a * v[2]
    out[0, 2] += a * v[1]
    out[2, 0] -= a * v[1]
    out[1, 2] -= a * v[0]
    out[2, 1] += a * v[0]
    return out


@njit
def rotvec_from_rotation_matrix(a, out):
    """Logarithmic map: rotation vector with angle in [0, pi] of a rotation matrix, shape (3,).

    Computed through unit Euler parameters (``e0 >= 0``), which stays accurate near 0 and pi.
    """
    e0, e1, e2, e3 = _ep_components(a)
    n = np.sqrt(e1 * e1 + e2 * e2 + e3 * e3)
    factor = 2.0 if n == 0.0 else 2.0 * np.arctan2(n, e0) / n
    out[0], out[1], out[2] = factor * e1, factor * e2, factor * e3
    return out


@njit
def rotvec_t_exp(v, out):
    """SO(3) tangent operator ``T_exp(v) = I - (1-cos)/phi^2 skew(v) + (phi-sin)/phi^3 skew(v)^2``.

    It maps rotation-vector rates to the local angular velocity: ``omega_local = T_exp(v) v_t``
    (and the global one: ``omega = T_exp(v)^T v_t``).
    """
    phi = np.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    _, a, b = _exp_coefficients(phi)
    for i in range(3):
        for j in range(3):
            out[i, j] = b * v[i] * v[j]
        out[i, i] += 1.0 - b * phi * phi
    out[0, 1] += a * v[2]
    out[1, 0] -= a * v[2]
    out[0, 2] -= a * v[1]
    out[2, 0] += a * v[1]
    out[1, 2] += a * v[0]
    out[2, 1] -= a * v[0]
    return out


@njit
def rotvec_t_exp_inv(v, out):
    """Inverse tangent operator ``I + skew(v)/2 + (1 - (phi/2) cot(phi/2))/phi^2 skew(v)^2``."""
    phi = np.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    if phi < SMALL_ANGLE:
        p2 = phi * phi
        c = 1.0 / 12.0 + p2 / 720.0 + p2 * p2 / 30240.0
    else:
        half = 0.5 * phi
        c = (1.0 - half * np.cos(half) / np.sin(half)) / (phi * phi)
    for i in range(3):
        for j in range(3):
            out[i, j] = c * v[i] * v[j]
        out[i, i] += 1.0 - c * phi * phi
    out[0, 1] -= 0.5 * v[2]
    out[1, 0] += 0.5 * v[2]
    out[0, 2] += 0.5 * v[1]
    out[2, 0] -= 0.5 * v[1]
    out[1, 2] -= 0.5 * v[0]
    out[2, 1] += 0.5 * v[0]
    return out


# ---------------------------------------------------------------------------------------------
# vectorized versions over rows


@njit
def ep_rotation_matrix_batch(ep, out):
    """:func:`ep_rotation_matrix` for ep of shape (n, 4); out shape (n, 3, 3)."""
    for i in range(ep.shape[0]):
        ep_rotation_matrix(ep[i], out[i])
    return out


@njit
def ep_g_batch(ep, out):
    """:func:`ep_g` for ep of shape (n, 4); out shape (n, 3, 4)."""
    for i in range(ep.shape[0]):
        ep_g(ep[i], out[i])
    return out


@njit
def ep_g_local_batch(ep, out):
    """:func:`ep_g_local` for ep of shape (n, 4); out shape (n, 3, 4)."""
    for i in range(ep.shape[0]):
        ep_g_local(ep[i], out[i])
    return out


@njit
def rxyz_rotation_matrix_batch(rot, out):
    """:func:`rxyz_rotation_matrix` for rot of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(rot.shape[0]):
        rxyz_rotation_matrix(rot[i], out[i])
    return out


@njit
def rxyz_g_batch(rot, out):
    """:func:`rxyz_g` for rot of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(rot.shape[0]):
        rxyz_g(rot[i], out[i])
    return out


@njit
def rxyz_g_local_batch(rot, out):
    """:func:`rxyz_g_local` for rot of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(rot.shape[0]):
        rxyz_g_local(rot[i], out[i])
    return out


@njit
def rotvec_rotation_matrix_batch(v, out):
    """:func:`rotvec_rotation_matrix` for v of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(v.shape[0]):
        rotvec_rotation_matrix(v[i], out[i])
    return out


@njit
def rotvec_t_exp_batch(v, out):
    """:func:`rotvec_t_exp` for v of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(v.shape[0]):
        rotvec_t_exp(v[i], out[i])
    return out


@njit
def rxyz_from_rotation_matrix_batch(a, out):
    """:func:`rxyz_from_rotation_matrix` for a of shape (n, 3, 3); out shape (n, 3)."""
    for i in range(a.shape[0]):
        rxyz_from_rotation_matrix(a[i], out[i])
    return out


@njit
def rotvec_from_rotation_matrix_batch(a, out):
    """:func:`rotvec_from_rotation_matrix` for a of shape (n, 3, 3); out shape (n, 3)."""
    for i in range(a.shape[0]):
        rotvec_from_rotation_matrix(a[i], out[i])
    return out


@njit
def rxyz_g_t_batch(rot, rot_t, out):
    """:func:`rxyz_g_t` for rot, rot_t of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(rot.shape[0]):
        rxyz_g_t(rot[i], rot_t[i], out[i])
    return out


@njit
def rxyz_g_local_t_batch(rot, rot_t, out):
    """:func:`rxyz_g_local_t` for rot, rot_t of shape (n, 3); out shape (n, 3, 3)."""
    for i in range(rot.shape[0]):
        rxyz_g_local_t(rot[i], rot_t[i], out[i])
    return out


def normal_and_third(e0):
    """(n, e0 x n) completing the unit vector e0 to an orthonormal basis: n = (0, 1, 0) where
    |e0_x| > 0.5, |e0_y| < 0.1 and |e0_z| < 0.1, else (1, 0, 0), made orthogonal to e0 and
    normalized (Exudyn's ComputeOrthonormalBasisVectors; plain NumPy, called at set-up)."""
    if abs(e0[0]) > 0.5 and abs(e0[1]) < 0.1 and abs(e0[2]) < 0.1:
        n = np.array([0.0, 1.0, 0.0])
    else:
        n = np.array([1.0, 0.0, 0.0])
    n = n - (n @ e0) * e0
    n = n / np.linalg.norm(n)
    return n, np.cross(e0, n)

