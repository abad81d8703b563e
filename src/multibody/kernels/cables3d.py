"""Spatial ANCF cable elements (ObjectANCFCable, spec bodies.md) and their slope nodes
(NodePointSlope1, nodes.md): elastic and damping forces with their Jacobians, points of the axis.

An element has 12 coordinates q = [r0, r0', r1, r1'] (total values, 3-vectors) and the reference
length L; its axis r(x) = sum_k S_k(x) q_k with the Hermite functions of the planar cable
(kernels/cables.py). Strain eps = |r'| - 1 and curvature vector kappa = (r' x r'') / |r'|^2; the
forces Q = int (N deps/dq + M . dkappa/dq) dx by the Gauss points of the planar cable.
"""
import math

from ._jit import njit
from .cables import (add_point_jacobian, axial_hessian, curvature_hessian, dot_row, interpolate, shape_functions,
                     strain_gradient)
from .stack import stack_empty

__all__ = ["cable3d_forces", "cable3d_stiffness", "cable3d_points", "strain_and_curvature3d"]


@njit(inline="always")
def _cross(a, b, c):
    c[0] = a[1] * b[2] - a[2] * b[1]
    c[1] = a[2] * b[0] - a[0] * b[2]
    c[2] = a[0] * b[1] - a[1] * b[0]


@njit(inline="always")
def _curvature_gradient(S, a, b, c, u, dc, dg, dK):
    """dK (3, 12) = d kappa / dq at a point with r' = a, r'' = b; c = a x b (written), dc (3, 12)
    = dc/dq, dg (12,) = d|a|^2/dq (scratch u (3,)); returns g = |a|^2."""
    _cross(a, b, c)
    g = a[0] * a[0] + a[1] * a[1] + a[2] * a[2]
    for k in range(4):
        # dc/dq_(k, j) = e_j x u with u = S'_k b - S''_k a
        for l in range(3):
            u[l] = S[1, k] * b[l] - S[2, k] * a[l]
        for j in range(3):
            r = 3 * k + j
            dg[r] = 2.0 * S[1, k] * a[j]
            dc[j, r] = 0.0
            dc[(j + 1) % 3, r] = -u[(j + 2) % 3]
            dc[(j + 2) % 3, r] = u[(j + 1) % 3]
    for i in range(3):
        for r in range(12):
            dK[i, r] = dc[i, r] / g - c[i] * dg[r] / (g * g)
    return g


@njit(inline="always")
def _element(i, row, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, jacobian, Q, Kb, Db, S, v3, m12,
             H):
    """Element i point by point: the axial points (N = EA (eps - eps0 - f eps_ref) + d_eps eps_t),
    then the bending points (M_i = EI (kappa_i - f kappa_ref_i) + d_K kappa_i_t, i = 0..2); into
    Q[i] += w (N e + M . dK), or (``jacobian``) into Kb[i], Db[i] (zeroed first). Scratch: S (3, 4),
    v3 (4, 3), m12 (8, 12): e, hv, dg, dK (3 rows), dc (3 rows), H (12, 12)."""
    EA, EI, d_eps, d_K, eps0, f_ref, L = prm[i, 0], prm[i, 1], prm[i, 2], prm[i, 3], prm[i, 4], prm[i, 6], prm[i, 7]
    a, b, c, u = v3[0], v3[1], v3[2], v3[3]
    e, hv, dg, dK, dc = m12[0], m12[1], m12[2], m12[3:6], m12[6:9]
    n_ax = ax_x.shape[1]
    for k in range(n_ax):
        w = ax_w[i, k]
        if w == 0.0:
            continue
        shape_functions(ax_x[i, k], L, S)
        interpolate(S, 1, row, q_tot, a)
        la = strain_gradient(S, a, e)
        f = EA * (la - 1.0 - eps0 - f_ref * eps_ref[i, k]) + d_eps * dot_row(e, v, row)
        if jacobian:
            axial_hessian(S, a, la, H)
            add_point_jacobian(w, EA, d_eps, f, e, H, row, v, Kb, Db, i, hv)
        else:
            for m in range(12):
                Q[i, m] += w * f * e[m]
    for k in range(bd_x.shape[1]):
        w = bd_w[i, k]
        if w == 0.0:
            continue
        shape_functions(bd_x[i, k], L, S)
        interpolate(S, 1, row, q_tot, a)
        interpolate(S, 2, row, q_tot, b)
        g = _curvature_gradient(S, a, b, c, u, dc, dg, dK)
        for j in range(3):
            f = EI * (c[j] / g - f_ref * curv_ref[i, k, j]) + d_K * dot_row(dK[j], v, row)
            if jacobian:
                curvature_hessian(S, j, c[j], g, dc[j], dg, H)
                add_point_jacobian(w, EI, d_K, f, dK[j], H, row, v, Kb, Db, i, hv)
            else:
                for m in range(12):
                    Q[i, m] += w * f * dK[j, m]


@njit
def cable3d_forces(ltg, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, Q):
    """Q (n, 12): the elastic and damping forces (LHS) of the elements; prm (n, 8) rows
    [EA, EI, d_eps, d_K, eps0, 0, f_ref, L]; curv_ref (n, nb, 3)."""
    S, v3, m12, H = stack_empty((3, 4)), stack_empty((4, 3)), stack_empty((9, 12)), stack_empty((12, 12))
    none = stack_empty((1, 1, 1))
    for i in range(ltg.shape[0]):
        for m in range(12):
            Q[i, m] = 0.0
        _element(i, ltg[i], q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, False, Q, none, none, S, v3,
                 m12, H)


@njit
def cable3d_stiffness(ltg, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, Kb, Db):
    """Kb = dQ/dq, Db = dQ/dq_t (n, 12, 12) of cable3d_forces' Q."""
    S, v3, m12, H = stack_empty((3, 4)), stack_empty((4, 3)), stack_empty((9, 12)), stack_empty((12, 12))
    for i in range(ltg.shape[0]):
        for r in range(12):
            for m in range(12):
                Kb[i, r, m] = 0.0
                Db[i, r, m] = 0.0
        _element(i, ltg[i], q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, True, H, Kb, Db, S, v3, m12,
                 H)


@njit
def strain_and_curvature3d(ltg, q, ax_x, bd_x, L, eps, curv):
    """eps (n, na) at the axial points and curv (n, nb, 3) at the bending points of the values q
    (the reference strains of ``strainIsRelativeToReference``)."""
    S = stack_empty((3, 4))
    v3 = stack_empty((3, 3))
    a, b, c = v3[0], v3[1], v3[2]
    for i in range(ltg.shape[0]):
        row = ltg[i]
        for j in range(ax_x.shape[1]):
            shape_functions(ax_x[i, j], L[i], S)
            interpolate(S, 1, row, q, a)
            eps[i, j] = math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) - 1.0
        for j in range(bd_x.shape[1]):
            shape_functions(bd_x[i, j], L[i], S)
            interpolate(S, 1, row, q, a)
            interpolate(S, 2, row, q, b)
            _cross(a, b, c)
            g = a[0] * a[0] + a[1] * a[1] + a[2] * a[2]
            for k in range(3):
                curv[i, j, k] = c[k] / g


@njit
def cable3d_points(dst, ltg, L, local, mean, q_tot, v, m_pos, m_vel, m_Jpos, m_ltg):
    """Points of the axis of cables (rows dst) at x = local[i, 0] (the other local coordinates are
    not used, as in Exudyn 1.13.6): p = r(x), v = r_t(x), Jpos = S(x); ``mean[i]``: the mean over
    the element instead (MarkerBodyMass: Jpos = int S dx / L). An empty m_ltg is not written."""
    S = stack_empty((3, 4))
    r = stack_empty(3)
    rt = stack_empty(3)
    K = m_Jpos.shape[2]
    for i in range(dst.shape[0]):
        d, row, Li = dst[i], ltg[i], L[i]
        if mean[i]:
            S[0, 0], S[0, 1], S[0, 2], S[0, 3] = 0.5, Li / 12.0, 0.5, -Li / 12.0
        else:
            shape_functions(local[i, 0], Li, S)
        interpolate(S, 0, row, q_tot, r)
        interpolate(S, 0, row, v, rt)
        for c in range(3):
            m_pos[d, c] = r[c]
            m_vel[d, c] = rt[c]
            for k in range(K):
                m_Jpos[d, c, k] = 0.0
        for k in range(4):
            for c in range(3):
                m_Jpos[d, c, 3 * k + c] = S[0, k]
        if m_ltg.shape[0] > 0:
            for k in range(K):
                m_ltg[d, k] = row[k] if k < 12 else -1
