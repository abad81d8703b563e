"""The engine's control record and statuses: named fields, named results.

A solver run keeps its settings, its step and Newton state and its statistics in one NumPy
record (``new_control()``, dtype CONTROL) that the compiled code reads and writes as fields
(``c.h``, ``c.it``) and Python reads and writes by name (``ctl["h"]``): no positional protocol
between the two. A compiled call returns a ``Status`` that says what Python must do next.
"""
from __future__ import annotations

from enum import IntEnum

import numpy as np

__all__ = ["Status", "CONTROL", "new_control", "Kind", "FactorKind", "Refactor", "LieMode", "MassMode",
           "StepPhase"]


class Status(IntEnum):
    """What a compiled call of the engine (engine/entry.py ``run``) ended with."""
    DONE = 0            # the steps of the call are done (its step count or the end time reached)
    OUTPUT = 1          # a step is done whose output is due and there is no output call back
    STOPPED = 2         # a call back asked to stop (after the step it was called for)
    NEED_JACOBIAN = 3   # Newton needs a Newton matrix Python makes and factorizes; then call again
    NEED_SOLVE = 4      # Newton needs J delta = rbar solved by Python (ws.delta); then call again
    NOT_CONVERGED = 5   # Newton failed: the state is back at the start of the step
    NONFINITE = 6       # NaN or Inf in a residual or the new state: back at the start of the step
    PYTHON_STEP = 7     # the preStep call back changed what the steps depend on: Python goes on
    POST_NEWTON = 8     # Newton converged and a postNewton function is set: Python decides, then
                        # calls again (ACCEPT the step, or REDO it from its start)
    SINGULAR_MASS = 9   # explicit solvers: a zero pivot of the mass matrix (c.bad: its coordinate)
    MIN_STEP = 10       # explicit automatic step size: at the minimum step size (warning or failure)
    GROUP_FAILED = 11   # a group kernel returned a nonzero status (c.bad)
    INVALID = -1        # an unknown mode


class Kind(IntEnum):
    """The solver a control record drives."""
    IMPLICIT = 0        # generalized-alpha, Newmark, index 2 (ImplicitSecondOrderSolver)
    STATIC = 1          # static solver with load steps
    EXPLICIT = 2        # explicit Runge-Kutta methods
    VERLET = 3          # velocity Verlet


class FactorKind(IntEnum):
    """How Newton solves with the current factorization."""
    NONE = 0            # none yet
    TRIANGULAR = 1      # the triangular factors in the workspace (dense or sparse LU, L D L^T)
    LEAST_SQUARES = 2   # singular J: full-pivot LU (kernels/linalg.py full_pivot_solve), J x = r checked
    PYTHON = 3          # Python solves (NEED_SOLVE)


class Refactor(IntEnum):
    """How a new Newton matrix of the same pattern is factorized in compiled code."""
    NONE = 0            # not: Python makes and factorizes it (NEED_JACOBIAN)
    DENSE = 1           # the dense LU kernel (n <= DENSE_COMPILED_MAX)
    SPARSE = 2          # lu_refactor with the pivot order of the last full factorization
    LEAST_SQUARES = 3   # the full-pivot LU of a singular J (kernels/linalg.py full_pivot_lu)


class LieMode(IntEnum):
    NONE = 0            # additive updates of every coordinate
    COMPOSE = 1         # rotation rows of Lie-group nodes composed: q o exp(-dq) (solvers.md 4.9)
    SIMPLIFIED = 2      # Bruels-Cardona: the increment accumulated additively, q = q_n o exp(increment)


class MassMode(IntEnum):
    """M^-1 f of the explicit solvers."""
    DIAGONAL = 0        # a constant diagonal mass matrix: its inverse diagonal (ws.inv_m)
    BLOCKS = 1          # block diagonal (the body groups' blocks cover every coordinate once)
    FACTORS = 2         # a constant mass matrix factorized by Python (the triangular factors)
    DENSE = 3           # the mass matrix assembled and factorized at every evaluation (dense LU)
    PER_BODY = 4        # computeMassMatrixInversePerBody: the sum of the blocks' inverses


class StepPhase(IntEnum):
    """Where a step in progress stands (the step of a compiled call resumes there)."""
    NEW = 0             # no step begun
    NEWTON = 1          # its Newton solve is in progress
    CONVERGED = 2       # Newton converged; the postNewton function pending (POST_NEWTON)
    REDO = 3            # Python asked for the step's Newton solve again (discontinuous iteration)
    ACCEPT = 4          # Python accepted the step after POST_NEWTON


_I = np.int64
_F = np.float64
CONTROL = np.dtype([
    # the solver and the system
    ("kind", _I), ("n2", _I), ("nae", _I), ("n1", _I), ("index2", _I), ("newmark", _I), ("lie", _I),
    ("alpha_m", _F), ("alpha_f", _F), ("beta", _F), ("gamma", _F),
    # the steps: start and end time, the loop bound (end time less round-off), step sizes
    ("t0", _F), ("t_end", _F), ("t_lim", _F), ("h", _F), ("h_max", _F), ("h_min", _F), ("h_jac", _F),
    ("adaptive", _I), ("step", _I), ("t", _F), ("max_steps", _I), ("done", _I), ("t_new", _F),
    ("h_step", _F), ("roundoff", _I), ("step_phase", _I), ("t_eval", _F),
    # outputs and call backs (slots of kernels/user.py; 0: none)
    ("output_on", _I), ("next_output", _F), ("output_eps", _F), ("pre_step_slot", _I),
    ("pre_newton_slot", _I), ("post_newton", _I), ("stop", _I), ("python_step", _I), ("signal_jacobian", _I),
    # Newton's settings (solvers.md 3.1)
    ("max_iterations", _I), ("relative_tolerance", _F), ("absolute_tolerance", _F), ("newton_active", _I),
    ("adapt_initial_residual", _I), ("max_modified_iterations", _I), ("restart_limit", _I),
    ("contractivity", _F), ("max_solution_norm", _F), ("weighted", _I), ("residual_mode", _I),
    ("modified", _I), ("nd_rel_eps", _F), ("nd_min_size", _F),
    # Newton's state (resumed by the next call after NEED_JACOBIAN / NEED_SOLVE)
    ("newton_phase", _I), ("it", _I), ("r0", _F), ("r_last", _F), ("error", _F), ("extra", _I),
    ("restarted", _I), ("full", _I), ("jac_requested", _I), ("converged", _I), ("stop_newton", _I),
    ("diverged", _I), ("nonfinite", _I),
    # statistics
    ("newton_total", _I), ("newton_steps", _I), ("jacobians", _I), ("rejected_modified", _I),
    ("refactorizations", _I), ("bad", _I),
    # linear solves
    ("factor_kind", _I), ("refactor", _I), ("python_jacobian", _I), ("pivot_tol", _F), ("singular_pivot", _F),
    # static solver: load step duration, load factor, geometric load steps, ODE2 stabilizer
    ("load_T", _F), ("use_load_factor", _I), ("geometric", _I), ("geo_range", _F), ("n_load", _I),
    ("stabilizer", _F), ("load_factor", _F),
    # explicit solvers
    ("stages", _I), ("n_elim", _I), ("end_of_step_acc", _I), ("auto", _I), ("increase", _F), ("safety", _F),
    ("a_tol", _F), ("r_tol", _F), ("order_p", _F), ("warned", _I), ("rk_error", _F), ("rejected", _I),
    ("h_next", _F), ("n_rhs", _I), ("mass_mode", _I), ("fresh", _I), ("t_prev", _F), ("warn_time", _F),
    ("data_nodes", _I),
    # discontinuous iterations of items (AFTER_NEWTON's largest error; the explicit steps' redo)
    ("post_error", _F), ("disc_tol", _F), ("disc_max", _I), ("disc_count", _I),
    # the optional marker outputs the equations read (kernels/records.py MARKER_*)
    ("marker_outputs", _I),
])


def new_control(**values):
    """A control record (one element of dtype CONTROL), zero but for ``values`` (name -> value)."""
    ctl = np.zeros(1, dtype=CONTROL)
    for name, value in values.items():
        ctl[name] = value
    return ctl
