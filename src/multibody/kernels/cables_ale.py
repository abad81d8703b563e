"""Planar ANCF cable elements with axially moving material (ObjectALEANCFCable2D, spec bodies.md).

An element has 9 coordinates [q (8, the ANCF cable's), q_ALE]; v = q_ALE_t is the axial speed of
the material, beta rho A of the mass rho A moves with it. With r = S q, r' = S' q, r'' = S'' q:

  M = [[rho A int S^T S, c beta rho A int S^T r'], [sym., beta rho A L]]   (c = useCouplingTerms),
  Q_LHS[:8] = Q_cable + beta rho A int S^T (2 v S' q_t + v^2 r'') dx,
  Q_LHS[8] = beta rho A int r'^T (2 v S' q_t + v^2 r'') dx + a (int N eps' dx + int M_b K' dx),

a = addALEvariation, eps' = r'^T r'' / |r'| at the axial points, K' = (r' x r''')_z / |r'|^2 -
2 K (r'^T r'') / |r'|^2 at the bending points, N and M_b the cable's laws (damping included). With beta = 1 (exactly) the
damping acts on the material rates eps_t + v eps', K_t + v K' (in N and M_b of both parts), else on
eps_t, K_t.
Verified against Exudyn 1.13.6 (ComputeItem ODE2LHS and MassMatrix) to 1e-15 relative.
"""
import numpy as np

from ._jit import njit
from .cables import _curvature_gradient, _element, dot_row, interpolate, shape_functions, strain_gradient
from .sliding import element_in_use
from .stack import stack_empty

__all__ = ["ale_cable_mass", "ale_cable_forces", "ale_cable_stiffness", "ale_points_fixup", "ale_joint_equations",
           "ale_joint_switch"]

# 4-point Gauss rule on [0, 1] (exact for the polynomial inertia terms, degree <= 6)
_G4X = (0.06943184420297371, 0.33000947820757187, 0.6699905217924281, 0.9305681557970262)
_G4W = (0.17392742256872692, 0.3260725774312731, 0.3260725774312731, 0.17392742256872692)
_FD_STEP = 1e-7


@njit(inline="always")
def _third_derivative(L, q, row, out):
    """r''' (2,) of the cubic interpolation (constant along the element)."""
    c = (12.0 / (L * L * L), 6.0 / (L * L), -12.0 / (L * L * L), 6.0 / (L * L))
    out[0] = 0.0
    out[1] = 0.0
    for k in range(4):
        out[0] += c[k] * q[row[2 * k]]
        out[1] += c[k] * q[row[2 * k + 1]]


@njit
def ale_cable_mass(ltg, q_tot, rho_a, ale, L, M):
    """M (n, 9, 9) of the elements; ale (n, 4) rows [beta, useCouplingTerms, addALEvariation, 0]."""
    S = stack_empty((3, 4))
    a = stack_empty(2)
    for i in range(ltg.shape[0]):
        row, Li = ltg[i], L[i]
        for r in range(9):
            for m in range(9):
                M[i, r, m] = 0.0
        bra = ale[i, 0] * rho_a[i]
        for j in range(4):
            shape_functions(_G4X[j] * Li, Li, S)
            w = _G4W[j] * Li
            interpolate(S, 1, row, q_tot, a)
            for k in range(4):
                for m in range(4):
                    f = w * rho_a[i] * S[0, k] * S[0, m]
                    M[i, 2 * k, 2 * m] += f
                    M[i, 2 * k + 1, 2 * m + 1] += f
                if ale[i, 1] != 0.0:
                    for c in range(2):
                        M[i, 2 * k + c, 8] += w * bra * S[0, k] * a[c]
        for r in range(8):
            M[i, 8, r] = M[i, r, 8]
        M[i, 8, 8] = bra * Li


@njit(inline="always")
def _convective(i, row, q, v, bra, L, Q, S, a, b, at):
    """Q[i] += beta rho A int [S^T; r'^T] (2 v S' q_t + v^2 r'') dx."""
    va = v[row[8]]
    for j in range(4):
        shape_functions(_G4X[j] * L, L, S)
        w = _G4W[j] * L * bra
        interpolate(S, 1, row, q, a)
        interpolate(S, 2, row, q, b)
        interpolate(S, 1, row, v, at)
        cx = 2.0 * va * at[0] + va * va * b[0]
        cy = 2.0 * va * at[1] + va * va * b[1]
        for k in range(4):
            Q[i, 2 * k] += w * S[0, k] * cx
            Q[i, 2 * k + 1] += w * S[0, k] * cy
        Q[i, 8] += w * (a[0] * cx + a[1] * cy)


@njit(inline="always")
def _ale_variation(i, row, q, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, variation, material, Q, S, a, b, c3,
                   e):
    """``variation``: Q[i, 8] += int N eps' dx + int M_b K' dx (the cable's Gauss points and laws);
    ``material`` (movingMassFactor 1): the damping of the material rates eps_t + v_ALE eps',
    K_t + v_ALE K' (the cable's forces got eps_t, K_t)."""
    EA, EI, d_eps, d_K, eps0, K0, f_ref, L = prm[i, 0], prm[i, 1], prm[i, 2], prm[i, 3], prm[i, 4], \
        prm[i, 5], prm[i, 6], prm[i, 7]
    va = v[row[8]] if material else 0.0
    for k in range(ax_x.shape[1]):
        if ax_w[i, k] != 0.0:
            shape_functions(ax_x[i, k], L, S)
            interpolate(S, 1, row, q, a)
            interpolate(S, 2, row, q, b)
            la = strain_gradient(S, a, e)
            eps_x = (a[0] * b[0] + a[1] * b[1]) / la
            extra = d_eps * va * eps_x
            for m in range(8):
                Q[i, m] += ax_w[i, k] * extra * e[m]
            if variation:
                N = EA * (la - 1.0 - eps0 - f_ref * eps_ref[i, k]) + d_eps * dot_row(e, v, row[:8]) + extra
                Q[i, 8] += ax_w[i, k] * N * eps_x
    _third_derivative(L, q, row, c3)
    for k in range(bd_x.shape[1]):
        if bd_w[i, k] != 0.0:
            shape_functions(bd_x[i, k], L, S)
            interpolate(S, 1, row, q, a)
            interpolate(S, 2, row, q, b)
            K, _, g = _curvature_gradient(S, a, b, e)
            K_x = (a[0] * c3[1] - a[1] * c3[0]) / g - 2.0 * K * (a[0] * b[0] + a[1] * b[1]) / g
            extra = d_K * va * K_x
            for m in range(8):
                Q[i, m] += bd_w[i, k] * extra * e[m]
            if variation:
                M = EI * (K - K0 - f_ref * curv_ref[i, k]) + d_K * dot_row(e, v, row[:8]) + extra
                Q[i, 8] += bd_w[i, k] * M * K_x


@njit
def _ale_element(i, row, q, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, rho_a, ale, Q, S, ab, w8, H, none):
    """Q[i] (9,) = the element's LHS forces at the values q, v (read through row); none: (no user
    laws (n,) False, an unused (1, 1, 1) array twice)."""
    for m in range(9):
        Q[i, m] = 0.0
    _element(i, row[:8], q, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, none, False, Q, none[1], none[1], S, ab, w8,
             H)
    _convective(i, row, q, v, ale[i, 0] * rho_a[i], prm[i, 7], Q, S, ab[0], ab[1], w8[0, :2])
    variation, material = ale[i, 2] != 0.0, ale[i, 0] == 1.0
    if variation or material:
        _ale_variation(i, row, q, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, variation, material, Q, S, ab[0],
                       ab[1], w8[1, :2], w8[2])


@njit
def ale_cable_forces(ltg, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, rho_a, ale, Q):
    """Q (n, 9): the elastic, damping, convective and ALE-variation forces (LHS) of the elements."""
    S, ab, w8, H = stack_empty((3, 4)), stack_empty((2, 2)), stack_empty((4, 8)), stack_empty((8, 8))
    none = (np.zeros(ltg.shape[0], dtype=np.bool_), stack_empty((1, 1, 1)), stack_empty((1, 1, 1)))
    for i in range(ltg.shape[0]):
        _ale_element(i, ltg[i], q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, rho_a, ale, Q, S, ab, w8,
                     H, none)


@njit
def ale_cable_stiffness(ltg, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, rho_a, ale, Kb, Db):
    """Kb = dQ/dq, Db = dQ/dq_t (n, 9, 9) of ale_cable_forces' Q by central differences on the
    element's values."""
    S, ab, w8, H = stack_empty((3, 4)), stack_empty((2, 2)), stack_empty((4, 8)), stack_empty((8, 8))
    ql, vl = stack_empty(9), stack_empty(9)
    none = (np.zeros(ltg.shape[0], dtype=np.bool_), stack_empty((1, 1, 1)), stack_empty((1, 1, 1)))
    loc = np.arange(9)
    Qp, Qm = np.empty((ltg.shape[0], 9)), np.empty((ltg.shape[0], 9))
    for i in range(ltg.shape[0]):
        for m in range(9):
            ql[m] = q_tot[ltg[i, m]]
            vl[m] = v[ltg[i, m]]
        for vel in range(2):
            x = vl if vel else ql
            J = Db if vel else Kb
            for j in range(9):
                h = _FD_STEP * max(1.0, abs(x[j]))
                x0 = x[j]
                x[j] = x0 + h
                _ale_element(i, loc, ql, vl, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, rho_a, ale, Qp, S, ab,
                             w8, H, none)
                x[j] = x0 - h
                _ale_element(i, loc, ql, vl, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, rho_a, ale, Qm, S, ab,
                             w8, H, none)
                x[j] = x0
                for r in range(9):
                    J[i, r, j] = (Qp[i, r] - Qm[i, r]) / (2.0 * h)


@njit
def ale_points_fixup(dst, ltg, L, local, mean, q_tot, v, m_vel, m_Jpos, m_ltg):
    """After cable_points on ALE elements (ltg (n, 9)): the velocity of the moving material
    (+ v_ALE r'(x)); a mean (MarkerBodyMass) also acts on q_ALE: Jpos column 8 = int r' dx / L."""
    S = stack_empty((3, 4))
    a = stack_empty(2)
    for i in range(dst.shape[0]):
        d, row, Li = dst[i], ltg[i], L[i]
        va = v[row[8]]
        if mean[i]:
            a[0] = (q_tot[row[4]] - q_tot[row[0]]) / Li
            a[1] = (q_tot[row[5]] - q_tot[row[1]]) / Li
        else:
            shape_functions(local[i, 0], Li, S)
            interpolate(S, 1, row, q_tot, a)
        m_vel[d, 0] += va * a[0]
        m_vel[d, 1] += va * a[1]
        if mean[i] and m_Jpos.shape[2] > 8:
            m_Jpos[d, 0, 8] = a[0]
            m_Jpos[d, 1, 8] = a[1]
            if m_ltg.shape[0] > 0:
                m_ltg[d, 8] = row[8]


# ---------------------------------------------------------------- ObjectJointALEMoving2D
@njit(inline="always")
def _sliding_point(i, e, s_el, el_ltg, L, q_tot, S, r, a):
    """r, r' (2,) at s_el of sliding element e of joint i (el_ltg (n, 8 n_el): the elements'
    8 coordinates)."""
    shape_functions(s_el, L, S)
    row = el_ltg[i, 8 * e:8 * e + 8]
    interpolate(S, 0, row, q_tot, r)
    interpolate(S, 1, row, q_tot, a)


@njit
def ale_joint_equations(m0, data_index, ale, ale_ref, s_off, el_ltg, el_col, el_L, el_off, n_el, penalty, q_tot, v, x,
                        pos, vel, Jpos, index2, g, C):
    """ObjectJointALEMoving2D (spec joints.md): g = r(s_el) - p_m0 (x, y) at s_el = q_ALE + s_off -
    d_e in the current element e = x[data_index]; index 2 (not with penalty): S v_e + v_ALE r' -
    v_m0. C (n, 2, L) = [-Jpos_m0 (K columns), S(s_el) and r' at the element's columns el_col
    (n, 9 n_el) of the joint's coordinates]; penalty's -lambda/k: ale_joint_compliance."""
    S = stack_empty((3, 4))
    r = stack_empty(2)
    a = stack_empty(2)
    K = Jpos.shape[2]
    for i in range(m0.shape[0]):
        e = element_in_use(x, data_index[i], n_el[i])
        ia = ale[i]
        s_el = q_tot[ia] - ale_ref[i] + s_off[i] - el_off[i, e]
        _sliding_point(i, e, s_el, el_ltg, el_L[i, e], q_tot, S, r, a)
        m = m0[i]
        vel_form = index2 and not penalty[i]
        for c in range(2):
            if vel_form:
                rt = v[ia] * a[c] - vel[m, c]
                for k in range(4):
                    rt += S[0, k] * v[el_ltg[i, 8 * e + 2 * k + c]]
                g[i, c] = rt
            else:
                g[i, c] = r[c] - pos[m, c]
            for l in range(C.shape[2]):
                C[i, c, l] = 0.0
            for l in range(K):
                C[i, c, l] = -Jpos[m, c, l]
            for k in range(4):
                C[i, c, el_col[i, 9 * e + 2 * k + c]] += S[0, k]
            C[i, c, el_col[i, 9 * e + 8]] += a[c]


@njit
def ale_joint_compliance(comp, lam, g, K):
    """Penalty rows of ALE joints: g += comp lambda with comp = -1/k (0 without penalty) and the AE
    block dg/dlambda = comp I (n, 2, 2)."""
    for i in range(g.shape[0]):
        for e in range(g.shape[1]):
            g[i, e] += comp[i] * lam[i, e]
            K[i, e, e] = comp[i]


@njit
def ale_joint_switch(data_index, ale, ale_ref, s_off, el_L, el_off, n_el, active, q_tot, x, error):
    """After a converged Newton solve: the element of each active joint's sliding point (one
    element on if s_el > L, back if s_el < 0, within the list) into x[data_index]; error (n,) the
    distance |s_el| or |s_el - L| of a switched joint; returns the largest."""
    worst = 0.0
    for i in range(data_index.shape[0]):
        error[i] = 0.0
        if not active[i]:
            continue
        e = element_in_use(x, data_index[i], n_el[i])
        s_el = q_tot[ale[i]] - ale_ref[i] + s_off[i] - el_off[i, e]
        if s_el < 0.0 and e > 0:
            x[data_index[i]] = e - 1
            error[i] = -s_el
        elif s_el > el_L[i, e] and e < n_el[i] - 1:
            x[data_index[i]] = e + 1
            error[i] = s_el - el_L[i, e]
        if error[i] > worst:
            worst = error[i]
    return worst
