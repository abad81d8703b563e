"""Residuals and Jacobians of the point constraints over arrays of items (Numba)."""
import numpy as np

from ._jit import njit
from .stack import scratch_2d, stack_empty


@njit
def distance(m0, m1, pos, vel, Jpos, d0, index2, with_jacobian, g, C):
    """Distance constraints: g = |p1 - p0| - d0 (index 3) or e . (v1 - v0) (index 2).

    C (n, 1, 2K) = [-e^T Jpos_m0, e^T Jpos_m1] (also in the index-2 form).
    """
    K = Jpos.shape[2]
    for i in range(m0.shape[0]):
        a, b = m0[i], m1[i]
        d_0 = pos[b, 0] - pos[a, 0]
        d_1 = pos[b, 1] - pos[a, 1]
        d_2 = pos[b, 2] - pos[a, 2]
        L = np.sqrt(d_0 * d_0 + d_1 * d_1 + d_2 * d_2)
        s = 1.0 / L if L > 0 else 0.0
        e0, e1, e2 = d_0 * s, d_1 * s, d_2 * s
        if index2:
            g[i, 0] = (e0 * (vel[b, 0] - vel[a, 0]) + e1 * (vel[b, 1] - vel[a, 1])
                       + e2 * (vel[b, 2] - vel[a, 2]))
        else:
            g[i, 0] = L - d0[i]
        if with_jacobian:
            for k in range(K):
                C[i, 0, k] = -(e0 * Jpos[a, 0, k] + e1 * Jpos[a, 1, k] + e2 * Jpos[a, 2, k])
                C[i, 0, K + k] = e0 * Jpos[b, 0, k] + e1 * Jpos[b, 1, k] + e2 * Jpos[b, 2, k]


@njit
def coordinate(m0, m1, cval, cvel, cJ, factor1, offset, velocity_offset, velocity_form, with_jacobian, g, C):
    """Coordinate constraints: k1 q_m1 - q_m0 - offset, or the velocity form k1 v_m1 - v_m0 - d
    with d = velocity_offset (per row: the flags velocity_form choose the form)."""
    K = cJ.shape[1]
    for i in range(m0.shape[0]):
        a, b = m0[i], m1[i]
        k1 = factor1[i]
        if velocity_form[i]:
            g[i, 0] = k1 * cvel[b] - cvel[a] - velocity_offset[i]
        else:
            g[i, 0] = k1 * cval[b] - cval[a] - offset[i]
        if with_jacobian:
            for k in range(K):
                C[i, 0, k] = -cJ[a, k]
                C[i, 0, K + k] = k1 * cJ[b, k]


@njit
def inactive_rows(active, ae, lam, g, C, with_jacobian):
    """Rows of inactive items: residual lambda, no coordinate Jacobian."""
    for i in range(active.shape[0]):
        if active[i]:
            continue
        for e in range(ae.shape[1]):
            g[i, e] = lam[ae[i, e]] if ae[i, e] >= 0 else 0.0
            if with_jacobian:
                for l in range(C.shape[2]):
                    C[i, e, l] = 0.0


@njit
def coordinate_markers(dst, index, q, v, cval, cvel, cJ, ltg):
    """Markers on one node coordinate (index -1: ground node, value 0 and no Jacobian)."""
    for i in range(dst.shape[0]):
        d, k = dst[i], index[i]
        if k >= 0:
            cval[d] = q[k]
            cvel[d] = v[k]
            cJ[d, 0] = 1.0
        else:
            cval[d] = 0.0
            cvel[d] = 0.0
            cJ[d, 0] = 0.0
        ltg[d, 0] = k


@njit
def prismatic_2d(m0, m1, pos, vel, omega, A, Jpos, Jrot, axis0, normal1, index2, with_jacobian, g, C):
    """PrismaticJoint2D (joints.md): with t0 = A_m0 axisMarker0, n1 = A_m1 normalMarker1,
    dp = p1 - p0 and the global angular velocities w0, w1:
    g = [dp^T n1, t0^T n1] (index 3) or [dv^T n1 + dp^T (w1 x n1), (w0 x t0)^T n1 + t0^T (w1 x n1)]
    (index 2, per row flags); C (n, 2, 2K) = [[-n1^T Jpos_m0, n1^T Jpos_m1 + (n1 x dp)^T Jrot_m1],
    [(t0 x n1)^T Jrot_m0, -(t0 x n1)^T Jrot_m1]] (also in the index-2 form)."""
    K = Jpos.shape[2]
    for i in range(m0.shape[0]):
        a, b = m0[i], m1[i]
        t_0 = A[a, 0, 0] * axis0[i, 0] + A[a, 0, 1] * axis0[i, 1] + A[a, 0, 2] * axis0[i, 2]
        t_1 = A[a, 1, 0] * axis0[i, 0] + A[a, 1, 1] * axis0[i, 1] + A[a, 1, 2] * axis0[i, 2]
        t_2 = A[a, 2, 0] * axis0[i, 0] + A[a, 2, 1] * axis0[i, 1] + A[a, 2, 2] * axis0[i, 2]
        n_0 = A[b, 0, 0] * normal1[i, 0] + A[b, 0, 1] * normal1[i, 1] + A[b, 0, 2] * normal1[i, 2]
        n_1 = A[b, 1, 0] * normal1[i, 0] + A[b, 1, 1] * normal1[i, 1] + A[b, 1, 2] * normal1[i, 2]
        n_2 = A[b, 2, 0] * normal1[i, 0] + A[b, 2, 1] * normal1[i, 1] + A[b, 2, 2] * normal1[i, 2]
        d_0 = pos[b, 0] - pos[a, 0]
        d_1 = pos[b, 1] - pos[a, 1]
        d_2 = pos[b, 2] - pos[a, 2]
        if index2[i]:
            # w1 x n1 and w0 x t0
            u_0 = omega[b, 1] * n_2 - omega[b, 2] * n_1
            u_1 = omega[b, 2] * n_0 - omega[b, 0] * n_2
            u_2 = omega[b, 0] * n_1 - omega[b, 1] * n_0
            s_0 = omega[a, 1] * t_2 - omega[a, 2] * t_1
            s_1 = omega[a, 2] * t_0 - omega[a, 0] * t_2
            s_2 = omega[a, 0] * t_1 - omega[a, 1] * t_0
            g[i, 0] = ((vel[b, 0] - vel[a, 0]) * n_0 + (vel[b, 1] - vel[a, 1]) * n_1
                       + (vel[b, 2] - vel[a, 2]) * n_2) + (d_0 * u_0 + d_1 * u_1 + d_2 * u_2)
            g[i, 1] = (s_0 * n_0 + s_1 * n_1 + s_2 * n_2) + (t_0 * u_0 + t_1 * u_1 + t_2 * u_2)
        else:
            g[i, 0] = d_0 * n_0 + d_1 * n_1 + d_2 * n_2
            g[i, 1] = t_0 * n_0 + t_1 * n_1 + t_2 * n_2
        if with_jacobian:
            # n1 x dp and t0 x n1
            x_0, x_1, x_2 = n_1 * d_2 - n_2 * d_1, n_2 * d_0 - n_0 * d_2, n_0 * d_1 - n_1 * d_0
            y_0, y_1, y_2 = t_1 * n_2 - t_2 * n_1, t_2 * n_0 - t_0 * n_2, t_0 * n_1 - t_1 * n_0
            for k in range(K):
                C[i, 0, k] = -(n_0 * Jpos[a, 0, k] + n_1 * Jpos[a, 1, k] + n_2 * Jpos[a, 2, k])
                C[i, 0, K + k] = ((n_0 * Jpos[b, 0, k] + n_1 * Jpos[b, 1, k] + n_2 * Jpos[b, 2, k])
                                  + (x_0 * Jrot[b, 0, k] + x_1 * Jrot[b, 1, k] + x_2 * Jrot[b, 2, k]))
                C[i, 1, k] = y_0 * Jrot[a, 0, k] + y_1 * Jrot[a, 1, k] + y_2 * Jrot[a, 2, k]
                C[i, 1, K + k] = -(y_0 * Jrot[b, 0, k] + y_1 * Jrot[b, 1, k] + y_2 * Jrot[b, 2, k])


@njit
def point_translation(m0, m1, pos, vel, Jpos, index2, with_jacobian, g, C):
    """The first E global components of p1 - p0 (index 3) or v1 - v0 (index 2), E = g.shape[1]:
    SphericalJoint (3), RevoluteJoint2D (2). C (n, E, 2K) = [-Jpos_m0, Jpos_m1] rows."""
    K = Jpos.shape[2]
    E = g.shape[1]
    for i in range(m0.shape[0]):
        a, b = m0[i], m1[i]
        for e in range(E):
            if index2[i]:
                g[i, e] = vel[b, e] - vel[a, e]
            else:
                g[i, e] = pos[b, e] - pos[a, e]
            if with_jacobian:
                for k in range(K):
                    C[i, e, k] = -Jpos[a, e, k]
                    C[i, e, K + k] = Jpos[b, e, k]


@njit
def coordinate_vector(ltg, q_tot, v, X, Y, off, velocity_level, index2, with_jacobian, g, C):
    """CoordinateVectorConstraint (constraints.md): g (n, E) = X z + Y z^2 - offset with z the total
    coordinates [q0, q1] of the two markers (``ltg`` (n, L), -1 padding: 0), or their velocities
    in the velocity form (velocityLevel or index 2; the offset then only with velocityLevel);
    C (n, E, L) = X + 2 Y q (the position values also in the velocity form, as Exudyn 1.13.6)."""
    n, E, L = X.shape
    for i in range(n):
        vel_form = velocity_level[i] or index2
        subtract = velocity_level[i] or not vel_form
        for e in range(E):
            s1 = 0.0
            s2 = 0.0
            for l in range(L):
                k = ltg[i, l]
                z = 0.0
                if k >= 0:
                    z = v[k] if vel_form else q_tot[k]
                s1 += X[i, e, l] * z
                s2 += Y[i, e, l] * (z * z)
            g[i, e] = s1 + s2 - off[i, e] if subtract else s1 + s2
            if with_jacobian:
                for l in range(L):
                    k = ltg[i, l]
                    q = q_tot[k] if k >= 0 else 0.0
                    C[i, e, l] = X[i, e, l] + 2.0 * Y[i, e, l] * q


@njit
def coordinate_system(m0, m1, cval, cvel, cJ, factor1, offset, velocity_level, index2, vel_form, g, C):
    """Coordinate constraints without user functions: the offset is the velocity offset of the
    velocity-level items (``velocityLevel``), the position offset otherwise."""
    for i in range(vel_form.shape[0]):
        vel_form[i] = velocity_level[i] or index2
    # the velocity offset: offset where velocityLevel, else 0 (scratch on the stack up to 64 rows;
    # np.where here made 4 heap allocations per residual)
    n = vel_form.shape[0]
    d = scratch_2d(stack_empty(64), 1, n)[0]
    for i in range(n):
        d[i] = offset[i] if velocity_level[i] else 0.0
    coordinate(m0, m1, cval, cvel, cJ, factor1, offset, d, vel_form, True, g, C)
