"""Marker kinematics over arrays of markers (Numba).

A marker reads the frame of its node or body (position p, velocity v,
rotation A, global angular velocity w, Jacobians Jpos and Jrot with respect
to the frame's K coordinates) and writes its own frame.
"""
import numpy as np

from ._jit import njit


@njit
def copy_frames(src, dst, A_local, pos, vel, A, omega, Jpos, Jrot, ltg,
                m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg):
    """Markers on node frames: the node frame, rotated by A_local (n, 3, 3) if given (else empty)."""
    rotate = A_local.shape[0] > 0
    K = Jpos.shape[2]
    for i in range(src.shape[0]):
        s, d = src[i], dst[i]
        for a in range(3):
            m_pos[d, a] = pos[s, a]
            m_vel[d, a] = vel[s, a]
            m_omega[d, a] = omega[s, a]
            for b in range(3):
                if rotate:
                    acc = 0.0
                    for c in range(3):
                        acc += A[s, a, c] * A_local[i, c, b]
                    m_A[d, a, b] = acc
                else:
                    m_A[d, a, b] = A[s, a, b]
            for k in range(K):
                m_Jpos[d, a, k] = Jpos[s, a, k]
                m_Jrot[d, a, k] = Jrot[s, a, k]
        for k in range(K):
            m_ltg[d, k] = ltg[s, k]


@njit
def body_points(src, dst, local, A_local, pos, vel, A, omega, Jpos, Jrot, ltg,
                m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg):
    """Markers at body-fixed points b: p + A b, v + w x (A b), Jpos - skew(A b) Jrot.

    Parameters
    ----------
    src, dst : ndarray (n,) int
        Body rows and marker rows.
    local : ndarray (n, 3)
        Body-fixed points b [m].
    A_local : ndarray (n, 3, 3) or (0, 3, 3)
        Marker rotation in the body frame (empty: identity).
    """
    rotate = A_local.shape[0] > 0
    K = Jpos.shape[2]
    r = np.empty(3)
    for i in range(src.shape[0]):
        s, d = src[i], dst[i]
        for a in range(3):
            r[a] = A[s, a, 0] * local[i, 0] + A[s, a, 1] * local[i, 1] + A[s, a, 2] * local[i, 2]
        w0, w1, w2 = omega[s, 0], omega[s, 1], omega[s, 2]
        m_pos[d, 0] = pos[s, 0] + r[0]
        m_pos[d, 1] = pos[s, 1] + r[1]
        m_pos[d, 2] = pos[s, 2] + r[2]
        m_vel[d, 0] = vel[s, 0] + w1 * r[2] - w2 * r[1]
        m_vel[d, 1] = vel[s, 1] + w2 * r[0] - w0 * r[2]
        m_vel[d, 2] = vel[s, 2] + w0 * r[1] - w1 * r[0]
        m_omega[d, 0], m_omega[d, 1], m_omega[d, 2] = w0, w1, w2
        for a in range(3):
            for b in range(3):
                if rotate:
                    acc = 0.0
                    for c in range(3):
                        acc += A[s, a, c] * A_local[i, c, b]
                    m_A[d, a, b] = acc
                else:
                    m_A[d, a, b] = A[s, a, b]
        for k in range(K):
            j0, j1, j2 = Jrot[s, 0, k], Jrot[s, 1, k], Jrot[s, 2, k]
            # -(r x) J: Jpos - r x Jrot_k
            m_Jpos[d, 0, k] = Jpos[s, 0, k] - (r[1] * j2 - r[2] * j1)
            m_Jpos[d, 1, k] = Jpos[s, 1, k] - (r[2] * j0 - r[0] * j2)
            m_Jpos[d, 2, k] = Jpos[s, 2, k] - (r[0] * j1 - r[1] * j0)
            m_Jrot[d, 0, k], m_Jrot[d, 1, k], m_Jrot[d, 2, k] = j0, j1, j2
            m_ltg[d, k] = ltg[s, k]


@njit
def point_frames(rows, ltg, q_tot, v, pos, vel, Jpos, f_ltg):
    """Frames of point nodes or mass points with d = ltg.shape[1] coordinates (d <= 3).

    Position and velocity are the (total) coordinates, padded with zeros; Jpos = [I_d; 0].
    """
    d = ltg.shape[1]
    for i in range(rows.shape[0]):
        r = rows[i]
        for a in range(3):
            if a < d:
                k = ltg[i, a]
                pos[r, a] = q_tot[k]
                vel[r, a] = v[k]
                Jpos[r, a, a] = 1.0
                f_ltg[r, a] = k
            else:
                pos[r, a] = 0.0
                vel[r, a] = 0.0
