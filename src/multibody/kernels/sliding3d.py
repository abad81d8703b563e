"""ObjectJointSliding (spec joints.md): a position marker m0 slides along a chain of ObjectANCFCable
elements. AE coordinates z = [s, lambda0, lambda1, lambda2], s the sliding coordinate's increment
over the start-of-step value x1 of the data node [element index x0, x1].

Quantities at the element x0 with length L and start d: x = x1 + s - d, r = S(x) q, r' = S'(x) q,
r'' = S''(x) q (q the element's 12 coordinates [r0, r0', r1, r1']), dp = r - p_m0.

* row 0: r'^T [lambda0, lambda1, lambda2] - |r'| f_ax (its derivatives without the f_ax term,
  as Exudyn 1.13.6's: the reactions s dc0/dq and the Newton iterations agree only so)
* row 1 + c: dp_c (a free row lambda_c = 0 where constrainTranslations[c] is 0: the group's
  free rows, written by the system)

Index 3 only: at index 2 the rows are NaN and ``bad`` is set (the group refuses the solve).
The Jacobian blocks: C (n, 4, L) on the columns ltg = [m0's K columns, the union of the
elements' coordinates] (``cols``: the columns of element k's 12 coordinates) and Kae (n, 4, 4)
= dg/dz. The AFTER_NEWTON update moves x0 to the neighbour element where x leaves [0, L] (the
discontinuous error |x| or |x - L|, also at the chain's ends) and adds s to x1.
"""
import math

from ._jit import njit
from .cables import shape_functions
from .stack import stack_empty

__all__ = ["sliding_3d_rows", "sliding_3d_after_newton", "sliding_3d_point"]


@njit(inline="always")
def _element(i, k, cols, ltg, q_tot, v, S, r):
    """r (4, 3): r, r', r'', r_t of element k of item i (S filled)."""
    for a in range(4):
        for c in range(3):
            r[a, c] = 0.0
    for j in range(4):
        for c in range(3):
            gi = ltg[i, cols[i, 12 * k + 3 * j + c]]
            qv = q_tot[gi]
            r[0, c] += S[0, j] * qv
            r[1, c] += S[1, j] * qv
            r[2, c] += S[2, j] * qv
            r[3, c] += S[0, j] * v[gi]


@njit
def sliding_3d_point(i, k, x1, s, cols, offs, lens, ltg, q_tot, v, r):
    """r (4, 3) of item i on element k at x1 + s (see _element); returns the local x."""
    S = stack_empty((3, 4))
    x = x1 + s - offs[i, k]
    shape_functions(x, lens[i, k], S)
    _element(i, k, cols, ltg, q_tot, v, S, r)
    return x


@njit
def sliding_3d_rows(m0, data_index, n_el, cols, offs, lens, f_ax, active, pos, Jpos, q_tot, v, xd, ltg, z, index2,
                    K, g, C, Kae, bad):
    """The rows g (n, 4), C (n, 4, L) and Kae (n, 4, 4) of every active item at the AE values z
    (n, 4); ``bad[i]``: index 2 asked (g NaN)."""
    S = stack_empty((3, 4))
    r = stack_empty((4, 3))
    for i in range(g.shape[0]):
        for e in range(g.shape[1]):
            g[i, e] = 0.0
            for c in range(C.shape[2]):
                C[i, e, c] = 0.0
            for f in range(Kae.shape[2]):
                Kae[i, e, f] = 0.0
        bad[i] = False
        if not active[i]:
            continue
        if index2:
            bad[i] = True
            g[i, 0] = math.nan
            continue
        d = data_index[i]
        k = min(max(int(xd[d]), 0), n_el[i] - 1)
        shape_functions(xd[d + 1] + z[i, 0] - offs[i, k], lens[i, k], S)
        _element(i, k, cols, ltg, q_tot, v, S, r)
        m = m0[i]
        norm = math.sqrt(r[1, 0] ** 2 + r[1, 1] ** 2 + r[1, 2] ** 2)
        g[i, 0] = -norm * f_ax[i]
        Kae[i, 0, 0] = 0.0
        for c in range(3):
            lc = z[i, 1 + c]
            g[i, 0] += r[1, c] * lc
            Kae[i, 0, 0] += r[2, c] * lc
            Kae[i, 0, 1 + c] = r[1, c]
            g[i, 1 + c] = r[0, c] - pos[m, c]
            Kae[i, 1 + c, 0] = r[1, c]
            for j in range(4):
                col = cols[i, 12 * k + 3 * j + c]
                C[i, 0, col] += lc * S[1, j]
                C[i, 1 + c, col] += S[0, j]
            for a in range(K):
                C[i, 1 + c, a] -= Jpos[m, c, a]
    return 0


@njit
def sliding_3d_after_newton(data_index, n_el, offs, lens, active, xd, z, warned):
    """After a converged Newton solve: x0 to the neighbour element where x = x1 + s - d leaves
    [0, L] (not beyond the chain's ends: warned[i] 1 below, 2 above), x1 += s (within the chain's
    arc length [0, d_last + L_last]). Returns the largest error |x| resp. |x - L| of a point
    outside its element (also at the chain's ends, where it stays), as Exudyn 1.13.6's
    discontinuous iteration counts show."""
    err = 0.0
    for i in range(data_index.shape[0]):
        d = data_index[i]
        k = min(max(int(xd[d]), 0), n_el[i] - 1)
        sg = xd[d + 1] + (z[i, 0] if active[i] else 0.0)
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
