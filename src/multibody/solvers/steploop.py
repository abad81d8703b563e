"""The step loop of every solver (spec solvers.md 2) over the engine's compiled steps.

The steps themselves (predictor, Newton, the solver kind's update, the explicit stages) run in
engine/; this loop calls them in chunks of up to COMPILED_STEPS_MAX steps (one step at a time
where Python has something to do after each: a console line per step, real time, constraint
projection, a reduced adaptive step size) and does what their Status asks: outputs and the
postStep function, a Newton matrix (solvers/jacobian.py), a postNewton function's discontinuous
iteration, a step that failed (a smaller step, or the solver's error).
"""
from __future__ import annotations

import math
import time

import numpy as np

from ..engine.control import StepPhase, Status
from ..engine.entry import Mode
from ..output.manager import TIME_EPS as OUTPUT_TIME_EPS
from .base import END_TIME_TOLERANCE, SolverBase
from .report import Reporting

COMPILED_STEPS_MAX = 100   # steps per compiled call (Ctrl+C waits for the end of a call)

_realtime_clock, _realtime_sleep = time.perf_counter, time.sleep     # (tests replace them)


def wait_for_real_time(t, factor, wait, t0, wall0):
    """timeIntegration.realtime: sleep in steps of ``wait`` seconds until the wall clock since
    ``wall0`` reaches the simulated time since ``t0`` divided by ``factor`` (a step that took longer
    does not wait)."""
    target = (t - t0) / factor
    while True:
        left = target - (_realtime_clock() - wall0)
        if left <= 0.0:
            return
        _realtime_sleep(min(wait, left))


class StepFailed(Exception):
    """A step's Newton solve (or its postNewton iteration) failed: the step loop reduces the step
    size or reports the message."""


class StepLoop(Reporting, SolverBase):
    """Step loop shared by the dynamic and static solvers (spec solvers.md 2)."""
    engine = None           # engine/driver.py Engine of the run (made by the solver's initialize)
    _resumed = False        # begin_run took a restart file's state: no initial output

    def time_settings(self):
        """Return (t0, t_end, n, h_max, h_min, adaptive, decrease, increase, rec_steps, rec_its)."""
        raise NotImplementedError

    def initial_step_size(self, h_max):
        """Step size of the first step (error-controlled solvers override it)."""
        return h_max

    def reduced_step_size(self, h_try, h_min, dec):
        """Step size after a failed step (spec solvers.md 2, ReduceStepSize)."""
        rec = self.it.recommendedStepSize
        return max(h_min, min(0.75 * h_try, rec) if rec > 0 else h_try * dec)

    def discontinuous_settings(self):
        raise NotImplementedError

    # ---------------------------------------------------------------- the loop
    def run(self):
        """begin_run, solve_steps, end_run; the outputs closed on every way out (``abort``)."""
        try:
            self.begin_run()
            self.solve_steps()
            self.end_run()
        except BaseException:
            self.abort_run()
            raise
        return True

    def abort_run(self):
        """After an exception out of the run (a user function's, an interrupt): the output files
        closed with what the steps completed wrote, without footers (a failure of the solver
        itself wrote them before its error: ``fail_step``)."""
        if self.output_manager is not None:
            self.output_manager.abort()

    def begin_run(self):
        """The run's time data into the engine and ``it``, a restart file's state taken, the
        outputs opened, the first console lines (InitializeSolver's part of the loop)."""
        self._time = (t0, t_end, n, h_max, h_min, adaptive, dec, inc, rec_steps, rec_its) = self.time_settings()
        it, e = self.it, self.engine
        it.startTime, it.endTime, it.numberOfSteps = t0, t_end, n
        it.maxStepSize, it.minStepSize, it.adaptiveStep = h_max, h_min, adaptive
        it.automaticStepSize = bool(self.reported_automatic_step_size)
        it.currentTime = t0
        h = self.initial_step_size(h_max)
        e["t0"], e["h"], e["h_max"], e["h_min"] = t0, h, h_max, h_min
        e["adaptive"], e["step"], e["t"], e["step_phase"] = int(adaptive), 0, t0, int(StepPhase.NEW)
        e["output_eps"] = OUTPUT_TIME_EPS
        self.current.t = t0
        self.c.take_user_nonfinite()        # (a value noted before the run is not its cause)
        resume = self.restart_resume()
        if resume is not None:
            e["t"], e["step"] = resume["time"], resume["stepIndex"]
            e["h"] = resume["stepSize"] if resume["stepSize"] > 0 else h
            it.currentStepIndex, it.currentTime, it.currentStepSize = e["step"] + 1, e["t"], e["h"]
        self._resumed = resume is not None
        self.output_manager.begin(resume)
        self.report_start()

    def solve_steps(self):
        """The steps from the engine's time to ``it.endTime`` (SolveSteps): the output of the
        state it starts from (unless a restart file's), the steps, finishedSuccessfully. The
        first step is done even where the time is already within END_TIME_TOLERANCE of the end
        time or beyond it (as Exudyn 1.13.6: one step of endTime - startTime where startTime >
        endTime, one step of the step size for an interval below the tolerance)."""
        h_max, adaptive, inc, rec_steps, rec_its = (self._time[k] for k in (3, 5, 7, 8, 9))
        e = self.engine
        t_end = self.it.endTime
        t_lim = t_end - END_TIME_TOLERANCE
        e["t_end"], e["t_lim"] = t_end, t_lim
        self.output_manager.t_end = t_end
        self.set_call_backs()
        if not self._resumed:
            self.finish_step(float(e["t"]), initial=True)
            self.report_initial_step()
        self._resumed = False
        self._since_reduction = 0
        realtime = self.realtime_settings()
        if realtime is not None:
            realtime = realtime + (e["t"], _realtime_clock())
        self._stop = False
        first = not e["t"] < t_lim
        while (first or e["t"] < t_lim) and not self._stop:
            h = e["h"]
            one = (first or realtime is not None or self._verbose > 1 or self.step_by_step()
                   or (adaptive and h < h_max and not self.compiled_step_size_control))
            e["max_steps"], e["done"] = 1 if one else COMPILED_STEPS_MAX, 0
            e["t_lim"] = np.inf if first else t_lim
            self.before_steps()
            if one:
                self.report_step_start()
            status = self.steps_or_stop()
            self.after_steps(status)
            if one and e["done"]:
                self.after_one_step(adaptive, h_max, inc, rec_steps, rec_its)
                if realtime is not None:
                    wait_for_real_time(e["t"], *realtime)
            first = first and not e["done"]
        e["t_lim"] = t_lim
        self.output.finishedSuccessfully = True

    def end_run(self):
        """The last console lines and the outputs closed (FinalizeSolver's part)."""
        self.report_end()
        self.output_manager.end(self)

    def step_by_step(self):
        """True where Python does something after every step (constraint projection)."""
        return False

    def accept_step(self):
        """What Python does to the state of a step done, before its output (step_by_step)."""

    compiled_step_size_control = False     # the engine's steps choose the step size (explicit, automatic)
    reported_automatic_step_size = False   # it.automaticStepSize (the setting where it applies)

    def before_steps(self):
        """What the next compiled call reads that Python may have changed: the output time, the
        user's Jacobian signal."""
        e = self.engine
        on, t_out = self.compiled_output_time()
        e["output_on"], e["next_output"] = int(on), t_out
        if self.mbs.solverSignalJacobianUpdate:
            self.mbs.solverSignalJacobianUpdate = False
            e["signal_jacobian"] = 1
        e["stop"] = 0
        self.eq.bind(self.current.q, self.current.v, self.current.t)

    def steps_or_stop(self):
        """``engine_steps``; where an exception (a user function's, an interrupt) stops a step, the
        counters of the steps completed and the time of the step stopped (the coordinates as the
        step left them: its start, or its predictor; as Exudyn) before it goes on."""
        try:
            return self.engine_steps()
        except BaseException:
            e, it = self.engine, self.it
            self.sync_statistics()
            it.currentStepIndex = int(e["step"]) + 1
            it.currentTime = self.current.t = float(e["t_new"])
            raise

    def engine_steps(self):
        """The compiled steps, with what they leave to Python in between (NEED_JACOBIAN, NEED_SOLVE,
        POST_NEWTON); the Status they end with."""
        timer, clock = self.timer, time.perf_counter
        while True:
            t0 = clock()
            status = self.engine.steps()
            t1 = clock()
            timer.integrationFormula += t1 - t0
            if status == Status.NEED_JACOBIAN:
                self.factorize()
                timer.factorization += clock() - t1
            elif status == Status.NEED_SOLVE:
                self.python_solve()
                timer.factorization += clock() - t1
            elif status == Status.POST_NEWTON:
                ok = self.post_newton()
                timer.python += clock() - t1
                if not ok:
                    return Status.NOT_CONVERGED
            else:
                return status

    def after_steps(self, status):
        """The counters after a compiled call, then its Status handled."""
        e, it, cur = self.engine, self.it, self.current
        self.sync_statistics()
        cur.t = e["t"]
        it.currentStepIndex = e["step"] + 1
        it.currentTime = e["t"]
        if e["done"]:
            it.lastStepSize = it.currentStepSize = e["h_step"]
            self._since_reduction += e["done"]
            self.accept_step()
            self.report_step(e["step"], e["t"])
        if status in (Status.DONE, Status.STOPPED):
            self._stop = status == Status.STOPPED
        elif status == Status.OUTPUT:
            if not self.finish_step(e["t"]):
                self._stop = True
        else:
            self.step_failed(status)
        if e["stop"]:                   # (asked for by the preStep function)
            self._stop = True

    def sync_statistics(self):
        """The iteration and convergence data from the control record."""
        e, it = self.engine, self.it
        it.newtonStepsCount = self._newton_base + int(e["newton_total"])
        it.newtonSteps = int(e["newton_steps"])
        it.newtonJacobiCount = self._jacobian_base + int(e["jacobians"])
        it.rejectedModifiedNewtonSteps = int(e["rejected_modified"])

    _newton_base = _jacobian_base = 0

    def after_one_step(self, adaptive, h_max, inc, rec_steps, rec_its):
        """After a single step (Python's per-step work): the step size grows back where an adaptive
        run reduced it (solvers.md 2)."""
        e, it = self.engine, self.it
        h = e["h"]
        grow = (adaptive and not self.compiled_step_size_control and h < h_max and self._since_reduction >= rec_steps
                and it.newtonSteps + it.discontinuousIteration <= rec_its)
        if grow:
            e["h"] = min(h_max, h * inc)
            self._since_reduction = 0

    # ---------------------------------------------------------------- failed steps
    def step_failed(self, status):
        """A step that failed (its state back at the start of the step, or where NaN appeared):
        the solver's error, or the step again with a smaller step size (adaptive)."""
        e, it = self.engine, self.it
        t_new, h_try, step = e["t_new"], e["h_step"], e["step"] + 1
        msg = self.failure_message(status)
        if status == Status.NONFINITE or e["nonfinite"]:
            self.current.t = it.currentTime = t_new      # (the state where NaN appeared, not set back)
            self.fail_step(t_new, step, self.diagnose_nonfinite() or msg)
        if status in (Status.GROUP_FAILED, Status.SINGULAR_MASS):
            self.fail_step(t_new, step, msg)
        if not it.adaptiveStep:
            self.conv.stepReductionFailed = True
            self.fail_step(t_new, step, msg)
        if h_try <= it.minStepSize * (1 + 1e-12) or status == Status.MIN_STEP:
            self.conv.stepReductionFailed = True
            self.fail_step(t_new, step, "reduction of step size reached minimum step size; " + msg)
        e["h"] = self.reduced_step_size(h_try, it.minStepSize, self.time_settings()[6])
        self.report_step_failed(status, float(e["h"]))
        self._since_reduction = 0
        it.recommendedStepSize = -1.0

    def failure_message(self, status):
        e = self.engine
        if status == Status.GROUP_FAILED:
            return f"an item group's kernel failed (status {int(e['bad'])})"
        if e["nonfinite"]:
            return "NaN or Inf in the residual"
        if self._step_failure:
            msg, self._step_failure = self._step_failure, ""
            return msg
        it, r, r0 = int(e["it"]), float(e["error"]), float(e["r0"])
        return f"Newton did not converge ({it} iterations, residual {r:.3e}, relative {r / r0:.3e})"

    _step_failure = ""

    def fail_step(self, t, step, msg):
        r = self.last_residual
        message = (f"{type(self).__name__}: {msg} at t={t:g} (step {step}, "
                   f"{self.it.newtonSteps} iterations, |r|={getattr(self, 'last_error', math.nan):.3e})"
                   f"{self.largest_residuals(r)}")
        self.output_manager.end(self, failed=True)
        self.fail(message)

    @property
    def last_error(self):
        return float(self.engine["error"]) if self.engine is not None else math.nan

    @property
    def last_residual(self):
        """The residual of the last Newton iteration (the workspace's)."""
        return getattr(self, "r_buffer", None)

    def diagnose_nonfinite(self):
        """The source of a NaN: a user function that returned a value that is not finite (the
        first since the run began), or a group whose compiled equations give NaN for a geometry
        it rejects (its ``diagnose_nonfinite``: RollingDiscJoints, a disc lying flat), at the
        finite state where the NaN appeared; None if none is found."""
        from ..errors import SolverError
        c = self.c
        user = c.take_user_nonfinite()
        if user is not None:
            return "NaN or Inf in the residual: " + user
        groups = [g for g in list(c.constraint_groups) + list(c.connector_groups) if hasattr(g, "diagnose_nonfinite")]
        cur = self.current
        if not groups or not (np.isfinite(cur.q).all() and np.isfinite(cur.v).all()):
            return None
        self.eq.update_kinematics(cur.q, cur.v, cur.t)
        for g in groups:
            try:
                g.diagnose_nonfinite(self.eq.markers)
            except SolverError as exc:
                return str(exc)
        return None

    # ---------------------------------------------------------------- postNewton: discontinuous iteration
    _redo = False

    def post_newton(self):
        """The PostNewtonUserFunction after a converged Newton solve (spec solvers.md 2): the step
        accepted, done again from its start (the data coordinates kept), or failed (False: the
        state back at the start of the step, the message in _step_failure)."""
        e, it = self.engine, self.it
        ds = self.discontinuous_settings()
        post = self.mbs._user_functions["postNewton"]
        t, h = e["t_new"], e["h_step"]
        self.current.t = t
        self.eq.bind(self.current.q, self.current.v, t)
        err, h_rec = 0.0, -1.0
        if post:
            err, h_rec = self.call_post_newton(t)
            h_rec = h_rec if ds.useRecommendedStepSize else -1.0
        # the switching error of items' data coordinates (AFTER_NEWTON, e.g. stick-slip) added
        err += float(e["post_error"])
        it.recommendedStepSize = h_rec
        self.conv.discontinuousIterationError = err
        k = it.discontinuousIteration = (it.discontinuousIteration if self._redo else 0) + 1
        it.discontinuousIterationsCount += 1
        self._redo = False
        if not err > ds.iterationTolerance or int(ds.maxIterations) == 0:    # (NaN accepted, as Exudyn)
            return self._accept()
        if k < int(ds.maxIterations):
            self.engine.call(Mode.RESTORE_START, np.ones(1))
            if h_rec != -1 and h_rec < (1 + 1e-8) * h:
                return self._reject("discontinuous iteration requested a smaller step")
            e["step_phase"] = int(StepPhase.REDO)
            self._redo = True
            return True
        if ds.ignoreMaxIterations:
            return self._accept()
        self.conv.discontinuousIterationSuccessful = False
        return self._reject("discontinuous iteration was not successful")

    def post_newton_on(self):
        """1 if a converged Newton solve goes to ``post_newton``: a PostNewtonUserFunction, or
        items that switch data coordinates (groups with ``switches_data``)."""
        switches = getattr(self, "_switches_data", None)
        if switches is None:
            switches = self._switches_data = any(getattr(g, "switches_data", False) for g in self.eq.groups)
        return int(bool(self.mbs._user_functions["postNewton"]) or switches)

    def _accept(self):
        self.engine["step_phase"] = int(StepPhase.ACCEPT)
        return True

    def _reject(self, msg):
        """The step failed after its Newton solve: back to its start (NOT_CONVERGED's handling)."""
        e = self.engine
        e.call(Mode.RESTORE_START)
        e["step_phase"] = int(StepPhase.NEW)
        self._step_failure = msg
        return False

    # ---------------------------------------------------------------- call backs and outputs
    def set_call_backs(self):
        """The engine's call backs of the run: the PreStepUserFunction (and the solver's own)."""
        e = self.engine
        e["pre_step_slot"] = e.call_back(self._on_pre_step) if self.mbs._user_functions["preStep"] else 0
        e["post_newton"] = self.post_newton_on()

    def _on_pre_step(self, t_new, index2):
        """The PreStepUserFunction at the start of a step (each try), the state at the start of the
        step, the step counters as the step loop has them; False from it stops after the step; a
        Jacobian update it signals is taken."""
        e, it, cur = self.engine, self.it, self.current
        it.currentStepIndex = int(e["step"]) + 1
        it.currentTime = float(e["t"])
        cur.t = t_new
        it.currentStepSize = float(e["h_step"])
        self.eq.bind(cur.q, cur.v, t_new)
        if not self.call_step_function("preStep", t_new):
            e["stop"] = 1
        if self.mbs.solverSignalJacobianUpdate:
            self.mbs.solverSignalJacobianUpdate = False
            e["signal_jacobian"] = 1
        e["post_newton"] = self.post_newton_on()

    def every_step_output(self):
        """True where every step's end goes to Python (finish_step calls the PostStepUserFunction),
        not only where an output is due."""
        return bool(self.mbs._user_functions["postStep"])

    def compiled_output_time(self):
        """(return for outputs at all, the earliest time one is due) for the compiled steps."""
        if self.every_step_output():
            return True, -np.inf
        return self.output_manager.next_output_time()

    def finish_step(self, t, initial=False):
        self.current.t = t
        self.eq.bind(self.current.q, self.current.v, t)
        clock = time.perf_counter
        t0 = clock()
        cont = self.call_step_function("postStep", t)
        t1 = clock()
        self.output_manager.write(t, initial=initial)
        self.timer.python += t1 - t0
        self.timer.writeSolution += clock() - t1
        return cont

    def realtime_settings(self):
        """timeIntegration.realtime (dynamic solvers): (factor, wait in seconds) where active, else None."""
        rt = None if self.is_static else self.settings.timeIntegration.realtime
        if rt is None or not rt.active:
            return None
        return float(rt.factor), int(rt.waitMicroseconds) * 1e-6

    def restart_resume(self):
        """solution.restart.continueIfAvailable (dynamic solvers): the fields of a complete restart
        file of this model and solver (output/restart.py), its state set as the current one; None
        where there is none (the solve starts at startTime)."""
        if self.is_static or not self.settings.solution.restart.continueIfAvailable:
            return None
        from ..output import restart
        r = restart.read(restart.file_name(self.settings), self)
        if r is None:
            return None
        cur = self.current
        for key, arr in (("ODE2", cur.q), ("ODE2_t", cur.v), ("ODE2_tt", cur.a), ("ODE1", cur.y),
                         ("ODE1_t", cur.y_t), ("AE", cur.lam), ("data", cur.x)):
            if r[key].shape != arr.shape:
                return None
            arr[:] = r[key]
        cur.t = r["time"]
        cur.a_alg[:] = r["aAlgorithmic"]
        a_alg = getattr(self, "a_alg", None)
        if a_alg is not None:
            a_alg[:] = r["aAlgorithmic"]
        self.start_of_step.copy_from(cur)
        return r
