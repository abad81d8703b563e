"""The engine's one compiled entry point: ``run(mode, system, workspace, control, out)``.

Every solver run calls it (one compiled function to load per process, whatever the model and the
solver): the step loops, the Newton matrix and its compiled factorization, the solves, the
residual and the accelerations that Python's set-up needs. ``mode``: the Mode below.
"""
from enum import IntEnum

from numba import from_dtype, types

from ..kernels._jit import typed
from ..kernels.records import SystemRecord
from ..kernels.system import newton_values, scatter_values
from .control import CONTROL, Kind, Status
from .explicit import accelerations, explicit_steps
from .kinds import residual, restore_start_of_step, set_coefficients
from .linear import refactor, solve
from .steps import implicit_steps
from .workspace import Workspace

__all__ = ["Mode", "run"]


class Mode(IntEnum):
    STEPS = 0               # the solver kind's steps (implicit, static, explicit, Verlet)
    MATRIX_DENSE = 1        # the Newton matrix at the last residual's point into out (n n)
    MATRIX_SPARSE = 2       # the same as the data of the CSC pattern into out (nnz)
    REFACTOR = 3            # the Newton matrix factorized into the current factors (1 done, 0 not)
    SOLVE = 4               # w.delta = J^-1 w.rbar with the current factorization (1 done, 0 not)
    RESIDUAL = 5            # the residual of the current state (w.r, c.error, w.rbar)
    ACCELERATIONS = 6       # explicit: w.acc = M^-1 f at the current state (c.bad: a zero pivot)
    RESTORE_START = 7       # the state at the start of the step (out[0] = 1: keeping data coordinates)
    COEFFICIENTS = 8        # the step's coefficients (w.coef) for c.t_new, c.h_step


STEPS, MATRIX_DENSE, MATRIX_SPARSE, REFACTOR, SOLVE, RESIDUAL, ACCELERATIONS, RESTORE_START, COEFFICIENTS = (
    int(m) for m in Mode)
EXPLICIT, VERLET = int(Kind.EXPLICIT), int(Kind.VERLET)
INVALID, GROUP_FAILED = int(Status.INVALID), int(Status.GROUP_FAILED)


@typed(types.int64(types.int64, SystemRecord, Workspace, types.Array(from_dtype(CONTROL), 1, "C"),
                   types.float64[::1]))
def run(mode, system, w, ctl, out):
    """See the module docstring; returns a Status (or 1 / 0 for REFACTOR and SOLVE)."""
    c = ctl[0]
    s = system.state
    s.all_outputs = False
    s.marker_outputs = c.marker_outputs
    if mode == STEPS:
        if c.kind == EXPLICIT or c.kind == VERLET:
            return explicit_steps(system, w, c)
        return implicit_steps(system, w, c)
    if mode == MATRIX_DENSE or mode == MATRIX_SPARSE:
        status = newton_values(system, w.coef)
        scatter_values(system.vals, system.dense_slots if mode == MATRIX_DENSE else system.slots, out)
        return GROUP_FAILED if status != 0 else 0
    if mode == REFACTOR:
        return 1 if refactor(system, w, c) else 0
    if mode == SOLVE:
        return 1 if solve(w, c, w.rbar, w.delta) else 0
    if mode == RESIDUAL:
        return GROUP_FAILED if residual(system, w, c) != 0 else 0
    if mode == ACCELERATIONS:
        bad = accelerations(system, w, c, c.t)
        c.bad = bad
        return GROUP_FAILED if bad == -2 else 0
    if mode == RESTORE_START:
        restore_start_of_step(w, c, out.shape[0] > 0 and out[0] != 0.0)
        return 0
    if mode == COEFFICIENTS:
        set_coefficients(w, c)
        return 0
    return INVALID
