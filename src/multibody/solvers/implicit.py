"""Implicit second-order time integration: generalized-alpha (Arnold & Bruels 2007),
Newmark and the trapezoidal rule with index-2 constraints (spec solvers.md 4)."""
from __future__ import annotations

import math
import os
import time

import numpy as np
import scipy.sparse as sp

from ..enums import ConfigurationType, LinearSolverType
from ..equations.fused import NO_FACTORS
from ..equations.rigid import lie_group_packed
from ..equations.python_kernels import PythonKernels
from ..kernels import fused as _kernels_fused
from ..kernels import rotations as _rotations
from ..errors import ExudynValueError, SolverError
from .base import SolverBase
from .linear import LinearSolver, SingularJacobian
from .newton import newton
from ..output.manager import TIME_EPS as OUTPUT_TIME_EPS

# the kernels this module calls from Python: lean twins (python_kernels.py; loading lie_predict's
# standard cache entry took 2.8 ms of a first solve, its twin's 1 ms)
_kfp = PythonKernels(_kernels_fused)
_krot = PythonKernels(_rotations)


def _einsum_dot(x, y):
    return np.einsum("i,i", x, y)


CFG = ConfigurationType
FUSED_MIN_STEPS = 100      # shorter runs do not start a background compile of the fused residual
COMPILED_STEPS_MAX = 100   # steps per compiled call (Ctrl+C waits for the end of a call)


def generalized_alpha_coefficients(spectral_radius):
    """Return (alpha_m, alpha_f, beta, gamma) for rho_inf = spectral_radius."""
    rho = spectral_radius
    alpha_m, alpha_f = (2 * rho - 1) / (rho + 1), rho / (rho + 1)
    gamma = 0.5 + alpha_f - alpha_m
    return alpha_m, alpha_f, 0.25 * (gamma + 0.5) ** 2, gamma


def number_of_steps(n_set):
    n = round(n_set)
    if abs(n_set - n) > 100 * np.finfo(float).eps * max(abs(n_set), 1.0):
        raise ExudynValueError("timeIntegration.numberOfSteps must be integer (or very close to it)")
    return max(int(n), 1)


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


class _Report:
    """One destination of the solver's console lines (the console, or the solver information file of
    verboseModeFile) with its level and its own step bookkeeping (Nit/step since its last line)."""

    def __init__(self, level, write, t0, newton_steps):
        self.level, self.write = level, write
        self.last_time = t0
        self.reported = (0, newton_steps)

    def say(self, level, text):
        if self.level >= level:
            self.write(text)

    def close(self):
        close = getattr(self.write, "close", None)
        if close is not None:
            close()


def _open_information_file(settings):
    """A writer of lines into solution.solverInformationFileName (directories created, relative
    to config.outputDirectory as the solution file), with ``close``."""
    from ..output import output_path
    fh = open(output_path(settings.solution.solverInformationFileName), "w")

    def write(text):
        fh.write(text + "\n")
    write.close = fh.close
    return write


class StepLoop(SolverBase):
    """Step loop shared by dynamic and static solvers (spec solvers.md 2)."""

    def lie_simplified(self):
        """True for the Bruels-Cardona Lie-group variant (ImplicitSecondOrderSolver)."""
        return False

    fused = None            # FusedResidual in use (choose_fused)
    fused_kind = "implicit"  # the loops compiled with it (FusedResidual.build)
    _fused_pending = None   # FusedResidual compiling in the background
    _fused_version = -1     # CompiledSystem.fused_parameter_version the choice was made for

    _post_newton_groups = None

    def time_settings(self):
        """Return (t0, t_end, n, h_max, h_min, adaptive, decrease, increase, rec_steps, rec_its)."""
        raise NotImplementedError

    def post_newton_groups(self):
        """Connector groups with data nodes updated after each Newton solve or explicit step
        (``post_newton``: e.g. the continuous angle of a TorsionalSpringDamper)."""
        post = self._post_newton_groups
        if post is None:
            post = self._post_newton_groups = [g for g in self.c.connector_groups
                                               if hasattr(g, "post_newton") and g.has_data]
        return post

    def run(self):
        (t0, t_end, n, h_max, h_min, adaptive, dec, inc, rec_steps, rec_its) = self.time_settings()
        it = self.it
        it.startTime, it.endTime, it.numberOfSteps = t0, t_end, n
        it.maxStepSize, it.minStepSize, it.adaptiveStep = h_max, h_min, adaptive
        h = self.initial_step_size(h_max)
        t = t0
        step = 0
        self.current.t = t0
        self._pre_step_done = None
        resume = self.restart_resume()
        if resume is not None:
            t, step = resume["time"], resume["stepIndex"]
            h = resume["stepSize"] if resume["stepSize"] > 0 else h
            it.currentStepIndex, it.currentTime, it.currentStepSize = step + 1, t, h
        self.output_manager.begin(resume)
        self.report_start()
        if resume is None:
            self.finish_step(t0, initial=True)
        steps_since_reduction = 0
        stop_requested = False
        tiny = 1e-10
        t_lim = t_end - tiny * max(1.0, abs(t_end))
        realtime = self.realtime_settings()
        if realtime is not None:
            realtime = realtime + (t, _realtime_clock())
        while t < t_lim and not stop_requested:
            # (in real time the steps go one by one, each waiting for the wall clock)
            if realtime is None and (not adaptive or h == h_max or self.compiled_any_step_size):
                # steps in compiled code where the solver can (ImplicitSecondOrderSolver.compiled_steps)
                chunk = self.compiled_steps(step, t, t0, h, t_end, t_lim, adaptive)
                if chunk is not None:
                    done, t_done, output_due, then, h_last = chunk
                    h = self.step_size_after_compiled(h)
                    if done:
                        t = t_done
                        step += done
                        it.currentStepIndex = step + 1
                        it.currentTime = t
                        it.lastStepSize = it.currentStepSize = h_last
                        steps_since_reduction += done
                        self.report_step(step, t)       # (verboseMode 1: every 2 s, the last step)
                        if output_due and not self.finish_step(t):
                            stop_requested = True
                        if then == "stop":        # by an output step inside the compiled call
                            stop_requested = True
                    if then == "compiled" or stop_requested:
                        continue
            if getattr(self, "_resume", None) is None:
                self.start_of_step.copy_from(self.current)
                self.store_start_of_step()
            while True:
                if adaptive:
                    h_try = min(h, t_end - t) if t + h > t_end else h
                    t_new = t + h_try
                    # a last step shorter than h only by the round-off of the accumulated time
                    # (t_end - t_lim) keeps an implicit solver's Newton matrix (step_impl), as
                    # Exudyn's: a new one cost 60-100 ms at the 64 x 64 mass-point grid
                    self.roundoff_step = (h_try, h) if h_try != h and h - h_try <= t_end - t_lim else None
                else:
                    h_try = h
                    t_new = t0 + (step + 1) * h
                t_new = self.adjust_time(t_new, t0, t_end)
                self.current.t = t_new
                self.it.currentStepSize = h_try
                done_pre, self._pre_step_done = self._pre_step_done, None
                if done_pre is not None and done_pre[0] == t_new:
                    # called by a compiled call that then left this step to Python (status 7)
                    if not done_pre[1]:
                        stop_requested = True
                elif not self.call_step_function("preStep", t_new):
                    stop_requested = True
                ok, msg = self.discontinuous_iteration(t_new, h_try)
                if ok:
                    break
                if getattr(self, "nonfinite", False):
                    # NaN/Inf: stop at the first step where it appears, no step reduction
                    self.fail_step(t_new, step + 1, self.diagnose_nonfinite() or msg)
                self.restore_start_of_step()
                if not adaptive:
                    self.conv.stepReductionFailed = True
                    self.fail_step(t_new, step + 1, msg)
                if h_try <= h_min * (1 + 1e-12):
                    self.conv.stepReductionFailed = True
                    self.fail_step(t_new, step + 1, "reduction of step size reached minimum step size; "
                                   + msg)
                h = self.reduced_step_size(h_try, h_min, dec)
                steps_since_reduction = 0
                self.it.recommendedStepSize = -1.0
            t = t_new
            step += 1
            it.currentStepIndex = step + 1
            it.currentTime = t
            it.lastStepSize = h_try
            self.report_step(step, t)
            self.accept_step()
            if not self.finish_step(t):
                stop_requested = True
            steps_since_reduction += 1
            grow = (adaptive and h < h_max and steps_since_reduction >= rec_steps
                    and it.newtonSteps + it.discontinuousIteration <= rec_its)
            h = self.accepted_step_size(h, h_max, inc, grow)
            if grow:
                steps_since_reduction = 0
            if realtime is not None:
                wait_for_real_time(t, *realtime)
        self.output.finishedSuccessfully = True
        self.report_end()
        self.output_manager.end(self)
        return True

    def realtime_settings(self):
        """timeIntegration.realtime (dynamic solvers): (factor, wait in seconds) where active, else None."""
        rt = None if self.is_static else self.settings.timeIntegration.realtime
        if rt is None or not rt.active:
            return None
        return float(rt.factor), int(rt.waitMicroseconds) * 1e-6

    def restart_resume(self):
        """solution.restart.continueIfAvailable (dynamic solvers): the fields of a complete restart
        file of this model and solver (output/restart.py), its state set as the current one (and
        as the start of the next step); None where there is none (the solve starts at startTime)."""
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
        for name in ("a_alg", "a_alg_start"):
            a = getattr(self, name, None)
            if a is not None:
                a[:] = r["aAlgorithmic"]
        self.start_of_step.copy_from(cur)
        return r

    # the compiled steps control the step size themselves (called at any step size, not only at
    # the largest of an adaptive run); then ``step_size_after_compiled`` gives the next one
    compiled_any_step_size = False
    # the compiled step loops write the outputs due between their steps through a call back
    # (output_call_back) instead of returning to the step loop for each (False: they return)
    compiled_output = True
    _output_call_back = None

    def after_compiled_steps(self, t):
        """What the solver keeps of the last step done in compiled code (at time t)."""

    def compiled_step_done(self, t):
        """What the step loop does after a step before its finish_step, where the compiled steps
        leave it to ``output_call_back`` (called after every step then: every_step_output)."""

    def every_step_output(self):
        """True where the compiled steps call ``output_call_back`` after every step (its
        finish_step calls the PostStepUserFunction there), not only where an output is due."""
        return bool(self.mbs._user_functions["postStep"])

    def compiled_output_time(self):
        """(call the output call back at all, the earliest time it is due) for compiled steps."""
        if self.every_step_output():
            return True, -np.inf
        return self.output_manager.next_output_time()

    def _compiled_step_conditions(self):
        """What a preStep function may change that the compiled steps began under: the fused
        residual's parameters (not the live ones), a Jacobian update asked for, the user
        functions that decide whether and how steps run compiled."""
        uf = self.mbs._user_functions
        return (self.c.fused_parameter_version, bool(self.mbs.solverSignalJacobianUpdate), bool(uf["postStep"]),
                bool(uf["postNewton"]), bool(uf["preNewtonResidual"]))

    _pre_step_call_back = None
    _pre_step_done = None      # (t_new, its result): preStep called by a compiled call for the step it left to Python

    def pre_step_call_back(self, fz, sc, fields):
        """The slot (for sc) of the call back with which the compiled step loop of ``fz`` calls the
        PreStepUserFunction at the start of each step (each try), as the step loop does: the state
        at the start of the step, current time t_new, the step counters as after the steps done;
        ``fields`` = the indices in sc of (the step at the call, steps done, their time, the size of
        the last step (None: the output call back sets it), the size of the step begun, stop
        requested after the step (written back), Python to go on from the start of this step
        (written back: where the function changed a parameter the compiled code holds as a
        constant, asked for a Jacobian update or changed the user functions)). 0.0 without a
        preStep function. Made once per FusedResidual and sc."""
        if not self.mbs._user_functions["preStep"]:
            return 0.0
        cb = self._pre_step_call_back
        if cb is not None and cb[0] is fz and cb[1] is sc:
            return cb[2]
        i_step, i_done, i_t, i_last, i_h, i_stop, i_end = fields
        cur, it = self.current, self.it

        def on_pre_step(t_new, index2):
            done = int(sc[i_done])
            if done:
                tc = float(sc[i_t])
                fz._after_call(cur.q, cur.v, tc)
                self.after_compiled_steps(tc)
                it.currentStepIndex = int(sc[i_step]) + done + 1
                it.currentTime = tc
                if i_last is not None:
                    it.lastStepSize = float(sc[i_last])
            cur.t = t_new
            it.currentStepSize = float(sc[i_h])
            before = self._compiled_step_conditions()
            ok = self.call_step_function("preStep", t_new)
            if not ok:
                sc[i_stop] = 1.0
            if self._compiled_step_conditions() != before:
                sc[i_end] = 1.0
                self._pre_step_done = (t_new, ok)

        from ..kernels.user import register
        slot = register(on_pre_step)
        self._pre_step_call_back = (fz, sc, float(slot[0]), on_pre_step, slot)
        return float(slot[0])

    def output_call_back(self, fz, sc, fields):
        """The slot (for sc) of the call back with which the compiled step loop of ``fz`` writes
        the output of a step where one is due and goes on: what the step loop does after a
        compiled call that ends at such a step (the state's time, the step counters, finish_step),
        with ``fields`` = the indices in sc of (the step at the call, steps done, the size of the
        last step, the next output time (written back), stop requested (written back)); 0.0
        where the loop returns for outputs instead. Made once per FusedResidual and sc."""
        if not self.compiled_output:
            return 0.0
        cb = self._output_call_back
        if cb is not None and cb[0] is fz and cb[1] is sc:
            return cb[2]
        i_step, i_done, i_h, i_next, i_stop = fields
        cur, it = self.current, self.it

        def on_output(t, index2):
            cur.t = t
            fz._after_call(cur.q, cur.v, t)
            self.after_compiled_steps(t)
            self.compiled_step_done(t)
            it.currentStepIndex = int(sc[i_step]) + int(sc[i_done]) + 1
            it.currentTime = t
            it.lastStepSize = it.currentStepSize = float(sc[i_h])
            if not self.finish_step(t):
                sc[i_stop] = 1.0
            sc[i_next] = self.compiled_output_time()[1]

        from ..kernels.user import register
        slot = register(on_output)
        # the callable and its slot live as long as this solver holds them
        self._output_call_back = (fz, sc, float(slot[0]), on_output, slot)
        return float(slot[0])

    def step_size_after_compiled(self, h):
        """The step size after a call of ``compiled_steps`` (h unless the steps chose another)."""
        return h

    def compiled_steps(self, step, t, t0, h, t_end, t_lim, adaptive):
        """Steps of size h (the largest, if ``adaptive``) from ``step`` (time t) in compiled code,
        where the solver can: (steps done, time, output due after the last, then, size of the last
        step) with then = "compiled" (call again), "python" (Python does the next step),
        "resume" (Python finishes the step begun, from ``self._resume``) or "stop" (an output step
        written by the call, ``output_call_back``, asked to stop); None if not possible now."""
        return None

    # ---------------------------------------------------------------- Newton hooks shared by the solvers
    def pre_newton_residual(self, it):
        """PreNewtonResidualUserFunction(mbs, t, newtonIteration, discontinuousIteration)."""
        f = self.mbs._user_functions["preNewtonResidual"]
        if f:
            f(self.mbs, self.t_new, it, self.it.discontinuousIteration)

    def signal_jacobian_update(self):
        """True once after mbs.solverSignalJacobianUpdate was set."""
        if self.mbs.solverSignalJacobianUpdate:
            self.mbs.solverSignalJacobianUpdate = False
            return True
        return False

    # ---------------------------------------------------------------- console output
    def verbose_level(self):
        if self.is_static:
            return int(self.settings.staticSolver.verboseMode)
        return int(self.settings.timeIntegration.verboseMode)

    def verbose_file_level(self):
        """verboseModeFile: the same lines as verboseMode's of that level, written to
        solution.solverInformationFileName."""
        if self.is_static:
            return int(self.settings.staticSolver.verboseModeFile)
        return int(self.settings.timeIntegration.verboseModeFile)

    def report_start(self):
        self._wall0 = time.perf_counter()
        self._channels = [_Report(self.verbose_level(), print, self._wall0, self.it.newtonStepsCount)]
        if self.verbose_file_level() >= 1:
            self._channels.append(_Report(self.verbose_file_level(), _open_information_file(self.settings),
                                          self._wall0, self.it.newtonStepsCount))
        self._verbose = self._channels[0].level
        from .. import __version__
        for ch in self._channels:
            ch.say(1, "+++++++++++++++++++++++++++++++")
            ch.say(1, f"multibody V{__version__} solver: {self.solver_name}")

    def report_step(self, step, t):
        """The console line of a finished step (``step`` steps done, as Exudyn numbers them: STEP1
        after the first): every step with verboseMode 2, with 1 after 2 s since the last line and
        at the last step (as Exudyn 1.13.6; the compiled steps report after each call of up to
        COMPILED_STEPS_MAX steps, their last step). Nit/step: the Newton iterations per step since
        the previous line, as Exudyn's (6 significant digits). The same into the solver information
        file with verboseModeFile."""
        now = None
        for ch in self._channels:
            if ch.level <= 0:
                continue
            now = now or time.perf_counter()
            t_end = self.it.endTime
            last = t >= t_end - 1e-10 * max(1.0, abs(t_end))
            if ch.level >= 2 or (ch.level == 1 and (now - ch.last_time >= 2.0 or last)):
                ch.last_time = now
                it = self.it
                what = f"factor = {t:.6g}" if self.is_static else f"t = {t:.6g}s"
                remaining = 0.0 if last else (it.endTime - t) * (now - self._wall0) / max(t - it.startTime, 1e-300)
                step0, nit0 = ch.reported
                ch.reported = (step, it.newtonStepsCount)
                per_step = (it.newtonStepsCount - nit0) / max(step - step0, 1)
                ch.say(1, f"STEP{step}, {what}, timeToGo = {remaining:.3g}s, Nit/step = {per_step:.6g}")

    def report_end(self, failed=None):
        """The last line (or, for a failed solve, its message) and the information file closed."""
        it = self.it
        statistics = ("Solver iteration statistics:",
                      f"total number of steps:        {max(it.currentStepIndex - 1, 0)}",
                      f"total number of Newton iterations: {it.newtonStepsCount}",
                      f"total number of Newton Jacobians:  {it.newtonJacobiCount}")
        show = bool(self.settings.show.statistics)
        for ch in getattr(self, "_channels", ()):
            if failed is None:
                ch.say(1, f"Solver terminated successfully after {time.perf_counter() - self._wall0:.4g} seconds.")
                if show:                # show.statistics, after the last line as Exudyn 1.13.6
                    for line in statistics:
                        ch.say(1, line)
            elif ch.write is not print:
                ch.say(1, failed)
                ch.say(1, f"Solver terminated unsuccessfully after {time.perf_counter() - self._wall0:.4g} seconds.")
            ch.close()
        self._channels = []

    def adjust_time(self, t_new, t0, t_end):
        return t_new

    def initial_step_size(self, h_max):
        """Step size of the first step (error-controlled solvers override it)."""
        return h_max

    def reduced_step_size(self, h_try, h_min, dec):
        """Step size after a failed step (spec solvers.md 2, ReduceStepSize)."""
        rec = self.it.recommendedStepSize
        return max(h_min, min(0.75 * h_try, rec) if rec > 0 else h_try * dec)

    def accepted_step_size(self, h, h_max, inc, grow):
        """Step size after an accepted step; ``grow``: the recovery conditions are met."""
        return min(h_max, h * inc) if grow else h

    def finish_step(self, t, initial=False):
        cont = self.call_step_function("postStep", t)
        self.output_manager.write(t, initial=initial)
        return cont

    def discontinuous_iteration(self, t, h):
        ds = self.discontinuous_settings()
        post = self.mbs._user_functions["postNewton"]
        max_it = int(ds.maxIterations)
        k = 0
        while True:
            ok, msg = self.step_impl(t, h)
            if not ok:
                return False, msg
            self.after_newton()
            if not post or max_it == 0:
                return True, ""
            try:
                err, h_rec = post(self.mbs, t)
            except Exception as exc:
                from ..errors import UserFunctionError
                raise UserFunctionError(f"PostNewtonUserFunction raised at t={t:g}: "
                                        f"{type(exc).__name__}: {exc}") from exc
            err = abs(float(err))
            h_rec = float(h_rec) if ds.useRecommendedStepSize else -1.0
            self.it.recommendedStepSize = h_rec
            self.conv.discontinuousIterationError = err
            k += 1
            self.it.discontinuousIteration = k
            self.it.discontinuousIterationsCount += 1
            if err <= ds.iterationTolerance:
                return True, ""
            if k < max_it:
                self.restore_start_of_step(keep_data=True)
                if h_rec != -1 and h_rec < (1 + 1e-8) * h:
                    return False, "discontinuous iteration requested a smaller step"
            else:
                if ds.ignoreMaxIterations:
                    return True, ""
                self.conv.discontinuousIterationSuccessful = False
                return False, "discontinuous iteration was not successful"

    def restore_start_of_step(self, keep_data=False):
        x = self.current.x.copy()
        self.current.copy_from(self.start_of_step)
        if keep_data:
            self.current.x[:] = x
        self.restore_extra()

    def store_start_of_step(self):
        pass

    def restore_extra(self):
        pass

    def after_newton(self):
        pass

    def accept_step(self):
        pass

    def diagnose_nonfinite(self):
        """The error of a group whose compiled equations give NaN for a geometry it rejects (its
        ``diagnose_nonfinite``: RollingDiscJoints, a disc lying flat), at the finite state where
        the NaN appeared; None if none rejects it (or the state itself is not finite)."""
        c = self.c
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

    def fail_step(self, t, step, msg):
        r = getattr(self, "last_residual", None)
        message = (f"{type(self).__name__}: {msg} at t={t:g} (step {step}, "
                   f"{self.it.newtonSteps} iterations, |r|={getattr(self, 'last_error', math.nan):.3e})"
                   f"{self.largest_residuals(r)}")
        self.output_manager.end(self, failed=True)
        self.fail(message)


    # ---------------------------------------------------------------- fused residual
    def choose_fused(self):
        """Use the fused residual (equations/fused.py) where the model supports it.

        ``mbs.sys['fusedResidual']`` (multibody extension; the environment variable
        MULTIBODY_FUSED = 0 / 1 / auto overrides it): False never; True compile now (waiting
        for it); None (default, 'auto') use it if this model structure was compiled before,
        else compile it in a background process for the next solves, or for this one once it
        is ready (runs of FUSED_MIN_STEPS steps or more).
        """
        from ..equations.fused import FusedResidual
        self.fused = None
        self._fused_pending = None
        self._fused_version = self.c.fused_parameter_version
        return
        mode = {"0": False, "1": True, "auto": None}.get(os.environ.get("MULTIBODY_FUSED", ""), "unset")
        if mode == "unset":
            mode = self.mbs.sys.get("fusedResidual", None)
        if mode is False or self.lie_simplified():
            return          # (the compiled steps and iterations make the default Lie-group update)
        fz = FusedResidual.build(self.eq, self.fused_kind)
        if fz is None:
            return
        if fz.ready() or (mode is True and fz.compile()):
            fz.load()
            self.fused = fz
        elif mode is None and self.expected_steps() >= FUSED_MIN_STEPS:
            fz.compile_in_background()
            self._fused_pending = fz
            self._fused_poll = 0

    def poll_fused(self):
        """Switch to the fused residual once its background compile is done."""
        self._fused_poll += 1
        if self._fused_poll % 64 == 0 and self._fused_pending.ready():
            self._fused_pending.load()
            self.fused, self._fused_pending = self._fused_pending, None

    def expected_steps(self):
        """Number of steps the run is set up for (decides a background compile)."""
        return number_of_steps(float(self.settings.timeIntegration.numberOfSteps))

    def active_fused(self):
        """The fused residual if in use (None otherwise); switches to it when a parameter changed
        that it must be built again for (not a group's fused_live_parameters, which its code
        reads from the group's arrays) or its background compile is done."""
        if self._fused_version != self.c.fused_parameter_version:
            self.choose_fused()
        elif self._fused_pending is not None:
            self.poll_fused()
        return self.fused

    def fused_residual(self, n, q, v, a, lam, t, index2):
        """r (n,) from the fused residual if in use (None otherwise)."""
        fz = self.active_fused()
        if fz is None:
            return None
        return fz.residual(q, v, a, lam, t, index2, np.empty(n))


# (a_M, a_K, a_D, c_q, c_v, c_lam) of [M C^T; C dg/dlam], the matrix of the initial accelerations
INITIAL_JACOBIAN = (1.0, 0.0, 0.0, 1.0, 1.0, 1.0)


class CompiledNewton:
    """The Newton iterations of an implicit solver (dynamic or static) in the fused residual's
    compiled functions: the residual with its Newton error, solve + update + residual, whole
    Newton loops with the current factorization, the Newton matrix and its dense LU. The solver
    supplies ``current``, ``t_new``, ``index2``, ``linear``, ``newton_settings``,
    ``update_coefficients()`` (the coefficients of the update of v, a and lambda by the
    increment, coef[0:3] of the compiled ``iterate``), ``jacobian_coefficients()`` and
    ``lie_groups()``; the numbers are those of its Python path to the last bit."""
    _iterate_buffers = None
    _newton_buffers = None

    def system_wide_differentiation(self):
        """newton.numericalDifferentiation.doSystemWideDifferentiation of the solver's settings."""
        return bool(self.newton_settings.numericalDifferentiation.doSystemWideDifferentiation)

    def python_jacobian(self):
        """True where only Python makes the Newton matrix: a systemJacobian user function adds to
        it, or system-wide differentiation makes its ODE2 block (python_newton_matrix)."""
        return bool(self.mbs._user_functions["systemJacobian"]) or self.system_wide_differentiation()

    def python_newton_matrix(self, rhs):
        """The Newton matrix of SystemEquations.jacobian with the solver's coefficients and its
        systemJacobian user function at the current kinematics. With system-wide differentiation
        (spec solvers.md 3.2) its stiffness and damping parts are forward differences of the whole
        ODE2 right-hand side ``rhs()`` (loads and every coupling included) by every coordinate
        instead of the items' own Jacobians; mass matrix and constraint rows stay."""
        a_M, a_K, a_D, c_q, c_v, c_lam = self.jacobian_coefficients()
        extra = self.user_jacobian()
        n = self.c.n_ode2 + self.c.n_ae
        if self.system_wide_differentiation():
            nd = self.newton_settings.numericalDifferentiation
            num = self.eq.numeric_ode2_jacobian(a_K, a_D, rhs, float(nd.relativeEpsilon),
                                                float(nd.minimumCoordinateSize),
                                                bool(nd.addReferenceCoordinatesToEpsilon), self.perturbed_coordinates)
            extra = num if extra is None else num + (extra.toarray() if sp.issparse(extra) else np.asarray(extra))
            a_K = a_D = 0.0
        return self.eq.jacobian(a_M, a_K, a_D, c_q, c_v, c_lam, dense=self.linear.wants_dense(n), extra=extra)

    def perturbed_coordinates(self, q, i, h):
        """q with coordinate i changed by h, as the Newton update changes it (a rotation row of a
        Lie-group node by composition, q o exp(h e_i); spec solvers.md 3.2)."""
        out = q.copy()
        dq = np.zeros_like(q)
        dq[i] = -h
        if self.lie_groups():
            _kfp.lie_newton(self.lie_packed(), out, dq, self._lie_tmp)
            out -= dq
            _kfp.lie_store(self._lie_packed, self._lie_tmp, out)
        else:
            out -= dq
        return out

    def compiled_residual(self, fz):
        """(error, rbar) of ``residual`` from one compiled call with the fused residual ``fz``
        (the same numbers as ``_residual_norm``, without loading another kernel); None without it."""
        if fz is None:
            self._fused_state = False
            return None
        cur = self.current
        n = self.c.n_ode2 + self.c.n_ae
        r, rbar = np.empty(n), np.empty(n)
        _, _, _, _, coef, nsa, st = self._newton_arrays()
        fz.residual(cur.q, cur.v, cur.a, cur.lam, self.t_new, self.index2, r, (rbar, coef, nsa, st))
        self._fused_state = True
        self.last_residual = r
        self.last_error = err = float(st[4])
        return err, rbar

    def _residual_norm(self, r):
        """(error, rbar) of the residual r: the Newton error (a loop, as in the compiled Newton loop:
        no BLAS threads) and rbar, r with its ODE2 part times coef[2]."""
        n2 = self.c.n_ode2
        self.last_residual = r
        err = math.sqrt(_kfp.dot(r, r))
        if self.newton_settings.weightTolerancePerCoordinate and r.size:
            err /= math.sqrt(r.size)
        self.last_error = err
        rbar = r.copy()
        rbar[:n2] *= self.update_coefficients()[2]
        return err, rbar

    def _compiled_newton(self):
        """The fused residual if Newton iterations may run compiled: it is in use for the current
        parameters and nothing between two iterations needs Python (Lie-group updates that the
        module does not make, FusedResidual.lie_update; a PreNewtonResidualUserFunction)."""
        fz = self.fused
        if (fz is None or self._fused_version != self.c.fused_parameter_version
                or (self.lie_groups() and not fz.lie_update)
                or self.mbs._user_functions["preNewtonResidual"]):
            return None
        return fz

    def iterate(self, rbar, it):
        """solve + update + residual in one compiled call (FusedResidual.iterate) when the fused
        residual is in use, the factorization has compiled factors and nothing in between needs
        Python (Lie-group updates, a PreNewtonResidualUserFunction, a parameter change);
        None otherwise (newton.iterate then takes the general path)."""
        fz = self._compiled_newton()
        if fz is None:
            return None
        cur = self.current
        n = self.c.n_ode2 + self.c.n_ae
        _, _, _, _, coef, nsa, st = self._newton_arrays()
        buf = self._iterate_buffers
        if buf is None or buf[0].shape[0] != n:
            buf = self._iterate_buffers = (np.empty(n), np.empty(n))
        delta, work = buf
        factors = self.linear.compiled_factors()
        if factors is None:          # dense LU, least squares: LinearSolver solves, the rest is compiled
            delta[:] = self.solve(rbar)
            factors = NO_FACTORS
        rb = np.array(rbar, dtype=float)      # in: the right-hand side; out: the new rbar
        r = fz.iterate(cur.q, cur.v, cur.a, cur.lam, self.t_new, self.index2, np.empty(n), rb, delta, work,
                       coef, factors, (nsa, st))
        self._fused_state = True
        self.last_residual = r
        self.last_error = err = float(st[4])
        return delta.copy(), err, rb

    def newton_fast(self, rbar, it, r0, r_last, extra_step):
        """Newton iterations in one compiled call (FusedResidual.newton_loop), under the same
        conditions as ``iterate`` and with compiled factors; None where that is not possible.
        Returns (status, it, error, r0, r_last, extra_step, delta, rbar, restarted), status as
        NEWTON_LOOP, restarted False (the restarts of a Newton solve in Python are Python's)."""
        fz = self._compiled_newton()
        if fz is None or self.mbs.solverSignalJacobianUpdate:
            return None
        factors = self.linear.compiled_factors()
        if factors is None:
            return None
        cur = self.current
        r, rb, delta, work, coef, nsa, st = self._newton_arrays()
        np.copyto(rb, rbar)
        st[:] = (it, r0, r_last, 1.0 if extra_step else 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        status = fz.newton_loop(cur.q, cur.v, cur.a, cur.lam, self.t_new, self.index2, r, rb, delta, work, coef,
                                nsa, st, factors)
        self._fused_state = True
        self.last_residual = r
        self.last_error = err = float(st[4])
        return status, int(st[0]), err, float(st[1]), float(st[2]), bool(st[3]), delta, rb, False

    def _newton_arrays(self):
        """Buffers and settings of the compiled Newton loop: (r, rbar, delta, work, coef, ns, st)."""
        ns = self.newton_settings
        n = self.c.n_ode2 + self.c.n_ae
        buf = self._newton_buffers
        if buf is None or buf[0].shape[0] != n:
            buf = self._newton_buffers = (np.empty(n), np.empty(n), np.empty(n), np.empty(n), np.empty(9),
                                          np.empty(10), np.zeros(10))
        r, rb, delta, work, coef, nsa, st = buf
        coef[0], coef[1], coef[2] = self.update_coefficients()
        coef[3:9] = self.jacobian_coefficients()      # for the compiled refactorization
        restart = ns.maxModifiedNewtonIterations + ns.maxModifiedNewtonRestartIterations * (
            0 if ns.modifiedNewtonJacUpdatePerStep else 1)
        nsa[:] = (ns.maxIterations, ns.relativeTolerance, ns.absoluteTolerance, bool(ns.active),
                  bool(ns.adaptInitialResidual), ns.maxModifiedNewtonIterations, restart,
                  ns.modifiedNewtonContractivity, ns.maximumSolutionNorm, bool(ns.weightTolerancePerCoordinate))
        return buf

    def _compiled_factorize(self):
        """``factorize`` in one compiled call (FusedResidual.refactor: the same kernels and sums as
        below and the linear solver's dense LU or sparse refactorization) where the fused residual's
        buffers describe the current point: dense up to DENSE_COMPILED_MAX equations, sparse where
        the linear solver's current factors may be refactorized; False if not done (also for a
        singular matrix or an old pivot order that no longer fits, which the path below then
        reports or replaces)."""
        fz = self.fused
        n = self.c.n_ode2 + self.c.n_ae
        if (fz is None or fz.refactorizable is None or self._fused_version != self.c.fused_parameter_version
                or self.python_jacobian()):
            return False
        if fz.refactorizable == "sparse":
            factors = self.linear.compiled_factors() if self.linear.refactorizable == "sparse" else None
        else:
            factors = self.linear.dense_factors(n)
        if factors is None:
            return False
        coef = self._newton_arrays()[4]
        eq = self.eq            # the point of the last fused call (FusedResidual._after_call)
        if not fz.refactor(eq.q, eq.v, eq.t, coef, factors):
            return False
        self._h_jac = self.h
        if fz.refactorizable == "sparse":
            self.linear.accept_refactored()
        else:
            self.linear.accept_dense_factors(factors)
        return True

    def _compiled_sparse_jacobian(self):
        """The sparse Newton matrix of ``factorize`` from one compiled call (FusedResidual
        .sparse_jacobian: the same values and sums as SystemEquations.jacobian), or None."""
        fz = self.fused
        n = self.c.n_ode2 + self.c.n_ae
        if (fz is None or not fz.compiled_jacobian or self._fused_version != self.c.fused_parameter_version
                or self.python_jacobian() or self.linear.wants_dense(n)):
            return None
        eq = self.eq
        data = fz.sparse_jacobian(eq.q, eq.v, self._newton_arrays()[4], eq.nnz)
        return sp.csc_matrix((data, eq.csc_indices, eq.csc_indptr), shape=(n, n))

    def compiled_ldl(self):
        """For LinearSolver.factorize of the matrix that ``compiled_jacobian`` has just returned:
        its first L D L^T in the fused module (FusedResidual.ldl_factorize, at the same point and
        coefficients), or None."""
        fz = self.fused
        if fz is None or not getattr(fz, "ldl_symbolic_mode", False):
            return None
        eq, coef = self.eq, self._newton_arrays()[4]
        q, v, t = eq.q, eq.v, eq.t
        return lambda sym, pos: fz.ldl_factorize(q, v, t, coef, sym, pos)

    def prime_newton_matrix(self, step, t, t0, h, t_end, adaptive):
        """The Newton matrix of the coming step of size h, made before its compiled call where
        Python would make only that: the first step, and the first after a change of step size,
        ran in Python for it (0.1-0.5 ms of a solve, as much as 100 compiled steps of a small
        system). Python's modified Newton makes it at the predicted state, after the residual
        there, in the first iteration (newton.newton); so it is made here at that state
        (predictor, residual, factorize, as step_impl and newton do; the static solver's first
        load step likewise), the state is put back, and the compiled step repeats predictor and
        residual (the same kernels and the same numbers) and iterates with it. Only where nothing
        of Python runs in between: no user function called by the step or the residual, no
        Python-made Newton matrix, a step of exactly h, no Newton solve begun; otherwise the
        step stays in Python (False), and the Jacobian request as it was."""
        # (the request is what keeps the step out of the compiled loop: asked without it)
        requested, self.jacobian_requested = self.jacobian_requested, False
        made = self.steps_fused() is not None and self._make_step_matrix(step, t, t0, h, t_end, adaptive)
        if not made:
            self.jacobian_requested = requested
        return made

    def _make_step_matrix(self, step, t, t0, h, t_end, adaptive):
        """prime_newton_matrix's work, where the compiled loop can take the step."""
        fz = self._compiled_newton()
        uf = self.mbs._user_functions
        if (fz is None or fz.calls_back or fz.refactorizable is None or self.python_jacobian()
                or uf["preStep"] or uf["preNewtonResidual"] or uf["postNewton"] or self.lie_groups()
                or self.lie_simplified() or getattr(self, "_resume", None) is not None
                or not self.newton_settings.useModifiedNewton or self.newton_settings.residualMode != 0
                or self._verbose > 1):
            return False
        if adaptive:
            if t + h > t_end:
                return False
            t_new = t + h
        else:
            t_new = t0 + (step + 1) * h
        t_new = self.adjust_time(t_new, t0, t_end)
        # the step's beginning and coefficients as in StepLoop.run and step_impl
        self.start_of_step.copy_from(self.current)
        self.store_start_of_step()
        self.current.t = t_new
        self.it.currentStepSize = h
        self.set_step(t_new, h)
        self.predictor()
        r0, _ = self.residual()
        made = math.isfinite(r0)
        if made:
            self.factorize()        # (a singular matrix is reported here as in the step)
            self.jacobian_requested = False
            self.it.newtonJacobiCount += 1
        self.restore_start_of_step()
        return made

    def steps_fused(self, full_newton=False):
        """The fused residual if whole steps may run compiled now (``run_compiled_steps``): modified
        Newton with no Jacobian asked for (or, where the loop has it, ``full_newton``: full Newton),
        no postNewton function or console line per step (verboseMode 2) between steps (preStep and
        postStep functions: by ``pre_step_call_back`` and ``output_call_back``), no ODE1
        coordinates or constraint projection; None otherwise."""
        fz = self._compiled_newton()
        ns = self.newton_settings
        uf = self.mbs._user_functions
        modified = bool(ns.useModifiedNewton)
        if (fz is None or (modified and self.jacobian_requested) or self.mbs.solverSignalJacobianUpdate
                or self._verbose > 1 or not (modified or full_newton) or ns.residualMode != 0
                or uf["postNewton"] or self.c.n_ode1 or self.mbs.sys.get("constraintProjection", False)):
            return None
        return fz

    def run_compiled_steps(self, fz, head, step, t, t0, t_end, t_lim, adaptive, start, a_alg):
        """Steps in one compiled call of ``fz`` (FusedResidual.steps: the dynamic loop STEPS_LOOP or
        the static one STATIC_STEPS_LOOP) from ``step`` at time t, ``head`` its settings sc[0:6],
        ``start`` the start-of-step arrays (q, v, a, lambda, a_alg), ``a_alg`` the solver's (as
        STEPS; empty for the static loop); the counts and state after it as the step loop leaves
        them. Returns as StepLoop.compiled_steps, or None without compiled factors."""
        factors = self.linear.compiled_factors()
        if factors is None:
            return None
        h = head[0]
        cur, s = self.current, self.start_of_step
        r, rb, delta, work, coef, nsa, st = self._newton_arrays()
        output, t_out = self.compiled_output_time()
        sc = self._steps_sc
        sc[:15] = tuple(head) + (t0, t_lim, t_end, t_out, OUTPUT_TIME_EPS, step, COMPILED_STEPS_MAX, t, output)
        sc[20] = adaptive
        # Jacobian updates in the loop too where its dense LU or sparse refactorization is the linear
        # solver's (same kernel)
        sc[21] = self.refactorizes_compiled(fz)
        sc[22] = self.output_call_back(fz, sc, (11, 15, 0, 9, 23)) if output else 0.0
        sc[23] = 0.0
        sc[24] = self.post_newton_call_back()
        sc[25] = self.pre_step_call_back(fz, sc, (11, 15, 16, 0, 0, 23, 26))
        sc[26] = 0.0
        st[6] = st[9] = 0.0
        status = fz.steps(cur.q, cur.v, cur.a, cur.lam, self.index2, r, rb, delta, work, coef, nsa, st,
                          start, a_alg, sc, factors)
        done, t_done = int(sc[15]), float(sc[16])
        it, conv = self.it, self.conv
        it.newtonJacobiCount += int(st[6])
        it.rejectedModifiedNewtonSteps += int(st[9])      # (the static loop's switches to full Newton)
        if st[6] and fz.refactorizable == "sparse":
            self.linear.refactorizations += int(st[6])
        if done:
            it.newtonStepsCount += int(sc[17])
            it.newtonSteps = int(sc[18])
            conv.newtonConverged = True
            if not self.is_static:          # (the static solver does not report it)
                conv.newtonSolutionDiverged = False
            self.nonfinite = False
            cur.t = t_done
            self.after_compiled_steps(t_done)
        self._fused_state = True
        self.last_residual = r
        self.last_error = float(st[4])
        if sc[25] != 0.0 and status in (1, 2, 3, 4):
            # the step left to Python had its preStep call (at the time of its residual calls)
            self._pre_step_done = (float(sc[19]), sc[23] == 0.0)
        if status in (1, 2, 9, 10, 11):
            # a step begun: its start-of-step state is in place; Newton goes on in Python (9: after
            # a restart done by the loop, from the Jacobian of the restart's state, newton.newton;
            # 10 and 11: as 9 and 1, in full Newton, STATIC_STEPS_LOOP)
            s.t = t_done
            if s.x.size:
                s.x[:] = cur.x
            self._resume = (status, int(st[0]), float(st[4]), float(st[1]), float(st[2]), bool(st[3]), delta, rb,
                            st[8] != 0.0)
            return done, t_done, False, "resume", h
        if status in (3, 4, 7) or status < 0 or not done:
            # (7: the preStep function asked for Python; it was called for the step, _pre_step_done)
            return done, t_done, False, "python", h
        if status == 6:
            return done, t_done, False, "stop", h
        return done, t_done, status == 5, "compiled", h

    _post_newton_call_back = None

    def post_newton_call_back(self):
        """The slot (for sc) of the call back with which a compiled step loop updates the data
        nodes of connectors (post_newton_groups) after the Newton solve of a step, as after_newton
        does, from the frames of the last residual call (those of the new state); 0.0 without such
        groups."""
        post = self.post_newton_groups()
        if not post:
            return 0.0
        cb = self._post_newton_call_back
        if cb is None:
            cur, eq = self.current, self.eq

            def on_post_newton(t, index2):
                cur.t = t
                for g in post:
                    g.post_newton(eq.markers, t, cur.x)

            from ..kernels.user import register
            slot = register(on_post_newton)
            cb = self._post_newton_call_back = (float(slot[0]), on_post_newton, slot)
        return cb[0]

    def refactorizes_compiled(self, fz):
        """True if the compiled loops of ``fz`` may make the Newton matrix and its factorization
        themselves: its refactorization (dense LU or sparse) is the linear solver's, and Python
        need not make the matrix (python_jacobian)."""
        return (fz.refactorizable is not None and fz.refactorizable == self.linear.refactorizable
                and not self.python_jacobian())

    def compiled_jacobian(self):
        """``factorize``'s Newton matrix from the fused residual where its buffers describe the
        current point: True if factorized in one compiled call (dense), else the sparse matrix of
        one compiled call, or None (the group-by-group path; its caches then hold the constraint
        Jacobians and mass blocks of the last fused call)."""
        if not getattr(self, "_fused_state", False):
            return None
        if self._compiled_factorize():
            return True
        J = self._compiled_sparse_jacobian()
        if J is None:
            self.fused.export_caches()
        return J


class ImplicitSecondOrderSolver(CompiledNewton, StepLoop):
    """Generalized-alpha / Newmark / trapezoidal index 2 (MainSolverImplicitSecondOrder)."""
    solver_name = "implicit second order time integration"

    def __init__(self, mbs, settings, force_index2_newmark=False):
        super().__init__(mbs, settings)
        ti = settings.timeIntegration
        ga = ti.generalizedAlpha
        self.newton_settings = ti.newton
        use_newmark = bool(ga.useNewmark) or force_index2_newmark
        index2 = bool(ga.useIndex2Constraints) or force_index2_newmark
        if index2 and not use_newmark:
            raise ExudynValueError("SolveDynamic:GeneralizedAlpha: useIndex2Constraints=True may only "
                                   "be used if useNewmark=True")
        if use_newmark:
            self.beta, self.gamma = float(ga.newmarkBeta), float(ga.newmarkGamma)
            self.alpha_m = self.alpha_f = 0.5
        else:
            self.alpha_m, self.alpha_f, self.beta, self.gamma = \
                generalized_alpha_coefficients(float(ga.spectralRadius))
        self.newmark = use_newmark
        self.index2 = index2
        ls = settings.linearSolver
        self.linear = LinearSolver(ls.solverType, bool(ls.ignoreSingularJacobian), remember_choice=True)
        self.jacobian_requested = True
        # full Newton: its own module kind, whose time steps make a Jacobian at every iteration
        self.fused_kind = "implicit" if ti.newton.useModifiedNewton else "implicit_full"
        self.a_alg = np.zeros(self.c.n_ode2)
        self.a_alg_start = np.zeros(self.c.n_ode2)
        self.last_residual = None
        self.last_error = math.nan
        self._iterate_buffers = None
        self._newton_buffers = None
        self._post_newton_groups = None
        self._resume = None          # a Newton solve begun by compiled_steps (newton.newton resume)
        self._steps_sc = np.zeros(27)

    def discontinuous_settings(self):
        return self.settings.timeIntegration.discontinuous

    def time_settings(self):
        ti = self.settings.timeIntegration
        n = number_of_steps(float(ti.numberOfSteps))
        t0, t_end = float(ti.startTime), float(ti.endTime)
        return (t0, t_end, n, (t_end - t0) / n, float(ti.minimumStepSize), bool(ti.adaptiveStep),
                float(ti.adaptiveStepDecrease), float(ti.adaptiveStepIncrease),
                int(ti.adaptiveStepRecoverySteps), int(ti.adaptiveStepRecoveryIterations))

    # ---------------------------------------------------------------- initialization
    def initialize(self):
        c, eq = self.c, self.eq
        ga = self.settings.timeIntegration.generalizedAlpha
        if self.lie_simplified() and ga.lieGroupAddTangentOperator \
                and self.settings.linearSolver.solverType == LinearSolverType.EigenSparse:
            raise ExudynValueError("SolveDynamic:GeneralizedAlpha: generalizedAlpha.lieGroupAddTangentOperator "
                                   "may not be set True in case of EigenSparse solver")
        eq.index2 = self.index2
        if self.mbs.sys.get("consistentInitialConditions", False):   # multibody extension, opt-in
            from .consistency import compute_consistent_initial_conditions
            compute_consistent_initial_conditions(self.mbs)
            eq.index2 = self.index2
        self.current.copy_from(c.states[CFG.Initial])
        ga = self.settings.timeIntegration.generalizedAlpha
        cur = self.current
        self.choose_fused()
        if ga.computeInitialAccelerations:
            self.initial_accelerations()
        else:
            if ga.resetAccelerations:
                cur.a[:] = 0.0
            cur.lam[:] = 0.0
        self.a_alg[:] = cur.a
        cur.a_alg[:] = cur.a
        self.start_of_step.copy_from(cur)

    def initial_accelerations(self):
        """Consistent q_tt(0) and lambda(0) (spec solvers.md 4.6)."""
        c, eq, cur = self.c, self.eq, self.current
        t = cur.t
        eq.index2 = False
        rhs_ae = np.zeros(c.n_ae)
        moving = c.n_ae and np.linalg.norm(cur.v) > 1e-10
        if moving:
            rhs_ae = -self.constraint_velocity_derivative(cur.q, cur.v, t)
        fz = self.active_fused()
        if fz is not None:
            # f from the fused residual at q_tt = 0, lambda = 0 ((0 - f) + 0 = -f exactly), with its
            # constraint Jacobians and mass blocks for the matrix: no group kernels to load
            n2 = c.n_ode2
            r = fz.residual(cur.q, cur.v, np.zeros(n2), np.zeros(c.n_ae), t, False, np.empty(n2 + c.n_ae))
            f = -r[:n2]
            fz.export_caches()
        else:
            eq.update_kinematics(cur.q, cur.v, t)
            f = eq.ode2_rhs()
            eq.constraints(cur.lam)
        # [M C^T; C dg/dlam] with position Jacobians (velocity-level rows use C_v)
        solver = LinearSolver(self.settings.linearSolver.solverType,
                              bool(self.settings.linearSolver.ignoreSingularJacobian))
        rhs = np.concatenate([f, rhs_ae])
        n = c.n_ode2 + c.n_ae
        factors = None if fz is None or fz.refactorizable != "dense" or self.python_jacobian() \
            else solver.dense_factors(n)
        if factors is not None:
            # matrix, LU and solve compiled (the kernels of the path below: the same numbers)
            coef = np.array((0.0, 0.0, 0.0) + INITIAL_JACOBIAN)
            x = fz.solve(rhs, factors) if fz.refactor(cur.q, cur.v, t, coef, factors) else None
            if x is not None and np.all(np.isfinite(x)):
                self._set_initial(x)
                return
        J = None
        if fz is not None and factors is None and fz.compiled_jacobian and not solver.wants_dense(n) \
                and not self.python_jacobian():
            # the sparse matrix's values and the solve compiled too (eq.jacobian's values in its
            # pattern, LinearSolver.solve's operations): no group kernels to load for one matrix
            coef = np.array((0.0, 0.0, 0.0) + INITIAL_JACOBIAN)
            data = fz.sparse_jacobian(cur.q, cur.v, coef, eq.nnz)
            J = sp.csc_matrix((data, eq.csc_indices, eq.csc_indptr), shape=(n, n))
        if J is None:
            J = eq.jacobian(*INITIAL_JACOBIAN, dense=solver.wants_dense(n))
        try:
            solver.factorize(J, single_use=True)
            compiled = solver.compiled_factors() if fz is not None and sp.issparse(J) else None
            x = fz.solve(rhs, compiled) if compiled else solver.solve_once(rhs)
            if not np.all(np.isfinite(x)):
                raise SingularJacobian(-1)
        except SingularJacobian as exc:
            print("WARNING: InitializeSolverInitialConditions: System Jacobian seems to be singular / not "
                  f"invertible (causing equation: {self.describe_equation(exc.row)})! "
                  "WARNING: using zero initial accelerations!")
            x = np.zeros(c.n_ode2 + c.n_ae)
        self._set_initial(x)

    def _set_initial(self, x):
        c, cur = self.c, self.current
        cur.a[:] = x[:c.n_ode2]
        if self.settings.timeIntegration.generalizedAlpha.storeInitialAlgebraicCoordinates:
            cur.lam[:] = x[c.n_ode2:]
        else:
            cur.lam[:] = 0.0
        self.eq.index2 = self.index2

    def constraint_velocity_derivative(self, q, v, t):
        """(d(C_q v)/dq) v by central differences of C_q(q) v along v (position rows only).

        Central differences (error O(h^2)) keep the initial multipliers at ~1e-10 relative,
        where forward differences left an O(h) error of ~1e-7 in them.
        """
        eq = self.eq
        lam = np.zeros(self.c.n_ae)
        nv = np.linalg.norm(v)
        h = 1e-5 * max(1.0, np.linalg.norm(q + self.c.q_ref)) / max(nv, 1e-300)
        fz = self.active_fused()
        if fz is not None and not fz.calls_back:
            # the constraint rows of the fused residual in velocity form (index2): the same g as
            # below, without the group kernels to load (10 ms of a first solve); not where it
            # calls user functions (loads, forces), which the constraints alone do not call
            n2, n = self.c.n_ode2, self.c.n_ode2 + self.c.n_ae
            a = np.zeros(n2)
            g1 = fz.residual(q + h * v, v, a, lam, t, True, np.empty(n))[n2:]
            g0 = fz.residual(q - h * v, v, a, lam, t, True, np.empty(n))[n2:]
            fz.residual(q, v, a, lam, t, eq.index2, np.empty(n))     # (the state at q, as below)
        else:
            index2 = eq.index2
            eq.index2 = True     # velocity form: g = C_q v for position-level constraints
            eq.update_kinematics(q + h * v, v, t)
            g1 = eq.constraints(lam, with_jacobian=False)
            eq.update_kinematics(q - h * v, v, t)
            g0 = eq.constraints(lam, with_jacobian=False)
            eq.index2 = index2
            eq.update_kinematics(q, v, t)
        vel_rows = np.zeros(self.c.n_ae, dtype=bool)
        for g in self.c.constraint_groups:
            vl = np.broadcast_to(g.velocity_level[:, None], g.ae.shape)
            vel_rows[g.ae[vl & (g.ae >= 0)]] = True
        out = (g1 - g0) / (2 * h)
        out[vel_rows] = 0.0
        return out

    # ---------------------------------------------------------------- Newton interface
    def store_start_of_step(self):
        self.a_alg_start[:] = self.a_alg

    def restore_extra(self):
        self.a_alg[:] = self.a_alg_start

    def set_step(self, t, h):
        """The new time and step size, and the coefficients of the step (update and Newton matrix)."""
        self.t_new, self.h = t, h
        b, g = self.beta, self.gamma
        self.bh2 = b * h * h
        self.beta_p = (1 - self.alpha_m) / (h * h * b * (1 - self.alpha_f))
        self.gamma_p = g / (h * b)

    def step_impl(self, t, h):
        self.set_step(t, h)
        # a step of h up to round-off (StepLoop.run) counts as a step of h for the Newton matrix
        rs = getattr(self, "roundoff_step", None)
        if (rs[1] if rs is not None and rs[0] == h else h) != getattr(self, "_h_jac", None):
            self.jacobian_requested = True
        resume, self._resume = self._resume, None
        res = newton(self, self.newton_settings, self.it, resume)
        self.conv.newtonConverged = res.converged
        self.conv.newtonSolutionDiverged = res.diverged
        self.nonfinite = res.nonfinite
        if not res.converged:
            return False, res.message
        return True, ""

    def predictor(self):
        h, b, g = self.h, self.beta, self.gamma
        s = self.start_of_step
        cur = self.current
        if self.newmark:
            cur.q[:] = s.q + h * s.v + h * h * (0.5 - b) * s.a
            cur.v[:] = s.v + h * (1 - g) * s.a
        else:
            a_t = (self.alpha_f * s.a - self.alpha_m * self.a_alg_start) / (1 - self.alpha_m)
            self.a_alg[:] = a_t
            cur.q[:] = s.q + h * s.v + h * h * (0.5 - b) * self.a_alg_start + h * h * b * a_t
            cur.v[:] = s.v + h * (1 - g) * self.a_alg_start + h * g * a_t
        cur.a[:] = 0.0
        cur.lam[:] = 0.0
        cur.t = self.t_new
        if self.lie_simplified():
            # Bruels-Cardona (solvers.md 4.9): the increment accumulates additively, the rotation
            # coordinates are q_n o exp(increment)
            self._lie_increment = cur.q - s.q
            self._lie_compose()
        elif self.lie_groups():
            # solvers.md 4.9: the increment theta (q_n replaced by 0), its rotation part times
            # (I + skew(-h beta / (2 gamma) omega)), then q = q_n o exp(theta) (the kernel of the
            # compiled steps)
            _kfp.lie_predict(self.lie_packed(), s.q, cur.q, cur.v, -(h * b / (2 * g)))

    def lie_simplified(self):
        """generalizedAlpha.lieGroupSimplifiedKinematicRelations with Lie-group nodes: the
        Bruels-Cardona variant (Python steps only; the compiled steps make the default one)."""
        return bool(self.settings.timeIntegration.generalizedAlpha.lieGroupSimplifiedKinematicRelations) \
            and bool(self.lie_groups())

    def _lie_tangent_columns(self, J):
        """lieGroupAddTangentOperator (Bruels-Cardona variant, dense matrices): in the columns of
        each Lie-group node's rotation coordinates the position-level parts (stiffness and
        position-level constraint rows: what depends on q = q_n o exp(increment)) times T_exp of the
        accumulated rotation increment; the mass and damping parts act on the additive updates of
        the velocities and accelerations and stay."""
        a_M, a_K, a_D, c_q, c_v, c_lam = self.jacobian_coefficients()
        P = self.eq.jacobian(0.0, a_K, 0.0, c_q, 0.0, 0.0, dense=True)
        J = J.toarray() if sp.issparse(J) else np.array(J)
        for _, rows in self.lie_groups():
            # all nodes of the group at once: T (m, 3, 3), the columns (n, m, 3)
            T = _krot.rotvec_t_exp_batch(np.ascontiguousarray(self._lie_increment[rows]), np.empty((len(rows), 3, 3)))
            Pr = P[:, rows]
            J[:, rows] += np.einsum("nmi,mij->nmj", Pr, T) - Pr
        return J

    def _lie_compose(self):
        """q = q_n + increment, its Lie-group rotation rows q_n o exp(increment)."""
        s, cur = self.start_of_step, self.current
        cur.q[:] = s.q + self._lie_increment
        _kfp.lie_newton(self.lie_packed(), s.q, -self._lie_increment, self._lie_tmp)
        _kfp.lie_store(self._lie_packed, self._lie_tmp, cur.q)

    def lie_groups(self):
        """(group, rows (m, 3)) of node groups with Lie-group rotation coordinates (solvers.md 4.9)."""
        lg = getattr(self, "_lie_groups", None)
        if lg is None:
            lg = self._lie_groups = [(g, g.lie_group_rows) for g in self.c.node_groups
                                     if getattr(g, "lie_group_rows", None) is not None and g.n]
        return lg

    def lie_packed(self):
        """The ``lie`` array of the Lie-group kernels (equations.rigid.lie_group_packed)."""
        lp = getattr(self, "_lie_packed", None)
        if lp is None:
            lp = self._lie_packed = lie_group_packed(self.c)
            self._lie_tmp = np.empty(lp.shape[0] // 2)
        return lp

    def residual(self):
        eq, cur = self.eq, self.current
        out = self.compiled_residual(self.active_fused())
        if out is not None:
            return out
        eq.update_kinematics(cur.q, cur.v, self.t_new)
        f = eq.ode2_rhs()
        gae = eq.constraints(cur.lam)
        n2 = self.c.n_ode2
        r = np.empty(n2 + gae.size)
        rq = r[:n2]
        np.subtract(eq.mass_times(cur.a), f, out=rq)
        rq += eq.reaction_forces(cur.lam)
        r[n2:] = gae
        return self._residual_norm(r)

    def compiled_steps(self, step, t, t0, h, t_end, t_lim, adaptive):
        """Whole steps in one compiled call (FusedResidual.steps): predictor, Newton with the
        current factorization, after_newton, step after step, as long as nothing needs Python:
        no Jacobian update, user function, Lie-group node without the module's update, console
        output or constraint projection between two steps (outputs and postStep functions: by
        ``output_call_back``; preStep functions: by ``pre_step_call_back``; the data nodes of
        connectors: by ``post_newton_call_back``). Same numbers as the step loop."""
        full = self.fused_kind == "implicit_full"
        if not full and getattr(self, "_h_jac", None) != h:
            # (a step with a new step size asks for a Newton matrix anyway: step_impl)
            self.prime_newton_matrix(step, t, t0, h, t_end, adaptive)
        fz = self.steps_fused(full_newton=full)
        if fz is None or getattr(self, "_h_jac", None) != h or self.h != h:
            return None
        if full and not self.refactorizes_compiled(fz):
            return None         # (each iteration's Jacobian must be made in the loop)
        s = self.start_of_step
        return self.run_compiled_steps(fz, (h, self.alpha_m, self.alpha_f, self.beta, self.gamma, self.newmark),
                                       step, t, t0, t_end, t_lim, adaptive, (s.q, s.v, s.a, s.lam, s.a_alg),
                                       (self.a_alg, self.a_alg_start, self.current.a_alg))

    def update_coefficients(self):
        """(gamma', beta', beta h^2): v -= gamma' dq, a -= beta' dq, lambda -= dlambda / (beta h^2)."""
        return self.gamma_p, self.beta_p, self.bh2

    def factorize(self):
        eq = self.eq
        h = self.h
        J = self.compiled_jacobian()
        if J is True:
            return
        ldl = None
        if J is None:
            J = self.python_newton_matrix(eq.ode2_rhs)
            if self.lie_simplified() and self.settings.timeIntegration.generalizedAlpha.lieGroupAddTangentOperator:
                J = self._lie_tangent_columns(J)
        else:
            ldl = self.compiled_ldl()
        self._h_jac = h
        try:
            self.linear.factorize(J, ldl=ldl)
        except SingularJacobian as exc:
            self.conv.linearSolverFailed = True
            self.conv.linearSolverCausingRow = exc.row
            self.singular_jacobian(exc)

    def jacobian_coefficients(self):
        """(a_M, a_K, a_D, c_q, c_v, c_lam) of the Newton matrix (SystemEquations.jacobian), for
        the Python path and the compiled one alike."""
        return ((1 - self.alpha_m) / (1 - self.alpha_f), self.bh2, self.gamma * self.h,
                self.gamma_p if self.index2 else 1.0, self.gamma_p, 1.0 / self.bh2)

    def singular_jacobian(self, exc):
        from .diagnostics import singular_message
        self.output_manager.end(self, failed=True)
        self.fail(singular_message(self, exc, self.current.t))

    def user_jacobian(self):
        f = self.mbs._user_functions["systemJacobian"]
        if not f:
            return None
        h = self.h
        m = f(self.mbs, self.t_new, -self.bh2, -self.gamma * h, -self.bh2)
        from ..model.matrix_container import as_matrix
        M = as_matrix(m, self.c.n_ode2 + self.c.n_ae)
        return -M

    def solve(self, rbar):
        try:
            return self.linear.solve(rbar)
        except SingularJacobian as exc:      # inconsistent redundancy found by the least-squares path
            self.conv.linearSolverFailed = True
            self.singular_jacobian(exc)

    def update(self, delta):
        cur = self.current
        n2 = self.c.n_ode2
        dq = delta[:n2]
        lie = self.lie_groups()
        if lie and self.lie_simplified():
            self._lie_increment -= dq
            self._lie_compose()
        else:
            if lie:
                # q = q o exp(-dq) for the rotation rows (the kernels of the compiled iterate)
                _kfp.lie_newton(self.lie_packed(), cur.q, dq, self._lie_tmp)
            cur.q -= dq
            if lie:
                _kfp.lie_store(self._lie_packed, self._lie_tmp, cur.q)
        cur.v -= self.gamma_p * dq
        cur.a -= self.beta_p * dq
        cur.lam -= delta[n2:] / self.bh2

    def increment_norm(self, delta):
        return float(np.linalg.norm(delta[:self.c.n_ode2]))

    def diverged(self, max_norm):
        cur = self.current
        # NaN fails every comparison, Inf exceeds max_norm: both count as diverged. On the
        # group-by-group path the dot kernel of the compiled Newton loop's test, which its residual
        # norm has loaded (3 einsum calls took 5 us); after a fused residual einsum (no BLAS
        # threads; loading the kernel there added 2 ms to a first solve). A decision: its last
        # bit does not matter.
        dot = _kfp.dot if getattr(self, "_fused_state", None) is False else _einsum_dot
        return not (dot(cur.q, cur.q) < max_norm and dot(cur.v, cur.v) < max_norm
                    and math.isfinite(dot(cur.lam, cur.lam)))

    def reset_to_start_of_step(self):
        s = self.start_of_step
        cur = self.current
        for k in ("q", "v", "a", "y"):
            getattr(cur, k)[:] = getattr(s, k)
        cur.lam[:] = 0.0
        self.a_alg[:] = self.a_alg_start

    def accept_step(self):
        if self.mbs.sys.get("constraintProjection", False):     # multibody extension, opt-in
            from .consistency import project_constraints
            project_constraints(self)

    def after_newton(self):
        cur = self.current
        if self.newmark:
            self.a_alg[:] = cur.a
        else:
            self.a_alg[:] = self.a_alg + (1 - self.alpha_f) / (1 - self.alpha_m) * cur.a
        cur.a_alg[:] = self.a_alg
        for g in self.post_newton_groups():     # data nodes of connectors (e.g. torsional turns)
            g.post_newton(self.eq.markers, cur.t, cur.x)
        if not (np.isfinite(cur.q).all() and np.isfinite(cur.v).all() and np.isfinite(cur.lam).all()):
            self.fail_step(cur.t, self.it.currentStepIndex, "NaN or Inf in the state")
