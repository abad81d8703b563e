"""ObjectJointSliding2D (spec joints.md): a marker m0 slides along a chain of ObjectANCFCable2D
elements. AE coordinates z = [lambda0, lambda1, s (, lambda3)], s the sliding coordinate's
increment over the start-of-step value x1 of the data node [element index x0, x1].

Quantities at the element x0 with length L and start d: x = x1 + s - d, r = S(x) q,
r' = S'(x) q, r'' = S''(x) q, dp = r - p_m0.

* classical (index 3 only): [dp_x, dp_y, lambda0 r'_x + lambda1 r'_y - |r'| f_ax]
* local: [lambda0 (a free row), dp^T n (index 2: dv^T n + dp^T n_t), dp^T r'], n = [-r'_y, r'_x]
* constrainRotation: r'^T e_y of m0 (index 2: r'_t^T e_y - omega_z r'^T e_x)

The Jacobian blocks: C (n, E, L) on the columns ltg = [m0's K columns, the union of the
elements' coordinates] (``cols``: the columns of element k's 8 coordinates) and Kae (n, E, E)
= dg/dz. The AFTER_NEWTON update (sliding_after_newton, shared with ObjectJointSliding:
kernels/sliding3d.py) moves x0 to the neighbour element when x leaves [0, L] and adds s to x1.
"""
import math

from ._jit import njit
from .cables import shape_functions
from .stack import stack_empty

__all__ = ["sliding_2d_rows", "sliding_after_newton", "sliding_point", "element_in_use", "item_element",
           "element_values"]


@njit(inline="always")
def element_in_use(xd, d, n):
    """The element index in the data coordinate xd[d], within [0, n - 1]."""
    return min(max(int(xd[d]), 0), n - 1)


@njit(inline="always")
def item_element(i, active, data_index, n_el, offs, lens, cols, ltg, q_tot, v, xd, z, si, refused, g, C, Kae, bad,
                 S, r):
    """Zero the rows g[i], C[i], Kae[i] and bad[i] of item i; if it is active: S at x = x1 + s - d
    on the element in use (s = z[i, si]) and r (element_values), returns the element's index; -1
    if it is not active or ``refused`` (index 2 asked: bad[i] set, g[i, 0] NaN)."""
    for e in range(g.shape[1]):
        g[i, e] = 0.0
        for c in range(C.shape[2]):
            C[i, e, c] = 0.0
        for f in range(Kae.shape[2]):
            Kae[i, e, f] = 0.0
    bad[i] = False
    if not active[i]:
        return -1
    d = data_index[i]
    k = element_in_use(xd, d, n_el[i])
    shape_functions(xd[d + 1] + z[i, si] - offs[i, k], lens[i, k], S)
    element_values(i, k, cols, ltg, q_tot, v, S, r)
    if refused:
        bad[i] = True
        g[i, 0] = math.nan
        return -1
    return k


@njit(inline="always")
def element_values(i, k, cols, ltg, q_tot, v, S, r):
    """r (6, dim): r, r', r'', r'_t, r''_t, r_t of element k of item i (S filled; dim = r.shape[1],
    the element's 4 dim coordinates at the columns cols[i, 4 dim k:])."""
    dim = r.shape[1]
    for a in range(6):
        for c in range(dim):
            r[a, c] = 0.0
    for j in range(4):
        for c in range(dim):
            gi = ltg[i, cols[i, 4 * dim * k + dim * j + c]]
            qv, vv = q_tot[gi], v[gi]
            r[0, c] += S[0, j] * qv
            r[1, c] += S[1, j] * qv
            r[2, c] += S[2, j] * qv
            r[3, c] += S[1, j] * vv
            r[4, c] += S[2, j] * vv
            r[5, c] += S[0, j] * vv


@njit(inline="always")
def _cable_row(C, i, e, k, cols, S, d0, d1, ax, ay, bx, by):
    """C[i, e] on element k's columns: x coordinates ax S_d0 + bx S_d1, y: ay S_d0 + by S_d1."""
    for j in range(4):
        C[i, e, cols[i, 8 * k + 2 * j]] += ax * S[d0, j] + bx * S[d1, j]
        C[i, e, cols[i, 8 * k + 2 * j + 1]] += ay * S[d0, j] + by * S[d1, j]


@njit(inline="always")
def _body_row(C, i, e, J, m, K, fx, fy):
    """C[i, e, :K] += -(fx J[m, 0] + fy J[m, 1]) (the m0 columns)."""
    for c in range(K):
        C[i, e, c] -= fx * J[m, 0, c] + fy * J[m, 1, c]


@njit
def sliding_point(i, k, x1, s, cols, offs, lens, ltg, q_tot, v, r):
    """r (6, dim) of item i on element k at x1 + s (see element_values; both sliding joints);
    returns the local x."""
    S = stack_empty((3, 4))
    x = x1 + s - offs[i, k]
    shape_functions(x, lens[i, k], S)
    element_values(i, k, cols, ltg, q_tot, v, S, r)
    return x


@njit
def sliding_2d_rows(m0, data_index, n_el, cols, offs, lens, classical, rotation, f_ax, active, pos, vel, A, omega,
                    Jpos, Jrot, q_tot, v, xd, ltg, z, index2, K, g, C, Kae, bad):
    """The rows g (n, E), C (n, E, L) and Kae (n, E, E) of every active item at the AE values z
    (n, E); ``bad[i]``: index 2 asked of the classical formulation (g NaN)."""
    S, r = stack_empty((3, 4)), stack_empty((6, 2))
    for i in range(g.shape[0]):
        k = item_element(i, active, data_index, n_el, offs, lens, cols, ltg, q_tot, v, xd, z, 2,
                         index2 and classical[i], g, C, Kae, bad, S, r)
        if k < 0:
            continue
        m = m0[i]
        dx, dy = r[0, 0] - pos[m, 0], r[0, 1] - pos[m, 1]
        l0, l1 = z[i, 0], z[i, 1]
        if classical[i]:
            g[i, 0], g[i, 1] = dx, dy
            g[i, 2] = l0 * r[1, 0] + l1 * r[1, 1] - math.sqrt(r[1, 0] ** 2 + r[1, 1] ** 2) * f_ax[i]
            _body_row(C, i, 0, Jpos, m, K, 1.0, 0.0)
            _body_row(C, i, 1, Jpos, m, K, 0.0, 1.0)
            _cable_row(C, i, 0, k, cols, S, 0, 1, 1.0, 0.0, 0.0, 0.0)
            _cable_row(C, i, 1, k, cols, S, 0, 1, 0.0, 1.0, 0.0, 0.0)
            _cable_row(C, i, 2, k, cols, S, 1, 1, l0, l1, 0.0, 0.0)
            Kae[i, 0, 2], Kae[i, 1, 2] = r[1, 0], r[1, 1]
            Kae[i, 2, 0], Kae[i, 2, 1] = r[1, 0], r[1, 1]
            Kae[i, 2, 2] = l0 * r[2, 0] + l1 * r[2, 1]
        else:
            nx, ny = -r[1, 1], r[1, 0]
            if index2:
                dvx, dvy = r[5, 0] - vel[m, 0], r[5, 1] - vel[m, 1]
                g[i, 1] = dvx * nx + dvy * ny + dx * -r[3, 1] + dy * r[3, 0]
                Kae[i, 1, 2] = (r[3, 0] * nx + r[3, 1] * ny - dvx * r[2, 1] + dvy * r[2, 0] + r[1, 0] * -r[3, 1]
                                + r[1, 1] * r[3, 0] - dx * r[4, 1] + dy * r[4, 0])
            else:
                g[i, 1] = dx * nx + dy * ny
                Kae[i, 1, 2] = -dx * r[2, 1] + dy * r[2, 0]
            _body_row(C, i, 1, Jpos, m, K, nx, ny)
            _cable_row(C, i, 1, k, cols, S, 0, 1, nx, ny, dy, -dx)
            g[i, 2] = dx * r[1, 0] + dy * r[1, 1]
            _body_row(C, i, 2, Jpos, m, K, r[1, 0], r[1, 1])
            _cable_row(C, i, 2, k, cols, S, 0, 1, r[1, 0], r[1, 1], dx, dy)
            Kae[i, 2, 2] = r[1, 0] ** 2 + r[1, 1] ** 2 + dx * r[2, 0] + dy * r[2, 1]
        if rotation[i]:
            _rotation_row(i, k, m, cols, S, r, A, omega, Jrot, K, index2, g, C, Kae)
    return 0


@njit(inline="always")
def _rotation_row(i, k, m, cols, S, r, A, omega, Jrot, K, index2, g, C, Kae):
    """Row 3: r'^T e_y (index 2: r'_t^T e_y - omega_z r'^T e_x), e_x, e_y the axes of m0."""
    ex0, ex1, ey0, ey1 = A[m, 0, 0], A[m, 1, 0], A[m, 0, 1], A[m, 1, 1]
    if index2:
        w = omega[m, 2]
        g[i, 3] = r[3, 0] * ey0 + r[3, 1] * ey1 - w * (r[1, 0] * ex0 + r[1, 1] * ex1)
        Kae[i, 3, 2] = r[4, 0] * ey0 + r[4, 1] * ey1 - w * (r[2, 0] * ex0 + r[2, 1] * ex1)
    else:
        g[i, 3] = r[1, 0] * ey0 + r[1, 1] * ey1
        Kae[i, 3, 2] = r[2, 0] * ey0 + r[2, 1] * ey1
    _cable_row(C, i, 3, k, cols, S, 1, 1, ey0, ey1, 0.0, 0.0)
    t = r[1, 0] * ex0 + r[1, 1] * ex1          # d(r'^T e_y)/d phi = -r'^T e_x
    for c in range(K):
        C[i, 3, c] -= t * Jrot[m, 2, c]


@njit
def sliding_after_newton(data_index, n_el, offs, lens, active, xd, z, si, warned):
    """After a converged Newton solve: x0 to the neighbour element where x = x1 + s - d leaves
    [0, L] (not beyond the chain's ends: warned[i] 1 below, 2 above), x1 += s (s = z[i, si];
    x1 within the chain's arc length [0, d_last + L_last]). Returns the largest error |x| resp.
    |x - L| of a point outside its element (also at the chain's ends, where it stays): the
    discontinuous error of ObjectJointSliding; ObjectJointSliding2D's switch asks for no further
    iteration (both as measured with Exudyn 1.13.6)."""
    err = 0.0
    for i in range(data_index.shape[0]):
        d = data_index[i]
        k = element_in_use(xd, d, n_el[i])
        sg = xd[d + 1] + (z[i, si] if active[i] else 0.0)
        x = sg - offs[i, k]
        if x < 0.0:
            err = max(err, -x)
            if k > 0:
                k -= 1
            elif warned[i] == 0:
                warned[i] = 1
        elif x > lens[i, k]:
            err = max(err, x - lens[i, k])
            if k < n_el[i] - 1:
                k += 1
            elif warned[i] == 0:
                warned[i] = 2
        xd[d] = float(k)
        xd[d + 1] = min(max(sg, 0.0), offs[i, n_el[i] - 1] + lens[i, n_el[i] - 1])
    return err
