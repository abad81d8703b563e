"""The solvers' console lines and solver information file (verboseMode, verboseModeFile), as
Exudyn 1.13.6 writes them: log records of the ``multibody.solver`` logger (multibody/messages.py)
for the console, lines of text for the file; the progress bar and show.computationTime's timing
breakdown. The lines of verboseMode 2 and 3 inside a step are in verbose.py."""
from __future__ import annotations

import time

from ..messages import log_level, progress_bar, solver_logger
from .base import END_TIME_TOLERANCE
from .verbose import NewtonLines


def _console_write(level, text):
    solver_logger.log(log_level(level), text)


class _Report:
    """One destination of the solver's lines (the console's logger, or the solver information file
    of verboseModeFile) with its level and its own step bookkeeping (Nit/step since its last line)."""

    def __init__(self, level, write, t0, newton_steps, console=False):
        self.level, self.write, self.console = level, write, console
        self.last_time = t0
        self.reported = (0, newton_steps)

    def say(self, level, text):
        if self.level >= level:
            self.write(level, text)

    def close(self):
        close = getattr(self.write, "close", None)
        if close is not None:
            close()


def _open_information_file(settings):
    """A writer of lines into solution.solverInformationFileName (directories created, relative
    to config.outputDirectory as the solution file), each line flushed, with ``close``."""
    from ..output import output_path
    from ..output.files import OutputFile
    fh = OutputFile(output_path(settings.solution.solverInformationFileName), "w", "solver information file")

    def write(level, text):
        fh.write(text + "\n")
        fh.flush()
    write.close = fh.close
    return write


# show.computationTime: the timers printed, with Exudyn's labels (their widths as Exudyn's)
TIMER_LABELS = (("factorization", "factorization     "), ("totalJacobian", "totalJacobian     "),
                ("integrationFormula", "integrationFormula"), ("python", "Python          "),
                ("writeSolution", "writeSolution     "), ("overhead", "overhead          "),
                ("visualization", "visualization/user"))


class Reporting(NewtonLines):
    """The console lines of a solver (mixed into StepLoop)."""
    _verbose = 0
    _channels = ()
    _bar = None

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

    def say(self, level, text):
        """A line of verbose level ``level`` to every channel of that level or more."""
        for ch in self._channels:
            ch.say(level, text)

    def report_start(self):
        self._wall0 = time.perf_counter()
        self.timer.Reset(self.timer.useTimer)
        self._channels = [_Report(self.verbose_level(), _console_write, self._wall0, self.it.newtonStepsCount,
                                  console=True)]
        if self.verbose_file_level() >= 1:
            self._channels.append(_Report(self.verbose_file_level(), _open_information_file(self.settings),
                                          self._wall0, self.it.newtonStepsCount))
        self._verbose = max(ch.level for ch in self._channels)
        from .. import __version__
        self.say(1, "+++++++++++++++++++++++++++++++")
        self.say(1, f"multibody V{__version__} solver: {self.solver_name}")
        if self._verbose >= 2:
            self.start_newton_lines()
        it = self.it
        self._bar = progress_bar(abs(it.endTime - it.startTime), self.solver_name)

    def report_step(self, step, t):
        """The console line of a finished step (``step`` steps done, as Exudyn numbers them: STEP1
        after the first): every step with verboseMode 2, with 1 after 2 s since the last line and
        at the last step (as Exudyn 1.13.6; the compiled steps report after each call, their last
        step). Nit/step: the Newton iterations per step since the previous line, as Exudyn's (6
        significant digits). The same into the solver information file with verboseModeFile."""
        if self._bar is not None:
            self._bar.update(abs(t - self.it.startTime) - self._bar.n)
        if self._verbose >= 2:
            self.end_of_step_lines()
        now = None
        for ch in self._channels:
            if ch.level <= 0:
                continue
            now = now or time.perf_counter()
            t_end = self.it.endTime
            last = t >= t_end - END_TIME_TOLERANCE
            if ch.level >= 2 or (ch.level == 1 and (now - ch.last_time >= 2.0 or last)):
                ch.last_time = now
                it = self.it
                what = f"factor = {t:.6g}" if self.is_static else f"t = {t:.6g}s"
                remaining = 0.0 if last else (it.endTime - t) * (now - self._wall0) / max(t - it.startTime, 1e-300)
                step0, nit0 = ch.reported
                ch.reported = (step, it.newtonStepsCount)
                per_step = (it.newtonStepsCount - nit0) / max(step - step0, 1)
                ch.say(1, f"STEP{step}, {what}, timeToGo = {remaining:.3g}s, Nit/step = {per_step:.6g}")
        if self._verbose >= 2:
            self.say(2, "+++++++++++++++ STEP FINISHED ++++++++++++++")
            self.say(2, "")

    def report_end(self, failed=None):
        """The last line (or, for a failed solve, its message), show.statistics and
        show.computationTime, and the information file closed."""
        it = self.it
        wall = time.perf_counter() - self._wall0 if hasattr(self, "_wall0") else 0.0
        statistics = ("Solver iteration statistics:",
                      f"total number of steps:        {max(it.currentStepIndex - 1, 0)}",
                      f"total number of Newton iterations: {it.newtonStepsCount}",
                      f"total number of Newton Jacobians:  {it.newtonJacobiCount}")
        show = self.settings.show
        timing = self.timing_lines(wall) if show.computationTime else ()
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        for ch in self._channels:
            if failed is None:
                ch.say(1, f"Solver terminated successfully after {wall:.6g} seconds.")
                if show.statistics:                # after the last line as Exudyn 1.13.6
                    for line in statistics:
                        ch.say(1, line)
            elif not ch.console:
                ch.say(1, failed)
                ch.say(1, f"Solver terminated unsuccessfully after {wall:.6g} seconds.")
            for line in timing:
                ch.say(1, line)
            ch.close()
        self._channels = []

    def timing_lines(self, wall):
        """show.computationTime: the run's wall-clock time and its parts (solver.timer), as Exudyn
        1.13.6 prints them. The compiled steps (predictor, residuals, Newton, integration formula)
        are one part, integrationFormula; factorizations that Python makes, user functions (Python)
        and outputs (writeSolution) are timed each; overhead is the rest."""
        tm = self.timer
        tm.total, tm.overhead = wall, 0.0
        measured = tm.Sum()
        tm.overhead = max(wall - measured, 0.0)
        lines = ["====================", "CPU-time statistics:", f"  total time   = {wall:.3g} seconds",
                 f"  measured time= {measured:.3g} seconds (={100.0 * measured / max(wall, 1e-300):.3g}%) ",
                 "  non-zero timer [__ sub-timer]:"]
        for name, label in TIMER_LABELS:
            value = getattr(tm, name)
            if value > 0.0:
                lines.append(f"  {label}= {100.0 * value / max(wall, 1e-300):.3g}%")
        return lines
