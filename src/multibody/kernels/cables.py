"""Planar ANCF cable elements (ObjectANCFCable2D, spec bodies.md) and their slope nodes
(NodePoint2DSlope1, nodes.md): Hermite shape functions, elastic and damping forces with their
Jacobians, frames of points on the cable.

An element has 8 coordinates q = [r0, r0', r1, r1'] (total values) and the reference length L;
its axis r(x) = sum_k S_k(x) q_k (q_k the 2-vectors). Strain eps = |r'| - 1 and curvature
K = (r' x r'') / |r'|^2; the forces Q = int (N deps/dq + M dK/dq) dx by Gauss points given per
element as positions x in [0, L] and weights (times L/2), zero weights padding the shorter rules.
"""
import math

from ._jit import njit
from .stack import stack_empty

__all__ = ["shape_functions", "cable_forces", "cable_stiffness", "cable_points", "slope_node_frames",
           "strain_and_curvature", "interpolate", "strain_gradient", "axial_hessian", "curvature_hessian",
           "add_point_jacobian", "dot_row"]


@njit(inline="always")
def shape_functions(x, L, S):
    """S (3, 4): the Hermite functions S_k(x) and their first and second derivatives by x."""
    xi = x / L
    xi2 = xi * xi
    xi3 = xi2 * xi
    S[0, 0] = 1.0 - 3.0 * xi2 + 2.0 * xi3
    S[0, 1] = L * (xi - 2.0 * xi2 + xi3)
    S[0, 2] = 3.0 * xi2 - 2.0 * xi3
    S[0, 3] = L * (xi3 - xi2)
    S[1, 0] = (6.0 * xi2 - 6.0 * xi) / L
    S[1, 1] = 1.0 - 4.0 * xi + 3.0 * xi2
    S[1, 2] = (6.0 * xi - 6.0 * xi2) / L
    S[1, 3] = 3.0 * xi2 - 2.0 * xi
    S[2, 0] = (12.0 * xi - 6.0) / (L * L)
    S[2, 1] = (6.0 * xi - 4.0) / L
    S[2, 2] = (6.0 - 12.0 * xi) / (L * L)
    S[2, 3] = (6.0 * xi - 2.0) / L


@njit(inline="always")
def interpolate(S, d, ltg_row, x, out):
    """out (nd,) = sum_k S[d, k] x[ltg_row[nd k:nd k + nd]]: r, r' or r'' (d = 0, 1, 2) of the
    values x, nd = 2 (planar cables) or 3."""
    nd = out.shape[0]
    for c in range(nd):
        out[c] = 0.0
    for k in range(4):
        for c in range(nd):
            out[c] += S[d, k] * x[ltg_row[nd * k + c]]


@njit(inline="always")
def strain_gradient(S, a, e):
    """e (4 nd,) = d eps / dq at a point with r' = a (nd,); returns |a|."""
    nd = a.shape[0]
    g = 0.0
    for c in range(nd):
        g += a[c] * a[c]
    la = math.sqrt(g)
    for k in range(4):
        for c in range(nd):
            e[nd * k + c] = S[1, k] * a[c] / la
    return la


@njit(inline="always")
def _curvature_gradient(S, a, b, dK):
    """dK (8,) = d K / dq at a point with r' = a, r'' = b; returns (K, c = a x b, g = |a|^2)."""
    c = a[0] * b[1] - a[1] * b[0]
    g = a[0] * a[0] + a[1] * a[1]
    for k in range(4):
        sp, spp = S[1, k], S[2, k]
        dK[2 * k] = (sp * b[1] - spp * a[1]) / g - c * 2.0 * sp * a[0] / (g * g)
        dK[2 * k + 1] = (-sp * b[0] + spp * a[0]) / g - c * 2.0 * sp * a[1] / (g * g)
    return c / g, c, g


@njit(inline="always")
def dot_row(x, v, ltg_row):
    """sum_j x[j] v[ltg_row[j]]: the rate of a quantity of gradient x."""
    s = 0.0
    for j in range(ltg_row.shape[0]):
        s += x[j] * v[ltg_row[j]]
    return s


@njit
def strain_and_curvature(ltg, q, ax_x, bd_x, L, eps, curv):
    """eps (n, na) at the axial points and curv (n, nb) at the bending points of the values q
    (the reference strains of ``strainIsRelativeToReference``)."""
    S = stack_empty((3, 4))
    a = stack_empty(2)
    b = stack_empty(2)
    for i in range(ltg.shape[0]):
        row = ltg[i]
        for j in range(ax_x.shape[1]):
            shape_functions(ax_x[i, j], L[i], S)
            interpolate(S, 1, row, q, a)
            eps[i, j] = math.sqrt(a[0] * a[0] + a[1] * a[1]) - 1.0
        for j in range(bd_x.shape[1]):
            shape_functions(bd_x[i, j], L[i], S)
            interpolate(S, 1, row, q, a)
            interpolate(S, 2, row, q, b)
            curv[i, j] = (a[0] * b[1] - a[1] * b[0]) / (a[0] * a[0] + a[1] * a[1])


@njit(inline="always")
def axial_hessian(S, a, la, H):
    """H (4 nd, 4 nd) = d^2 eps / dq^2 at a point with r' = a (nd,), |a| = la."""
    nd = a.shape[0]
    l3 = la * la * la
    for k in range(4):
        for m in range(4):
            f = S[1, k] * S[1, m]
            for c in range(nd):
                for d in range(nd):
                    H[nd * k + c, nd * m + d] = f * ((1.0 / la if c == d else 0.0) - a[c] * a[d] / l3)


@njit(inline="always")
def _curvature_hessian(S, a, b, c, g, dg, dc, H):
    """H (8, 8) = d^2 K / dq^2 with K = c / g (dg, dc scratch (8,))."""
    for k in range(4):
        sp, spp = S[1, k], S[2, k]
        dg[2 * k] = 2.0 * sp * a[0]
        dg[2 * k + 1] = 2.0 * sp * a[1]
        dc[2 * k] = sp * b[1] - spp * a[1]
        dc[2 * k + 1] = -sp * b[0] + spp * a[0]
    curvature_hessian(S, 2, c, g, dc, dg, H)


@njit(inline="always")
def curvature_hessian(S, i, c, g, dc, dg, H):
    """H (4 nd, 4 nd) = d^2 kappa_i / dq^2 of the curvature component kappa_i = c / g, c = (r' x r'')_i,
    g = |r'|^2, with dc = dc/dq and dg = dg/dq (4 nd,); nd = 2 (planar: i = 2, the z component) or 3."""
    nd = dg.shape[0] // 4
    g2 = g * g
    for k in range(4):
        for m in range(4):
            # d^2 c_i / dq_(k, j) dq_(m, l) = (S'_k S''_m - S''_k S'_m) eps_(i j l); d^2 g = 2 S'_k S'_m delta_jl
            cross = S[1, k] * S[2, m] - S[2, k] * S[1, m]
            spsp = 2.0 * S[1, k] * S[1, m]
            for j in range(nd):
                for l in range(nd):
                    r, s = nd * k + j, nd * m + l
                    d2c = cross if (j == (i + 1) % 3 and l == (i + 2) % 3) else (
                        -cross if (j == (i + 2) % 3 and l == (i + 1) % 3) else 0.0)
                    d2g = spsp if j == l else 0.0
                    H[r, s] = d2c / g - (dc[r] * dg[s] + dg[r] * dc[s]) / g2 - c * d2g / g2 \
                        + 2.0 * c * dg[r] * dg[s] / (g2 * g)


@njit(inline="always")
def add_point_jacobian(w, stiff, damp, f, e, H, row, v, Kb, Db, i, hv):
    """Kb[i] += w (e (stiff e + damp H v)^T + f H), Db[i] += w damp e e^T at one Gauss point of a
    law f = stiff (x - x0) + damp x_t, e = dx/dq, H = d^2x/dq^2 (n = row.shape[0] columns)."""
    n = row.shape[0]
    for r in range(n):
        s = 0.0
        for m in range(n):
            s += H[r, m] * v[row[m]]
        hv[r] = s
    for r in range(n):
        for m in range(n):
            Kb[i, r, m] += w * (e[r] * (stiff * e[m] + damp * hv[m]) + f * H[r, m])
            Db[i, r, m] += w * damp * e[r] * e[m]


@njit(inline="always")
def _element(i, row, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, user, jacobian, Q, Kb, Db, S, ab,
             w8, H):
    """Element i point by point: the axial points (f = N, stiffness EA, damping d_eps, gradient
    e = d eps / dq), then the bending points (f = M, EI, d_K, e = dK / dq); into Q[i] += w f e,
    or (``jacobian``) into Kb[i], Db[i] (zeroed first). Elements with ``user[0][i]``: f, stiffness
    and damping are the user functions' values and their derivatives by the strain (curvature) and
    its rate, user[1] (n, na, 3) at the axial points, user[2] (n, nb, 3) at the bending points.
    Scratch: S (3, 4), ab (2, 2), w8 (4, 8), H (8, 8)."""
    EA, EI, d_eps, d_K, eps0, K0, f_ref, L = prm[i, 0], prm[i, 1], prm[i, 2], prm[i, 3], prm[i, 4], \
        prm[i, 5], prm[i, 6], prm[i, 7]
    a, b, e, hv, dg, dc = ab[0], ab[1], w8[0], w8[1], w8[2], w8[3]
    n_ax = ax_x.shape[1]
    for j in range(n_ax + bd_x.shape[1]):
        axial = j < n_ax
        k = j if axial else j - n_ax
        w = ax_w[i, k] if axial else bd_w[i, k]
        if w == 0.0:
            continue
        shape_functions(ax_x[i, k] if axial else bd_x[i, k], L, S)
        interpolate(S, 1, row, q_tot, a)
        if axial:
            la = strain_gradient(S, a, e)
            f = EA * (la - 1.0 - eps0 - f_ref * eps_ref[i, k]) + d_eps * dot_row(e, v, row)
            stiff, damp = EA, d_eps
            if user[0][i]:
                f, stiff, damp = user[1][i, k, 0], user[1][i, k, 1], user[1][i, k, 2]
            if jacobian:
                axial_hessian(S, a, la, H)
        else:
            interpolate(S, 2, row, q_tot, b)
            K, c, g = _curvature_gradient(S, a, b, e)
            f = EI * (K - K0 - f_ref * curv_ref[i, k]) + d_K * dot_row(e, v, row)
            stiff, damp = EI, d_K
            if user[0][i]:
                f, stiff, damp = user[2][i, k, 0], user[2][i, k, 1], user[2][i, k, 2]
            if jacobian:
                _curvature_hessian(S, a, b, c, g, dg, dc, H)
        if jacobian:
            add_point_jacobian(w, stiff, damp, f, e, H, row, v, Kb, Db, i, hv)
        else:
            for m in range(8):
                Q[i, m] += w * f * e[m]


@njit
def cable_forces(ltg, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, user, Q):
    """Q (n, 8): the elastic and damping forces (LHS) of the elements; prm (n, 8) rows
    [EA, EI, d_eps, d_K, eps0, K0, f_ref, L]; ``user`` (is_user (n,), [N, dN/deps, dN/deps_t]
    (n, na, 3), [M, dM/dK, dM/dK_t] (n, nb, 3)): the user functions' laws (_element)."""
    S, ab, w8, H = stack_empty((3, 4)), stack_empty((2, 2)), stack_empty((4, 8)), stack_empty((8, 8))
    none = stack_empty((1, 1, 1))
    for i in range(ltg.shape[0]):
        for m in range(8):
            Q[i, m] = 0.0
        _element(i, ltg[i], q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, user, False, Q, none, none, S,
                 ab, w8, H)


@njit
def cable_stiffness(ltg, q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, user, Kb, Db):
    """Kb = dQ/dq, Db = dQ/dq_t (n, 8, 8) of cable_forces' Q."""
    S, ab, w8, H = stack_empty((3, 4)), stack_empty((2, 2)), stack_empty((4, 8)), stack_empty((8, 8))
    for i in range(ltg.shape[0]):
        for r in range(8):
            for m in range(8):
                Kb[i, r, m] = 0.0
                Db[i, r, m] = 0.0
        _element(i, ltg[i], q_tot, v, prm, ax_x, ax_w, bd_x, bd_w, eps_ref, curv_ref, user, True, H, Kb, Db, S, ab,
                 w8, H)


@njit
def cable_points(dst, ltg, L, local, mean, q_tot, v, m_pos, m_vel, m_A, m_omega, m_Jpos, m_Jrot, m_ltg):
    """Frames of points [x, y] (local (n, 3)) on cables (rows dst): p = r(x) + y n, v = r_t - y w t,
    A the rotation by the slope angle, w = (r' x r'_t) / |r'|^2, Jpos = S(x) - y t Jrot, Jrot the
    z row [-r'_y S'_k, r'_x S'_k] / |r'|^2. ``mean[i]``: the mean over the element instead
    (MarkerBodyMass: position the center of mass, Jpos = int S dx / L). Empty m_A, m_omega, m_Jrot,
    m_ltg are not written."""
    S = stack_empty((3, 4))
    r = stack_empty(2)
    rt = stack_empty(2)
    a = stack_empty(2)
    at = stack_empty(2)
    K = m_Jpos.shape[2]
    for i in range(dst.shape[0]):
        d, row, Li = dst[i], ltg[i], L[i]
        if mean[i]:
            S[0, 0], S[0, 1], S[0, 2], S[0, 3] = 0.5, Li / 12.0, 0.5, -Li / 12.0
            S[1, 0], S[1, 1], S[1, 2], S[1, 3] = -1.0 / Li, 0.0, 1.0 / Li, 0.0
            y = 0.0
        else:
            shape_functions(local[i, 0], Li, S)
            y = local[i, 1]
        interpolate(S, 0, row, q_tot, r)
        interpolate(S, 0, row, v, rt)
        interpolate(S, 1, row, q_tot, a)
        interpolate(S, 1, row, v, at)
        g = a[0] * a[0] + a[1] * a[1]
        la = math.sqrt(g)
        tx, ty = a[0] / la, a[1] / la
        om = (a[0] * at[1] - a[1] * at[0]) / g
        m_pos[d, 0] = r[0] - y * ty
        m_pos[d, 1] = r[1] + y * tx
        m_pos[d, 2] = 0.0
        m_vel[d, 0] = rt[0] - y * om * tx
        m_vel[d, 1] = rt[1] - y * om * ty
        m_vel[d, 2] = 0.0
        for c in range(3):
            for k in range(K):
                m_Jpos[d, c, k] = 0.0
        for k in range(4):
            jx, jy = -a[1] * S[1, k] / g, a[0] * S[1, k] / g
            m_Jpos[d, 0, 2 * k] = S[0, k] - y * tx * jx
            m_Jpos[d, 0, 2 * k + 1] = -y * tx * jy
            m_Jpos[d, 1, 2 * k] = -y * ty * jx
            m_Jpos[d, 1, 2 * k + 1] = S[0, k] - y * ty * jy
        if m_A.shape[0] > 0:
            _rotation_z(tx, ty, m_A[d])
        if m_omega.shape[0] > 0:
            m_omega[d, 0], m_omega[d, 1], m_omega[d, 2] = 0.0, 0.0, om
        if m_Jrot.shape[0] > 0:
            for c in range(3):
                for k in range(K):
                    m_Jrot[d, c, k] = 0.0
            for k in range(4):
                m_Jrot[d, 2, 2 * k] = -a[1] * S[1, k] / g
                m_Jrot[d, 2, 2 * k + 1] = a[0] * S[1, k] / g
        if m_ltg.shape[0] > 0:
            for k in range(K):
                m_ltg[d, k] = row[k] if k < 8 else -1


@njit(inline="always")
def _rotation_z(c, s, A):
    A[0, 0], A[0, 1], A[0, 2] = c, -s, 0.0
    A[1, 0], A[1, 1], A[1, 2] = s, c, 0.0
    A[2, 0], A[2, 1], A[2, 2] = 0.0, 0.0, 1.0


@njit
def slope_node_frames(rows, ltg, q_tot, v, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, f_ltg):
    """Frames of NodePoint2DSlope1 nodes [x, y, r'_x, r'_y]: position [x, y, 0], rotation by the
    slope angle atan2(r'_y, r'_x), w_z = (r' x r'_t) / |r'|^2, Jrot z row [0, 0, -r'_y, r'_x] / |r'|^2."""
    K = Jpos.shape[2]
    for i in range(rows.shape[0]):
        d = rows[i]
        i0, i1, i2, i3 = ltg[i, 0], ltg[i, 1], ltg[i, 2], ltg[i, 3]
        ax, ay = q_tot[i2], q_tot[i3]
        g = ax * ax + ay * ay
        la = math.sqrt(g)
        om = (ax * v[i3] - ay * v[i2]) / g
        pos[d, 0], pos[d, 1], pos[d, 2] = q_tot[i0], q_tot[i1], 0.0
        vel[d, 0], vel[d, 1], vel[d, 2] = v[i0], v[i1], 0.0
        _rotation_z(ax / la, ay / la, A[d])
        omega[d, 0], omega[d, 1], omega[d, 2] = 0.0, 0.0, om
        omega_local[d, 0], omega_local[d, 1], omega_local[d, 2] = 0.0, 0.0, om
        for c in range(3):
            for k in range(K):
                Jpos[d, c, k] = 0.0
                Jrot[d, c, k] = 0.0
                Jrot_local[d, c, k] = 0.0
        Jpos[d, 0, 0] = 1.0
        Jpos[d, 1, 1] = 1.0
        Jrot[d, 2, 2] = Jrot_local[d, 2, 2] = -ay / g
        Jrot[d, 2, 3] = Jrot_local[d, 2, 3] = ax / g
        for k in range(K):
            f_ltg[d, k] = ltg[i, k] if k < 4 else -1
