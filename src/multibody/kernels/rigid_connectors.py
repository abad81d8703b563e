"""Spring-dampers between rigid markers (equations/rigid_connectors.py) over arrays of connectors
of one type: the wrench in marker space, the generalized forces Q = B^T W and their Jacobians
K = B^T (dW/dx) B, D = B^T (dW/dw) B with central differences in marker space.

Marker space (per connector): x = [p0, pi0, p1, pi1] (positions and global virtual rotations,
A -> exp(pi~) A) and w = [v0, omega0, v1, omega1]; W = [-F; -T; F; T] with the global force F and
torque T from marker 0 to marker 1 (the RigidBodySpringDamper's intrinsic formulation adds its
torque T_add on both sides); B = blockdiag([Jpos0; Jrot0], [Jpos1; Jrot1]) (12 x 2K).

``params`` holds each connector's parameters in one row (the layouts below); ``kind`` selects
the force law.
"""
import numpy as np

from ._jit import njit
from .rotations import rotvec_from_rotation_matrix, rotvec_rotation_matrix, rotvec_t_exp_inv, rxyz_from_rotation_matrix
from .stack import scratch_2d, stack_empty

RIGID_BODY, LINEAR, TORSIONAL = 0, 1, 2
# parameter rows: RIGID_BODY stiffness (36, row-major), damping (36), offset (6), rotationMarker0 (9),
# rotationMarker1 (9), useIntrinsicFormulation (1); LINEAR stiffness, damping, offset,
# velocityOffset, force, axisMarker0 (3); TORSIONAL stiffness, damping, offset, velocityOffset,
# torque, rotationMarker0 (9), rotationMarker1 (9)
N_PARAMS = (97, 8, 23)

# central-difference step of the marker-space Jacobians (positions [m], rotations [rad], rates)
FD_STEP = 1e-7


@njit
def _load_state(pos, vel, A, omega, a, b, P, V, Om, Am):
    """P, V, Om (2, 3) and Am (2, 3, 3): position, velocity, angular velocity and rotation of
    markers a (row 0) and b (row 1)."""
    for s in range(2):
        m = a if s == 0 else b
        for r in range(3):
            P[s, r] = pos[m, r]
            V[s, r] = vel[m, r]
            Om[s, r] = omega[m, r]
            for c in range(3):
                Am[s, r, c] = A[m, r, c]


@njit
def _perturb(j, eps, P, V, Om, Am):
    """Coordinate j of x (0..11) or w (12..23) changed by eps; a rotation as exp(eps e_k~) A."""
    side, kind, k = (j % 12) // 6, (j % 6) // 3, j % 3
    if j >= 12:
        if kind == 0:
            V[side, k] += eps
        else:
            Om[side, k] += eps
        return
    if kind == 0:
        P[side, k] += eps
        return
    v = stack_empty(3)
    v[0] = v[1] = v[2] = 0.0
    v[k] = eps
    R = rotvec_rotation_matrix(v, stack_empty((3, 3)))
    T = stack_empty((3, 3))
    for r in range(3):
        for c in range(3):
            T[r, c] = R[r, 0] * Am[side, 0, c] + R[r, 1] * Am[side, 1, c] + R[r, 2] * Am[side, 2, c]
    for r in range(3):
        for c in range(3):
            Am[side, r, c] = T[r, c]


@njit
def _rotated(Am, s, p, at, out):
    """out = A_s R with R the 3 x 3 row-major matrix p[at:at + 9]."""
    for r in range(3):
        for c in range(3):
            out[r, c] = (Am[s, r, 0] * p[at + c] + Am[s, r, 1] * p[at + 3 + c]
                         + Am[s, r, 2] * p[at + 6 + c])
    return out


@njit
def _relative(X, Y, out):
    """out = X^T Y (3 x 3)."""
    for r in range(3):
        for c in range(3):
            out[r, c] = X[0, r] * Y[0, c] + X[1, r] * Y[1, c] + X[2, r] * Y[2, c]
    return out


@njit
def _wrench(kind, p, P, V, Om, Am, prev_angle, W):
    """W (12,) of one connector with parameter row p at the marker state (P, V, Om, Am), before
    activeConnector; prev_angle: the TorsionalSpringDamper's data coordinate (NaN: none)."""
    dp = stack_empty(3)
    dv = stack_empty(3)
    dw = stack_empty(3)
    for r in range(3):
        dp[r] = P[1, r] - P[0, r]
        dv[r] = V[1, r] - V[0, r]
        dw[r] = Om[1, r] - Om[0, r]
    F = stack_empty(3)
    T = stack_empty(3)
    Ta = stack_empty(3)
    F[:] = 0.0
    T[:] = 0.0
    Ta[:] = 0.0
    if kind == RIGID_BODY:
        AJ = _rotated(Am, 0, p, 78, stack_empty((3, 3)))
        AJ1 = _rotated(Am, 1, p, 87, stack_empty((3, 3)))
        Rrel = _relative(AJ, AJ1, stack_empty((3, 3)))
        u = stack_empty(6)
        for r in range(3):
            u[r] = AJ[0, r] * dp[0] + AJ[1, r] * dp[1] + AJ[2, r] * dp[2]
        rxyz_from_rotation_matrix(Rrel, u[3:])
        intrinsic = p[96] != 0.0
        half_t = stack_empty(3)
        half_t[:] = 0.0
        if intrinsic:
            # SE(3) logarithm of H0^-1 H1 (translation T_exp(u_r)^-T d) and the mid frame A_J exp(u_r / 2)
            ur = rotvec_from_rotation_matrix(Rrel, stack_empty(3))
            Tinv = rotvec_t_exp_inv(ur, stack_empty((3, 3)))
            d0, d1, d2 = u[0], u[1], u[2]
            for r in range(3):
                u[r] = Tinv[0, r] * d0 + Tinv[1, r] * d1 + Tinv[2, r] * d2
                u[3 + r] = ur[r]
                half_t[r] = -0.5 * u[r]
            hv = stack_empty(3)
            for r in range(3):
                hv[r] = 0.5 * ur[r]
            half = rotvec_rotation_matrix(hv, stack_empty((3, 3)))
            Am_ = stack_empty((3, 3))
            for r in range(3):
                for c in range(3):
                    Am_[r, c] = AJ[r, 0] * half[0, c] + AJ[r, 1] * half[1, c] + AJ[r, 2] * half[2, c]
            AJ[:, :] = Am_
        v = stack_empty(6)
        for r in range(3):
            v[r] = AJ[0, r] * dv[0] + AJ[1, r] * dv[1] + AJ[2, r] * dv[2]
            v[3 + r] = AJ[0, r] * dw[0] + AJ[1, r] * dw[1] + AJ[2, r] * dw[2]
        fm = stack_empty(6)
        for r in range(6):
            acc = 0.0
            for c in range(6):
                acc += p[6 * r + c] * (u[c] - p[72 + c])
            acc2 = 0.0
            for c in range(6):
                acc2 += p[36 + 6 * r + c] * v[c]
            fm[r] = acc + acc2
        for r in range(3):
            F[r] = AJ[r, 0] * fm[0] + AJ[r, 1] * fm[1] + AJ[r, 2] * fm[2]
            T[r] = AJ[r, 0] * fm[3] + AJ[r, 1] * fm[4] + AJ[r, 2] * fm[5]
        if intrinsic:
            # T_add = (A_J (-u_t / 2)) x F acts with the same sign on both markers
            h = stack_empty(3)
            for r in range(3):
                h[r] = AJ[r, 0] * half_t[0] + AJ[r, 1] * half_t[1] + AJ[r, 2] * half_t[2]
            Ta[0] = h[1] * F[2] - h[2] * F[1]
            Ta[1] = h[2] * F[0] - h[0] * F[2]
            Ta[2] = h[0] * F[1] - h[1] * F[0]
    elif kind == LINEAR:
        a = stack_empty(3)
        for r in range(3):
            a[r] = Am[0, r, 0] * p[5] + Am[0, r, 1] * p[6] + Am[0, r, 2] * p[7]
        dx = a[0] * dp[0] + a[1] * dp[1] + a[2] * dp[2]
        dvx = a[0] * dv[0] + a[1] * dv[1] + a[2] * dv[2]
        f = p[0] * (dx - p[2]) + p[1] * (dvx - p[3]) + p[4]
        for r in range(3):
            F[r] = f * a[r]
    else:
        AJ0 = _rotated(Am, 0, p, 5, stack_empty((3, 3)))
        AJ1 = _rotated(Am, 1, p, 14, stack_empty((3, 3)))
        rot = rxyz_from_rotation_matrix(_relative(AJ0, AJ1, stack_empty((3, 3))), stack_empty(3))
        phi = rot[2]
        if not np.isnan(prev_angle):
            # continuous with the data coordinate (the angle of the last step)
            d = phi - prev_angle
            if abs(d) > np.pi:
                phi = phi + 2 * np.pi * np.rint(-d / (2 * np.pi))
        om = AJ0[0, 2] * dw[0] + AJ0[1, 2] * dw[1] + AJ0[2, 2] * dw[2]
        tau = p[0] * (phi - p[2]) + p[1] * (om - p[3]) + p[4]
        for r in range(3):
            T[r] = AJ0[r, 2] * tau
    for r in range(3):
        W[r] = -F[r]
        W[3 + r] = -T[r] + Ta[r]
        W[6 + r] = F[r]
        W[9 + r] = T[r] + Ta[r]


@njit
def rigid_connector_forces(kind, m0, m1, pos, vel, A, omega, Jpos, Jrot, params, active, data, data_index,
                           with_jacobian, Q, Kout, Dout):
    """Generalized forces Q (n, 2K) of n connectors of one ``kind`` and, ``with_jacobian``, their
    Jacobians Kout, Dout (n, 2K, 2K) (see the module docstring); rows of inactive connectors are
    zero.

    Parameters
    ----------
    m0, m1 : ndarray (n,) int
        Marker rows.
    pos, vel, A, omega, Jpos, Jrot : ndarray
        Marker outputs: positions, velocities (nm, 3), rotations (nm, 3, 3), angular velocities
        (nm, 3), position and rotation Jacobians (nm, 3, K).
    params : ndarray (n, N_PARAMS[kind])
    active : ndarray (n,) bool
    data, data_index : ndarray
        Data coordinates and each connector's index into them (-1: none; TorsionalSpringDamper).
    """
    n = m0.shape[0]
    K = Jpos.shape[2]
    L = 2 * K
    P, V, Om = stack_empty((2, 3)), stack_empty((2, 3)), stack_empty((2, 3))
    Am = stack_empty((2, 3, 3))
    W, Wp, Wm = stack_empty(12), stack_empty(12), stack_empty(12)
    S, Dv = stack_empty((12, 12)), stack_empty((12, 12))
    B = scratch_2d(stack_empty(336), 12, L)         # on the stack up to K = 14
    SB = scratch_2d(stack_empty(336), 12, L)
    for i in range(n):
        if not active[i]:
            for l in range(L):
                Q[i, l] = 0.0
                if with_jacobian:
                    for m in range(L):
                        Kout[i, l, m] = 0.0
                        Dout[i, l, m] = 0.0
            continue
        a, b = m0[i], m1[i]
        p = params[i]
        prev = data[data_index[i]] if data_index[i] >= 0 else np.nan
        _load_state(pos, vel, A, omega, a, b, P, V, Om, Am)
        _wrench(kind, p, P, V, Om, Am, prev, W)
        for r in range(12):
            for l in range(L):
                B[r, l] = 0.0
        for r in range(3):
            for k in range(K):
                B[r, k] = Jpos[a, r, k]
                B[3 + r, k] = Jrot[a, r, k]
                B[6 + r, K + k] = Jpos[b, r, k]
                B[9 + r, K + k] = Jrot[b, r, k]
        for l in range(L):
            acc = 0.0
            for r in range(12):
                acc += B[r, l] * W[r]
            Q[i, l] = acc
        if not with_jacobian:
            continue
        for j in range(24):
            _load_state(pos, vel, A, omega, a, b, P, V, Om, Am)
            _perturb(j, FD_STEP, P, V, Om, Am)
            _wrench(kind, p, P, V, Om, Am, prev, Wp)
            _load_state(pos, vel, A, omega, a, b, P, V, Om, Am)
            _perturb(j, -FD_STEP, P, V, Om, Am)
            _wrench(kind, p, P, V, Om, Am, prev, Wm)
            for r in range(12):
                dW = (Wp[r] - Wm[r]) / (2.0 * FD_STEP)
                if j < 12:
                    S[r, j] = dW
                else:
                    Dv[r, j - 12] = dW
        for mat in range(2):
            for r in range(12):
                for m in range(L):
                    acc = 0.0
                    for s in range(12):
                        acc += (S[r, s] if mat == 0 else Dv[r, s]) * B[s, m]
                    SB[r, m] = acc
            for l in range(L):
                for m in range(L):
                    acc = 0.0
                    for r in range(12):
                        acc += B[r, l] * SB[r, m]
                    if mat == 0:
                        Kout[i, l, m] = acc
                    else:
                        Dout[i, l, m] = acc


@njit
def torsional_angles(m0, m1, A, params, data, data_index, phi):
    """phi (n,): the TorsionalSpringDampers' angles about the z axis of A_J0 = A_m0 R0 to A_J1 =
    A_m1 R1 (params rows in the TORSIONAL layout), continuous with their data coordinates where
    data_index >= 0, the angle ``_wrench`` computes (what the data nodes store after each step)."""
    Am = stack_empty((2, 3, 3))
    AJ0 = stack_empty((3, 3))
    AJ1 = stack_empty((3, 3))
    R = stack_empty((3, 3))
    rot = stack_empty(3)
    for i in range(m0.shape[0]):
        for r in range(3):
            for c in range(3):
                Am[0, r, c] = A[m0[i], r, c]
                Am[1, r, c] = A[m1[i], r, c]
        p = params[i]
        _rotated(Am, 0, p, 5, AJ0)
        _rotated(Am, 1, p, 14, AJ1)
        rxyz_from_rotation_matrix(_relative(AJ0, AJ1, R), rot)
        a = rot[2]
        if data_index[i] >= 0:
            d = a - data[data_index[i]]
            if abs(d) > np.pi:
                a = a + 2 * np.pi * np.rint(-d / (2 * np.pi))
        phi[i] = a
