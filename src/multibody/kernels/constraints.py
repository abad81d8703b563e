"""Residuals and Jacobians of the point constraints over arrays of items (Numba)."""
import numpy as np

from ._jit import njit


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
