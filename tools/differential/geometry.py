"""Rotation helpers of the generator (numpy only; conventions of Exudyn's rigid-body utilities)."""
import math

import numpy as np


def skew(v):
    return np.array([[0., -v[2], v[1]], [v[2], 0., -v[0]], [-v[1], v[0], 0.]])


def rotvec_to_matrix(v):
    """Rodrigues: rotation matrix of rotation vector v."""
    v = np.asarray(v, dtype=float)
    phi = np.linalg.norm(v)
    if phi < 1e-14:
        return np.eye(3) + skew(v)
    K = skew(v / phi)
    return np.eye(3) + math.sin(phi) * K + (1. - math.cos(phi)) * K @ K


def rx(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1., 0., 0.], [0., c, -s], [0., s, c]])


def ry(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0., s], [0., 1., 0.], [-s, 0., c]])


def rz(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.], [s, c, 0.], [0., 0., 1.]])


def rxyz_to_matrix(t):
    return rx(t[0]) @ ry(t[1]) @ rz(t[2])


def rxyz_g(t):
    """Global G of Tait-Bryan xyz angles: omega = G(t) t_t."""
    return np.column_stack([[1., 0., 0.], rx(t[0]) @ [0., 1., 0.], rx(t[0]) @ ry(t[1]) @ [0., 0., 1.]])


def matrix_to_ep(A):
    """Euler parameters [e0,e1,e2,e3] (e0 >= 0) of rotation matrix A."""
    tr = np.trace(A)
    q = np.array([1. + tr, 1. + 2 * A[0, 0] - tr, 1. + 2 * A[1, 1] - tr, 1. + 2 * A[2, 2] - tr])
    k = int(np.argmax(q))
    e = np.zeros(4)
    e[k] = 0.5 * math.sqrt(q[k])
    f = 0.25 / e[k]
    if k == 0:
        e[1], e[2], e[3] = f * (A[2, 1] - A[1, 2]), f * (A[0, 2] - A[2, 0]), f * (A[1, 0] - A[0, 1])
    elif k == 1:
        e[0], e[2], e[3] = f * (A[2, 1] - A[1, 2]), f * (A[0, 1] + A[1, 0]), f * (A[0, 2] + A[2, 0])
    elif k == 2:
        e[0], e[1], e[3] = f * (A[0, 2] - A[2, 0]), f * (A[0, 1] + A[1, 0]), f * (A[1, 2] + A[2, 1])
    else:
        e[0], e[1], e[2] = f * (A[1, 0] - A[0, 1]), f * (A[0, 2] + A[2, 0]), f * (A[1, 2] + A[2, 1])
    return e if e[0] >= 0 else -e


def ep_to_matrix(e):
    e0, e1, e2, e3 = e
    return np.array([[e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3, 2 * (e1 * e2 - e0 * e3), 2 * (e1 * e3 + e0 * e2)],
                     [2 * (e1 * e2 + e0 * e3), e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3, 2 * (e2 * e3 - e0 * e1)],
                     [2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1), e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3]])


def ep_t_from_omega(e, w):
    """EP derivatives of global angular velocity w (omega = 2 G e_t, G e = 0)."""
    e0, e1, e2, e3 = e
    G = np.array([[-e1, e0, -e3, e2], [-e2, e3, e0, -e1], [-e3, -e2, e1, e0]])
    return 0.5 * G.T @ np.asarray(w)


def random_rotation(rng, maxAngle=math.pi * 0.9):
    axis = rng.normal(size=3)
    axis /= np.linalg.norm(axis)
    return rotvec_to_matrix(axis * rng.uniform(0., maxAngle))


def random_unit(rng):
    v = rng.normal(size=3)
    return v / np.linalg.norm(v)


def orthonormal_from(a, rng):
    """Rotation matrix whose first column is the unit vector a."""
    a = a / np.linalg.norm(a)
    t = random_unit(rng)
    b = t - (t @ a) * a
    b /= np.linalg.norm(b)
    return np.column_stack([a, b, np.cross(a, b)])


def principal_inertia(rng, mass):
    """Principal moments of a box of random size with the given mass (triangle inequality holds)."""
    a, b, c = rng.uniform(0.1, 0.6, size=3)
    return mass / 12. * np.array([b * b + c * c, a * a + c * c, a * a + b * b])


def inertia_at_reference(J_com, mass, com):
    """Inertia tensor w.r.t. the reference point of a body with COM at com (body frame)."""
    c = np.asarray(com, dtype=float)
    return J_com + mass * ((c @ c) * np.eye(3) - np.outer(c, c))


def inertia6(J):
    """[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] of a symmetric 3x3 tensor."""
    return [J[0, 0], J[1, 1], J[2, 2], J[1, 2], J[0, 2], J[0, 1]]


def rxyz_from_matrix(R):
    """Tait-Bryan xyz angles of R (A = Rx Ry Rz)."""
    t1 = math.atan2(R[0, 2], math.sqrt(R[1, 2] ** 2 + R[2, 2] ** 2))
    return np.array([math.atan2(-R[1, 2], R[2, 2]), t1, math.atan2(-R[0, 1], R[0, 0])])


def matrix_to_rotvec(R):
    """Rotation vector of R (angle below pi)."""
    c = max(-1., min(1., 0.5 * (np.trace(R) - 1.)))
    phi = math.acos(c)
    w = 0.5 * np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    if phi < 1e-12:
        return w
    return w * phi / math.sin(phi)
