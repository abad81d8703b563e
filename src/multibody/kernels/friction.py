"""CoordinateSpringDamperExt: a scalar spring-damper on coordinate markers with friction and limit
stops (equations/friction.py).

Relative coordinate and velocity q = f1 q_m1 - f0 q_m0, v = f1 v_m1 - f0 v_m0; force
f = k (q - x_off) + d (v - v_off) + f_friction + f_contact, acting through B = [-f0 J_m0, f1 J_m1].
Friction: regularized (v_reg != 0: linear in v up to v_reg, Stribeck beyond) or the bristle model
(v_reg = 0, the data node's [mode, x_lsp]: stick (q - x_lsp) k_mu + v d_mu, slip
sign(mode) (f_d + f_so e^{-|v|/v_exp} + f_v |v|)). Limit stops: k_lim (q - s) + d_lim v with s the
limit that the data node's limit state d_ls (its sign) says is reached. The data coordinates are
switched after each converged Newton solve (``post_newton_data``), which returns the discontinuous
error (the force jumps of the switches, as Exudyn 1.13.6's, measured).
"""
import numpy as np

from ._jit import njit

# columns of the parameter rows (n, N_PARAMS)
(K_SPRING, D_SPRING, OFFSET, V_OFFSET, FACTOR0, FACTOR1, F_DYN, F_STATIC, K_STICK, D_STICK, V_EXP, F_VISC, V_REG,
 UPPER, LOWER, K_LIMIT, D_LIMIT) = range(17)
N_PARAMS = 17
# flags per item: the data node is used (bristle friction and the switching), limit stops act
USES_DATA, LIMIT_STOPS = 1, 2


@njit(inline="always")
def _sign(x):
    return 1.0 if x > 0.0 else (-1.0 if x < 0.0 else 0.0)


@njit
def sliding_friction(p, v):
    """(f, df/dv) of the velocity-dependent friction: regularized for v_reg = p[V_REG] != 0 (linear
    (f_d + f_so) v / v_reg for |v| <= v_reg), else sign(v) (f_d + f_so e^{-(|v| - v_reg)/v_exp} +
    f_v (|v| - v_reg)); zero at v = 0 without regularization."""
    fd, fso, vreg = p[F_DYN], p[F_STATIC], p[V_REG]
    if vreg != 0.0 and abs(v) <= vreg:
        return (fd + fso) * v / vreg, (fd + fso) / vreg
    s = _sign(v)
    a = abs(v) - vreg
    e = np.exp(-a / p[V_EXP])
    return s * (fd + fso * e + p[F_VISC] * a), (-fso / p[V_EXP] * e + p[F_VISC]) * abs(s)


@njit
def relative_motion(m0, m1, cval, cvel, p, i):
    """(q, v) of item i: f1 q_m1 - f0 q_m0 and the same of the velocities."""
    f0, f1 = p[i, FACTOR0], p[i, FACTOR1]
    return f1 * cval[m1[i]] - f0 * cval[m0[i]], f1 * cvel[m1[i]] - f0 * cvel[m0[i]]


@njit
def ext_forces(m0, m1, cval, cvel, p, flags, x, data_index, is_user, user_force, F, S, Dv):
    """The force f (F[i, 0]) of each item and its derivatives by q and v (S[i, 0, 0], Dv[i, 0, 0];
    for items with a user function the user's force and k, d)."""
    for i in range(m0.shape[0]):
        pi = p[i]
        q, v = relative_motion(m0, m1, cval, cvel, p, i)
        fq, fv = pi[K_SPRING], pi[D_SPRING]
        if is_user[i]:
            F[i, 0] = user_force[i]
            S[i, 0, 0], Dv[i, 0, 0] = fq, fv
            continue
        f = pi[K_SPRING] * (q - pi[OFFSET]) + pi[D_SPRING] * (v - pi[V_OFFSET])
        k = data_index[i]
        if pi[V_REG] != 0.0:
            ff, dff = sliding_friction(pi, v)
            f += ff
            fv += dff
        elif flags[i] & USES_DATA:
            mode = x[k]
            if mode == 0.0:
                f += (q - x[k + 1]) * pi[K_STICK] + v * pi[D_STICK]
                fq += pi[K_STICK]
                fv += pi[D_STICK]
            elif v != 0.0:
                e = np.exp(-abs(v) / pi[V_EXP])
                s = _sign(mode)
                f += s * (pi[F_DYN] + pi[F_STATIC] * e + pi[F_VISC] * abs(v))
                fv += s * _sign(v) * (-pi[F_STATIC] / pi[V_EXP] * e + pi[F_VISC])
        if flags[i] & LIMIT_STOPS:
            ls = x[k + 2]
            if ls != 0.0:
                f += pi[K_LIMIT] * (q - (pi[UPPER] if ls > 0.0 else pi[LOWER])) + pi[D_LIMIT] * v
                fq += pi[K_LIMIT]
                fv += pi[D_LIMIT]
        F[i, 0] = f
        S[i, 0, 0], Dv[i, 0, 0] = fq, fv


@njit
def ext_project(m0, m1, cJ, p, F, S, Dv, active, with_jacobian, Q, Kout, Dout):
    """Q = B^T f, K = B^T S B, D = B^T Dv B with B = [-f0 J_m0, f1 J_m1] (1 x 2K); zero for inactive
    items."""
    K = cJ.shape[1]
    L = 2 * K
    b = np.empty(L)
    for i in range(m0.shape[0]):
        if not active[i]:
            Q[i, :] = 0.0
            if with_jacobian:
                Kout[i] = 0.0
                Dout[i] = 0.0
            continue
        for c in range(K):
            b[c] = -p[i, FACTOR0] * cJ[m0[i], c]
            b[K + c] = p[i, FACTOR1] * cJ[m1[i], c]
        for r in range(L):
            Q[i, r] = b[r] * F[i, 0]
        if with_jacobian:
            for r in range(L):
                for c in range(L):
                    Kout[i, r, c] = b[r] * S[i, 0, 0] * b[c]
                    Dout[i, r, c] = b[r] * Dv[i, 0, 0] * b[c]


@njit
def _friction_switch(pi, q, v, x, x_start, k):
    """Stick/slip switching of the data coordinates [mode, x_lsp] at x[k], x[k + 1] (x_start: those
    at the start of the step); returns its error (the force jump)."""
    mode, x_lsp = x[k], x[k + 1]
    f_stick = (q - x_lsp) * pi[K_STICK] + v * pi[D_STICK]
    f_slip, _ = sliding_friction(pi, v)
    if mode == 0.0:
        if abs(f_stick) > pi[F_DYN] + pi[F_STATIC]:
            x[k] = f_slip
            return abs(f_stick) - abs(f_slip)
        return 0.0
    if mode * v < 0.0:
        # the velocity reversed: stick, at the start of the step's sticking position, or preloaded
        # with the start of the step's slip force
        x[k] = 0.0
        mode_start = x_start[k]
        if mode_start == 0.0:
            x[k + 1] = x_start[k + 1]
            return abs(abs(f_stick) - abs(f_slip))
        x[k + 1] = q - (mode_start - v * pi[D_STICK]) / pi[K_STICK] if pi[K_STICK] != 0.0 else q
        return abs(mode_start - f_slip)
    x[k] = f_slip
    x[k + 1] = q
    return 0.0


@njit
def _limit_switch(pi, q, x, k):
    """The limit stop state d_ls at x[k]: the penetration beyond the limit reached (0: none);
    returns the contact force jump of a switch."""
    ls, up, lo = x[k], pi[UPPER], pi[LOWER]
    if ls == 0.0:
        if q > up:
            x[k] = q - up
            return pi[K_LIMIT] * abs(q - up)
        if q < lo:
            x[k] = q - lo
            return pi[K_LIMIT] * abs(q - lo)
        return 0.0
    if (ls > 0.0 and q > up) or (ls < 0.0 and q < lo):
        x[k] = q - (up if ls > 0.0 else lo)
        return 0.0
    x[k] = 0.0
    return pi[K_LIMIT] * abs(ls)


@njit
def post_newton_data(m0, m1, cval, cvel, p, flags, active, x, x_start, data_index, error):
    """The data coordinates of the active items that use them, switched at the converged state;
    error[i] their discontinuous error (friction and limit stop jumps added). Returns the largest
    error (0 if none is positive)."""
    worst = 0.0
    for i in range(m0.shape[0]):
        error[i] = 0.0
        if not (flags[i] & USES_DATA) or not active[i]:
            continue
        pi = p[i]
        q, v = relative_motion(m0, m1, cval, cvel, p, i)
        k = data_index[i]
        err = _friction_switch(pi, q, v, x, x_start, k)
        if flags[i] & LIMIT_STOPS:
            err += _limit_switch(pi, q, x, k + 2)
        error[i] = err
        worst = max(worst, err)
    return worst
