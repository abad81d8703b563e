"""The explicit solvers' steps (spec solvers.md 6), compiled: Runge-Kutta methods from their
tableaus with fixed or automatic step sizes (the embedded pairs' error control), velocity Verlet,
the elimination of ground CoordinateConstraints and the Lie-group integration of rotation-vector
nodes.

State y = [q; q_t; y1] with y_t = [q_t; M^-1 f(q, q_t, t); f1(t, y1)] (y1 the first-order
coordinates), lambda = 0 during the stages. The mass
solve by c.mass_mode (control.MassMode). The end-of-step accelerations and the multipliers of the
eliminated coordinates are made where Python sees the state (the last step of a call, a step
whose output is due); the steps in between do not read them.
"""
import numpy as np

from ..kernels._jit import njit
from ..kernels.assembly import blocks_solve, blocks_times_vector_add
from ..kernels.integration import lie_compose, lie_rate, rk_combine, rk_error, rk_increment, zero_eliminated
from ..kernels.linalg import dense_factor_solve, solve_factored
from ..kernels.records import AFTER_NEWTON, BODY_LIST, NO, group_at
from ..kernels.system import kinematics, ode1_rhs, residual, run_phase
from ..kernels.user import user_call
from .control import Kind, MassMode, Status
from .steps import output_due, step_done

DIAGONAL, BLOCKS, FACTORS, DENSE, PER_BODY = (int(MassMode.DIAGONAL), int(MassMode.BLOCKS), int(MassMode.FACTORS),
                                              int(MassMode.DENSE), int(MassMode.PER_BODY))
DONE = int(Status.DONE)
NONFINITE, SINGULAR_MASS, MIN_STEP, GROUP_FAILED = (int(Status.NONFINITE), int(Status.SINGULAR_MASS),
                                                    int(Status.MIN_STEP), int(Status.GROUP_FAILED))
VERLET = int(Kind.VERLET)
# c.auto: 0 no error estimate, 1 the automatic step size, FIXED_CHECKED a fixed step size whose
# error estimate must stay within the tolerance (an embedded pair without automaticStepSize and
# adaptiveStep)
FIXED_CHECKED = 2


@njit
def accelerations(system, w, c, t):
    """x = M^-1 f at the current (q, v) and t, f = -(residual at q_tt = 0, lambda = 0) into w.f, x into
    w.acc. Returns -1, the coordinate of a zero pivot of the mass matrix (c.bad), or -2 (a group
    kernel failed)."""
    n2 = c.n2
    if residual(system, w.q, w.v, w.za, w.zl, t, NO, NO, w.r) != 0:
        return -2
    c.n_rhs += 1
    f, x, r = w.f, w.acc, w.r
    for j in range(n2):
        f[j] = 0.0 - r[j]       # (not -r: a zero force +0, as Exudyn's)
    mode = c.mass_mode
    if mode == DIAGONAL:
        inv_m = w.inv_m
        for j in range(n2):
            x[j] = inv_m[j] * f[j]
        return -1
    if mode == FACTORS:
        solve_factored(w.L_ptr, w.L_ind, w.L_val, w.U_ptr, w.U_ind, w.U_val, w.U_diag, w.perm_r, w.perm_c, w.scale,
                       f, x, w.work)
        return -1
    members = system.members
    if mode == BLOCKS:
        for j in range(system.counts[BODY_LIST]):
            grp = group_at(system, members[BODY_LIST, j])
            bad = blocks_solve(grp.ltg, grp.M, f, x, c.singular_pivot)
            if bad >= 0:
                return bad
        return -1
    if mode == PER_BODY:
        return _per_body(system, w, c, f, x)
    # DENSE: the mass matrix assembled from the blocks and factorized
    M = w.mass_work[:n2 * n2].reshape((n2, n2))
    M[:] = 0.0
    for j in range(system.counts[BODY_LIST]):
        grp = group_at(system, members[BODY_LIST, j])
        ltg, B = grp.ltg, grp.M
        for i in range(ltg.shape[0]):
            for a in range(ltg.shape[1]):
                for b in range(ltg.shape[1]):
                    if ltg[i, a] >= 0 and ltg[i, b] >= 0:
                        M[ltg[i, a], ltg[i, b]] += B[i, a, b]
    return dense_factor_solve(M, w.mass_perm, f, x, c.singular_pivot)


@njit
def _per_body(system, w, c, f, x):
    """x = (sum of the bodies' inverse mass blocks) f (computeMassMatrixInversePerBody)."""
    for j in range(x.shape[0]):
        x[j] = 0.0
    members = system.members
    for j in range(system.counts[BODY_LIST]):
        grp = group_at(system, members[BODY_LIST, j])
        ltg, B = grp.ltg, grp.M
        n, wd = B.shape[0], B.shape[1]
        inv = np.empty((n, wd, wd))
        work = np.empty((wd, wd))
        perm = np.empty(wd, dtype=np.int64)
        e, col = np.zeros(wd), np.empty(wd)
        for i in range(n):
            for k in range(wd):
                work[:] = B[i]
                e[:] = 0.0
                e[k] = 1.0
                if dense_factor_solve(work, perm, e, col, c.singular_pivot) >= 0:
                    return ltg[i, 0]
                inv[i, :, k] = col
        blocks_times_vector_add(x, ltg, inv, f)
    return -1


@njit
def _save_start(w, c):
    """y0 = [q; v] and delta = [a; lambda] of the start of the step."""
    n2, y0, delta = c.n2, w.y0, w.delta
    for j in range(n2):
        y0[j] = w.q[j]
        y0[n2 + j] = w.v[j]
        delta[j] = w.a[j]
    for j in range(c.nae):
        delta[n2 + j] = w.lam[j]
    for j in range(c.n1):
        y0[2 * n2 + j] = w.y1[j]
        w.sy1_t[j] = w.y1_t[j]


@njit
def _restore_start(w, c):
    n2, y0, delta = c.n2, w.y0, w.delta
    for j in range(n2):
        w.q[j] = y0[j]
        w.v[j] = y0[n2 + j]
        w.a[j] = delta[j]
    for j in range(c.nae):
        w.lam[j] = delta[n2 + j]
    for j in range(c.n1):
        w.y1[j] = y0[2 * n2 + j]
        w.y1_t[j] = w.sy1_t[j]


@njit
def end_of_step(system, w, c, t1):
    """What Python sees of a step that ends at t1: the end-of-step accelerations (or those of the
    last stage, set before), the eliminated coordinates zero and their multipliers
    (f - M q_tt)_j / C_j from the residual at q_tt, lambda = 0. Returns -1 or a zero pivot's row."""
    bad = -1
    n2, k = c.n2, c.n_elim
    q, v, a, elim = w.q, w.v, w.a, w.elim
    eos = c.end_of_step_acc != 0
    if c.n1 > 0 and ode1_rhs(system, w.y1, t1, w.y1_t) != 0:
        return -2
    if eos:
        bad = accelerations(system, w, c, t1)
        for j in range(n2):
            a[j] = w.acc[j]
    if k > 0:
        for j in range(k):
            e = int(elim[j])
            q[e] = 0.0
            v[e] = 0.0
            a[e] = 0.0
        r = w.r
        if not eos or c.mass_mode != DIAGONAL:
            # (after the end-of-step accelerations with a diagonal mass matrix r is this residual at
            # the eliminated rows already: a_e = 0)
            residual(system, q, v, a, w.zl, t1, NO, NO, r)
            c.n_rhs += 1
        for j in range(k):
            e, cj = int(elim[j]), elim[3 * k + j]
            w.lam[int(elim[k + j])] = (0.0 - r[e]) / cj if elim[2 * k + j] != 0.0 and cj != 0.0 else 0.0
    return bad


@njit
def _stages(system, w, c, hs, tc):
    """The stage derivatives K of one try of a step of size hs from y0 at tc; the new state into
    w.y (q, v set to it). Returns -1, or the row of a zero pivot, or -2 (a group failed)."""
    s, n2, k, n1 = c.stages, c.n2, c.n_elim, c.n1
    m = 2 * n2 + n1
    tab, K, dy, y0, y = w.tableau, w.stages, w.dy, w.y0, w.y
    cc, b, A = tab[:s], tab[s:2 * s], tab[2 * s:2 * s + s * s].reshape((s, s))
    lie = w.lie
    q, v = w.q, w.v
    for i in range(s):
        rk_increment(A[i], K, i, hs, dy)
        for j in range(n2):
            q[j] = y0[j] + dy[j]
            v[j] = y0[n2 + j] + dy[n2 + j]
        for j in range(n1):
            w.y1[j] = y0[2 * n2 + j] + dy[2 * n2 + j]
        if lie.shape[0] > 0:
            lie_compose(lie, y0, dy, q)
        bad = accelerations(system, w, c, tc + cc[i] * hs)
        if bad != -1:
            return bad
        for j in range(n2):
            K[i, j] = v[j]
            K[i, n2 + j] = w.acc[j]
        if n1 > 0:
            if ode1_rhs(system, w.y1, tc + cc[i] * hs, w.r1) != 0:
                return -2
            for j in range(n1):
                K[i, 2 * n2 + j] = w.r1[j]
        if lie.shape[0] > 0:
            lie_rate(lie, dy, K[i])
    rk_combine(b, K, s, hs, y0, dy, y)
    if lie.shape[0] > 0:
        lie_compose(lie, y0, dy, y)
    zero_eliminated(w.elim, k, y, n2)
    for j in range(n2):
        q[j] = y[j]
        v[j] = y[n2 + j]
    for j in range(n1):
        w.y1[j] = y[2 * n2 + j]
    for j in range(m):
        if not np.isfinite(y[j]):
            return -3
    return -1


@njit
def _embedded_error(w, c, hs):
    """The error estimate of an embedded pair after a try of size hs (solvers.md 6.3) into
    c.rk_error (1 = at the tolerance), or -1.0 where not finite."""
    s, k = c.stages, c.n_elim
    tab, K, dy, y0, y, yh = w.tableau, w.stages, w.dy, w.y0, w.y, w.yh
    bh = tab[2 * s + s * s:3 * s + s * s]
    rk_combine(bh, K, s, hs, y0, dy, yh)
    if w.lie.shape[0] > 0:
        lie_compose(w.lie, y0, dy, yh)
    zero_eliminated(w.elim, k, yh, c.n2)
    for j in range(yh.shape[0]):
        if not np.isfinite(yh[j]):
            return -1.0
    e_try = rk_error(y0, y, yh, c.a_tol, c.r_tol)
    if not np.isfinite(e_try):
        return -1.0
    c.rk_error = e_try if e_try != 0.0 else 1e-12
    return c.rk_error


@njit
def _control(w, c, hs, t_new):
    """The automatic step size of an embedded pair after a try of size hs (solvers.md 6.3):
    1 accepted (c.h_next the next step size), 0 rejected (try again with c.h_next), -1 the
    reduction reached the minimum step size (the step fails), -3 not finite."""
    err = _embedded_error(w, c, hs)
    if err < 0.0:
        return -3
    h_opt = hs * (1.0 / err) ** (1.0 / c.order_p)
    h_new = min(min(c.h_max, c.increase * hs), max(c.h_min, c.safety * h_opt))
    c.h_next = h_new
    if h_new == c.h_min:
        if c.warned == 0:
            c.warned = 1
            c.warn_time = t_new     # (Python prints the warning after the call)
        return 1
    if not h_opt < hs:
        return 1
    if hs <= c.h_min * (1.0 + 1e-12):
        return -1
    return 0


@njit
def _step_size(c):
    """(size, end time) of the next try: the step loop's last step up to t_end where adaptive."""
    if c.adaptive != 0:
        hs = min(c.h, c.t_end - c.t) if c.t + c.h > c.t_end else c.h
        return hs, c.t + hs
    return c.h, c.t0 + (c.step + 1.0) * c.h


@njit
def _verlet(system, w, c, hs, t_new):
    """One velocity Verlet step: v_h = v + h/2 a, q = q + h v_h (eliminated coordinates zero),
    a = M^-1 f(q, v_h), v = v_h + h/2 a; the eliminated multipliers f_j / C_j."""
    n2, k = c.n2, c.n_elim
    q, v, a, elim = w.q, w.v, w.a, w.elim
    if c.n1 > 0:
        # the first-order coordinates by an explicit Euler step: y_t = f(t_new, y_n) (as Exudyn)
        if ode1_rhs(system, w.y1, t_new, w.y1_t) != 0:
            return -2
        for j in range(c.n1):
            w.y1[j] += hs * w.y1_t[j]
    dq = w.dy
    for j in range(n2):
        vh = v[j] + 0.5 * hs * a[j]
        dq[j] = hs * vh
        v[j] = vh
    lie = w.lie
    if lie.shape[0] > 0:
        # rotation-vector rows by composition: q_r = log(exp(q_r) exp(h v_h,r)) (w.yh holds them)
        lie_compose(lie, q, dq, w.yh)
    for j in range(n2):
        q[j] = q[j] + dq[j]
    for kk in range(lie.shape[0] // 2):
        r = int(lie[kk])
        q[r] = w.yh[r]
    for j in range(k):
        e = int(elim[j])
        q[e] = 0.0
        v[e] = 0.0
    bad = accelerations(system, w, c, t_new)
    if bad != -1:
        return bad
    x = w.acc
    for j in range(k):
        x[int(elim[j])] = 0.0
    for j in range(n2):
        v[j] = v[j] + 0.5 * hs * x[j]
        a[j] = x[j]
        if not (np.isfinite(q[j]) and np.isfinite(v[j])):
            return -3
    for j in range(k):
        e, cj = int(elim[j]), elim[3 * k + j]
        w.lam[int(elim[k + j])] = w.f[e] / cj if elim[2 * k + j] != 0.0 and cj != 0.0 else 0.0
    return -1


@njit
def _try_step(system, w, c, pre_step):
    """One step (the tries of the step-size control) from the start state, the preStep call back
    before each try where ``pre_step``; (result, size, end time): result -1 done, >= 0 a zero
    pivot's row, -2 a group failed, -3 not finite, -4 the step-size reduction reached the minimum,
    -5 the preStep call back asked to stop there."""
    while True:
        hs, t_new = _step_size(c)
        if pre_step and c.pre_step_slot != 0:
            _restore_start(w, c)
            c.t_new = t_new
            c.h_step = hs
            user_call(c.pre_step_slot, t_new, NO)
        if c.kind == VERLET:
            return _verlet(system, w, c, hs, t_new), hs, t_new
        if c.auto == FIXED_CHECKED and c.rk_error > 1.0:
            # a fixed step of an embedded pair after a step beyond the tolerance: the step size
            # would have to be reduced, which it may not (the state stays at the end of that step)
            return -4, hs, t_new
        bad = _stages(system, w, c, hs, c.t)
        if bad != -1 or c.auto == 0:
            return bad, hs, t_new
        if c.auto == FIXED_CHECKED:
            return (-3 if _embedded_error(w, c, hs) < 0.0 else -1), hs, t_new
        ok = _control(w, c, hs, t_new)
        if ok == 1:
            c.h = c.h_next
            return -1, hs, t_new
        if ok == -3:
            return -3, hs, t_new
        if ok == -1:
            return -4, hs, t_new
        c.rejected += 1
        c.h = c.h_next


@njit
def _step(system, w, c, pre_step):
    """One step from the start state with its end-of-step values where Python sees them: (result
    as _try_step's, size, end time, end time t_start + size, whether Python sees its end)."""
    n2 = c.n2
    bad, hs, t_new = _try_step(system, w, c, pre_step)
    t1 = c.t + hs
    last = False
    if bad == -1:
        if c.kind != VERLET and c.end_of_step_acc == 0:
            K = w.stages
            for j in range(n2):
                w.a[j] = K[c.stages - 1, n2 + j]
        due = output_due(c, t_new)
        last = (due or c.done + 1 >= c.max_steps or not t_new < c.t_lim or c.data_nodes != 0
                or c.pre_step_slot != 0)
        if last and c.kind != VERLET:
            bad = end_of_step(system, w, c, t1)
    return bad, hs, t_new, t1, last


@njit
def _switch_data(system, w, c, t1):
    """The data coordinates of connectors from the state at the end of the step (AFTER_NEWTON);
    True if their discontinuous error exceeds the tolerance (the step is done again with them)."""
    kinematics(system, w.q, w.v, t1, NO)
    system.state.post_error = 0.0
    run_phase(system, AFTER_NEWTON)
    c.post_error = system.state.post_error
    c.disc_count += 1
    return c.post_error > c.disc_tol


@njit
def explicit_steps(system, w, c):
    """Explicit steps from the state at c.t until c.max_steps are done in this call or the time
    reaches c.t_lim. Returns DONE, OUTPUT, STOPPED, NONFINITE, SINGULAR_MASS (c.bad), MIN_STEP (the
    step-size reduction failed at the minimum step size) or GROUP_FAILED; the state is back at the
    start of a step that failed. With data coordinates a step whose switching error exceeds the
    tolerance is done again with the switched data (at most c.disc_max tries: discontinuous
    iterations)."""
    while c.done < c.max_steps and c.t < c.t_lim:
        _save_start(w, c)
        for j in range(w.x.shape[0]):
            w.sx[j] = w.x[j]
        tries = 0
        while True:
            # (the preStep call back once per step, not again for a discontinuous iteration)
            bad, hs, t_new, t1, last = _step(system, w, c, tries == 0)
            if bad != -1:
                _restore_start(w, c)
                for j in range(w.x.shape[0]):
                    w.x[j] = w.sx[j]
                if c.fresh == 0:
                    # the start of this step ended a step whose end-of-step values were not made then
                    end_of_step(system, w, c, c.t_prev)
                c.fresh = 1
                if bad >= 0:
                    c.bad = bad
                    return SINGULAR_MASS
                return GROUP_FAILED if bad == -2 else MIN_STEP if bad == -4 else NONFINITE
            if c.data_nodes == 0:
                break
            tries += 1
            if not (_switch_data(system, w, c, t1) and tries < c.disc_max):
                break
            _restore_start(w, c)
            c.h = hs            # (done again with the size of the step, as Exudyn's)
        c.fresh = 1 if last else 0
        c.t_prev = t1
        c.h_step = hs
        status = step_done(c, t_new)
        if status != DONE:
            return status
    return DONE
