"""Rigid bodies with Euler-parameter or Tait-Bryan (Rxyz) nodes over arrays of bodies (Numba):
frames, mass matrix blocks and quadratic-velocity (gyroscopic) LHS terms in one pass, and their
Jacobians (spec bodies.md, nodes.md).

Coordinates per body: [u (3), ep (4)] or [u (3), rot (3)] (total values q), their rates. With A,
G_local, omega_local = w = G_local theta_t, omega = G theta_t and g = G_local_t theta_t
(zero for Euler parameters):

    M = [[m I, -m A skew(b) G_local], [.^T, G_local^T J G_local]]
    Q_LHS = [-m A (w x (b x w) + b x g), G_local^T (w x J w + J g)]
"""
import numpy as np

from ._jit import njit
from .stack import stack_empty
from .rotations import (ep_g, ep_g_local, ep_rotation_matrix, rotation_matrix_z, rotvec_rotation_matrix, rxyz_g,
                        rxyz_g_local, rxyz_g_local_t, rxyz_rotation_matrix)


@njit
def ep_frames(rows, ltg, q, v, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local, f_ltg):
    """Frames of EP nodes/bodies: q, v (n, 7) total coordinates and rates, ltg (n, 7)."""
    A = stack_empty((3, 3))
    G = stack_empty((3, 4))
    Gl = stack_empty((3, 4))
    ep = stack_empty(4)
    for i in range(rows.shape[0]):
        for k in range(4):
            ep[k] = q[i, 3 + k]
        ep_rotation_matrix(ep, A)
        ep_g(ep, G)
        ep_g_local(ep, Gl)
        _write_frame(rows[i], i, ltg, q, v, A, G, Gl, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local,
                     f_ltg)


@njit(inline="always")
def _write_frame(r, i, ltg, q, v, A, G, Gl, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local, f_ltg):
    """Frame row r of a 3D rigid node/body from its row i of q, v (n, 3 + nr), ltg and its rotation
    data A, G, G_local (3, nr): omega = G theta_t, Jpos = [I, 0], Jrot = [0, G], Jrot_local = [0, G_local]."""
    nr = G.shape[1]
    for a in range(3):
        pos[r, a] = q[i, a]
        vel[r, a] = v[i, a]
        w, wl = 0.0, 0.0
        for k in range(nr):
            w += G[a, k] * v[i, 3 + k]
            wl += Gl[a, k] * v[i, 3 + k]
        omega[r, a] = w
        omega_local[r, a] = wl
        for b in range(3):
            A_out[r, a, b] = A[a, b]
        for k in range(Jpos.shape[2]):
            Jpos[r, a, k] = 0.0
            Jrot[r, a, k] = 0.0
            Jrot_local[r, a, k] = 0.0
        Jpos[r, a, a] = 1.0
        for k in range(nr):
            Jrot[r, a, 3 + k] = G[a, k]
            Jrot_local[r, a, 3 + k] = Gl[a, k]
    for k in range(f_ltg.shape[1]):
        f_ltg[r, k] = ltg[i, k] if k < 3 + nr else -1


@njit
def _ep_rotation(q, i, ep, A, Gl):
    """ep = q[i, 3:7], A(ep) and G_local(ep) of row i."""
    for k in range(4):
        ep[k] = q[i, 3 + k]
    ep_rotation_matrix(ep, A)
    ep_g_local(ep, Gl)


@njit
def _ep_omega_local(Gl, v, i, w):
    """w = G_local ep_t of row i (the local angular velocity)."""
    for a in range(3):
        acc = 0.0
        for k in range(4):
            acc += Gl[a, k] * v[i, 3 + k]
        w[a] = acc


@njit(inline="always")
def _mass_block(i, m, b0, b1, b2, A, Gl, J, S, JG, M_out):
    """M_out[i] = [[m I, -m A skew(b) G_l], [.^T, G_l^T J G_l]] ((3 + nr) x (3 + nr)), G_l (3, nr);
    S, JG: scratch (3, nr)."""
    nr = Gl.shape[1]
    for k in range(nr):
        g0, g1, g2 = Gl[0, k], Gl[1, k], Gl[2, k]
        S[0, k] = b1 * g2 - b2 * g1
        S[1, k] = b2 * g0 - b0 * g2
        S[2, k] = b0 * g1 - b1 * g0
        for a in range(3):
            JG[a, k] = J[i, a, 0] * g0 + J[i, a, 1] * g1 + J[i, a, 2] * g2
    for a in range(3 + nr):
        for c in range(3 + nr):
            M_out[i, a, c] = 0.0
    for a in range(3):
        M_out[i, a, a] = m
        for k in range(nr):
            acc = 0.0
            for c in range(3):
                acc += A[a, c] * S[c, k]
            M_out[i, a, 3 + k] = -m * acc
            M_out[i, 3 + k, a] = -m * acc
    for k in range(nr):
        for l in range(nr):
            acc = 0.0
            for a in range(3):
                acc += Gl[a, k] * JG[a, l]
            M_out[i, 3 + k, 3 + l] = acc


@njit
def ep_mass_and_lhs(q, v, mass, J, com, want_mass, want_lhs, M_out, Q_out):
    """Mass blocks M_out (n, 7, 7) and LHS terms Q_out (n, 7) (added) of EP rigid bodies."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 4))
    ep = stack_empty(4)
    S = stack_empty((3, 4))        # skew(b) G_local
    JG = stack_empty((3, 4))       # J G_local
    w = stack_empty(3)
    for i in range(q.shape[0]):
        _ep_rotation(q, i, ep, A, Gl)
        m = mass[i]
        b0, b1, b2 = com[i, 0], com[i, 1], com[i, 2]
        if want_mass:
            _mass_block(i, m, b0, b1, b2, A, Gl, J, S, JG, M_out)
        if want_lhs:
            _ep_omega_local(Gl, v, i, w)
            # b x w, then w x (b x w)
            c0, c1, c2 = b1 * w[2] - b2 * w[1], b2 * w[0] - b0 * w[2], b0 * w[1] - b1 * w[0]
            t0, t1, t2 = w[1] * c2 - w[2] * c1, w[2] * c0 - w[0] * c2, w[0] * c1 - w[1] * c0
            for a in range(3):
                Q_out[i, a] += -m * (A[a, 0] * t0 + A[a, 1] * t1 + A[a, 2] * t2)
            jw0 = J[i, 0, 0] * w[0] + J[i, 0, 1] * w[1] + J[i, 0, 2] * w[2]
            jw1 = J[i, 1, 0] * w[0] + J[i, 1, 1] * w[1] + J[i, 1, 2] * w[2]
            jw2 = J[i, 2, 0] * w[0] + J[i, 2, 1] * w[1] + J[i, 2, 2] * w[2]
            x0, x1, x2 = w[1] * jw2 - w[2] * jw1, w[2] * jw0 - w[0] * jw2, w[0] * jw1 - w[1] * jw0
            for k in range(4):
                Q_out[i, 3 + k] += Gl[0, k] * x0 + Gl[1, k] * x1 + Gl[2, k] * x2


@njit
def frames_2d(items, q, v, idx, pos, vel, A, omega, Jpos, Jrot, omega_local, Jrot_local, ltg):
    """Planar rigid frames [x, y, theta] of items (rows of the frame arrays): A = rotation about z,
    Jpos = [e_x, e_y, 0], Jrot = e_z e_theta^T (global and local alike)."""
    K = Jpos.shape[2]
    for i in range(items.shape[0]):
        r = items[i]
        pos[r, 0], pos[r, 1], pos[r, 2] = q[i, 0], q[i, 1], 0.0
        vel[r, 0], vel[r, 1], vel[r, 2] = v[i, 0], v[i, 1], 0.0
        rotation_matrix_z(q[i, 2], A[r])
        for a in range(3):
            omega[r, a] = 0.0
            omega_local[r, a] = 0.0
            for k in range(K):
                Jpos[r, a, k] = 0.0
                Jrot[r, a, k] = 0.0
                Jrot_local[r, a, k] = 0.0
        omega[r, 2] = v[i, 2]
        omega_local[r, 2] = v[i, 2]
        Jpos[r, 0, 0] = 1.0
        Jpos[r, 1, 1] = 1.0
        Jrot[r, 2, 2] = 1.0
        Jrot_local[r, 2, 2] = 1.0
        for k in range(3):
            ltg[r, k] = idx[i, k]


@njit
def rotational_mass_1d_frames(items, idx, q_tot, v, p0, A0, pos, vel, A, omega, omega_local, Jpos, Jrot,
                              Jrot_local, ltg):
    """Frames of ObjectRotationalMass1D (rows items of the frame arrays): the body rests at p0 and
    turns about the local z axis of A0 by its coordinate theta = q_tot[idx[i]]: A = A0 Rz(theta),
    omega = A0 e_z theta_t, Jrot = A0 e_z e_0^T, omega_local = e_z theta_t, Jrot_local = e_z e_0^T."""
    K = Jpos.shape[2]
    R = stack_empty((3, 3))
    for i in range(items.shape[0]):
        r = items[i]
        k = idx[i]
        rotation_matrix_z(q_tot[k], R)
        w = v[k]
        for a in range(3):
            pos[r, a] = p0[i, a]
            vel[r, a] = 0.0
            for b in range(3):
                A[r, a, b] = A0[i, a, 0] * R[0, b] + A0[i, a, 1] * R[1, b] + A0[i, a, 2] * R[2, b]
            omega[r, a] = A0[i, a, 2] * w
            omega_local[r, a] = 0.0
            for c in range(K):
                Jpos[r, a, c] = 0.0
                Jrot[r, a, c] = 0.0
                Jrot_local[r, a, c] = 0.0
            Jrot[r, a, 0] = A0[i, a, 2]
        omega_local[r, 2] = w
        Jrot_local[r, 2, 0] = 1.0
        ltg[r, 0] = k


@njit
def acceleration_outputs(code, A, G, g_t, vr, ar, acc_ref, b, out):
    """Acceleration outputs (m, 3) of rigid bodies at their local points b (m, 3), code 0
    Acceleration, 1 AccelerationLocal, 2 AngularAcceleration, 3 AngularAccelerationLocal:
    omega = G vr, alpha = G ar + g_t (global), r = A b, acc = acc_ref + alpha x r + omega x
    (omega x r); the local ones A^T acc, A^T alpha. A (m, 3, 3), G (m, 3, nr), vr, ar (m, nr)."""
    nr = G.shape[2]
    for i in range(A.shape[0]):
        w0 = w1 = w2 = 0.0
        a0 = a1 = a2 = 0.0
        for j in range(nr):
            w0 += G[i, 0, j] * vr[i, j]
            w1 += G[i, 1, j] * vr[i, j]
            w2 += G[i, 2, j] * vr[i, j]
            a0 += G[i, 0, j] * ar[i, j]
            a1 += G[i, 1, j] * ar[i, j]
            a2 += G[i, 2, j] * ar[i, j]
        a0 += g_t[i, 0]
        a1 += g_t[i, 1]
        a2 += g_t[i, 2]
        if code >= 2:
            x0, x1, x2 = a0, a1, a2
        else:
            r0 = A[i, 0, 0] * b[i, 0] + A[i, 0, 1] * b[i, 1] + A[i, 0, 2] * b[i, 2]
            r1 = A[i, 1, 0] * b[i, 0] + A[i, 1, 1] * b[i, 1] + A[i, 1, 2] * b[i, 2]
            r2 = A[i, 2, 0] * b[i, 0] + A[i, 2, 1] * b[i, 1] + A[i, 2, 2] * b[i, 2]
            c0, c1, c2 = w1 * r2 - w2 * r1, w2 * r0 - w0 * r2, w0 * r1 - w1 * r0      # omega x r
            x0 = acc_ref[i, 0] + (a1 * r2 - a2 * r1) + (w1 * c2 - w2 * c1)
            x1 = acc_ref[i, 1] + (a2 * r0 - a0 * r2) + (w2 * c0 - w0 * c2)
            x2 = acc_ref[i, 2] + (a0 * r1 - a1 * r0) + (w0 * c1 - w1 * c0)
        if code == 1 or code == 3:
            out[i, 0] = A[i, 0, 0] * x0 + A[i, 1, 0] * x1 + A[i, 2, 0] * x2
            out[i, 1] = A[i, 0, 1] * x0 + A[i, 1, 1] * x1 + A[i, 2, 1] * x2
            out[i, 2] = A[i, 0, 2] * x0 + A[i, 1, 2] * x1 + A[i, 2, 2] * x2
        else:
            out[i, 0] = x0
            out[i, 1] = x1
            out[i, 2] = x2


@njit
def ep_normalization(ltg, q_tot, v, velocity_form, with_jacobian, g, C):
    """Euler-parameter condition of each node, coordinates ltg[i, 3:7]: g = |ep|^2 - 1 or, in the
    velocity form, 2 ep . ep_t; C (n, 1, 7) = [0, 0, 0, 2 ep]."""
    for i in range(ltg.shape[0]):
        acc = 0.0
        for k in range(3, 7):
            e = q_tot[ltg[i, k]]
            acc += e * (2.0 * v[ltg[i, k]] if velocity_form else e)
        g[i, 0] = acc if velocity_form else acc - 1.0
        if with_jacobian:
            for k in range(3):
                C[i, 0, k] = 0.0
            for k in range(3, 7):
                C[i, 0, k] = 2.0 * q_tot[ltg[i, k]]


@njit(inline="always")
def _gyroscopic_rate_matrices(i, w, b0, b1, b2, J, X, Y):
    """X = skew(w) skew(b) - skew(b x w) and Y = skew(w) J - skew(J w) (3 x 3) of body i: the
    derivatives of w x (b x w) and w x J w with respect to w."""
    # X = b w^T - (w . b) I - skew(b x w)
    c0, c1, c2 = b1 * w[2] - b2 * w[1], b2 * w[0] - b0 * w[2], b0 * w[1] - b1 * w[0]
    wb = w[0] * b0 + w[1] * b1 + w[2] * b2
    bb = (b0, b1, b2)
    for a in range(3):
        for c in range(3):
            X[a, c] = bb[a] * w[c] - (wb if a == c else 0.0)
    X[0, 1] += c2
    X[0, 2] -= c1
    X[1, 0] -= c2
    X[1, 2] += c0
    X[2, 0] += c1
    X[2, 1] -= c0
    jw0 = J[i, 0, 0] * w[0] + J[i, 0, 1] * w[1] + J[i, 0, 2] * w[2]
    jw1 = J[i, 1, 0] * w[0] + J[i, 1, 1] * w[1] + J[i, 1, 2] * w[2]
    jw2 = J[i, 2, 0] * w[0] + J[i, 2, 1] * w[1] + J[i, 2, 2] * w[2]
    for c in range(3):
        Y[0, c] = w[1] * J[i, 2, c] - w[2] * J[i, 1, c]
        Y[1, c] = w[2] * J[i, 0, c] - w[0] * J[i, 2, c]
        Y[2, c] = w[0] * J[i, 1, c] - w[1] * J[i, 0, c]
    Y[0, 1] += jw2
    Y[0, 2] -= jw1
    Y[1, 0] -= jw2
    Y[1, 2] += jw0
    Y[2, 0] += jw1
    Y[2, 1] -= jw0


@njit(inline="always")
def _fd_points(q, v, i, j, fd_step, qp, qm, vi, Qp, Qm):
    """Row i of q with coordinate j moved by +-h (qp, qm (1, nt)), its rates vi, Qp = Qm = 0; returns
    h = fd_step max(1, |q_ij|)."""
    h = fd_step * max(1.0, abs(q[i, j]))
    for k in range(q.shape[1]):
        qp[0, k] = q[i, k]
        qm[0, k] = q[i, k]
        vi[0, k] = v[i, k]
        Qp[0, k] = 0.0
        Qm[0, k] = 0.0
    qp[0, j] += h
    qm[0, j] -= h
    return h


@njit
def ep_stiffness(q, v, mass, J, com, fd_step, K_out, D_out):
    """dQ_LHS/dq (K_out, central differences in the Euler parameters, step fd_step max(1, |ep_j|))
    and dQ_LHS/dq_t (D_out, analytic) of EP rigid bodies, (n, 7, 7) each (equations/rigid.py
    RigidBodies.stiffness_blocks: D = [[0, -m A (skew(w) skew(b) - skew(b x w)) G_l],
    [0, G_l^T ((skew(w) J - skew(J w)) G_l)]], w = G_l ep_t; G_l,t ep_t = 0 for EP)."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 4))
    ep = stack_empty(4)
    w = stack_empty(3)
    X = stack_empty((3, 3))
    Y = stack_empty((3, 3))
    XG = stack_empty((3, 4))
    qp = stack_empty((1, 7))
    qm = stack_empty((1, 7))
    vi = stack_empty((1, 7))
    Qp = stack_empty((1, 7))
    Qm = stack_empty((1, 7))
    none = stack_empty((1, 7, 7))
    for i in range(q.shape[0]):
        _ep_rotation(q, i, ep, A, Gl)
        m = mass[i]
        b0, b1, b2 = com[i, 0], com[i, 1], com[i, 2]
        _ep_omega_local(Gl, v, i, w)
        _gyroscopic_rate_matrices(i, w, b0, b1, b2, J, X, Y)
        for a in range(7):
            for c in range(7):
                D_out[i, a, c] = 0.0
                K_out[i, a, c] = 0.0
        for a in range(3):
            for k in range(4):
                XG[a, k] = X[a, 0] * Gl[0, k] + X[a, 1] * Gl[1, k] + X[a, 2] * Gl[2, k]
        for a in range(3):
            for k in range(4):
                D_out[i, a, 3 + k] = -m * (A[a, 0] * XG[0, k] + A[a, 1] * XG[1, k] + A[a, 2] * XG[2, k])
        for k in range(4):
            for l in range(4):
                acc = 0.0
                for a in range(3):
                    acc += Gl[a, k] * (Y[a, 0] * Gl[0, l] + Y[a, 1] * Gl[1, l] + Y[a, 2] * Gl[2, l])
                D_out[i, 3 + k, 3 + l] = acc
        for j in range(3, 7):
            h = _fd_points(q, v, i, j, fd_step, qp, qm, vi, Qp, Qm)
            ep_mass_and_lhs(qp, vi, mass[i:i + 1], J[i:i + 1], com[i:i + 1], False, True, none, Qp)
            ep_mass_and_lhs(qm, vi, mass[i:i + 1], J[i:i + 1], com[i:i + 1], False, True, none, Qm)
            for k in range(7):
                K_out[i, k, j] = (Qp[0, k] - Qm[0, k]) / (2.0 * h)


# ---------------------------------------------------------------- Tait-Bryan (Rxyz) nodes and bodies
# the formulas of equations/rigid.py (rotation_kinematics, RigidBodies): one kernel per quantity,
# which the group kernels and the Python outputs both call

@njit
def rxyz_frames(rows, ltg, q, v, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local, f_ltg):
    """Frames of Rxyz nodes/bodies: q, v (n, 6) total coordinates and rates, ltg (n, 6);
    Jpos = [I, 0], Jrot = [0, G], Jrot_local = [0, G_local]."""
    A = stack_empty((3, 3))
    G = stack_empty((3, 3))
    Gl = stack_empty((3, 3))
    th = stack_empty(3)
    for i in range(rows.shape[0]):
        for k in range(3):
            th[k] = q[i, 3 + k]
        rxyz_rotation_matrix(th, A)
        rxyz_g(th, G)
        rxyz_g_local(th, Gl)
        _write_frame(rows[i], i, ltg, q, v, A, G, Gl, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local,
                     f_ltg)


@njit
def _rxyz_rotation(q, v, i, th, th_t, A, Gl, w, g):
    """th, th_t = q[i, 3:6], v[i, 3:6]; A, G_local, w = G_local th_t and g = G_local_t th_t."""
    for k in range(3):
        th[k] = q[i, 3 + k]
        th_t[k] = v[i, 3 + k]
    rxyz_rotation_matrix(th, A)
    rxyz_g_local(th, Gl)
    Gt = rxyz_g_local_t(th, th_t, stack_empty((3, 3)))
    for a in range(3):
        w[a] = Gl[a, 0] * th_t[0] + Gl[a, 1] * th_t[1] + Gl[a, 2] * th_t[2]
        g[a] = Gt[a, 0] * th_t[0] + Gt[a, 1] * th_t[1] + Gt[a, 2] * th_t[2]


@njit
def rxyz_mass_and_lhs(q, v, mass, J, com, want_mass, want_lhs, M_out, Q_out):
    """Mass blocks M_out (n, 6, 6) and LHS terms Q_out (n, 6) (added) of Rxyz rigid bodies."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 3))
    th = stack_empty(3)
    th_t = stack_empty(3)
    w = stack_empty(3)
    g = stack_empty(3)
    S = stack_empty((3, 3))        # skew(b) G_local
    JG = stack_empty((3, 3))       # J G_local
    for i in range(q.shape[0]):
        _rxyz_rotation(q, v, i, th, th_t, A, Gl, w, g)
        _mass_and_lhs_3(i, mass, com, A, Gl, J, w, g, want_mass, want_lhs, S, JG, M_out, Q_out)


@njit(inline="always")
def _mass_and_lhs_3(i, mass, com, A, Gl, J, w, g, want_mass, want_lhs, S, JG, M_out, Q_out):
    """Mass block and (added) LHS terms of body i with three rotation parameters (its A, G_local,
    w and g given)."""
    m = mass[i]
    b0, b1, b2 = com[i, 0], com[i, 1], com[i, 2]
    if want_mass:
        _mass_block(i, m, b0, b1, b2, A, Gl, J, S, JG, M_out)
    if want_lhs:
        _lhs_3(i, m, b0, b1, b2, A, Gl, J, w, g, Q_out)


@njit(inline="always")
def _lhs_3(i, m, b0, b1, b2, A, Gl, J, w, g, Q_out):
    """Q_out[i] += [-m A (w x (b x w) + b x g), G_l^T (w x J w + J g)] (three rotation parameters)."""
    c0, c1, c2 = b1 * w[2] - b2 * w[1], b2 * w[0] - b0 * w[2], b0 * w[1] - b1 * w[0]
    t0 = w[1] * c2 - w[2] * c1 + (b1 * g[2] - b2 * g[1])
    t1 = w[2] * c0 - w[0] * c2 + (b2 * g[0] - b0 * g[2])
    t2 = w[0] * c1 - w[1] * c0 + (b0 * g[1] - b1 * g[0])
    for a in range(3):
        Q_out[i, a] += -m * (A[a, 0] * t0 + A[a, 1] * t1 + A[a, 2] * t2)
    jw0 = J[i, 0, 0] * w[0] + J[i, 0, 1] * w[1] + J[i, 0, 2] * w[2]
    jw1 = J[i, 1, 0] * w[0] + J[i, 1, 1] * w[1] + J[i, 1, 2] * w[2]
    jw2 = J[i, 2, 0] * w[0] + J[i, 2, 1] * w[1] + J[i, 2, 2] * w[2]
    x0 = w[1] * jw2 - w[2] * jw1 + (J[i, 0, 0] * g[0] + J[i, 0, 1] * g[1] + J[i, 0, 2] * g[2])
    x1 = w[2] * jw0 - w[0] * jw2 + (J[i, 1, 0] * g[0] + J[i, 1, 1] * g[1] + J[i, 1, 2] * g[2])
    x2 = w[0] * jw1 - w[1] * jw0 + (J[i, 2, 0] * g[0] + J[i, 2, 1] * g[1] + J[i, 2, 2] * g[2])
    for k in range(3):
        Q_out[i, 3 + k] += Gl[0, k] * x0 + Gl[1, k] * x1 + Gl[2, k] * x2


@njit(inline="always")
def _velocity_blocks_3(i, m, b0, b1, b2, A, Gl, H, J, w, X, Y, T, K_out, D_out):
    """K_out[i] = 0 and D_out[i] = dQ_LHS/dq_t of a body with three rotation parameters (A, G_local,
    w = G_l rot_t and H = d(G_l,t rot_t)/d rot_t given; X, Y, T scratch):
    D = [[0, -m A ((skew(w) skew(b) - skew(b x w)) G_l + skew(b) H)],
         [0, G_l^T ((skew(w) J - skew(J w)) G_l + J H)]]."""
    _gyroscopic_rate_matrices(i, w, b0, b1, b2, J, X, Y)
    for a in range(6):
        for c in range(6):
            D_out[i, a, c] = 0.0
            K_out[i, a, c] = 0.0
    # T = X G_l + skew(b) H (the translational block), then D[:3, 3:] = -m A T
    for a in range(3):
        for k in range(3):
            T[a, k] = X[a, 0] * Gl[0, k] + X[a, 1] * Gl[1, k] + X[a, 2] * Gl[2, k]
    for k in range(3):
        h0, h1, h2 = H[0, k], H[1, k], H[2, k]
        T[0, k] += b1 * h2 - b2 * h1
        T[1, k] += b2 * h0 - b0 * h2
        T[2, k] += b0 * h1 - b1 * h0
    for a in range(3):
        for k in range(3):
            D_out[i, a, 3 + k] = -m * (A[a, 0] * T[0, k] + A[a, 1] * T[1, k] + A[a, 2] * T[2, k])
    # rotational block: G_l^T ((Y G_l) + J H)
    for a in range(3):
        for l in range(3):
            T[a, l] = (Y[a, 0] * Gl[0, l] + Y[a, 1] * Gl[1, l] + Y[a, 2] * Gl[2, l]
                       + (J[i, a, 0] * H[0, l] + J[i, a, 1] * H[1, l] + J[i, a, 2] * H[2, l]))
    for k in range(3):
        for l in range(3):
            D_out[i, 3 + k, 3 + l] = Gl[0, k] * T[0, l] + Gl[1, k] * T[1, l] + Gl[2, k] * T[2, l]


@njit
def rxyz_stiffness(q, v, mass, J, com, fd_step, K_out, D_out):
    """dQ_LHS/dq (K_out, central differences in the angles, step fd_step max(1, |rot_j|)) and
    dQ_LHS/dq_t (D_out, analytic) of Rxyz rigid bodies, (n, 6, 6) each: with w = G_l rot_t and
    H = d(G_l,t rot_t)/d rot_t = G_l,t(rot_t) + [G_l,t(e_j) rot_t]_j,
    D = [[0, -m A ((skew(w) skew(b) - skew(b x w)) G_l + skew(b) H)],
         [0, G_l^T ((skew(w) J - skew(J w)) G_l + J H)]]."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 3))
    th = stack_empty(3)
    th_t = stack_empty(3)
    w = stack_empty(3)
    g = stack_empty(3)
    H = stack_empty((3, 3))
    Ge = stack_empty((3, 3))
    e = stack_empty(3)
    X = stack_empty((3, 3))
    Y = stack_empty((3, 3))
    T = stack_empty((3, 3))
    qp = stack_empty((1, 6))
    qm = stack_empty((1, 6))
    vi = stack_empty((1, 6))
    Qp = stack_empty((1, 6))
    Qm = stack_empty((1, 6))
    none = stack_empty((1, 6, 6))
    for i in range(q.shape[0]):
        _rxyz_rotation(q, v, i, th, th_t, A, Gl, w, g)
        m = mass[i]
        b0, b1, b2 = com[i, 0], com[i, 1], com[i, 2]
        rxyz_g_local_t(th, th_t, H)
        for j in range(3):
            e[0] = e[1] = e[2] = 0.0
            e[j] = 1.0
            rxyz_g_local_t(th, e, Ge)
            for a in range(3):
                H[a, j] += Ge[a, 0] * th_t[0] + Ge[a, 1] * th_t[1] + Ge[a, 2] * th_t[2]
        _velocity_blocks_3(i, m, b0, b1, b2, A, Gl, H, J, w, X, Y, T, K_out, D_out)
        for j in range(3, 6):
            h = _fd_points(q, v, i, j, fd_step, qp, qm, vi, Qp, Qm)
            rxyz_mass_and_lhs(qp, vi, mass[i:i + 1], J[i:i + 1], com[i:i + 1], False, True, none, Qp)
            rxyz_mass_and_lhs(qm, vi, mass[i:i + 1], J[i:i + 1], com[i:i + 1], False, True, none, Qm)
            for k in range(6):
                K_out[i, k, j] = (Qp[0, k] - Qm[0, k]) / (2.0 * h)


# ---------------------------------------------------------------- rotation-vector (Lie-group) nodes and bodies
# NodeRigidBodyRotVecLG: [u (3), psi (3)], velocity coordinates [u_t, omega_local]: A = exp(psi),
# G_local = I, G = A, G_local,t theta_t = 0 (equations/rigid.py rotation_kinematics)

@njit
def _rotvec_rotation(q, i, psi, A, Gl):
    """psi = q[i, 3:6], A = exp(psi), G_local = I of row i."""
    for k in range(3):
        psi[k] = q[i, 3 + k]
    rotvec_rotation_matrix(psi, A)
    for a in range(3):
        for k in range(3):
            Gl[a, k] = 1.0 if a == k else 0.0


@njit
def rotvec_frames(rows, ltg, q, v, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local, f_ltg):
    """Frames of rotation-vector nodes/bodies: q, v (n, 6) total coordinates and rates, ltg (n, 6);
    Jpos = [I, 0], Jrot = [0, A], Jrot_local = [0, I]."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 3))
    psi = stack_empty(3)
    for i in range(rows.shape[0]):
        _rotvec_rotation(q, i, psi, A, Gl)
        _write_frame(rows[i], i, ltg, q, v, A, A, Gl, pos, vel, A_out, omega, omega_local, Jpos, Jrot, Jrot_local,
                     f_ltg)


@njit
def rotvec_mass_and_lhs(q, v, mass, J, com, want_mass, want_lhs, M_out, Q_out):
    """Mass blocks M_out (n, 6, 6) and LHS terms Q_out (n, 6) (added) of rigid bodies on
    rotation-vector nodes (w = v[i, 3:6], g = 0)."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 3))
    psi = stack_empty(3)
    w = stack_empty(3)
    g = stack_empty(3)
    S = stack_empty((3, 3))
    JG = stack_empty((3, 3))
    for i in range(q.shape[0]):
        _rotvec_rotation(q, i, psi, A, Gl)
        for k in range(3):
            w[k] = v[i, 3 + k]
            g[k] = 0.0
        _mass_and_lhs_3(i, mass, com, A, Gl, J, w, g, want_mass, want_lhs, S, JG, M_out, Q_out)


@njit
def rotvec_stiffness(q, v, mass, J, com, fd_step, K_out, D_out):
    """dQ_LHS/dq (K_out, central differences in the rotation vector, step fd_step max(1, |psi_j|))
    and dQ_LHS/dq_t (D_out, analytic) of rigid bodies on rotation-vector nodes, (n, 6, 6) each:
    rxyz_stiffness's formulas with G_local = I and H = 0 (w = v[i, 3:6], G_local,t = 0)."""
    A = stack_empty((3, 3))
    Gl = stack_empty((3, 3))
    psi = stack_empty(3)
    w = stack_empty(3)
    H = stack_empty((3, 3))
    X = stack_empty((3, 3))
    Y = stack_empty((3, 3))
    T = stack_empty((3, 3))
    qp = stack_empty((1, 6))
    qm = stack_empty((1, 6))
    vi = stack_empty((1, 6))
    Qp = stack_empty((1, 6))
    Qm = stack_empty((1, 6))
    none = stack_empty((1, 6, 6))
    for a in range(3):
        for k in range(3):
            H[a, k] = 0.0
    for i in range(q.shape[0]):
        _rotvec_rotation(q, i, psi, A, Gl)
        for k in range(3):
            w[k] = v[i, 3 + k]
        _velocity_blocks_3(i, mass[i], com[i, 0], com[i, 1], com[i, 2], A, Gl, H, J, w, X, Y, T, K_out, D_out)
        for j in range(3, 6):
            h = _fd_points(q, v, i, j, fd_step, qp, qm, vi, Qp, Qm)
            rotvec_mass_and_lhs(qp, vi, mass[i:i + 1], J[i:i + 1], com[i:i + 1], False, True, none, Qp)
            rotvec_mass_and_lhs(qm, vi, mass[i:i + 1], J[i:i + 1], com[i:i + 1], False, True, none, Qm)
            for k in range(6):
                K_out[i, k, j] = (Qp[0, k] - Qm[0, k]) / (2.0 * h)


@njit
def rigid_2d_mass_and_lhs(idx, q_tot, v, mass, inertia, com, M_out, Q_out):
    """ObjectRigidBody2D: M = [[m, 0, g_x], [0, m, g_y], [g_x, g_y, J]], g = m (-(A b)_y, (A b)_x),
    Q_LHS = [-m psi_t^2 A b; 0] (equations/rigid.py RigidBodies2D, the same formulas)."""
    for i in range(idx.shape[0]):
        th = q_tot[idx[i, 2]]
        c, s = np.cos(th), np.sin(th)
        ax = c * com[i, 0] - s * com[i, 1]
        ay = s * com[i, 0] + c * com[i, 1]
        m = mass[i]
        for a in range(3):
            for b in range(3):
                M_out[i, a, b] = 0.0
        M_out[i, 0, 0] = m
        M_out[i, 1, 1] = m
        M_out[i, 2, 2] = inertia[i]
        M_out[i, 0, 2] = M_out[i, 2, 0] = -m * ay
        M_out[i, 1, 2] = M_out[i, 2, 1] = m * ax
        w = v[idx[i, 2]]
        Q_out[i, 0] = -m * w * w * ax
        Q_out[i, 1] = -m * w * w * ay
        Q_out[i, 2] = 0.0


@njit
def rigid_2d_stiffness(idx, q_tot, v, mass, com, K_out, D_out):
    """ObjectRigidBody2D: dQ_LHS/dq and dQ_LHS/dq_t (n, 3, 3) (Q_LHS = [-m psi_t^2 A b; 0]):
    K[0, 2] = m w^2 (A b)_y, K[1, 2] = -m w^2 (A b)_x, D[:2, 2] = -2 m w A b, zero elsewhere."""
    for i in range(idx.shape[0]):
        th = q_tot[idx[i, 2]]
        c, s = np.cos(th), np.sin(th)
        ax = c * com[i, 0] - s * com[i, 1]
        ay = s * com[i, 0] + c * com[i, 1]
        w = v[idx[i, 2]]
        for a in range(3):
            for b in range(3):
                K_out[i, a, b] = 0.0
                D_out[i, a, b] = 0.0
        mww = mass[i] * w * w
        K_out[i, 0, 2] = mww * ay
        K_out[i, 1, 2] = -mww * ax
        D_out[i, 0, 2] = -(2.0 * mass[i] * w) * ax
        D_out[i, 1, 2] = -(2.0 * mass[i] * w) * ay
