"""Shared bookkeeping of all solvers: iteration data, the step loop, reports.

A solver subclass implements ``initialize()`` and ``step_impl(h) -> (ok, message)``
and the time update; ``run()`` does the loop of spec solvers.md section 2:
pre-step user function, discontinuous iteration, step reduction on failure,
post-step user function and output.
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import SolverError, UserFunctionError

CFG = ConfigurationType


class SolverIterationData:
    def __init__(self):
        self.currentStepIndex = 0
        self.currentStepSize = 0.0
        self.currentTime = 0.0
        self.startTime = 0.0
        self.endTime = 0.0
        self.numberOfSteps = 0
        self.minStepSize = 0.0
        self.maxStepSize = 0.0
        self.initialStepSize = 0.0
        self.lastStepSize = 0.0
        self.adaptiveStep = True
        self.automaticStepSize = False
        self.automaticStepSizeError = 0.0
        self.newtonSteps = 0
        self.newtonStepsCount = 0
        self.newtonJacobiCount = 0
        self.discontinuousIteration = 0
        self.discontinuousIterationsCount = 0
        self.rejectedModifiedNewtonSteps = 0
        self.rejectedAutomaticStepSizeSteps = 0
        self.recommendedStepSize = -1.0


class SolverConvergenceData:
    def __init__(self):
        self.residual = 0.0
        self.lastResidual = 0.0
        self.contractivity = 0.0
        self.errorCoordinateFactor = 1.0
        self.discontinuousIterationError = 0.0
        self.discontinuousIterationSuccessful = True
        self.jacobianUpdateRequested = True
        self.linearSolverFailed = False
        self.linearSolverCausingRow = -1
        self.massMatrixNotInvertible = False
        self.newtonConverged = False
        self.newtonSolutionDiverged = False
        self.stepReductionFailed = False
        self.stopNewton = False


class SolverOutputData:
    def __init__(self):
        self.finishedSuccessfully = False
        self.initializationSuccessful = False
        self.verboseMode = 0
        self.verboseModeFile = 0
        self.stepInformation = 0
        self.writeToSolutionFile = False


class SolverTimer:
    FIELDS = ("total", "massMatrix", "ODE2RHS", "ODE1RHS", "AERHS", "jacobianODE2", "jacobianODE1",
              "jacobianAE", "totalJacobian", "factorization", "newtonIncrement", "integrationFormula",
              "reactionForces", "postNewton", "errorEstimator", "writeSolution", "visualization",
              "python", "overhead")

    def __init__(self):
        for f in self.FIELDS:
            setattr(self, f, 0.0)


class SolverBase:
    """Common state and the step loop."""
    solver_name = "solver"
    is_static = False

    def __init__(self, mbs, settings):
        self.mbs = mbs
        self.settings = settings
        self.c = mbs._compiled
        self.eq = self.c.equations
        self.it = SolverIterationData()
        self.conv = SolverConvergenceData()
        self.output = SolverOutputData()
        self.timer = SolverTimer()
        self.newton = None
        self.error_message = ""
        self.output_manager = None

    # ---------------------------------------------------------------- Exudyn-style accessors
    def GetSolverName(self):
        return self.solver_name

    def GetODE2size(self):
        return self.c.n_ode2

    def GetODE1size(self):
        return 0

    def GetAEsize(self):
        return self.c.n_ae

    def GetErrorString(self):
        return self.error_message

    # ---------------------------------------------------------------- user functions
    def call_step_function(self, key, t):
        f = self.mbs._user_functions[key]
        if not f:
            return True
        try:
            r = f(self.mbs, t)
        except Exception as exc:
            name = {"preStep": "PreStepUserFunction", "postStep": "PostStepUserFunction"}[key]
            raise UserFunctionError(f"{name} raised at t={t:g}: {type(exc).__name__}: {exc}") from exc
        return r is not False

    # ---------------------------------------------------------------- state helpers
    @property
    def current(self):
        return self.c.states[CFG.Current]

    @property
    def start_of_step(self):
        return self.c.states[CFG.StartOfStep]

    # ---------------------------------------------------------------- reports
    def describe_equation(self, row):
        """'ODE2 coordinate 4 (node 1 (NodePoint 'node1'), coordinate 1)' or the AE owner."""
        c = self.c
        if row < 0:
            return "unknown equation"
        if row < c.n_ode2:
            nodes = c.node_ode2_start
            k = int(np.searchsorted(nodes, row, side="right") - 1)
            while k > 0 and c.node_n_ode2[k] == 0:
                k -= 1
            owners = [c.describe("object", i) for i, l in enumerate(c.object_ltg_ode2) if row in l]
            txt = (f"ODE2 coordinate {row} ({c.describe('node', k)}, local coordinate "
                   f"{row - int(c.node_ode2_start[k])})")
            if owners:
                txt += "; used by " + ", ".join(owners[:4])
            return txt
        ae = row - c.n_ode2
        for i, l in enumerate(c.object_ltg_ae):
            if ae in l:
                return f"algebraic equation {ae} ({c.describe('object', i)}, equation {l.index(ae)})"
        for k in range(len(c.items["node"])):
            s, n = int(c.node_ae_start[k]), int(c.node_n_ae[k])
            if s <= ae < s + n:
                return f"algebraic equation {ae} ({c.describe('node', k)})"
        return f"algebraic equation {ae}"

    def largest_residuals(self, r, count=3):
        if r is None or not len(r):
            return ""
        a = np.abs(np.nan_to_num(r, nan=np.inf))
        idx = np.argsort(-a)[:count]
        return "; largest residuals: " + "; ".join(f"{self.describe_equation(int(i))}: {r[i]:.3e}"
                                                    for i in idx if a[i] > 0)

    def fail(self, message):
        self.error_message = message
        self.output.finishedSuccessfully = False
        raise SolverError(message)
