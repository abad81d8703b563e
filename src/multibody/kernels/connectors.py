"""Spring-damper force laws over arrays of connectors (pure NumPy)."""
import numpy as np


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
