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
= dg/dz. The AFTER_NEWTON update (kernels/sliding.py sliding_after_newton) moves x0 to the
neighbour element where x leaves [0, L] (the discontinuous error |x| or |x - L|, also at the
chain's ends) and adds s to x1.
"""
import math

from ._jit import njit
from .sliding import item_element
from .stack import stack_empty

__all__ = ["sliding_3d_rows"]


@njit
def sliding_3d_rows(m0, data_index, n_el, cols, offs, lens, f_ax, active, pos, Jpos, q_tot, v, xd, ltg, z, index2,
                    K, g, C, Kae, bad):
    """The rows g (n, 4), C (n, 4, L) and Kae (n, 4, 4) of every active item at the AE values z
    (n, 4); ``bad[i]``: index 2 asked (g NaN)."""
    S, r = stack_empty((3, 4)), stack_empty((6, 3))
    for i in range(g.shape[0]):
        k = item_element(i, active, data_index, n_el, offs, lens, cols, ltg, q_tot, v, xd, z, 0, index2, g, C, Kae,
                         bad, S, r)
        if k < 0:
            continue
        norm = math.sqrt(r[1, 0] ** 2 + r[1, 1] ** 2 + r[1, 2] ** 2)
        m = m0[i]
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
