"""Output during a solve: sensor files, internal sensor storage and the solution file.

Both follow the write schedule of spec settings.md ("Write schedule"): a line
at the start time, then whenever t - t_w >= -1e-10, with t_w advanced by the
write period; the last step is always written.
"""
from __future__ import annotations

import contextlib
import datetime
import os
import time

import numpy as np

from .. import __version__
from ..enums import ConfigurationType
from . import output_path
from .files import OutputFile, continue_file

CFG = ConfigurationType
TIME_EPS = 1e-10


def fmt(x, precision):
    """C++ stream default formatting with ``precision`` significant digits."""
    s = format(float(x), f".{precision}g")
    return s


_ROW_FORMATS = {}


def fmt_row(t, values, precision):
    """One line of a solution or sensor file: t and the values, each as ``fmt`` writes it,
    comma-separated, with its newline. One %-format of all values (the same digits as
    ``format``): 448 values 494 -> 109 us."""
    vals = [float(t)] + np.asarray(values, dtype=float).ravel().tolist()
    key = (len(vals), precision)
    f = _ROW_FORMATS.get(key)
    if f is None:
        f = _ROW_FORMATS[key] = ",".join([f"%.{int(precision)}g"] * len(vals)) + "\n"
    return f % tuple(vals)


def _now():
    return datetime.datetime.now().strftime("%Y-%m-%d,%H:%M:%S")


def version_string():
    import platform
    import sys
    return (f"multibody {__version__}; Python{sys.version_info.major}.{sys.version_info.minor}."
            f"{sys.version_info.micro}; {platform.system()} {platform.machine()} FLOAT64; 1 thread(s)")


class _Schedule:
    def __init__(self, t0, period, write_initial):
        self.t0, self.period, self.tw = t0, period, t0
        self.write_initial = write_initial

    def due(self, t, initial, t_end, h):
        if initial:
            if not self.write_initial:
                return False
            self.tw = max(self.tw + self.period, t)
            return True
        if abs(t - t_end) <= TIME_EPS:
            self.tw = min(self.tw, t_end - h)
        if t - self.tw >= -TIME_EPS:
            self.tw = max(self.tw + self.period, t)
            return True
        return False


class BinarySolutionFile:
    """A binary solution file (solution.file.binary; name ending .sol), the layout of Exudyn
    1.13.6's (read back by Exudyn's LoadBinarySolutionFile and ``solution_file``'s): "EXUBIN\\n",
    the sizes of an integer, a real and an index (4, 8 or 4 with precision < 8, 8) and 6 zero
    bytes; little-endian int32 counts; a string is its length and its bytes, an array its length
    and its int32 values. Header: version, "Mode0000", the solver line, the start date, [nODE2,
    nODE1, nAE, nData], the 7 written counts, their sum, the planned steps, the information
    string, "EndOfHeader". Each row: its number of values and the values (time first) as doubles
    or floats. End: -1, "simulation finished=", the date, [stepReductionFailed,
    discontinuousIterationSuccessful, newtonSolutionDiverged, massMatrixNotInvertible, time steps,
    Newton iterations, Newton Jacobians], "EXUEND"."""

    def __init__(self, name, doubles, resume_size=None):
        """``resume_size``: continue a file after a restart (cut back to that size, no new header)."""
        self.name = name
        self.real = np.dtype("<f8" if doubles else "<f4")
        if resume_size is not None:
            self._fh = continue_file(name, resume_size, "solution file", binary=True)
            return
        self._fh = OutputFile(name, "wb", "solution file")
        self._fh.write(b"EXUBIN\n" + bytes([4, self.real.itemsize, 8]) + bytes(6))

    def tell(self):
        return self._fh.tell()

    def _int(self, k):
        self._fh.write(np.int32(k).tobytes())

    def _string(self, text):
        data = text.encode()
        self._int(len(data))
        self._fh.write(data)

    def _array(self, values):
        self._int(len(values))
        self._fh.write(np.asarray(values, dtype="<i4").tobytes())

    def header(self, head):
        solver, system, counts, steps, information = head
        from .. import __version__
        self._string(__version__)
        self._string("Mode0000")
        self._string(solver)
        self._string(_now())
        self._array(system)
        self._array(counts)
        self._int(sum(counts))
        self._int(steps)
        self._string(information)
        self._string("EndOfHeader")

    def row(self, t, values):
        self._int(len(values) + 1)
        self._fh.write(np.float64(t).astype(self.real).tobytes())
        self._fh.write(np.asarray(values, dtype=self.real).tobytes())

    def flush(self):
        self._fh.flush()

    def footer(self, date, info):
        self._int(-1)
        self._string("simulation finished=")
        self._string(date)
        self._array(info)
        self._string("EXUEND")

    def close(self):
        self._fh.close()


class OutputManager:
    """Writes sensors and the solution file for one solve. Its files are flushed after each output
    time and closed by ``end`` (footers written: a solve that returned or that its solver ended
    with its error) or ``abort`` (an exception from elsewhere: a user function, an interrupt), so
    that they hold every output of the steps completed, whichever way the solve ends."""

    def __init__(self, mbs, settings, solver):
        self.mbs, self.settings, self.solver = mbs, settings, solver
        self.precision = int(settings.solution.precision)
        self.solution_file = None
        self.started = time.process_time()
        self.ended = False
        self._open_files = contextlib.ExitStack()      # every file opened, closed by end or abort

    # ------------------------------------------------------------ begin
    def begin(self, resume=None):
        """Open the outputs of a solve; ``resume``: the fields of the restart file it continues from
        (output/restart.py): files cut back to their sizes then and continued without headers,
        the write schedules going on from their last writes."""
        from .sensors import SensorOutput
        s = self.settings.solution
        it = self.solver.it
        self.t_end = it.endTime
        self.resume = resume
        if s.file.write:
            self._open_solution_file()      # (first, as Exudyn: a solution file that fails opens no sensor file)
        self.sensors = SensorOutput(self.mbs, self.settings, self.solver, self.precision)
        self._open_files.callback(self.sensors.end)
        self.sensors.begin(None if resume is None else resume["sensorFileSizes"])
        self.sensor_schedule = _Schedule(it.startTime, float(s.sensors.writePeriod),
                                         bool(s.file.writeInitialValues))
        self.solution_schedule = _Schedule(it.startTime, float(s.file.writePeriod),
                                           bool(s.file.writeInitialValues))
        self.last_written = {"solution": 0.0, "sensors": 0.0, "image": 0.0}
        if resume is not None:
            for key, schedule, period in (("lastSolutionWritten", self.solution_schedule, s.file.writePeriod),
                                          ("lastSensorsWritten", self.sensor_schedule, s.sensors.writePeriod)):
                schedule.tw = max(resume[key] + float(period), resume["time"])
            self.last_written = {"solution": resume["lastSolutionWritten"], "sensors": resume["lastSensorsWritten"],
                                 "image": resume["lastImageRecorded"]}
        self.restart_schedule, self._restart_time = None, None
        if s.restart.write and not self.solver.is_static:
            from . import restart
            self.restart_name = restart.file_name(self.settings)
            t_start = it.startTime if resume is None else resume["time"]
            self.restart_schedule = _Schedule(t_start, float(s.restart.writePeriod), False)
        # images during the solve (solution.recordImagesInterval) where the renderer was started
        self.renderer = self.mbs.GetSystemContainer().renderer
        if not self.renderer.started:
            self.renderer = None
        interval = float(s.recordImagesInterval)
        self.image_schedule = (_Schedule(it.startTime, interval, True)
                               if self.renderer is not None and interval >= 0.0 else None)

    def _open_solution_file(self):
        s = self.settings.solution.file
        c = self.mbs._compiled
        binary = bool(s.binary)
        name = s.name
        if "." not in os.path.basename(name):
            name += ".sol" if binary else ".txt"
        name = output_path(name)
        static = self.solver.is_static
        ex = s.export
        n2, n1, nae, nd = c.n_ode2, c.n_ode1, c.n_ae, c.n_data
        self.sol_flags = dict(vel=bool(ex.velocities) and not static, acc=bool(ex.accelerations) and not static,
                              ae=bool(ex.algebraicCoordinates), data=bool(ex.dataCoordinates),
                              vel1=bool(ex.ODE1Velocities) and not static)
        resume = getattr(self, "resume", None)
        if binary:
            # (append is ignored for binary files, as in Exudyn)
            self.solution_file = BinarySolutionFile(name, self.precision >= 8,
                                                    None if resume is None else resume["solutionFileSize"])
            self._open_files.callback(self.solution_file.close)
            if resume is None:
                self.solution_file.header(self._solution_header())
            return
        if resume is not None:
            self.solution_file = continue_file(name, resume["solutionFileSize"], "solution file")
            self._open_files.callback(self.solution_file.close)
            return
        self.solution_file = OutputFile(name, "a" if s.append else "w", "solution file")
        self._open_files.callback(self.solution_file.close)
        if s.writeHeader:
            f = self.solution_file
            solver_line, _, counts, steps, _ = self._solution_header()
            f.write(f"#{solver_line}\n")
            f.write(f"#simulation started={_now()}\n")
            cols = ["time"]
            if n2:
                cols.append("ODE2 displacements")
                if ex.velocities:
                    cols.append("ODE2 velocities")
                if ex.accelerations:
                    cols.append("ODE2 accelerations")
            if n1:
                cols.append("ODE1 coordinates")
                if ex.velocities and not static:
                    cols.append("ODE1 velocities")
            if nae and ex.algebraicCoordinates:
                cols.append("AE coordinates")
            if nd and ex.dataCoordinates:
                cols.append("Data coordinates")
            f.write("#columns contain: " + ", ".join(cols) + "\n")
            f.write(f"#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [{n2},{n1},{nae},{nd}]\n")
            f.write("#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = ["
                    + ",".join(str(k) for k in counts) + "]\n")
            f.write(f"#total columns exported  (excl. time) = {sum(counts)}\n")
            f.write(f"#number of {'load' if static else 'time'} steps (planned) = {steps}\n")
            f.write(f"#Exudyn version = {version_string()}\n")
            f.write("#\n")
            if s.information:
                f.write("#solution information = " + s.information.replace("\n", "_") + "\n")

    def _solution_header(self):
        """(solver line, [nODE2, nODE1, nAE, nData], the 7 written counts, planned steps,
        information) of the solution file's header."""
        s = self.settings.solution.file
        c = self.mbs._compiled
        static = self.solver.is_static
        ex = s.export
        n2, n1, nae, nd = c.n_ode2, c.n_ode1, c.n_ae, c.n_data
        counts = [n2, n2 if self.sol_flags["vel"] else 0, n2 if self.sol_flags["acc"] else 0, n1,
                  n1 if (ex.velocities and not static) else 0, nae if ex.algebraicCoordinates else 0,
                  nd if ex.dataCoordinates else 0]
        steps = (int(self.settings.staticSolver.numberOfLoadSteps) if static
                 else round(float(self.settings.timeIntegration.numberOfSteps)))
        solver_name = self.solver.solver_name + (" static" if static else "")
        return (f"Exudyn {solver_name} solver solution file", [n2, n1, nae, nd], counts, steps,
                s.information.replace("\n", "_") if s.information else "")

    # ------------------------------------------------------------ write
    def write(self, t, initial=False):
        """The outputs due at t (sensors, solution file, image, restart file), their files flushed."""
        h = self.solver.it.currentStepSize
        if self.sensors.any_active and self.sensor_schedule.due(t, initial, self.t_end, h):
            self.sensors.write(t)
            self.sensors.flush()
            self.last_written["sensors"] = t
        if self.solution_file is not None and self.solution_schedule.due(t, initial, self.t_end, h):
            self._write_solution_line(t)
            self.solution_file.flush()
            self.last_written["solution"] = t
        if self.image_schedule is not None and self.image_schedule.due(t, initial, self.t_end, h):
            self._save_image()
            self.last_written["image"] = t
        if self.restart_schedule is not None and not initial and self.restart_schedule.due(t, False, self.t_end, h):
            self.write_restart(t)

    def write_restart(self, t):
        """The restart file of the state at t (solution.restart; output/restart.py)."""
        from . import restart
        from .. import __version__
        it = self.solver.it
        self._restart_time = t
        sol = -1
        if self.solution_file is not None:
            self.solution_file.flush()
            sol = self.solution_file.tell()
        restart.write(self.restart_name, self.solver, {
            "time": t, "stepIndex": max(it.currentStepIndex - 1, 0), "stepSize": it.currentStepSize,
            "stepsSinceLastStepSizeReduction": 0,      # (an adaptive run grows its step size anew)
            "lastSolutionWritten": self.last_written["solution"], "lastSensorsWritten": self.last_written["sensors"],
            "lastImageRecorded": self.last_written["image"], "solutionFileSize": sol,
            "sensorFileSizes": self.sensors.file_sizes()}, _now(), f"multibody {__version__}")

    def _save_image(self):
        """The current state drawn (as the Visualization configuration, which a running renderer
        shows) into the next file of exportImages."""
        c = self.mbs._compiled
        c.states[CFG.Visualization].copy_from(c.states[CFG.Current])
        self.renderer.RedrawAndSaveImage()

    def next_output_time(self):
        """(any output on, the earliest time at which one is due): steps before it need no
        ``write`` (it would do nothing there), except the last step, which is always written."""
        t_w = np.inf
        if self.sensors.any_active:
            t_w = self.sensor_schedule.tw
        if self.solution_file is not None:
            t_w = min(t_w, self.solution_schedule.tw)
        if self.image_schedule is not None:
            t_w = min(t_w, self.image_schedule.tw)
        if self.restart_schedule is not None:
            t_w = min(t_w, self.restart_schedule.tw)
        return t_w < np.inf, t_w

    def _write_solution_line(self, t):
        st = self.mbs._compiled.states[CFG.Current]
        p = self.precision
        parts = [st.q]
        if self.sol_flags["vel"]:
            parts.append(st.v)
        if self.sol_flags["acc"]:
            parts.append(st.a)
        parts.append(st.y)
        if self.sol_flags["vel1"]:
            parts.append(st.y_t)
        if self.sol_flags["ae"]:
            parts.append(st.lam)
        if self.sol_flags["data"]:
            parts.append(st.x)
        vals = np.concatenate(parts)
        if isinstance(self.solution_file, BinarySolutionFile):
            self.solution_file.row(t, vals)
        else:
            self.solution_file.write(fmt_row(t, vals, p))

    # ------------------------------------------------------------ end
    def end(self, solver, failed=False):
        """The solve ended (returned, or ``failed``: ended by its solver with its error): the last
        restart file, the footers, every file closed. Once only (``abort`` included)."""
        if self.ended:
            return
        self.ended = True
        c = self.mbs._compiled
        for g in getattr(c, "constraint_groups", ()):
            if hasattr(g, "solve_ended"):
                g.solve_ended()         # (item parameters a solve changes, e.g. a sliding joint's marker)
        with self._open_files:
            if getattr(self, "restart_schedule", None) is not None and not failed \
                    and self._restart_time != solver.it.currentTime:
                self.write_restart(solver.it.currentTime)       # (and at the end, as Exudyn)
            self._footers(solver, failed)
        self.solution_file = None
        if getattr(self, "renderer", None) is not None:
            # a running renderer shows the last state (Exudyn's solvers update it for one)
            c = self.mbs._compiled
            c.states[CFG.Visualization].copy_from(c.states[CFG.Current])

    def abort(self):
        """The solve stopped by an exception (not its solver's error): every file closed with the
        outputs written so far, no footer (as Exudyn). Nothing after ``end``."""
        if self.ended:
            return
        self.ended = True
        self._open_files.close()
        self.solution_file = None

    def _footers(self, solver, failed):
        """The footers of the solution file (solution.file.writeFooter; the binary file's end always)
        and of the sensor files (solution.sensors.writeFooter)."""
        s = self.settings.solution
        it, conv = solver.it, solver.conv
        steps = max(it.currentStepIndex - 1, 0)
        flags = [int(failed or conv.stepReductionFailed), int(conv.discontinuousIterationSuccessful),
                 int(conv.newtonSolutionDiverged), int(conv.massMatrixNotInvertible)]
        if isinstance(self.solution_file, BinarySolutionFile):
            self.solution_file.footer(_now(), flags + [steps, it.newtonStepsCount, it.newtonJacobiCount])
        text_files = []
        if self.solution_file is not None and not isinstance(self.solution_file, BinarySolutionFile) \
                and s.file.writeFooter:
            text_files.append(self.solution_file)
        if hasattr(self, "sensors") and s.sensors.writeFooter:
            text_files.extend(self.sensors.files.values())
        if not text_files:
            return
        cpu = time.process_time() - self.started
        footer = (f"#simulation finished={_now()}\n"
                  f"#Solver Info: cpuTime={cpu:.5g},stepReductionFailed(or step failed)={flags[0]},"
                  f"discontinuousIterationSuccessful={flags[1]},newtonSolutionDiverged={flags[2]},"
                  f"massMatrixNotInvertible={flags[3]},total time steps={steps},total Newton iterations="
                  f"{it.newtonStepsCount},total Newton jacobians={it.newtonJacobiCount}\n")
        for f in text_files:
            f.write(footer)
