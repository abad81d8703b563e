"""exudyn.plot: plots of sensor data with matplotlib (PlotSensor, also as mbs.PlotSensor), and the
helpers around it, with Exudyn 1.13's names, arguments and results.

PlotSensor takes sensors (their stored data, or their files), file names or arrays of rows
[time, values...]; it returns [plt, figure, axes, last line] as Exudyn's does. There is no plot
window here: figures are made with the backend matplotlib has (Agg on a machine without a display)
and written where fileName asks.
"""
from __future__ import annotations

import copy  # noqa: F401  (exudyn.plot has it)
import os

import numpy as np

from .basicUtilities import CreateDirectoryForFile, OutputFilePath, UIWindowSuppressed
from .advancedUtilities import IsEmptyList, IsListOrArray

__all__ = ["PlotSensor", "PlotSensorDefaults", "PlotLineCode", "PlotFFT", "DataArrayFromSensorList",
           "FileStripSpaces", "ParseOutputFileHeader", "PlotWindowGeometries", "StorePlotWindowGeometry",
           "componentNorm", "listMarkerStyles", "listMarkerStylesFilled", "CreateDirectoryForFile",
           "OutputFilePath", "UIWindowSuppressed", "IsEmptyList", "IsListOrArray"]

componentNorm = -2                      # the component that is the norm of a sensor's values
listMarkerStylesFilled = ['x', '+', '*', '.', 'd', 'D', 's', 'X', 'P', 'v', '^', '<', '>', 'o', 'p', 'h', 'H']
listMarkerStyles = [m + ' ' for m in listMarkerStylesFilled]     # (a space: an empty marker)

_LINE_COLORS = "rgbkcmy"
_LINE_STYLES = ("-", ":", "--", "-.")


def PlotLineCode(index):
    """The matplotlib line code of a curve number (28 codes: colors r, g, b, k, c, m, y with solid,
    dotted, dashed and dash-dotted lines; 'k:' beyond)."""
    if 0 <= index < 28:
        return _LINE_COLORS[index % 7] + _LINE_STYLES[index // 7]
    return "k:"


class _PlotSensorDefaults:
    """The defaults of PlotSensor's arguments that are None: change one here for every later call."""
    _FIELDS = {"xLabel": "time (s)", "yLabel": None, "fontSize": 16, "colors": [], "lineStyles": [],
               "lineWidths": [], "markerStyles": [], "markerSizes": [], "markerDensity": 0.08, "majorTicksX": 10,
               "majorTicksY": 10, "sizeInches": [6.4, 4.8], "storeWindowPositions": False}

    def __init__(self):
        for name, value in self._FIELDS.items():
            setattr(self, name, copy.deepcopy(value))

    def __setattr__(self, name, value):
        if name not in self._FIELDS:
            raise AttributeError(f"PlotSensorDefaults has no field '{name}'")
        object.__setattr__(self, name, value)

    def __repr__(self):
        return repr({name: getattr(self, name) for name in self._FIELDS})


_DEFAULTS = _PlotSensorDefaults()


def PlotSensorDefaults():
    """The structure of PlotSensor's defaults (change a field to change it for all later calls)."""
    return _DEFAULTS


_COMPONENT_NAMES = "XYZ"


def _per_curve(value, n, default):
    """A scalar or list argument as one value per curve."""
    if value is None or (isinstance(value, (list, tuple)) and len(value) == 0):
        return [default] * n
    if isinstance(value, (list, tuple)):
        return [value[i] if i < len(value) else default for i in range(n)]
    return [value] * n


def _read_file(name, comment, delimiter):
    with open(name) as f:
        lines = f.readlines()
    rows = []
    for line in lines:
        text = line.strip()
        if not text or (comment and text.startswith(comment)) or text.startswith("#"):
            continue
        parts = [p for p in (text.split(delimiter) if delimiter else text.replace(",", " ").split()) if p.strip()]
        rows.append([float(p) for p in parts])
    return np.array(rows, dtype=float)


def _sensor_data(mbs, sensor, comment, delimiter):
    """(rows [t, values...], label base, output variable name) of one curve's source."""
    if isinstance(sensor, np.ndarray):
        return sensor, "data", ""
    if isinstance(sensor, str):
        return _read_file(sensor, comment, delimiter), os.path.basename(sensor), ""
    number = int(sensor)
    d = mbs.GetSensor(number)
    ovt = d.get("outputVariableType")
    ovt_name = getattr(ovt, "name", str(ovt)) if ovt is not None else ""
    if d.get("storeInternal", False):
        data = np.asarray(mbs.GetSensorStoredData(number), dtype=float)
    else:
        fileName = d.get("fileName", "")
        if not fileName:
            raise ValueError(f"PlotSensor: sensor {number} ('{d.get('name', '')}') neither stores its values "
                             "(storeInternal=True) nor writes a file (fileName)")
        data = _read_file(OutputFilePath(fileName), comment, delimiter)
    return data, d.get("name", f"sensor{number}"), ovt_name


def _curve(data, component, componentX, factor, offset):
    """x and y of one curve: the columns (component -1: time, componentNorm: the norm of the values)
    with y = factor (value + offset)."""
    if isinstance(offset, np.ndarray):
        data = data.copy()
        data[:, 1:] = data[:, 1:] + offset[:, 1:]
        offset = 0.0

    def column(c):
        if c == componentNorm:
            return np.linalg.norm(data[:, 1:], axis=1)
        return data[:, c + 1]
    y = factor * (column(component) + offset)
    x = data[:, 0] if componentX == -1 else column(componentX)
    return x, y


def _component_label(component, ovt_name, useXYZ):
    if component == componentNorm:
        return ovt_name + "-norm" if ovt_name else "norm"
    if component == -1:
        return "time"
    if useXYZ and ovt_name and component < 3 and ("Position" in ovt_name or "Velocity" in ovt_name
                                                  or "Acceleration" in ovt_name or "Displacement" in ovt_name
                                                  or "Force" in ovt_name or "Torque" in ovt_name
                                                  or "Rotation" in ovt_name):
        return ovt_name + _COMPONENT_NAMES[component]
    return f"{ovt_name}{component}" if ovt_name else str(component)


def _figure(plt, newFigure, closeAll, figureName, subPlot, sizeInches):
    if closeAll:
        plt.close("all")
    if newFigure:
        nx, ny = (subPlot[0], subPlot[1]) if subPlot else (1, 1)
        fig = plt.figure(figureName if figureName else None, figsize=(sizeInches[0] * nx, sizeInches[1] * ny))
    else:
        fig = plt.gcf()
    if subPlot:
        ax = fig.add_subplot(subPlot[1], subPlot[0], subPlot[2])
    else:
        ax = fig.gca()
    return fig, ax


def _finish(fig, ax, xLabel, yLabel, title, fontSize, rangeX, rangeY, majorTicksX, majorTicksY, legendArgs, fileName,
            kwargs):
    """Labels, scales, ranges, ticks, grid and legend of a PlotSensor axes; the file."""
    ax.set_xlabel(xLabel, fontsize=fontSize)
    ax.set_ylabel(yLabel, fontsize=fontSize)
    if title:
        ax.set_title(title, fontsize=fontSize)
    for axis, log, ticks, limits in (("x", kwargs.get("logScaleX", False), majorTicksX, rangeX),
                                     ("y", kwargs.get("logScaleY", False), majorTicksY, rangeY)):
        if log:
            (ax.set_xscale if axis == "x" else ax.set_yscale)("log")
        else:
            ax.locator_params(axis=axis, nbins=ticks)
        if limits:
            (ax.set_xlim if axis == "x" else ax.set_ylim)(limits)
    if kwargs.get("minorTicksXon", False) or kwargs.get("minorTicksYon", False):
        ax.minorticks_on()
    ax.tick_params(labelsize=fontSize)
    ax.grid(True, which="major")
    if isinstance(legendArgs, dict):
        ax.legend(**legendArgs)
    elif legendArgs is not None:
        ax.legend(loc=legendArgs, fontsize=fontSize)
    else:
        ax.legend(fontsize=fontSize)
    fig.tight_layout()
    if fileName:
        path = OutputFilePath(fileName, "PlotSensor")
        CreateDirectoryForFile(path)
        fig.savefig(path)


def PlotSensor(mbs, sensorNumbers=[], components=0, xLabel=None, yLabel=None, labels=[], colorCodeOffset=0,
               newFigure=True, closeAll=False, componentsX=[], title='', figureName='', fontSize=None, colors=None,
               lineStyles=None, lineWidths=None, markerStyles=None, markerSizes=None, markerDensity=None, rangeX=[],
               rangeY=[], majorTicksX=None, majorTicksY=None, offsets=[], factors=[], subPlot=[], sizeInches=None,
               fileName='', useXYZcomponents=True, legendArgs=None, **kwargs):
    """Plot sensor outputs over time (or over another component: componentsX): sensors, sensor or
    solution files, or arrays of rows [t, values...]; one curve per (sensor, component). Returns
    [plt, figure, axes, the last line]. See Exudyn's documentation for the arguments; the keyword
    arguments minorTicksXon, minorTicksYon, logScaleX, logScaleY, fileCommentChar and
    fileDelimiterChar are taken as there."""
    import matplotlib.pyplot as plt
    known = {"minorTicksXon", "minorTicksYon", "logScaleX", "logScaleY", "fileCommentChar", "fileDelimiterChar"}
    if set(kwargs) - known:
        raise TypeError(f"PlotSensor: unexpected argument(s) {sorted(set(kwargs) - known)}")
    D = _DEFAULTS
    fontSize = D.fontSize if fontSize is None else fontSize
    sizeInches = D.sizeInches if sizeInches is None else sizeInches
    markerDensity = D.markerDensity if markerDensity is None else markerDensity
    majorTicksX = D.majorTicksX if majorTicksX is None else majorTicksX
    majorTicksY = D.majorTicksY if majorTicksY is None else majorTicksY
    xLabel = D.xLabel if xLabel is None else xLabel

    sensors = list(sensorNumbers) if isinstance(sensorNumbers, (list, tuple)) else [sensorNumbers]
    if not sensors:
        # nothing to plot: only closeAll acts (Exudyn 1.13.6: PlotSensor(mbs, [], closeAll=True) closes
        # the figures, as scripts do before their plots)
        if closeAll:
            plt.close('all')
        return [plt, None, None, None]
    comps = list(components) if isinstance(components, (list, tuple)) else [components]
    if len(sensors) == 1 and len(comps) > 1:
        sensors = sensors * len(comps)
    if len(comps) == 1 and len(sensors) > 1:
        comps = comps * len(sensors)
    if len(comps) != len(sensors):
        raise ValueError(f"PlotSensor: {len(sensors)} sensors and {len(comps)} components do not match")
    n = len(sensors)
    compsX = _per_curve(componentsX, n, -1)
    factors_ = _per_curve(factors, n, 1.0)
    offsets_ = offsets if isinstance(offsets, (list, tuple)) else [offsets]
    offsets_ = _per_curve(list(offsets_), n, 0.0)
    labels_ = [labels] if isinstance(labels, str) else list(labels)
    colors_ = _per_curve(D.colors if colors is None else colors, n, None)
    styles_ = _per_curve(D.lineStyles if lineStyles is None else lineStyles, n, None)
    widths_ = _per_curve(D.lineWidths if lineWidths is None else lineWidths, n, 1.0)
    markers_ = _per_curve(D.markerStyles if markerStyles is None else markerStyles, n, None)
    msizes_ = _per_curve(D.markerSizes if markerSizes is None else markerSizes, n, 6.0)

    fig, ax = _figure(plt, newFigure, closeAll, figureName, subPlot, sizeInches)
    comment, delimiter = kwargs.get("fileCommentChar", ""), kwargs.get("fileDelimiterChar", "")
    line = None
    ovt_names = []
    for k in range(n):
        data, base, ovt_name = _sensor_data(mbs, sensors[k], comment, delimiter)
        if ovt_name and ovt_name not in ovt_names:
            ovt_names.append(ovt_name)
        x, y = _curve(data, int(comps[k]), int(compsX[k]), float(factors_[k]), offsets_[k])
        label = labels_[k] if k < len(labels_) else f"{base}, {_component_label(int(comps[k]), ovt_name, useXYZcomponents)}"
        code = PlotLineCode(k + colorCodeOffset)
        color = colors_[k] if colors_[k] is not None else code[0]
        style = styles_[k] if styles_[k] is not None else code[1:]
        marker = markers_[k]
        opts = {}
        if marker:
            filled = marker.strip()
            opts = dict(marker=filled, markersize=msizes_[k],
                        markevery=markerDensity if markerDensity is not None else None)
            if marker.endswith(" "):
                opts["markerfacecolor"] = "none"
        line = ax.plot(x, y, color=color, linestyle=style, linewidth=widths_[k], label=label, **opts)[0]
    _finish(fig, ax, xLabel, yLabel if yLabel is not None else (D.yLabel if D.yLabel is not None
                                                                   else ", ".join(ovt_names)),
            title, fontSize, rangeX, rangeY, majorTicksX, majorTicksY, legendArgs, fileName, kwargs)
    return [plt, fig, ax, line]


def PlotFFT(frequency, data, xLabel='frequency', yLabel='magnitude', label='', freqStart=0, freqEnd=-1,
            logScaleX=True, logScaleY=True, majorGrid=True, minorGrid=True):
    """Plot a spectrum (signalProcessing.ComputeFFT's frequency and magnitude or phase) from
    freqStart to freqEnd (-1: the end); returns matplotlib.pyplot."""
    import matplotlib.pyplot as plt
    frequency, data = np.asarray(frequency), np.asarray(data)
    i0 = int(np.searchsorted(frequency, freqStart))
    i1 = len(frequency) if freqEnd == -1 else int(np.searchsorted(frequency, freqEnd, side="right"))
    plt.plot(frequency[i0:i1], data[i0:i1], label=label if label else None)
    ax = plt.gca()
    ax.set_xlabel(xLabel)
    ax.set_ylabel(yLabel)
    if logScaleX:
        ax.set_xscale("log")
    if logScaleY:
        ax.set_yscale("log")
    ax.grid(majorGrid, which="major")
    if minorGrid:
        ax.grid(True, which="minor", linestyle=":")
    if label:
        ax.legend()
    return plt


def DataArrayFromSensorList(mbs, sensorNumbers, positionList=[], time=''):
    """Rows [position, values...] of the sensors (their current values, or their stored or written
    values at ``time``); position: positionList's entry, or the sensor's number in the list."""
    rows = []
    for k, s in enumerate(sensorNumbers):
        if time == '':
            values = np.atleast_1d(np.asarray(mbs.GetSensorValues(s), dtype=float))
        else:
            data, _, _ = _sensor_data(mbs, s, "", "")
            i = int(np.argmin(np.abs(data[:, 0] - float(time))))
            values = data[i, 1:]
        position = positionList[k] if k < len(positionList) else k
        rows.append(np.concatenate([[position], values]))
    return np.array(rows)


def FileStripSpaces(filename, outputFilename, fileCommentChar='', removeDoubleChars=''):
    """Write filename's lines without leading and trailing spaces (comment lines unchanged;
    removeDoubleChars: runs of it made single) into outputFilename."""
    with open(filename) as f:
        lines = f.readlines()
    out = []
    for line in lines:
        if fileCommentChar and line.startswith(fileCommentChar):
            out.append(line)
            continue
        text = line.strip()
        if removeDoubleChars:
            while removeDoubleChars * 2 in text:
                text = text.replace(removeDoubleChars * 2, removeDoubleChars)
        out.append(text + "\n")
    with open(outputFilename, "w") as f:
        f.writelines(out)


def ParseOutputFileHeader(lines):
    """The kind of an output file from its header lines (file.readlines()): {'type': 'sensor',
    'solution', 'geneticOptimization' or 'parameterVariation', 'variableType': the columns' names,
    'variableRanges': the ranges of a parameter variation's variables}."""
    out = {"type": "", "variableType": [], "variableRanges": []}
    for line in lines:
        if not line.startswith("#"):
            break
        text = line[1:].strip()
        low = text.lower()
        if "sensor" in low and not out["type"]:
            out["type"] = "sensor"
        elif "solution" in low and not out["type"]:
            out["type"] = "solution"
        elif "genetic" in low:
            out["type"] = "geneticOptimization"
        elif "parameter variation" in low or "parametervariation" in low:
            out["type"] = "parameterVariation"
        if low.startswith("columns contain:") or low.startswith("variables:"):
            out["variableType"] = [c.strip() for c in text.split(":", 1)[1].split(",") if c.strip()]
        if low.startswith("ranges:"):
            out["variableRanges"] = [c.strip() for c in text.split(":", 1)[1].split(";") if c.strip()]
    return out


def PlotWindowGeometries():
    """The plot windows open, with where they are: there are no plot windows here ([])."""
    return []


def StorePlotWindowGeometry():
    """Store where the plot windows are: there are none here (0 stored)."""
    return 0
