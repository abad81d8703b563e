"""Shared bookkeeping of all solvers: iteration data, the step loop, reports.

A solver subclass implements ``initialize()`` and ``step_impl(h) -> (ok, message)``
and the time update; ``run()`` does the loop of spec solvers.md section 2:
pre-step user function, discontinuous iteration, step reduction on failure,
post-step user function and output.
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..assembly.user_results import array_or_none, real_or_none, received_text
from ..errors import SolverError, UserFunctionError, UserFunctionResultError

CFG = ConfigurationType

# the step loop ends at a time within this (absolute) distance of the end time (Exudyn 1.13.6's,
# measured: 10 steps from 1000 to 1000 + 1e-6 are all done)
END_TIME_TOLERANCE = 1e-10


def _value_text(value):
    """A field's value as Exudyn prints it (booleans as 0/1, 6 significant digits)."""
    if isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return f"{float(value):g}"
    return str(value)


class SolverData:
    """Base of the solver's data structures: fields with defaults (``DEFAULTS``), printed as
    Exudyn prints them (alphabetical, case-insensitive)."""
    DEFAULTS = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, value in cls.DEFAULTS.items():       # (class attributes: the defaults, for introspection)
            setattr(cls, name, value)

    def __init__(self):
        self.InitializeData()

    def InitializeData(self):
        """Set every field to its default."""
        for name, value in self.DEFAULTS.items():
            setattr(self, name, value)

    def __repr__(self):
        name = type(self).__name__
        lines = [f"  {k} = {_value_text(getattr(self, k))}" for k in sorted(self.DEFAULTS, key=str.lower)]
        return f"<{name}:\n{name}:\n" + "\n".join(lines) + "\n\n >"


class SolverIterationData(SolverData):
    """Step and Newton counters of a solver (``solver.it``)."""
    DEFAULTS = dict(
        currentStepIndex=0, currentStepSize=0.0, currentTime=0.0, startTime=0.0, endTime=0.0, numberOfSteps=0,
        minStepSize=0.0, maxStepSize=0.0, initialStepSize=1e-6, lastStepSize=0.0, adaptiveStep=True,
        automaticStepSize=True, automaticStepSizeError=0.0, newtonSteps=0, newtonStepsCount=0,
        newtonJacobiCount=0, discontinuousIteration=0, discontinuousIterationsCount=0,
        rejectedModifiedNewtonSteps=0, rejectedAutomaticStepSizeSteps=0, recommendedStepSize=-1.0)

    def ToString(self):
        """The iteration statistics (displayStatistics)."""
        return ("Solver iteration statistics:\n"
                f"total number of steps:        {self.currentStepIndex - 1}\n"
                f"total number of Newton iterations: {self.newtonStepsCount}\n"
                f"total number of Newton Jacobians:  {self.newtonJacobiCount}\n")


class SolverConvergenceData(SolverData):
    """Newton and step convergence flags of a solver (``solver.conv``)."""
    DEFAULTS = dict(
        residual=0.0, lastResidual=0.0, contractivity=0.0, errorCoordinateFactor=1.0,
        discontinuousIterationError=0.0, discontinuousIterationSuccessful=True, jacobianUpdateRequested=True,
        linearSolverFailed=False, linearSolverCausingRow=-1, massMatrixNotInvertible=False, newtonConverged=False,
        newtonSolutionDiverged=False, stepReductionFailed=False, stopNewton=False)


class SolverOutputData(SolverData):
    """Output flags and times of a solver (``solver.output``)."""
    DEFAULTS = dict(
        finishedSuccessfully=False, initializationSuccessful=False, verboseMode=0, verboseModeFile=0,
        stepInformation=0, writeToSolutionFile=False, writeToSolverFile=False, cpuStartTime=0.0,
        cpuSolverStartTime=0.0, cpuLastTimePrinted=0.0, lastDiscontinuousIterationsCount=0, lastImageRecorded=0.0,
        lastNewtonJacobiCount=0, lastNewtonStepsCount=0, lastRestartWritten=0.0, lastSensorsWritten=0.0,
        lastSolutionWritten=0.0, lastVerboseStepIndex=0, multiThreadingMode=0, numberOfThreadsUsed=1,
        restartTime=-1.0, simulationStoppedByUser=False, simulationStoppedByUserFunction=False,
        simulationTimeout=False)


class SolverTimer(SolverData):
    """CPU times of a solver's parts (``solver.timer``; not measured here: they stay 0)."""
    FIELDS = ("total", "massMatrix", "ODE2RHS", "ODE1RHS", "AERHS", "jacobianODE2", "jacobianODE2_t", "jacobianODE1",
              "jacobianAE", "totalJacobian", "factorization", "newtonIncrement", "integrationFormula",
              "reactionForces", "postNewton", "errorEstimator", "writeSolution", "visualization",
              "python", "overhead", "realtimeIdleCPU")
    DEFAULTS = {**{f: 0.0 for f in FIELDS}, "useTimer": True}

    def Reset(self, useSolverTimer=True):
        """Every time 0; ``useSolverTimer`` into useTimer."""
        self.InitializeData()
        self.useTimer = bool(useSolverTimer)

    def Sum(self):
        """The sum of the times of the parts (total excluded)."""
        return sum(getattr(self, f) for f in self.FIELDS if f not in ("total", "realtimeIdleCPU"))

    def ToString(self):
        if self.total <= 0.0:
            return ("====================\nCPU-time statistics:\n  total CPU time is zero or not measured; "
                    "no statistics available!\n\n")
        lines = [f"  {f:<18} = {100.0 * getattr(self, f) / self.total:.4g}%" for f in self.FIELDS if f != "total"]
        return "====================\nCPU-time statistics:\n" + "\n".join(lines) + "\n\n"


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
        """The PreStep/PostStepUserFunction at t: False (also None or 0, as Exudyn) stops the
        solve after the step; a value that is not a bool or a number is refused."""
        f = self.mbs._user_functions[key]
        if not f:
            return True
        for g in self.c.constraint_groups:
            if hasattr(g, "update_items"):
                g.update_items()        # (item parameters the solve changes, as the function reads them)
        name = {"preStep": "PreStepUserFunction", "postStep": "PostStepUserFunction"}[key]
        try:
            r = f(self.mbs, t)
        except Exception as exc:
            raise UserFunctionError(f"{name} raised at t={t:g}: {type(exc).__name__}: {exc}") from exc
        if r is None or type(r) is bool:
            return bool(r)
        if real_or_none(r) is None:
            raise UserFunctionResultError(f"{name} returned {received_text(r)} at t={t:g}; expected a bool")
        return bool(r)

    def call_post_newton(self, t):
        """(error, recommended step size) of the PostNewtonUserFunction at t (the state bound);
        a value that is not a pair of numbers is refused."""
        post = self.mbs._user_functions["postNewton"]
        try:
            r = post(self.mbs, t)
        except Exception as exc:
            raise UserFunctionError(f"PostNewtonUserFunction raised at t={t:g}: {type(exc).__name__}: "
                                    f"{exc}") from exc
        a = array_or_none(r, (2,))
        if a is None:
            raise UserFunctionResultError(f"PostNewtonUserFunction returned {received_text(r)} at t={t:g}; "
                                          "expected [error, recommended step size] (2 real numbers)")
        return abs(float(a[0])), float(a[1])

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
