"""exudyn.interactive.InteractiveDialog: a simulation run period by period, steered by dialog items.

Where a display exists it is a tkinter dialog (labels, buttons, radio buttons, sliders, check
boxes; Run/Stop, Quit; live plots of sensors with matplotlib). Without one it says so in one line
and runs the simulation of its settings from startTime to endTime in periods of ``period``,
calling ``simulationFunction(mbs, dialog)`` before each, as pressing 'Run' would, and returns.
"""
import math
import time

import numpy as np

from .visualization.animation import has_display, say


class _Value:
    """A widget's value without a window (get/set as tkinter variables and scales have)."""

    def __init__(self, value=0):
        self.value = value

    def get(self):
        return self.value

    def set(self, value):
        self.value = value


class InteractiveDialog:
    """A simulation steered interactively; dialogItems and plots as Exudyn's (see the module)."""

    def __init__(self, mbs, simulationSettings, simulationFunction, dialogItems, plots=None, period=0.04,
                 realtimeFactor=1, userStartSimulation=None, title='', showTime=False, fontSize=12,
                 doTimeIntegration=True, runOnStart=False, addLabelStringVariables=False, addSliderVariables=False,
                 checkRenderEngineStopFlag=True, userOnChange=None, useSysVariables=False, windowSize=None):
        if float(period) <= 0:
            raise ValueError(f"InteractiveDialog: period must be > 0, got {period}")
        self.mbs, self.simulationSettings, self.simulationFunction = mbs, simulationSettings, simulationFunction
        self.dialogItems, self.plots = list(dialogItems or []), plots
        self.period, self.realtimeFactor = float(period), float(realtimeFactor)
        self.userStartSimulation, self.userOnChange = userStartSimulation, userOnChange
        self.title, self.showTime, self.fontSize = title, showTime, fontSize
        self.doTimeIntegration, self.runOnStart = doTimeIntegration, runOnStart
        self.checkRenderEngineStopFlag, self.windowSize = checkRenderEngineStopFlag, windowSize
        self.variableList = mbs.sys if useSysVariables else mbs.variables
        self.simulationStopped, self.counter, self.solver, self._end = True, 0, None, None
        self.widgets, self.variables, self.root = [], [], None
        if addLabelStringVariables:
            self.labelStringVariables = []
        if addSliderVariables:
            self.sliderVariables = []
        from .basicUtilities import UIWindowSuppressed
        if has_display() and not UIWindowSuppressed("Dialogs", "InteractiveDialog") and self._open_window():
            from .interactive import openDialogs
            openDialogs.append(self)
            try:
                self.root.mainloop()
            finally:
                if self in openDialogs:
                    openDialogs.remove(self)
        else:
            self._run_without_window()

    # ------------------------------------------------------------ the items' values
    def _items(self):
        """(item, variable name) of the items with a value."""
        return [(d, d.get("variable")) for d in self.dialogItems if d.get("type") in ("radio", "slider", "check")]

    def ProcessWidgetStates(self):
        """Write the radio buttons', sliders' and check boxes' values into mbs.variables (or mbs.sys)."""
        for var, (item, name) in zip(self.variables, self._items()):
            if name:
                self.variableList[name] = var.get()

    def _changed(self):
        return any(name and self.variableList.get(name) != var.get()
                   for var, (item, name) in zip(self.variables, self._items()))

    # ------------------------------------------------------------ the simulation
    def InitializeSolver(self):
        """Set up the solver for the runs of one period each."""
        from .solvers.main_solvers import MainSolverImplicitSecondOrder
        s = self.simulationSettings
        self._h = (float(s.timeIntegration.endTime) - float(s.timeIntegration.startTime)) / max(
            int(s.timeIntegration.numberOfSteps), 1)
        self.solver = MainSolverImplicitSecondOrder()
        self.solver.InitializeSolver(self.mbs, s)

    def FinalizeSolver(self):
        """Finish the solver (output files closed)."""
        if self.solver is not None:
            self.solver.FinalizeSolver(self.mbs, self.simulationSettings)
            self.solver = None

    def RunSimulationPeriod(self):
        """Simulate one period (without a window: to the end of the k-th period, at most endTime)."""
        if not self.doTimeIntegration:
            return
        if self.solver is None:
            self.InitializeSolver()
        it = self.solver.it
        it.endTime = it.currentTime + self.period if self._end is None else self._end
        if not self.solver.SolveSteps(self.mbs, self.simulationSettings):
            raise RuntimeError(f"InteractiveDialog: the solver failed: {self.solver.GetErrorString()}")

    def _run_without_window(self):
        s = self.simulationSettings.timeIntegration
        t0, t1 = float(s.startTime), float(s.endTime)
        n = max(math.ceil((t1 - t0) / self.period - 1e-9), 1) if self.doTimeIntegration else 1
        say(f"InteractiveDialog{' ' + repr(self.title) if self.title else ''}: no display, so no dialog: the "
            f"simulation runs from t = {t0:g} to {t1:g} s ({n} period{'s' * (n != 1)} of {self.period:g} s) "
            "with the items' initial values" + (", plots are not drawn" if self.plots else ""))
        for item in self.dialogItems:
            v = _Value(item.get("value", item.get("text", 0)))
            self.widgets.append(v)
            if item.get("type") in ("radio", "slider", "check"):
                self.variables.append(v)
                if item.get("type") == "slider" and hasattr(self, "sliderVariables"):
                    self.sliderVariables.append(v)
            elif item.get("type") == "label" and hasattr(self, "labelStringVariables"):
                self.labelStringVariables.append(v)
        self.ProcessWidgetStates()
        if self.userStartSimulation is not None:
            self.userStartSimulation(False)
        try:
            for k in range(n):
                self.counter += 1
                if self.simulationFunction is not None:
                    self.simulationFunction(self.mbs, self)
                self._end = min(t0 + (k + 1) * self.period, t1)
                self.RunSimulationPeriod()
        finally:
            self._end = None
            self.FinalizeSolver()
        if self.userStartSimulation is not None:
            self.userStartSimulation(True)

    # ------------------------------------------------------------ the window
    def _open_window(self):
        """Build the tkinter dialog; False where tkinter cannot open one."""
        try:
            import tkinter as tk
            self.root = tk.Tk()
        except Exception as exc:   # noqa: BLE001 - no Tk: the run without a window
            say(f"InteractiveDialog: no dialog ({type(exc).__name__}: {exc})")
            return False
        _build(self, tk)
        self.ProcessWidgetStates()
        if self.plots:
            self.InitializePlots()
        if self.runOnStart:
            self.StartSimulation()
        return True

    def OnQuit(self, event=None):
        """Close the dialog (Quit, Escape or the window's close button)."""
        self.simulationStopped = True
        self.FinalizeSolver()
        if self.root is not None:
            self.root.quit()
            self.root.destroy()
            self.root = None

    def StartSimulation(self, event=None):
        """The Run/Stop button."""
        self.simulationStopped = not self.simulationStopped
        if self.userStartSimulation is not None:
            self.userStartSimulation(self.simulationStopped)
        if hasattr(self, "runButtonText"):
            self.runButtonText.set("Run" if self.simulationStopped else "Stop")
        if not self.simulationStopped and self.root is not None:
            self.root.after(1, self.ContinuousRunFunction)

    def ContinuousRunFunction(self, event=None):
        """One period (while running), then the next one after period / realtimeFactor."""
        if self.simulationStopped or self.root is None:
            return
        start = time.perf_counter()
        if self.userOnChange is not None and self._changed():
            self.ProcessWidgetStates()
            self.userOnChange(self.mbs, self)
        self.ProcessWidgetStates()
        self.counter += 1
        if self.simulationFunction is not None:
            self.simulationFunction(self.mbs, self)
        self.RunSimulationPeriod()
        if self.plots:
            self.UpdatePlots()
        if self.showTime and hasattr(self, "timeText"):
            self.timeText.set(f"time = {self.mbs.systemData.GetTime():.4g}")
        wait = self.period / max(self.realtimeFactor, 1e-12) - (time.perf_counter() - start)
        if self.root is not None:           # (Quit may have been pressed while the plots were drawn)
            self.root.after(max(int(1000 * wait), 1), self.ContinuousRunFunction)

    def InitializePlots(self):
        """The matplotlib figure with one subplot per plots['sensors'] entry."""
        import matplotlib.pyplot as plt
        p = self.plots
        rows, cols = p.get("subplots", (len(p["sensors"]), 1)) or (1, 1)
        self.figure = plt.figure(figsize=p.get("sizeInches", (8, 6)))
        self.axes, self.lines = [], []
        self.plotData = [[] for _ in p["sensors"]]
        for k, entry in enumerate(p["sensors"]):
            ax = self.figure.add_subplot(rows, cols, k + 1) if p.get("subplots", True) else self.figure.gca()
            ax.set_xlabel(entry[2])
            ax.set_ylabel(entry[3])
            ax.grid(True)
            styles = p.get("lineStyles", [])
            self.lines.append(ax.plot([], [], styles[k] if k < len(styles) else "b-")[0])
            self.axes.append(ax)
        plt.show(block=False)

    def UpdatePlots(self):
        """Add the sensors' current values to the plots (the last plots['nPoints'] points)."""
        p, t = self.plots, self.mbs.systemData.GetTime()

        def value(sensor, coordinate):
            return t if coordinate == 0 else float(np.ravel(self.mbs.GetSensorValues(sensor))[coordinate - 1])
        for k, entry in enumerate(p["sensors"]):
            data = self.plotData[k]
            data.append((value(*entry[0]), value(*entry[1])))
            del data[:-int(p.get("nPoints", 500))]
            xy = np.array(data)
            self.lines[k].set_data(xy[:, 0], xy[:, 1])
            ax = self.axes[k]
            ax.relim()
            ax.autoscale_view()
            for key, setter in (("limitsX", ax.set_xlim), ("limitsY", ax.set_ylim)):
                lim = p.get(key, [])
                if k < len(lim) and len(lim[k]) == 2:
                    setter(*lim[k])
        self.figure.canvas.draw_idle()
        self.figure.canvas.flush_events()


def _build(dialog, tk):
    """The widgets of dialog.dialogItems on the grid, then Run/Stop, Quit and the time."""
    root, font = dialog.root, ("", int(dialog.fontSize))
    root.title(dialog.title or "interactive dialog")
    if dialog.windowSize:
        root.geometry("%dx%d" % tuple(dialog.windowSize[:2]))
    last_row = 0
    for item in dialog.dialogItems:
        kind, grid = item.get("type"), item.get("grid", (last_row + 1, 0))
        sticky = "w" if "L" in item.get("options", []) else ("e" if "R" in item.get("options", []) else "")
        if kind == "radio":
            var = tk.IntVar(value=item.get("value", 0))
            for (text, value), (r, c) in zip(item["textValueList"], grid):
                tk.Radiobutton(root, text=text, variable=var, value=value, font=font).grid(row=r, column=c)
                last_row = max(last_row, r)
            dialog.variables.append(var)
            dialog.widgets.append(var)
            continue
        r, c = grid[0], grid[1]
        span = grid[2] if len(grid) > 2 else 1
        last_row = max(last_row, r)
        if kind == "label":
            text = tk.StringVar(value=item.get("text", ""))
            w = tk.Label(root, textvariable=text, font=font)
            if hasattr(dialog, "labelStringVariables"):
                dialog.labelStringVariables.append(text)
        elif kind == "button":
            w = tk.Button(root, text=item.get("text", ""), command=item.get("callFunction"), font=font)
        elif kind == "slider":
            lo, hi = item["range"]
            w = tk.Scale(root, from_=lo, to=hi, resolution=(hi - lo) / max(int(item.get("steps", 100)), 1),
                         orient=tk.HORIZONTAL, length=300, font=font)
            w.set(item.get("value", lo))
            dialog.variables.append(w)
            if hasattr(dialog, "sliderVariables"):
                dialog.sliderVariables.append(w)
        elif kind == "check":
            var = tk.IntVar(value=int(item.get("value", 0)))
            w = tk.Checkbutton(root, text=item.get("text", ""), variable=var, font=font)
            dialog.variables.append(var)
        else:
            raise ValueError(f"InteractiveDialog: unknown dialog item type {kind!r} (label, button, radio, slider, "
                             "check)")
        w.grid(row=r, column=c, columnspan=span, sticky=sticky)
        dialog.widgets.append(w)
    dialog.runButtonText = tk.StringVar(value="Run")
    tk.Button(root, textvariable=dialog.runButtonText, command=dialog.StartSimulation, font=font).grid(
        row=last_row + 1, column=0)
    tk.Button(root, text="Quit", command=dialog.OnQuit, font=font).grid(row=last_row + 1, column=1)
    if dialog.showTime:
        dialog.timeText = tk.StringVar(value="time = 0")
        tk.Label(root, textvariable=dialog.timeText, font=font).grid(row=last_row + 2, column=0, columnspan=2)
    root.bind("<Escape>", dialog.OnQuit)
    root.protocol("WM_DELETE_WINDOW", dialog.OnQuit)


def images_to_video_dialog(convert, closeAfterCreation=False, fontSize=11):
    """A small tkinter dialog with ConvertImages2Video's fields and a 'Create video' button."""
    import tkinter as tk
    root = tk.Tk()
    root.title("images to video")
    fields = [("workingDir", "images"), ("inputPattern", "frame%05d.png"), ("outputFile", "animation.mp4"),
              ("inputFrameRate", "25"), ("outputFrameRate", "25"), ("startNumber", "0")]
    entries = {}
    for row, (name, default) in enumerate(fields):
        tk.Label(root, text=name, font=("", fontSize)).grid(row=row, column=0, sticky="w")
        entries[name] = tk.Entry(root, font=("", fontSize))
        entries[name].insert(0, default)
        entries[name].grid(row=row, column=1)
    result = {}

    def create():
        v = {k: e.get() for k, e in entries.items()}
        result["file"] = convert(v["workingDir"], v["inputPattern"], v["outputFile"], float(v["inputFrameRate"]),
                                 float(v["outputFrameRate"]), startNumber=int(v["startNumber"]))
        if closeAfterCreation:
            root.destroy()
    tk.Button(root, text="Create video", command=create).grid(row=len(fields), column=0, columnspan=2)
    root.mainloop()
    return result.get("file")
