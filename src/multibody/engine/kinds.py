"""The parts of a step that differ between the implicit solvers (generalized-alpha, Newmark,
index 2: spec solvers.md 4) and the static solver (solvers.md 5): the beginning of a step, the
predictor, the residual and its Newton error, the Newton update, the resets and the divergence
test, the end of a converged Newton solve. engine/newton.py and engine/steps.py call them with the
workspace ``w`` and the control record ``c`` (c.kind)."""
import numpy as np

from ..kernels._jit import njit
from ..kernels.integration import dot, lie_newton, lie_predict, lie_store, residual_norm
from ..kernels.records import AFTER_NEWTON, NO, YES
from ..kernels.system import mass_times, residual as system_residual, run_phase
from .control import Kind, LieMode
from .ode1 import ode1_finite, ode1_predict, ode1_residual, ode1_update

STATIC = int(Kind.STATIC)
COMPOSE = int(LieMode.COMPOSE)
SIMPLIFIED = int(LieMode.SIMPLIFIED)


@njit
def begin_step(w, c):
    """The start of a new step: the state kept (start of step), the step's time t_new and size
    h_step (the last step of an adaptive run up to the end time), its coefficients; a new Jacobian
    asked for where the step size changed (implicit)."""
    copy(w.q, w.sq)
    copy(w.v, w.sv)
    copy(w.a, w.sa)
    copy(w.lam, w.slam)
    copy(w.a_alg, w.a_alg_start)
    copy(w.x, w.sx)
    copy(w.y1, w.sy1)
    copy(w.y1_t, w.sy1_t)
    t = c.t
    if c.adaptive != 0:
        h_try = min(c.h, c.t_end - t) if t + c.h > c.t_end else c.h
        t_new = t + h_try
        # a last step shorter than h only by the round-off of the accumulated time keeps the
        # Newton matrix (Exudyn's)
        c.roundoff = 1 if (h_try != c.h and c.h - h_try <= c.t_end - c.t_lim) else 0
    else:
        h_try = c.h
        t_new = c.t0 + (c.step + 1.0) * c.h
        c.roundoff = 0
    if c.kind == STATIC:
        t_new = static_time(c, t_new)
    c.t_new = t_new
    c.h_step = h_try
    set_coefficients(w, c)
    if c.kind != STATIC:
        h_eff = c.h if c.roundoff != 0 else h_try
        if h_eff != c.h_jac:
            c.jac_requested = 1


@njit
def copy(src, dst):
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit
def static_time(c, t_new):
    """StaticSolver.adjust_time: the load step's end, geometric load steps, clamped to the end."""
    T = c.load_T
    if c.geometric != 0:
        k = max(c.step + 1, 1)
        tau = T / c.geo_range * c.geo_range ** ((k - 1.0) / (c.n_load - 1.0))
    else:
        tau = t_new - c.t0
    if tau + 1e-10 * T >= T:
        tau = T
    return c.t0 + tau


@njit
def set_coefficients(w, c):
    """The update and Newton-matrix coefficients of the step (coef = [gamma', beta', beta h^2,
    a_M, a_K, a_D, c_q, c_v, c_lam])."""
    coef = w.coef
    if c.kind == STATIC:
        lf = (c.t_new - c.t0) / c.load_T if c.use_load_factor != 0 else 1.0
        c.load_factor = lf
        s = c.stabilizer
        coef[0], coef[1], coef[2] = 0.0, 0.0, 1.0
        coef[3] = -(1.0 - lf * lf) * s if s != 0.0 else 0.0
        coef[4], coef[5], coef[6], coef[7], coef[8] = -1.0, 0.0, 1.0, 1.0, 1.0
        return
    h, b, g = c.h_step, c.beta, c.gamma
    bh2 = b * h * h
    beta_p = (1 - c.alpha_m) / (h * h * b * (1 - c.alpha_f))
    gamma_p = g / (h * b)
    coef[0], coef[1], coef[2] = gamma_p, beta_p, bh2
    coef[3] = (1 - c.alpha_m) / (1 - c.alpha_f)
    coef[4], coef[5] = bh2, g * h
    coef[6] = gamma_p if c.index2 != 0 else 1.0
    coef[7], coef[8] = gamma_p, 1.0 / bh2


@njit
def predictor(system, w, c):
    """The state at the new time before Newton: the implicit predictor (Newmark or
    generalized-alpha, the Lie-group rotations composed), lambda = 0 (and q_tt = 0)."""
    q, v, a, lam = w.q, w.v, w.a, w.lam
    for i in range(lam.shape[0]):
        lam[i] = 0.0
    if c.kind == STATIC:
        return
    h, b, g = c.h_step, c.beta, c.gamma
    sq, sv, sa = w.sq, w.sv, w.sa
    n2 = q.shape[0]
    cq, cv = h * h * (0.5 - b), h * (1 - g)
    if c.newmark != 0:
        for i in range(n2):
            q[i] = sq[i] + h * sv[i] + cq * sa[i]
            v[i] = sv[i] + cv * sa[i]
    else:
        aas, aa = w.a_alg_start, w.a_alg
        am, af = c.alpha_m, c.alpha_f
        cqa, cva = h * h * b, h * g
        for i in range(n2):
            at = (af * sa[i] - am * aas[i]) / (1 - am)
            aa[i] = at
            q[i] = sq[i] + h * sv[i] + cq * aas[i] + cqa * at
            v[i] = sv[i] + cv * aas[i] + cva * at
    for i in range(n2):
        a[i] = 0.0
    if c.n1 > 0:
        ode1_predict(w, c)
    if c.lie == SIMPLIFIED:
        inc = w.lie_inc
        for i in range(n2):
            inc[i] = q[i] - sq[i]
        lie_compose_increment(w)
    elif c.lie == COMPOSE:
        lie_predict(w.lie, sq, q, v, -(h * b / (2 * g)))


@njit
def lie_compose_increment(w):
    """q = q_n + increment, its Lie-group rotation rows q_n o exp(increment) (Bruels-Cardona)."""
    q, sq, inc = w.q, w.sq, w.lie_inc
    for i in range(q.shape[0]):
        q[i] = sq[i] + inc[i]
        inc[i] = -inc[i]
    lie_newton(w.lie, sq, inc, w.lie_tmp)
    for i in range(q.shape[0]):
        inc[i] = -inc[i]
    lie_store(w.lie, w.lie_tmp, q)


@njit
def residual(system, w, c):
    """The residual r at the current state and its Newton error (c.error) with rbar (its ODE2 part
    times beta h^2): the implicit [M a - f + C^T lambda; g], the static [f + C^T lambda; g] with the
    loads times the load factor (and the ODE2 stabilizer term). Returns a group kernel's status."""
    s = system.state
    r = w.r
    n2 = c.n2
    if c.kind == STATIC:
        s.static_loads = True
        s.load_factor = c.load_factor
        status = system_residual(system, w.q, w.v, w.a, w.lam, c.t_new, NO, YES, r)
        if c.stabilizer != 0.0 and status == 0:
            dq, ma = w.work[:n2], system.ma
            for i in range(n2):
                dq[i] = w.q[i] - w.sq[i]
            mass_times(system, dq, ma)
            lf = c.load_factor
            k = (1 - lf * lf) * c.stabilizer
            for i in range(n2):
                r[i] -= k * ma[i]
    else:
        s.static_loads = False
        status = system_residual(system, w.q, w.v, w.a, w.lam, c.t_new, c.index2 != 0, NO, r)
    c.t_eval = c.t_new
    c.error = residual_norm(r, w.rbar, n2, w.coef[2], c.weighted != 0)
    if c.n1 > 0 and c.kind != STATIC:
        # the first-order rows: the error over [r; r1]
        status1, e1 = ode1_residual(system, w, c)
        n = r.shape[0]
        e0 = c.error * c.error * (n if c.weighted != 0 else 1)
        c.error = np.sqrt((e0 + e1) / ((n + c.n1) if c.weighted != 0 else 1))
        if status == 0:
            status = status1
    return status


@njit
def update(system, w, c):
    """The Newton update with the increment delta: q -= dq (Lie-group rotations composed), the
    implicit v -= gamma' dq and a -= beta' dq, lambda -= dlambda / (beta h^2) (static: v and a
    stay, lambda -= dlambda)."""
    q, delta = w.q, w.delta
    n2 = q.shape[0]
    if c.n1 > 0 and c.kind != STATIC:
        ode1_update(w, c)
    if c.kind != STATIC and c.lie == SIMPLIFIED:
        inc = w.lie_inc
        for i in range(n2):
            inc[i] -= delta[i]
        lie_compose_increment(w)
    else:
        compose = c.kind != STATIC and c.lie == COMPOSE
        if compose:
            lie_newton(w.lie, q, delta, w.lie_tmp)
        for i in range(n2):
            q[i] -= delta[i]
        if compose:
            lie_store(w.lie, w.lie_tmp, q)
    lam = w.lam
    if c.kind == STATIC:
        for i in range(lam.shape[0]):
            lam[i] -= delta[n2 + i]
        return
    coef = w.coef
    v, a = w.v, w.a
    for i in range(n2):
        v[i] -= coef[0] * delta[i]
        a[i] -= coef[1] * delta[i]
    for i in range(lam.shape[0]):
        lam[i] -= delta[n2 + i] / coef[2]


@njit
def reset_to_start_of_step(w, c):
    """Modified Newton's restart: the state at the start of the step, lambda = 0."""
    copy(w.sq, w.q)
    copy(w.sv, w.v)
    copy(w.sa, w.a)
    copy(w.sy1, w.y1)
    copy(w.sy1_t, w.y1_t)
    for i in range(w.lam.shape[0]):
        w.lam[i] = 0.0
    if c.kind != STATIC:
        copy(w.a_alg_start, w.a_alg)


@njit
def restore_start_of_step(w, c, keep_data):
    """The whole state as at the start of the step (a step that failed or is done again), the data
    coordinates too unless ``keep_data``."""
    copy(w.sq, w.q)
    copy(w.sv, w.v)
    copy(w.sa, w.a)
    copy(w.slam, w.lam)
    copy(w.sy1, w.y1)
    copy(w.sy1_t, w.y1_t)
    copy(w.a_alg_start, w.a_alg)
    copy(w.a_alg_start, w.state_a_alg)
    if not keep_data:
        copy(w.sx, w.x)


@njit
def diverged(w, c):
    """The divergence test of the solver kind (q and v beyond the maximum solution norm, or not
    finite)."""
    if c.kind == STATIC:
        if not dot(w.q, w.q) < c.max_solution_norm:
            return True
        for x in (w.q, w.lam):
            for i in range(x.shape[0]):
                if not np.isfinite(x[i]):
                    return True
        return False
    return not (dot(w.q, w.q) < c.max_solution_norm and dot(w.v, w.v) < c.max_solution_norm
                and np.isfinite(dot(w.lam, w.lam)) and ode1_finite(w))


@njit
def increment_norm(w, c):
    """|dq| + |dy| (newton.residualMode 1: the ODE2 and ODE1 increments)."""
    d = w.delta[:c.n2]
    return np.sqrt(dot(d, d)) + (np.sqrt(dot(w.d1, w.d1)) if c.n1 > 0 and c.kind != STATIC else 0.0)


@njit
def after_newton(system, w, c):
    """The end of a converged Newton solve: the implicit algorithmic accelerations, the data
    coordinates of connectors from the converged state (AFTER_NEWTON, their discontinuous error in
    c.post_error); False where the state is not finite."""
    if c.kind != STATIC:
        aa, a = w.a_alg, w.a
        if c.newmark != 0:
            copy(a, aa)
        else:
            k = (1 - c.alpha_f) / (1 - c.alpha_m)
            for i in range(aa.shape[0]):
                aa[i] = aa[i] + k * a[i]
        copy(aa, w.state_a_alg)
    system.state.post_error = 0.0
    status = run_phase(system, AFTER_NEWTON)
    c.post_error = system.state.post_error
    for x in (w.q, w.lam):
        for i in range(x.shape[0]):
            if not np.isfinite(x[i]):
                return False
    if c.kind != STATIC:
        for i in range(w.v.shape[0]):
            if not np.isfinite(w.v[i]):
                return False
        if not ode1_finite(w):
            return False
    return status == 0
