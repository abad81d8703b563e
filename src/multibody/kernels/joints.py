"""Joint equations over arrays of joints (pure NumPy, spec joints.md).

Conventions: rows of the inputs are joints; marker data of the two markers are
``p0, p1`` (n, 3) positions, ``v0, v1`` velocities, ``w0, w1`` GLOBAL angular
velocities, ``J0p, J1p`` (n, 3, K) position Jacobians d v / d q_t and
``J0r, J1r`` (n, 3, K) global rotation Jacobians d omega / d q_t. A constraint
Jacobian has the local columns ``[q_m0; q_m1]`` (n, ., 2K); rotations enter
through virtual rotations, d t = delta_theta x t with delta_theta = J_rot dq.
"""
import numpy as np


def cross(a, b):
    """Row-wise cross product of (..., 3) arrays."""
    return np.cross(a, b)


def dot(a, b):
    """Row-wise dot product of (..., 3) arrays."""
    return (a * b).sum(axis=-1)


def skew_batch(v):
    """skew(v) for v (n, 3): (n, 3, 3) with skew(v) w = v x w."""
    S = np.zeros(v.shape[:-1] + (3, 3))
    S[..., 0, 1], S[..., 0, 2] = -v[..., 2], v[..., 1]
    S[..., 1, 0], S[..., 1, 2] = v[..., 2], -v[..., 0]
    S[..., 2, 0], S[..., 2, 1] = -v[..., 1], v[..., 0]
    return S


def rolling_disc_frame(A0, A1, plane_normal, disc_axis):
    """Rolling-disc directions (all global, (n, 3)): n, w1, w2 (rolling), w3 (center to contact),
    w_lat = n x w2, and |w1 x n| (zero if the disc lies flat)."""
    n = np.einsum("nij,nj->ni", A0, plane_normal)
    w1 = np.einsum("nij,nj->ni", A1, disc_axis)
    u = cross(w1, n)
    lu = np.sqrt(dot(u, u))
    w2 = u / np.where(lu > 0, lu, 1.0)[:, None]
    w3 = cross(w1, w2)
    return n, w1, w2, w3, cross(n, w2), lu


def rolling_disc(p0, p1, v0, v1, w0, w1g, A0, A1, radius, plane_normal, disc_axis, J0p, J1p, J0r, J1r):
    """RollingDisc: velocity-level c = A_J1^T (v_C,m1 - v_C,m0), A_J1 = [w_lat, w2, n].

    Returns c (n, 3), C = d c / d q_t (n, 3, 2K), the contact point p_C (n, 3) and A_J1 (n, 3, 3).
    """
    n, w1, w2, w3, wlat, _ = rolling_disc_frame(A0, A1, plane_normal, disc_axis)
    r3 = radius[:, None] * w3
    pC = p1 + r3
    r0 = pC - p0
    delta = v1 + cross(w1g, r3) - v0 - cross(w0, r0)
    AJ = np.stack([wlat, w2, n], axis=2)
    g = np.einsum("nji,nj->ni", AJ, delta)
    B0 = J0p - np.einsum("nij,njk->nik", skew_batch(r0), J0r)
    B1 = J1p - np.einsum("nij,njk->nik", skew_batch(r3), J1r)
    At = AJ.transpose(0, 2, 1)
    C = np.concatenate([-np.einsum("nij,njk->nik", At, B0), np.einsum("nij,njk->nik", At, B1)], axis=2)
    return g, C, pC, AJ


def rolling_disc_trail_velocity(v0, v1, w0, w1g, A0, A1, radius, plane_normal, disc_axis, pC):
    """Output 'Velocity' of RollingDisc: v1 + r w3_t - (v0 + w0 x p_C) (joints.md), (n, 3)."""
    n, w1, w2, w3, _, lu = rolling_disc_frame(A0, A1, plane_normal, disc_axis)
    n_t = cross(w0, n)
    w1_t = cross(w1g, w1)
    u_t = cross(w1_t, n) + cross(w1, n_t)
    w2_t = (u_t - w2 * dot(w2, u_t)[:, None]) / np.where(lu > 0, lu, 1.0)[:, None]
    w3_t = cross(w1_t, w2) + cross(w1, w2_t)
    return v1 + radius[:, None] * w3_t - (v0 + cross(w0, pC))


def rotation_xyz(R):
    """Tait-Bryan xyz angles of relative rotations R (n, 3, 3) -> (n, 3) (joints.md RotXYZ)."""
    c = np.sqrt(R[:, 1, 2] ** 2 + R[:, 2, 2] ** 2)
    out = np.empty((R.shape[0], 3))
    out[:, 1] = np.arctan2(R[:, 0, 2], c)
    lock = c <= 1e-14
    out[:, 0] = np.where(lock, 0.0, np.arctan2(-R[:, 1, 2], R[:, 2, 2]))
    out[:, 2] = np.where(lock, np.arctan2(R[:, 1, 0], R[:, 1, 1]), np.arctan2(-R[:, 0, 1], R[:, 0, 0]))
    return out


def homogeneous(A, p):
    """4x4 homogeneous transformations [A, p; 0, 1] of (n, 3, 3), (n, 3) -> (n, 4, 4)."""
    H = np.zeros((A.shape[0], 4, 4))
    H[:, :3, :3], H[:, :3, 3], H[:, 3, 3] = A, p, 1.0
    return H
