"""Spring-damper force laws over arrays of connectors (pure NumPy)."""
import numpy as np

from ._jit import njit
from .stack import scratch_2d, stack_empty


def unit_and_rate(dp, dv, L):
    """Unit vectors e = dp / L (n, 3) and length rates L_t = e . dv (n,).

    A zero length gives e = 0 (Exudyn raises for L = 0 in the force; the
    Jacobian then uses I in place of (I - e e^T) / L).
    """
    safe = np.where(L > 0, L, 1.0)
    e = dp / safe[:, None]
    e[L == 0] = 0.0
    return e, (e * dv).sum(axis=1)


def spring_damper_force(L, L_t, L0, k, d, fa, L0_t):
    """f_SD = k (L - L0) + d (L_t - L0_t) + fa, positive in tension (n,)."""
    return k * (L - L0) + d * (L_t - L0_t) + fa


def spring_damper_jacobian(e, L, dv, fsd, k, d):
    """dF/d dp and dF/d dv (n, 3, 3) of F = f_SD e.

    dF/d dp = f/L (I - e e^T) + k e e^T + d e (P dv)^T with P = (I - e e^T) / L,
    dF/d dv = d e e^T.
    """
    eye = np.eye(3)[None]
    ee = e[:, :, None] * e[:, None, :]
    safe = np.where(L > 0, L, 1.0)
    P = (eye - ee) / safe[:, None, None]
    P[L == 0] = np.eye(3)
    Pdv = np.einsum("nij,nj->ni", P, dv)
    S = fsd[:, None, None] * P + k[:, None, None] * ee + d[:, None, None] * e[:, :, None] * Pdv[:, None, :]
    return S, d[:, None, None] * ee


@njit
def project_to_coordinates(m0, m1, J, F, S, Dv, active, with_jacobian, Q, Kout, Dout):
    """Generalized forces and their Jacobians of connectors acting between two markers.

    With B = [-J_m0, J_m1] (d x 2K): Q = B^T F, K = B^T S B, D = B^T Dv B; rows of inactive
    connectors are zero.

    Parameters
    ----------
    m0, m1 : ndarray (n,) int
        Marker rows.
    J : ndarray (n_markers, d, K)
        Marker Jacobians (position Jacobians, or coordinate Jacobians with d = 1).
    F : ndarray (n, d)
        Force in marker space, acting positively on m1's side of B.
    S, Dv : ndarray (n, d, d)
        dF/d(dp) and dF/d(dv) (ignored unless ``with_jacobian``).
    Q : ndarray (n, 2K); Kout, Dout : ndarray (n, 2K, 2K)
        Overwritten.
    """
    n = m0.shape[0]
    d = J.shape[1]
    K = J.shape[2]
    L = 2 * K
    if not with_jacobian:
        # the residual's path: Q = B^T F straight from the marker Jacobians, without B (grid of
        # 16002 spring-dampers on mass points: 390 -> 128 us; the same sums, -(J^T F) = (-J)^T F)
        for i in range(n):
            if not active[i]:
                for l in range(L):
                    Q[i, l] = 0.0
                continue
            a, b = m0[i], m1[i]
            for k in range(K):
                qa = 0.0
                qb = 0.0
                for r in range(d):
                    qa += J[a, r, k] * F[i, r]
                    qb += J[b, r, k] * F[i, r]
                Q[i, k] = -qa
                Q[i, K + k] = qb
        return
    B = scratch_2d(stack_empty(256), d, L)     # on the stack up to d * 2K = 256 (no heap allocation)
    SB = scratch_2d(stack_empty(256), d, L)
    for i in range(n):
        if not active[i]:
            for l in range(L):
                Q[i, l] = 0.0
                for m in range(L):
                    Kout[i, l, m] = 0.0
                    Dout[i, l, m] = 0.0
            continue
        a, b = m0[i], m1[i]
        for r in range(d):
            for k in range(K):
                B[r, k] = -J[a, r, k]
                B[r, K + k] = J[b, r, k]
        for l in range(L):
            acc = 0.0
            for r in range(d):
                acc += B[r, l] * F[i, r]
            Q[i, l] = acc
        for mat in range(2):
            for r in range(d):
                for m in range(L):
                    acc = 0.0
                    for s in range(d):
                        acc += (S[i, r, s] if mat == 0 else Dv[i, r, s]) * B[s, m]
                    SB[r, m] = acc
            for l in range(L):
                for m in range(L):
                    acc = 0.0
                    for r in range(d):
                        acc += B[r, l] * SB[r, m]
                    if mat == 0:
                        Kout[i, l, m] = acc
                    else:
                        Dout[i, l, m] = acc


@njit
def spring_damper_marker_forces(m0, m1, pos, vel, L0, k, d, fa, L0_t, is_user, fsd_user, with_jacobian,
                                F, S, Dv):
    """F = f_SD e of spring-dampers with dF/d dp and dF/d dv (see ``spring_damper_jacobian``).

    ``fsd_user`` (n,) holds the user-function forces of the rows where ``is_user`` is True.
    """
    for i in range(m0.shape[0]):
        a, b = m0[i], m1[i]
        dp0, dp1, dp2 = pos[b, 0] - pos[a, 0], pos[b, 1] - pos[a, 1], pos[b, 2] - pos[a, 2]
        dv0, dv1, dv2 = vel[b, 0] - vel[a, 0], vel[b, 1] - vel[a, 1], vel[b, 2] - vel[a, 2]
        L = np.sqrt(dp0 * dp0 + dp1 * dp1 + dp2 * dp2)
        inv = 1.0 / L if L > 0 else 0.0
        e0, e1, e2 = dp0 * inv, dp1 * inv, dp2 * inv
        L_t = e0 * dv0 + e1 * dv1 + e2 * dv2
        if is_user[i]:
            f = fsd_user[i]
        else:
            f = k[i] * (L - L0[i]) + d[i] * (L_t - L0_t[i]) + fa[i]
        F[i, 0], F[i, 1], F[i, 2] = f * e0, f * e1, f * e2
        if not with_jacobian:
            continue
        e = (e0, e1, e2)
        dv = (dv0, dv1, dv2)
        # P = (I - e e^T) / L (I where L = 0)
        Pdv = stack_empty(3)
        Pdv[:] = 0.0
        P = stack_empty((3, 3))
        for r in range(3):
            for c in range(3):
                if L > 0:
                    P[r, c] = ((1.0 if r == c else 0.0) - e[r] * e[c]) * inv
                else:
                    P[r, c] = 1.0 if r == c else 0.0
        for r in range(3):
            Pdv[r] = P[r, 0] * dv[0] + P[r, 1] * dv[1] + P[r, 2] * dv[2]
        for r in range(3):
            for c in range(3):
                S[i, r, c] = f * P[r, c] + k[i] * e[r] * e[c] + d[i] * e[r] * Pdv[c]
                Dv[i, r, c] = d[i] * e[r] * e[c]


@njit
def spring_damper_deflections(rows, m0, m1, pos, vel, L0, L0_t, dl, dl_t):
    """The arguments of SpringDamper user functions: dl = L - L0 and dl_t = L_t - L0_t of the
    spring-dampers rows (m,) into dl, dl_t (m,), with L = |dp| and L_t = e . dv as
    unit_and_rate (e = 0 at L = 0), the sums in NumPy's order."""
    for j in range(rows.shape[0]):
        i = rows[j]
        a, b = m0[i], m1[i]
        d0, d1, d2 = pos[b, 0] - pos[a, 0], pos[b, 1] - pos[a, 1], pos[b, 2] - pos[a, 2]
        L = np.sqrt(d0 * d0 + d1 * d1 + d2 * d2)
        safe = L if L > 0 else 1.0
        e0, e1, e2 = d0 / safe, d1 / safe, d2 / safe
        if L == 0:
            e0, e1, e2 = 0.0, 0.0, 0.0
        L_t = e0 * (vel[b, 0] - vel[a, 0]) + e1 * (vel[b, 1] - vel[a, 1]) + e2 * (vel[b, 2] - vel[a, 2])
        dl[j] = L - L0[i]
        dl_t[j] = L_t - L0_t[i]


@njit
def cartesian_spring_forces(m0, m1, pos, vel, k, d, offset, F):
    """CartesianSpringDamper without user function: F = k u + d dv, u = p1 - p0 - offset (n, 3)."""
    for i in range(m0.shape[0]):
        for a in range(3):
            u = pos[m1[i], a] - pos[m0[i], a] - offset[i, a]
            dv = vel[m1[i], a] - vel[m0[i], a]
            F[i, a] = k[i, a] * u + d[i, a] * dv


@njit
def coordinate_spring_forces(m0, m1, cval, cvel, k, d, offset, F):
    """CoordinateSpringDamper without user function: F = k (dq - offset) + d dv (n, 1)."""
    for i in range(m0.shape[0]):
        dq = cval[m1[i]] - cval[m0[i]]
        dv = cvel[m1[i]] - cvel[m0[i]]
        F[i, 0] = k[i] * (dq - offset[i]) + d[i] * dv


@njit
def gravity_marker_forces(m0, m1, pos, G, mass0, mass1, d_min, with_jacobian, F, S):
    """ConnectorGravity: F = f e, e the unit vector from m0 to m1, f = G m0 m1 / L^2, for L < d_min
    f = G m0 m1 / (L^2 + (d_min - L)^2) (Exudyn 1.13.6's regularization, measured); F = 0 at L = 0;
    S = dF/d dp = f (I - e e^T) / L + f'(L) e e^T."""
    for i in range(m0.shape[0]):
        a, b = m0[i], m1[i]
        dp0, dp1, dp2 = pos[b, 0] - pos[a, 0], pos[b, 1] - pos[a, 1], pos[b, 2] - pos[a, 2]
        L = np.sqrt(dp0 * dp0 + dp1 * dp1 + dp2 * dp2)
        if L == 0.0:
            for r in range(3):
                F[i, r] = 0.0
                if with_jacobian:
                    for c in range(3):
                        S[i, r, c] = 0.0
            continue
        gm = G[i] * mass0[i] * mass1[i]
        if L < d_min[i]:
            den, den_L = L * L + (d_min[i] - L) ** 2, 4.0 * L - 2.0 * d_min[i]
        else:
            den, den_L = L * L, 2.0 * L
        f = gm / den
        e = (dp0 / L, dp1 / L, dp2 / L)
        for r in range(3):
            F[i, r] = f * e[r]
        if with_jacobian:
            f_L = -gm * den_L / (den * den)
            for r in range(3):
                for c in range(3):
                    S[i, r, c] = f * ((1.0 if r == c else 0.0) - e[r] * e[c]) / L + f_L * e[r] * e[c]
