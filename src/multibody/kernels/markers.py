"""Marker kinematics over arrays of markers (Numba).

A marker reads the frame of its node or body (position p, velocity v,
rotation A, global angular velocity w, Jacobians Jpos and Jrot with respect
to the frame's K coordinates) and writes its own frame.
"""

import numpy as np

from ._jit import njit
from .rotations import rxyz_from_rotation_matrix
from .stack import stack_empty


@njit(inline="always")
def _marker_rotation(m_A, d, A, s, A_local, i, rotate):
    """m_A[d] = A[s] A_local[i], or A[s] unless ``rotate``."""
    for a in range(3):
        for e in range(3):
            if rotate:
                acc = 0.0
                for f in range(3):
                    acc += A[s, a, f] * A_local[i, f, e]
                m_A[d, a, e] = acc
            else:
                m_A[d, a, e] = A[s, a, e]


@njit
def copy_frames(src, dst, A_local, pos, vel, A, omega, Jpos, Jrot, ltg,
                m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg):
    """Markers on node frames: the node frame, rotated by A_local (n, 3, 3) if given (else empty).
    An empty m_A, m_omega, m_Jrot or m_ltg is not written (the group kernels pass those that no
    equation reads so)."""
    want = (m_A.shape[0] > 0, m_omega.shape[0] > 0, m_Jrot.shape[0] > 0, m_ltg.shape[0] > 0)
    if want[0] and want[1] and want[2] and want[3]:
        # all outputs: the flags as constants, so that the loop has no tests
        _copy_frames(src, dst, A_local, pos, vel, A, omega, Jpos, Jrot, ltg,
                     m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg, True, True, True, True)
    else:
        _copy_frames(src, dst, A_local, pos, vel, A, omega, Jpos, Jrot, ltg,
                     m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg, want[0], want[1], want[2], want[3])


@njit(inline="always")
def _copy_frames(src, dst, A_local, pos, vel, A, omega, Jpos, Jrot, ltg,
                 m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg, want_A, want_omega, want_Jrot, want_ltg):
    rotate = A_local.shape[0] > 0
    K = Jpos.shape[2]
    for i in range(src.shape[0]):
        s, d = src[i], dst[i]
        for a in range(3):
            m_pos[d, a] = pos[s, a]
            m_vel[d, a] = vel[s, a]
            if want_omega:
                m_omega[d, a] = omega[s, a]
            for k in range(K):
                m_Jpos[d, a, k] = Jpos[s, a, k]
                if want_Jrot:
                    m_Jrot[d, a, k] = Jrot[s, a, k]
        if want_A:
            _marker_rotation(m_A, d, A, s, A_local, i, rotate)
        if want_ltg:
            for k in range(K):
                m_ltg[d, k] = ltg[s, k]


@njit
def body_points(src, dst, local, A_local, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg,
                m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg):
    """Markers at body-fixed points b: p + A b, v + A (w_loc x b), omega = A w_loc,
    Jpos - A (b x Jrot_loc), Jrot of the body.

    The body-frame forms equal the global ones v + w x (A b), w, Jpos - (A b) x Jrot while A is
    orthonormal; with Euler parameters off unit length (index-2 drift) they are what Exudyn uses.

    Parameters
    ----------
    src, dst : ndarray (n,) int
        Body rows and marker rows.
    local : ndarray (n, 3)
        Body-fixed points b [m].
    A_local : ndarray (n, 3, 3) or (0, 3, 3)
        Marker rotation in the body frame (empty: identity).
    m_A, m_omega, m_Jrot, m_ltg : ndarray
        Written unless empty (the group kernels pass those that no equation reads so).
    """
    want = (m_A.shape[0] > 0, m_omega.shape[0] > 0, m_Jrot.shape[0] > 0, m_ltg.shape[0] > 0)
    if want[0] and want[1] and want[2] and want[3]:
        # all outputs: the flags as constants, so that the loop has no tests
        _body_points(src, dst, local, A_local, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg,
                     m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg, True, True, True, True)
    else:
        _body_points(src, dst, local, A_local, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg,
                     m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg, want[0], want[1], want[2], want[3])


@njit(inline="always")
def _body_points(src, dst, local, A_local, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg,
                 m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg, want_A, want_omega, want_Jrot, want_ltg):
    rotate = A_local.shape[0] > 0
    K = Jpos.shape[2]
    c = stack_empty(3)
    for i in range(src.shape[0]):
        s, d = src[i], dst[i]
        b0, b1, b2 = local[i, 0], local[i, 1], local[i, 2]
        for a in range(3):
            m_pos[d, a] = pos[s, a] + A[s, a, 0] * b0 + A[s, a, 1] * b1 + A[s, a, 2] * b2
        # w_loc x b, rotated to global
        wl0, wl1, wl2 = omega_local[s, 0], omega_local[s, 1], omega_local[s, 2]
        c[0], c[1], c[2] = wl1 * b2 - wl2 * b1, wl2 * b0 - wl0 * b2, wl0 * b1 - wl1 * b0
        for a in range(3):
            m_vel[d, a] = vel[s, a] + A[s, a, 0] * c[0] + A[s, a, 1] * c[1] + A[s, a, 2] * c[2]
            if want_omega:
                # A w_loc: the body-frame form again (G theta_t where A is orthonormal)
                m_omega[d, a] = A[s, a, 0] * wl0 + A[s, a, 1] * wl1 + A[s, a, 2] * wl2
        if want_A:
            _marker_rotation(m_A, d, A, s, A_local, i, rotate)
        for k in range(K):
            j0, j1, j2 = Jrot_local[s, 0, k], Jrot_local[s, 1, k], Jrot_local[s, 2, k]
            # b x Jrot_loc_k, rotated to global
            c[0], c[1], c[2] = b1 * j2 - b2 * j1, b2 * j0 - b0 * j2, b0 * j1 - b1 * j0
            for a in range(3):
                m_Jpos[d, a, k] = Jpos[s, a, k] - (A[s, a, 0] * c[0] + A[s, a, 1] * c[1] + A[s, a, 2] * c[2])
                if want_Jrot:
                    m_Jrot[d, a, k] = Jrot[s, a, k]
            if want_ltg:
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


@njit
def rotation_coordinate_markers(src, dst, coord, A, omega, Jrot, n_ltg, cval, cvel, cJ, m_ltg):
    """Markers on one Tait-Bryan angle k = coord[i] of node src[i]'s rotation
    (MarkerNodeRotationCoordinate, rows dst): the value angle k of RotXYZ(A), the rate the global
    omega_k, the Jacobian row k of the node's Jrot."""
    rot = stack_empty(3)
    K = Jrot.shape[2]
    for i in range(src.shape[0]):
        s, d, k = src[i], dst[i], coord[i]
        rxyz_from_rotation_matrix(A[s], rot)
        cval[d] = rot[k]
        cvel[d] = omega[s, k]
        for c in range(K):
            cJ[d, c] = Jrot[s, k, c]
            m_ltg[d, c] = n_ltg[s, c]


@njit
def point_outputs(bodies, loc, A, omega_local, pos, vel, r, p, v):
    """Points loc[i] (m, 3) of the bodies bodies[i] with frames (A, omega_local, pos, vel; the
    outputs of body sensors and GetObjectOutputBody): r = A b, p = pos + r, v = vel + A (w_loc x b)
    (the body-frame form, as Exudyn: with Euler parameters off unit length it differs from
    vel + w x r), each sum in the order of ((A_0 b_0 + A_1 b_1) + A_2 b_2)."""
    for i in range(bodies.shape[0]):
        k = bodies[i]
        for a in range(3):
            r[i, a] = A[k, a, 0] * loc[i, 0] + A[k, a, 1] * loc[i, 1] + A[k, a, 2] * loc[i, 2]
        w0, w1, w2 = omega_local[k, 0], omega_local[k, 1], omega_local[k, 2]
        b0, b1, b2 = loc[i, 0], loc[i, 1], loc[i, 2]
        c0, c1, c2 = w1 * b2 - w2 * b1, w2 * b0 - w0 * b2, w0 * b1 - w1 * b0
        for a in range(3):
            p[i, a] = pos[k, a] + r[i, a]
            v[i, a] = vel[k, a] + (A[k, a, 0] * c0 + A[k, a, 1] * c1 + A[k, a, 2] * c2)


@njit
def mass_1d_frames(items, idx, q_tot, v, p0, A0, pos, vel, A, Jpos, ltg):
    """Mass1D: p = p0 + e_x q, v = e_x q_t with e_x the first column of the reference rotation."""
    for i in range(items.shape[0]):
        r = items[i]
        k = idx[i]
        for a in range(3):
            ex = A0[i, a, 0]
            pos[r, a] = p0[i, a] + ex * q_tot[k]
            vel[r, a] = ex * v[k]
            Jpos[r, a, 0] = ex
            for b in range(3):
                A[r, a, b] = A0[i, a, b]
        ltg[r, 0] = k


@njit(inline="always")
def _body_point_jacobian_row(a, A, s, b, Jpos, Jrot_local, k):
    """a^T (Jpos_k - A (b x Jrot_loc_k)): column k of a body point's position Jacobian along a."""
    j0, j1, j2 = Jrot_local[s, 0, k], Jrot_local[s, 1, k], Jrot_local[s, 2, k]
    c0, c1, c2 = b[1] * j2 - b[2] * j1, b[2] * j0 - b[0] * j2, b[0] * j1 - b[1] * j0
    acc = 0.0
    for r in range(3):
        acc += a[r] * (Jpos[s, r, k] - (A[s, r, 0] * c0 + A[s, r, 1] * c1 + A[s, r, 2] * c2))
    return acc


@njit(inline="always")
def _body_point(s, b, pos, vel, A, omega_local, p, v):
    """p = pos + A b, v = vel + A (w_loc x b) of body row s."""
    wl0, wl1, wl2 = omega_local[s, 0], omega_local[s, 1], omega_local[s, 2]
    c0, c1, c2 = wl1 * b[2] - wl2 * b[1], wl2 * b[0] - wl0 * b[2], wl0 * b[1] - wl1 * b[0]
    for r in range(3):
        p[r] = pos[s, r] + A[s, r, 0] * b[0] + A[s, r, 1] * b[1] + A[s, r, 2] * b[2]
        v[r] = vel[s, r] + A[s, r, 0] * c0 + A[s, r, 1] * c1 + A[s, r, 2] * c2


@njit
def relative_translation_markers(dst, bodies, local, axis, offset, pos, vel, A, omega_local, Jpos,
                                 Jrot_local, ltg, cval, cvel, cJ, m_ltg):
    """MarkerBodiesRelativeTranslationCoordinate (rows dst): with the points p_j of bodies[i, j] at
    local[i, j] and a = A_0 axis[i], the value a^T (p_1 - p_0) - offset, the rate
    a^T (v_1 - v_0) + (A_0 (w_loc,0 x axis))^T (p_1 - p_0), the Jacobian [-a^T Jpos_0, a^T Jpos_1]
    over the coordinates of both bodies (their ltg columns >= 0; the rate of a left out)."""
    K = cJ.shape[1]
    p = stack_empty((2, 3))
    v = stack_empty((2, 3))
    a = stack_empty(3)
    ad = stack_empty(3)
    for i in range(dst.shape[0]):
        d, s0 = dst[i], bodies[i, 0]
        for j in range(2):
            _body_point(bodies[i, j], local[i, j], pos, vel, A, omega_local, p[j], v[j])
        x = axis[i]
        wl0, wl1, wl2 = omega_local[s0, 0], omega_local[s0, 1], omega_local[s0, 2]
        c0, c1, c2 = wl1 * x[2] - wl2 * x[1], wl2 * x[0] - wl0 * x[2], wl0 * x[1] - wl1 * x[0]
        for r in range(3):
            a[r] = A[s0, r, 0] * x[0] + A[s0, r, 1] * x[1] + A[s0, r, 2] * x[2]
            ad[r] = A[s0, r, 0] * c0 + A[s0, r, 1] * c1 + A[s0, r, 2] * c2
        value, rate = 0.0, 0.0
        for r in range(3):
            value += a[r] * (p[1, r] - p[0, r])
            rate += a[r] * (v[1, r] - v[0, r]) + ad[r] * (p[1, r] - p[0, r])
        cval[d] = value - offset[i]
        cvel[d] = rate
        col = 0
        for j in range(2):
            s = bodies[i, j]
            sign = -1.0 if j == 0 else 1.0
            for k in range(K):
                if ltg[s, k] >= 0:
                    cJ[d, col] = sign * _body_point_jacobian_row(a, A, s, local[i, j], Jpos, Jrot_local, k)
                    m_ltg[d, col] = ltg[s, k]
                    col += 1
        for k in range(col, K):
            cJ[d, k] = 0.0
            m_ltg[d, k] = -1


@njit
def relative_rotation_markers(dst, bodies, basis, offset, data_index, data, A, omega_local, Jrot, ltg,
                              cval, cvel, cJ, m_ltg):
    """MarkerBodiesRelativeRotationCoordinate (rows dst): with the body-0 basis
    basis[i] = [x_b, y_b, a_0] (columns), the angle atan2((A_0 y_b)^T A_1 x_b, (A_0 x_b)^T A_1 x_b)
    of A_0^T A_1 about a_0, minus offset, continuous with data[data_index[i]] where that is >= 0;
    the rate a^T (A_1 w_loc,1 - A_0 w_loc,0) and the Jacobian [-a^T Jrot_0, a^T Jrot_1] (a = A_0 a_0,
    global; the rate by the body-frame angular velocities, which differs from Jrot q_t where Euler
    parameters drifted off unit length, as Exudyn's)."""
    K = cJ.shape[1]
    e = stack_empty((3, 3))        # columns: A_0 x_b, A_0 y_b, A_0 a_0
    u = stack_empty(3)             # A_1 x_b
    for i in range(dst.shape[0]):
        d, s0, s1 = dst[i], bodies[i, 0], bodies[i, 1]
        B = basis[i]
        for r in range(3):
            u[r] = A[s1, r, 0] * B[0, 0] + A[s1, r, 1] * B[1, 0] + A[s1, r, 2] * B[2, 0]
            for c in range(3):
                e[r, c] = A[s0, r, 0] * B[0, c] + A[s0, r, 1] * B[1, c] + A[s0, r, 2] * B[2, c]
        cos_part = e[0, 0] * u[0] + e[1, 0] * u[1] + e[2, 0] * u[2]
        sin_part = e[0, 1] * u[0] + e[1, 1] * u[1] + e[2, 1] * u[2]
        phi = np.arctan2(sin_part, cos_part) - offset[i]
        if data_index[i] >= 0:
            jump = phi - data[data_index[i]]
            if abs(jump) > np.pi:
                phi = phi + 2 * np.pi * np.rint(-jump / (2 * np.pi))
        cval[d] = phi
        rate = 0.0
        for r in range(3):
            w1 = A[s1, r, 0] * omega_local[s1, 0] + A[s1, r, 1] * omega_local[s1, 1] + A[s1, r, 2] * omega_local[s1, 2]
            w0 = A[s0, r, 0] * omega_local[s0, 0] + A[s0, r, 1] * omega_local[s0, 1] + A[s0, r, 2] * omega_local[s0, 2]
            rate += e[r, 2] * (w1 - w0)
        cvel[d] = rate
        col = 0
        for j in range(2):
            s = bodies[i, j]
            sign = -1.0 if j == 0 else 1.0
            for k in range(K):
                if ltg[s, k] >= 0:
                    cJ[d, col] = sign * (e[0, 2] * Jrot[s, 0, k] + e[1, 2] * Jrot[s, 1, k] + e[2, 2] * Jrot[s, 2, k])
                    m_ltg[d, col] = ltg[s, k]
                    col += 1
        for k in range(col, K):
            cJ[d, k] = 0.0
            m_ltg[d, k] = -1
