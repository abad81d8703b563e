"""Newton's method with Exudyn's modified-Newton logic (spec solvers.md 3.1), compiled and
resumable.

One Newton solve of the step in progress: the solver kind's predictor, residual and update
(engine/kinds.py), the solve with the current factorization, the Jacobian updates and restarts of
modified Newton. Where it needs Python (a Newton matrix Python makes and factorizes, a solve it
cannot do) it returns NEED_JACOBIAN or NEED_SOLVE with its state in the control record
(``newton_phase``, ``it``, ``r0``, ...); the next call goes on from there. Increments are
subtracted: J delta = rbar, xi <- xi - delta.
"""
import numpy as np

from ..kernels._jit import njit
from ..kernels.records import NO
from ..kernels.user import user_call
from .control import FactorKind, Status
from .linear import refactor, solve
from .kinds import STATIC, diverged, increment_norm, predictor, reset_to_start_of_step, residual, update
from .ode1 import ode1_jacobian

# newton_phase: where the next call goes on
START, ITERATION, SOLVE, AFTER_JACOBIAN, AFTER_SOLVE = 0, 1, 2, 3, 4
CONVERGED = 100             # (an internal result: the solve converged)
NEED_JACOBIAN = int(Status.NEED_JACOBIAN)
NEED_SOLVE = int(Status.NEED_SOLVE)
NOT_CONVERGED = int(Status.NOT_CONVERGED)
GROUP_FAILED = int(Status.GROUP_FAILED)
PYTHON = int(FactorKind.PYTHON)
NONE = int(FactorKind.NONE)


@njit
def pre_newton_residual(c, it):
    """The PreNewtonResidualUserFunction's call back (the iteration number in c.it)."""
    if c.pre_newton_slot != 0:
        keep = c.it
        c.it = it
        user_call(c.pre_newton_slot, c.t_new, NO)
        c.it = keep


@njit
def _start(system, w, c):
    """The predictor and the first residual; False if it is not finite (or a group failed)."""
    predictor(system, w, c)
    pre_newton_residual(c, 0)
    if residual(system, w, c) != 0:
        return False
    err = c.error
    c.stop_newton = c.diverged = c.nonfinite = c.converged = 0
    c.it = 0
    c.extra = c.restarted = 0
    c.full = 1 if c.modified == 0 else 0
    if not np.isfinite(err):
        c.stop_newton = c.diverged = c.nonfinite = 1
        return True
    r0 = err
    if c.residual_mode == 1:
        r0 = 2.0 * c.relative_tolerance
    if r0 <= c.absolute_tolerance:
        r0 = 2.0 * c.absolute_tolerance
    c.r0 = c.r_last = r0
    return True


@njit
def _after_iteration(system, w, c):
    """Newton's logic after the residual of iteration c.it (newton.newton's loop body): convergence,
    the extra step after a restart, divergence, Jacobian updates, restarts and the switch to full
    Newton."""
    r = c.error
    if not np.isfinite(r):
        c.stop_newton = c.diverged = c.nonfinite = 1
        return
    if c.residual_mode == 1:
        r = increment_norm(w, c)
        c.error = r
    it = c.it
    if c.adapt_initial_residual != 0 and it <= 1 and r > c.r0:
        c.r0 = c.r_last = r
    converged = (r / c.r0 <= c.relative_tolerance) or c.newton_active == 0 or r <= c.absolute_tolerance
    if c.extra != 0 and converged:
        c.extra = 0
        converged = False
    elif not converged:
        c.extra = 0
        div = diverged(w, c) or not np.isfinite(r)
        if div and c.full != 0:
            c.stop_newton = 1
            c.diverged = 1
        if c.full == 0 and it > c.max_modified_iterations:
            c.jac_requested = 1
        if c.full == 0 and it > c.restart_limit:
            c.full = 1
            c.rejected_modified += 1
        contractivity = r / c.r_last if c.r_last > 0 else np.inf
        c.r_last = r
        if c.full == 0 and c.modified != 0 and (div or (contractivity > c.contractivity and it > 2)):
            c.jac_requested = 1
            if c.restarted != 0:
                c.full = 1
                c.rejected_modified += 1
            if c.stop_newton == 0 and (div or contractivity > 2.0 or c.full != 0):
                c.restarted = 1
                reset_to_start_of_step(w, c)
                predictor(system, w, c)
                pre_newton_residual(c, it)
                residual(system, w, c)
                r = c.error
                if c.residual_mode == 0:
                    c.r0 = c.r_last = max(r, 2.0 * c.absolute_tolerance)
                c.extra = 1
    c.converged = 1 if converged else 0


@njit
def _iteration_start(system, w, c):
    """A new Jacobian where one is asked for (modified Newton's update, full Newton, the user's
    signal): made in compiled code where it can; True if Python must make it."""
    need = c.jac_requested != 0 or c.full != 0 or c.signal_jacobian != 0
    c.signal_jacobian = 0
    if not need:
        return False
    if c.n1 > 0 and c.kind != STATIC:
        if not ode1_jacobian(system, w, c):
            c.stop_newton = c.diverged = 1
            return False
        if c.n2 + c.nae == 0:       # first-order equations only
            c.jac_requested = 0
            c.jacobians += 1
            c.h_jac = c.h_step
            return False
    if c.python_jacobian == 0 and refactor(system, w, c):
        c.jac_requested = 0
        c.jacobians += 1
        c.h_jac = c.h_step
        return False
    return True


@njit
def newton(system, w, c):
    """One Newton solve (or its continuation after NEED_JACOBIAN / NEED_SOLVE): CONVERGED, or
    NOT_CONVERGED (c.stop_newton, c.diverged, c.nonfinite say why), NEED_JACOBIAN, NEED_SOLVE or
    GROUP_FAILED."""
    phase = c.newton_phase
    if phase == START:
        if not _start(system, w, c):
            return GROUP_FAILED
        phase = ITERATION
    while True:
        if phase == ITERATION:
            if c.converged != 0 or c.stop_newton != 0 or c.it >= c.max_iterations:
                break
            need = _iteration_start(system, w, c)
            if c.stop_newton != 0:
                break
            if need:
                c.newton_phase = AFTER_JACOBIAN
                return NEED_JACOBIAN
            phase = SOLVE
        elif phase == AFTER_JACOBIAN:
            c.jac_requested = 0
            phase = SOLVE
        if phase == SOLVE:
            c.it += 1
            if c.n2 + c.nae > 0 and (c.factor_kind == PYTHON or c.factor_kind == NONE
                                     or not solve(w, c, w.rbar, w.delta)):
                c.newton_phase = AFTER_SOLVE
                return NEED_SOLVE
        update(system, w, c)
        pre_newton_residual(c, c.it)
        if residual(system, w, c) != 0:
            return GROUP_FAILED
        _after_iteration(system, w, c)
        phase = ITERATION
    c.newton_phase = START
    c.newton_total += c.it
    c.newton_steps = c.it
    if c.converged != 0 and c.stop_newton == 0:
        return CONVERGED
    c.converged = 0
    return NOT_CONVERGED
