"""The phases of a step of Exudyn's solver objects (main_solvers.py) and the user functions that
replace them.

A step is ``InitializeStep`` (``UpdateCurrentTime``: it.currentTime advanced by
it.currentStepSize; the state's time; the PreStepUserFunction), ``DiscontinuousIteration``
(``Newton`` and the PostNewtonUserFunction until its error is small; the implicit algorithmic
accelerations updated) and ``FinishStep`` (the PostStepUserFunction and the outputs). As in
Exudyn, ``Newton`` starts its predictor from the current state, and a script that steps by hand
sets ``solver.it.currentStepSize`` first. Without user functions a step is one step of the
compiled engine (the same as in ``SolveSteps``); with them (``SetUserFunctionNewton``, ...)
``SolveSteps`` runs the phases in Python, each replaced by its user function
``f(solver, mbs, simulationSettings)`` where one is set (as in Exudyn 1.13.6, a step does not
call the solver's PostNewton user function, only a direct ``PostNewton`` call does).
``ComputeNewtonResidual``,
``ComputeNewtonJacobian`` and ``ComputeNewtonUpdate`` are Newton's parts at the current state
with the step size it.currentStepSize (Exudyn's scaling: the ODE2 rows times beta h^2).
"""
from __future__ import annotations

import numpy as np

from ..engine.control import StepPhase, Status
from ..errors import ExudynValueError, InternalError, NotImplementedFeatureError, SolverError
from .base import END_TIME_TOLERANCE

USER_FUNCTIONS = ("ComputeNewtonJacobian", "ComputeNewtonResidual", "ComputeNewtonUpdate", "DiscontinuousIteration",
                  "FinishStep", "InitializeStep", "Newton", "PostNewton", "UpdateCurrentTime")
# the engine's fields a single step sets (restored after it)
_STEP_FIELDS = ("t_end", "t_lim", "adaptive", "max_steps", "done", "pre_step_slot", "output_on", "post_newton")
_NEWTON_PARTS = ("ComputeNewtonJacobian", "ComputeNewtonResidual", "ComputeNewtonUpdate")


def post_newton_on(inner):
    """1 if the inner solver's converged Newton solves go to its post-Newton step (a
    PostNewtonUserFunction, or items switching data coordinates)."""
    on = getattr(inner, "post_newton_on", None)
    return on() if on is not None else int(bool(inner.mbs._user_functions["postNewton"]))


def time_before(t_new, h):
    """A time t with t + h == t_new in floating point where there is one (else t_new - h)."""
    t = t_new - h
    for _ in range(4):
        if t + h == t_new:
            return t
        t = np.nextafter(t, np.inf if t + h < t_new else -np.inf)
    return t_new - h


class StepwiseMethods:
    """The step phases of MainSolverBase (mixed into it)."""
    _stop = False
    _initial_output = False
    _steps_done = 0

    def _dispatch(self, name, default, mbs, sims, *extra):
        """The user function set for ``name`` (not while it runs: a call from inside it gets the
        default), else ``default()``."""
        f = self._user.get(name)
        active = self.__dict__.setdefault("_active", set())
        if f is None or name in active:
            return default()
        active.add(name)
        try:
            return f(self, mbs, sims, *extra)
        finally:
            active.discard(name)

    # ---------------------------------------------------------------- time and step size
    def UpdateCurrentTime(self, mainSystem, simulationSettings):
        """it.currentTime advanced by it.currentStepSize (the last step cut at it.endTime); without
        adaptive or automatic step size startTime + currentStepIndex * currentStepSize."""
        return self._dispatch("UpdateCurrentTime", self._update_current_time, mainSystem, simulationSettings)

    def _update_current_time(self):
        it = self._it
        h = it.currentStepSize
        if self.kind == "static" or it.adaptiveStep or it.automaticStepSize:
            if it.currentTime + h > it.endTime:
                h = it.currentStepSize = it.endTime - it.currentTime
            it.currentTime += h
        else:
            it.currentTime = it.startTime + it.currentStepIndex * h

    def ReduceStepSize(self, mainSystem, simulationSettings, severity):
        """it.currentStepSize reduced after a failed step (min(0.75 h, it.recommendedStepSize) or h
        times the solver's decrease factor, not below it.minStepSize); False at the minimum."""
        inner, it = self._require(), self._it
        h = it.currentStepSize
        if h <= it.minStepSize:
            return False
        it.currentStepSize = inner.reduced_step_size(h, it.minStepSize, inner._time[6])
        return True

    def IncreaseStepSize(self, mainSystem, simulationSettings):
        """it.currentStepSize times the solver's increase factor, not above it.maxStepSize."""
        inner, it = self._require(), self._it
        if not it.automaticStepSize:
            it.currentStepSize = min(it.maxStepSize, it.currentStepSize * inner._time[7])

    # ---------------------------------------------------------------- the phases of a step
    def InitializeStep(self, mainSystem, simulationSettings):
        """UpdateCurrentTime, the state's time, the PreStepUserFunction (False: stop after the step)."""
        def default():
            inner = self._require()
            self.UpdateCurrentTime(mainSystem, simulationSettings)
            cur = inner.current
            cur.t = self._it.currentTime
            inner.eq.bind(cur.q, cur.v, cur.t)
            if not inner.call_step_function("preStep", cur.t):
                self._stop = True
        return self._dispatch("InitializeStep", default, mainSystem, simulationSettings)

    def DiscontinuousIteration(self, mainSystem, simulationSettings):
        """Newton and PostNewton of the step to it.currentTime until the post-Newton error is below
        discontinuous.iterationTolerance; True on success."""
        def default():
            if any(k in self._user for k in ("Newton",) + _NEWTON_PARTS):
                return self._python_discontinuous_iteration(mainSystem, simulationSettings)
            it = self._it
            ok = self._engine_step(post_newton=True)
            if not post_newton_on(self._require()):
                it.discontinuousIteration = 1
                it.discontinuousIterationsCount += 1
            return ok
        return bool(self._dispatch("DiscontinuousIteration", default, mainSystem, simulationSettings))

    def Newton(self, mainSystem, simulationSettings):
        """The Newton solve of the step to it.currentTime (predictor from the current state, step
        size it.currentStepSize); True if it converged."""
        def default():
            if any(k in self._user for k in _NEWTON_PARTS):
                return self._python_newton(mainSystem, simulationSettings)
            return self._engine_step(post_newton=False, update_alg=False)
        return bool(self._dispatch("Newton", default, mainSystem, simulationSettings))

    def FinishStep(self, mainSystem, simulationSettings):
        """The PostStepUserFunction (False: stop after the step) and the outputs at it.currentTime."""
        def default():
            inner = self._require()
            if not inner.finish_step(self._it.currentTime, initial=self._initial_output):
                self._stop = True
        self._dispatch("FinishStep", default, mainSystem, simulationSettings)

    def _post_newton(self):
        """The PostNewtonUserFunction's error at the current state (its recommended step size into
        it.recommendedStepSize); 0 without one."""
        inner = self._require()
        post = inner.mbs._user_functions["postNewton"]
        if not post:
            return 0.0
        cur = inner.current
        inner.eq.bind(cur.q, cur.v, cur.t)
        err, h_rec = inner.call_post_newton(cur.t)
        if inner.discontinuous_settings().useRecommendedStepSize:
            self._it.recommendedStepSize = h_rec
        return err

    # ---------------------------------------------------------------- one step of the engine
    def _engine_step(self, post_newton, update_alg=True):
        """One step of the compiled engine from the current state to it.currentTime with step size
        it.currentStepSize (no preStep call, no output); True if it converged. ``update_alg`` False:
        the algorithmic accelerations as the predictor left them (Newton alone)."""
        inner, it = self._require(), self._it
        h, t_new = float(it.currentStepSize), float(it.currentTime)
        if h == 0 or not np.isfinite(h):
            raise ExudynValueError(f"{type(self).__name__}: it.currentStepSize must be finite and nonzero for a step "
                                   f"(set it before stepping by hand); received {h}")
        e, cur = inner.engine, inner.current
        saved = {k: e[k] for k in _STEP_FIELDS}
        implicit = self.kind == "implicit"
        a_pre, a_alg_pre = (cur.a.copy(), inner.a_alg.copy()) if implicit else (None, None)
        e["t"], e["h"] = time_before(t_new, h), h
        e["t_end"] = e["t_lim"] = np.inf
        e["adaptive"], e["max_steps"], e["done"], e["stop"] = 1, 1, 0, 0
        e["pre_step_slot"], e["output_on"], e["step_phase"] = 0, 0, int(StepPhase.NEW)
        e["post_newton"] = post_newton_on(inner) if post_newton else 0
        if self.kind == "explicit":
            e["fresh"] = 1
        if inner.mbs.solverSignalJacobianUpdate:
            inner.mbs.solverSignalJacobianUpdate = False
            e["signal_jacobian"] = 1
        inner.eq.bind(cur.q, cur.v, cur.t)
        inner._redo = False
        try:
            status = inner.engine_steps()
        finally:
            for k, v in saved.items():
                e[k] = v
        cur.t = t_new
        inner.sync_statistics()
        self._after_steps()
        if implicit and not update_alg:
            self._predicted_a_algorithmic(a_pre, a_alg_pre)
        return status in (Status.DONE, Status.OUTPUT, Status.STOPPED)

    def _predicted_a_algorithmic(self, a_pre, a_alg_pre):
        """The algorithmic accelerations of the predictor from (a_pre, a_alg_pre)."""
        inner = self._inner
        if inner.newmark:
            a_alg = a_alg_pre
        else:
            am, af = inner.alpha_m, inner.alpha_f
            a_alg = (af * a_pre - am * a_alg_pre) / (1.0 - am)
        inner.a_alg[:] = a_alg
        inner.current.a_alg[:] = a_alg

    def _update_a_algorithmic(self):
        """The algorithmic accelerations after a converged Newton solve (generalized-alpha:
        a_alg += (1 - alpha_f) / (1 - alpha_m) q_tt; Newmark: q_tt)."""
        inner = self._inner
        a = inner.current.a
        if inner.newmark:
            inner.a_alg[:] = a
        else:
            inner.a_alg += (1.0 - inner.alpha_f) / (1.0 - inner.alpha_m) * a
        inner.current.a_alg[:] = inner.a_alg

    # ---------------------------------------------------------------- Python iterations (user functions)
    def _python_discontinuous_iteration(self, mbs, sims):
        """DiscontinuousIteration through the (possibly replaced) Newton."""
        inner, it, conv = self._require(), self._it, self._conv
        ds = inner.discontinuous_settings()
        cur = inner.current
        start = {k: getattr(cur, k).copy() for k in ("q", "v", "a", "lam", "y", "y_t", "a_alg")}
        a_alg0 = inner.a_alg.copy() if self.kind == "implicit" else None
        it.discontinuousIteration = 0
        while True:
            if not self.Newton(mbs, sims):
                return False
            if self.kind == "implicit":
                self._update_a_algorithmic()
            it.discontinuousIteration += 1
            it.discontinuousIterationsCount += 1
            err = self._post_newton()   # (the system's PostNewtonUserFunction, as Exudyn's step)
            conv.discontinuousIterationError = err
            if not err > ds.iterationTolerance or int(ds.maxIterations) == 0:    # (NaN accepted, as Exudyn)
                return True
            if it.discontinuousIteration >= int(ds.maxIterations):
                if ds.ignoreMaxIterations:
                    return True
                conv.discontinuousIterationSuccessful = False
                return False
            for k, v in start.items():        # the step again (the data coordinates kept)
                getattr(cur, k)[:] = v
            if a_alg0 is not None:
                inner.a_alg[:] = a_alg0

    def _python_newton(self, mbs, sims):
        """Full Newton through the (possibly replaced) ComputeNewtonUpdate, ComputeNewtonResidual and
        ComputeNewtonJacobian (Newton's settings: tolerances, maxIterations)."""
        inner, it, conv = self._require(), self._it, self._conv
        ns = inner.newton_settings
        rel, abs_tol = float(ns.relativeTolerance), float(ns.absoluteTolerance)
        self.ComputeNewtonUpdate(mbs, sims, True)
        r0 = float(self.ComputeNewtonResidual(mbs, sims))
        r0 = max(r0, 2.0 * abs_tol)
        conv.newtonConverged = False
        it.newtonSteps = 0
        for k in range(1, int(ns.maxIterations) + 1):
            self.ComputeNewtonJacobian(mbs, sims)
            it.newtonJacobiCount += 1
            try:
                self._solution = np.linalg.solve(self._jacobian, self._residual)
            except np.linalg.LinAlgError:
                conv.linearSolverFailed = True
                return False
            self.ComputeNewtonUpdate(mbs, sims, False)
            r = float(self.ComputeNewtonResidual(mbs, sims))
            it.newtonSteps = k
            it.newtonStepsCount += 1
            if ns.adaptInitialResidual and k == 1 and r > r0:
                r0 = r
            conv.lastResidual, conv.residual = conv.residual, r
            if r / r0 <= rel or r <= abs_tol or not ns.active:
                conv.newtonConverged = True
                return True
        return False

    # ---------------------------------------------------------------- Newton's parts
    def _set_coefficients(self):
        """The engine's step coefficients for the current state's time and it.currentStepSize."""
        from ..engine.entry import Mode
        inner = self._require()
        e, cur = inner.engine, inner.current
        h = float(self._it.currentStepSize)
        e["t_new"], e["h_step"] = cur.t, h
        if h > 0 or self.kind == "static":
            e.call(Mode.COEFFICIENTS)
        else:
            inner.coef[:] = 0.0                 # (no step size: the ODE2 rows scaled by zero)
        inner.eq.bind(cur.q, cur.v, cur.t)
        return inner, e

    def ComputeNewtonResidual(self, mainSystem, simulationSettings):
        """The Newton residual at the current state into the system residual (ODE2 rows times
        beta h^2 for the implicit solver, the static solver's loads times the load factor); returns
        its norm (the unscaled residual's)."""
        def default():
            from ..engine.entry import Mode
            inner, e = self._set_coefficients()
            e.call(Mode.RESIDUAL)
            self._residual = self._system_vector(inner.rbar_buffer)
            return float(e["error"])
        return float(self._dispatch("ComputeNewtonResidual", default, mainSystem, simulationSettings))

    def _newton_matrix(self):
        """The Newton matrix at the current state with the step's coefficients."""
        from ..engine.entry import Mode
        inner, e = self._set_coefficients()
        e.call(Mode.RESIDUAL)                   # (the kinematics and constraint blocks at the state)
        J = inner.python_newton_matrix() if inner.python_jacobian() else e.newton_matrix(dense=True)
        return self._system_matrix(inner.adjust_matrix(J))

    def ComputeNewtonJacobian(self, mainSystem, simulationSettings):
        """The Newton matrix at the current state into the system Jacobian."""
        def default():
            self._jacobian = self._newton_matrix()
            return True
        self._dispatch("ComputeNewtonJacobian", default, mainSystem, simulationSettings)

    def ComputeNewtonUpdate(self, mainSystem, simulationSettings, initial=True):
        """``initial``: the predictor from the current state (lambda = 0; implicit: q, q_t and the
        algorithmic accelerations of the step, q_tt = 0); else the update by GetNewtonSolution's
        increment (q -= dq; implicit: q_t -= gamma' dq, q_tt -= beta' dq, lambda -= dlambda / (beta h^2))."""
        def default():
            inner, _ = self._set_coefficients()
            if self._sizes[1] or (self.kind == "implicit" and inner.lie_groups()):
                raise NotImplementedFeatureError(
                    f"{type(self).__name__}.ComputeNewtonUpdate: systems with ODE1 coordinates or Lie-group nodes "
                    "are stepped by the engine only (use Newton or DiscontinuousIteration)")
            if initial:
                self._predictor(inner)
            else:
                self._update(inner)
            return True
        self._dispatch("ComputeNewtonUpdate", default, mainSystem, simulationSettings, bool(initial))

    def _predictor(self, inner):
        cur = inner.current
        cur.lam[:] = 0.0
        if self.kind == "static":
            return
        h, b, g = float(self._it.currentStepSize), inner.beta, inner.gamma
        if inner.newmark:
            cur.q += h * cur.v + h * h * (0.5 - b) * cur.a
            cur.v += h * (1.0 - g) * cur.a
        else:
            am, af = inner.alpha_m, inner.alpha_f
            a_alg = inner.a_alg.copy()
            at = (af * cur.a - am * a_alg) / (1.0 - am)
            cur.q += h * cur.v + h * h * (0.5 - b) * a_alg + h * h * b * at
            cur.v += h * (1.0 - g) * a_alg + h * g * at
            inner.a_alg[:] = at
            cur.a_alg[:] = at
        cur.a[:] = 0.0

    def _update(self, inner):
        cur = inner.current
        n2 = self._sizes[0]
        dq, dlam = self._solution[:n2], self._solution[n2 + self._sizes[1]:]
        cur.q -= dq
        if self.kind == "static":
            cur.lam -= dlam
            return
        gamma_p, beta_p, bh2 = inner.coef[:3]
        cur.v -= gamma_p * dq
        cur.a -= beta_p * dq
        cur.lam -= dlam / bh2


class ExplicitStepMethods:
    """What the explicit solver object has instead of Newton (Exudyn: no Newton; its parts raise)."""

    def Newton(self, mainSystem, simulationSettings):
        return True

    def ComputeNewtonResidual(self, mainSystem, simulationSettings):
        raise InternalError("CSolverBase::illegal call to ComputeNewtonResidual")

    def ComputeNewtonJacobian(self, mainSystem, simulationSettings):
        raise InternalError("CSolverBase::illegal call")

    def ComputeNewtonUpdate(self, mainSystem, simulationSettings, initial=True):
        raise InternalError("CSolverBase::illegal call to ComputeNewtonUpdate")

    def DiscontinuousIteration(self, mainSystem, simulationSettings):
        """One explicit step to it.currentTime with step size it.currentStepSize; True on success."""
        return bool(self._dispatch("DiscontinuousIteration", lambda: self._engine_step(post_newton=False),
                                   mainSystem, simulationSettings))


class UserFunctionSetters:
    """SetUserFunction... of the implicit solver object: ``f(solver, mbs, simulationSettings)``
    replaces the phase (ComputeNewtonUpdate: ``f(solver, mbs, simulationSettings, initial)``);
    a phase's user function is used by SolveSteps and SolveSystem, which then run the phases in
    Python, and by a direct call of the phase."""

    def _set_user_function(self, name, mainSystem, userFunction):
        if userFunction == 0 or userFunction is None:
            self._user.pop(name, None)
            return
        if not callable(userFunction):
            raise ExudynValueError(f"{type(self).__name__}.SetUserFunction{name}: expected a Python function "
                                   f"(solver, mbs, simulationSettings), received {type(userFunction).__name__}")
        self._user[name] = userFunction

    def SetUserFunctionComputeNewtonJacobian(self, mainSystem, userFunction):
        self._set_user_function("ComputeNewtonJacobian", mainSystem, userFunction)

    def SetUserFunctionComputeNewtonResidual(self, mainSystem, userFunction):
        self._set_user_function("ComputeNewtonResidual", mainSystem, userFunction)

    def SetUserFunctionComputeNewtonUpdate(self, mainSystem, userFunction):
        self._set_user_function("ComputeNewtonUpdate", mainSystem, userFunction)

    def SetUserFunctionDiscontinuousIteration(self, mainSystem, userFunction):
        self._set_user_function("DiscontinuousIteration", mainSystem, userFunction)

    def SetUserFunctionFinishStep(self, mainSystem, userFunction):
        self._set_user_function("FinishStep", mainSystem, userFunction)

    def SetUserFunctionInitializeStep(self, mainSystem, userFunction):
        self._set_user_function("InitializeStep", mainSystem, userFunction)

    def SetUserFunctionNewton(self, mainSystem, userFunction):
        self._set_user_function("Newton", mainSystem, userFunction)

    def SetUserFunctionPostNewton(self, mainSystem, userFunction):
        self._set_user_function("PostNewton", mainSystem, userFunction)

    def SetUserFunctionUpdateCurrentTime(self, mainSystem, userFunction):
        self._set_user_function("UpdateCurrentTime", mainSystem, userFunction)

    def PostNewton(self, mainSystem, simulationSettings):
        """The post-Newton error of the step (PostNewtonUserFunction; 0 without one)."""
        return float(self._dispatch("PostNewton", self._post_newton, mainSystem, simulationSettings))


def python_steps(solver, mbs, sims):
    """SolveSteps through the solver object's phases (user functions set): from it.currentTime to
    it.endTime; a failed step is done again with a reduced step size (adaptive step)."""
    inner, it = solver._inner, solver._it
    cur, start = inner.current, inner.start_of_step
    t_end = it.endTime
    t_lim = t_end - END_TIME_TOLERANCE
    adaptive, h_max, rec_steps, rec_its = inner._time[5], inner._time[3], inner._time[8], inner._time[9]
    inner.output_manager.t_end = t_end
    if not it.currentStepSize > 0:
        it.currentStepSize = float(inner.engine["h"])
    cur.t = it.currentTime
    solver._stop = False
    solver._initial_output = True
    solver.FinishStep(mbs, sims)
    solver._initial_output = False
    steps = since = 0
    while (steps == 0 or it.currentTime < t_lim) and not solver._stop:     # (one step at least: steploop.py)
        start.copy_from(cur)
        a_alg0 = inner.a_alg.copy() if solver.kind == "implicit" else None
        it.currentStepIndex = solver._steps_done + 1
        solver.InitializeStep(mbs, sims)
        if solver.DiscontinuousIteration(mbs, sims):
            steps, since = steps + 1, since + 1
            solver._steps_done += 1
            it.lastStepSize = it.currentStepSize
            it.currentStepIndex = solver._steps_done + 1
            solver.FinishStep(mbs, sims)
            if adaptive and since >= rec_steps and it.currentStepSize < h_max \
                    and it.newtonSteps + it.discontinuousIteration <= rec_its:
                solver.IncreaseStepSize(mbs, sims)
                since = 0
            continue
        cur.copy_from(start)
        if a_alg0 is not None:
            inner.a_alg[:] = a_alg0
        it.currentTime = start.t
        if not (adaptive and solver.ReduceStepSize(mbs, sims, 1)):
            solver._conv.stepReductionFailed = True
            raise SolverError(f"{type(solver).__name__}.SolveSteps: the step at t={start.t + it.currentStepSize:g} "
                              f"failed and its step size {it.currentStepSize:g} cannot be reduced")
        since = 0
    it.currentStepIndex = steps + 1
    inner.engine["t"] = it.currentTime
    solver._output.finishedSuccessfully = True
    return True
