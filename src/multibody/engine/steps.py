"""The step loop of the implicit and static solvers (spec solvers.md 2), compiled and resumable.

Steps from the state at time c.t (c.step steps done) until c.max_steps steps are done in this call
or the time reaches c.t_lim: the start of the step, the preStep call back, Newton (engine/newton.py)
and the end of the step, the output call back where an output is due. A step in progress
(c.step_phase) goes on at the next call where Python had to make a Newton matrix or a solve, or
to decide on a postNewton function's result.
"""
from ..kernels._jit import njit
from ..kernels.records import NO
from ..kernels.user import user_call
from .control import StepPhase, Status
from .kinds import after_newton, begin_step, restore_start_of_step
from .newton import CONVERGED, START, newton

NEW, NEWTON, CONVERGED_STEP, REDO, ACCEPT = (int(StepPhase.NEW), int(StepPhase.NEWTON), int(StepPhase.CONVERGED),
                                             int(StepPhase.REDO), int(StepPhase.ACCEPT))
DONE, OUTPUT, STOPPED = int(Status.DONE), int(Status.OUTPUT), int(Status.STOPPED)
NOT_CONVERGED, NONFINITE, POST_NEWTON = int(Status.NOT_CONVERGED), int(Status.NONFINITE), int(Status.POST_NEWTON)


@njit
def output_due(c, t):
    """True if an output is due at time t (the end time, or the next output time reached)."""
    return c.output_on != 0 and (abs(t - c.t_end) <= c.output_eps or t - c.next_output >= -c.output_eps)


@njit
def step_done(c, t):
    """A step done at time t: its time, the counters. Returns OUTPUT (an output is due: Python
    writes it), STOPPED (a call back asked to stop) or DONE."""
    c.t = t
    c.step += 1
    c.done += 1
    if output_due(c, t):
        return OUTPUT
    if c.stop != 0:
        return STOPPED
    return DONE


@njit
def implicit_steps(system, w, c):
    """Implicit or static steps (c.kind); see the module docstring. Returns a Status: DONE (the
    call's steps or the end time), OUTPUT, STOPPED, NEED_JACOBIAN / NEED_SOLVE (call again when
    done), NOT_CONVERGED (the state back at the start of the step), NONFINITE (the state where it
    appeared), POST_NEWTON (Python runs the postNewton function, then sets ACCEPT or REDO and
    calls again) or GROUP_FAILED."""
    while True:
        phase = c.step_phase
        if phase == NEW:
            if c.done >= c.max_steps or not c.t < c.t_lim:
                return DONE
            begin_step(w, c)
            if c.pre_step_slot != 0:
                user_call(c.pre_step_slot, c.t_new, NO)
            c.newton_phase = START
            phase = c.step_phase = NEWTON
        elif phase == REDO:
            c.newton_phase = START
            phase = c.step_phase = NEWTON
        if phase == NEWTON:
            status = newton(system, w, c)
            if status != CONVERGED:
                if status != NOT_CONVERGED:
                    return status               # NEED_JACOBIAN, NEED_SOLVE, GROUP_FAILED: go on later
                c.step_phase = NEW
                if c.nonfinite != 0:
                    return NONFINITE
                restore_start_of_step(w, c, NO)
                return NOT_CONVERGED
            if not after_newton(system, w, c):
                c.nonfinite = 1
                c.step_phase = NEW
                return NONFINITE
            if c.post_newton != 0:
                c.step_phase = CONVERGED_STEP
                return POST_NEWTON
            phase = ACCEPT
        if phase == CONVERGED_STEP or phase == ACCEPT:
            c.step_phase = NEW
            status = step_done(c, c.t_new)
            if status != DONE:
                return status
