"""The solvers' console lines and solver information file (verboseMode, verboseModeFile), as
Exudyn 1.13.6 writes them."""
from __future__ import annotations

import time


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
    to config.outputDirectory as the solution file), each line flushed, with ``close``."""
    from ..output import output_path
    from ..output.files import OutputFile
    fh = OutputFile(output_path(settings.solution.solverInformationFileName), "w", "solver information file")

    def write(text):
        fh.write(text + "\n")
        fh.flush()
    write.close = fh.close
    return write


class Reporting:
    """The console lines of a solver (mixed into StepLoop)."""
    _verbose = 0
    _channels = ()

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
        self._verbose = max(ch.level for ch in self._channels)
        from .. import __version__
        for ch in self._channels:
            ch.say(1, "+++++++++++++++++++++++++++++++")
            ch.say(1, f"multibody V{__version__} solver: {self.solver_name}")

    def report_step(self, step, t):
        """The console line of a finished step (``step`` steps done, as Exudyn numbers them: STEP1
        after the first): every step with verboseMode 2, with 1 after 2 s since the last line and
        at the last step (as Exudyn 1.13.6; the compiled steps report after each call, their last
        step). Nit/step: the Newton iterations per step since the previous line, as Exudyn's (6
        significant digits). The same into the solver information file with verboseModeFile."""
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
