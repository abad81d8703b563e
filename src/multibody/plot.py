"""exudyn.plot: plots of sensor data with matplotlib (PlotSensor, also as mbs.PlotSensor), and the
helpers around it, with Exudyn 1.13's names, arguments and results.

PlotSensor takes sensors (their stored data, or their files), file names or arrays of rows
[time, values...]; it returns [plt, figure, axes, None] as Exudyn's does and never calls show:
figures are made with the backend matplotlib has (Agg on a machine without a display) and written
where fileName asks. SensorData and FileData (multibody's) give sensors and sensor, solution or
results files as NumPy arrays or pandas DataFrames.
"""
from __future__ import annotations

import copy  # noqa: F401  (exudyn.plot has it)
import os

import numpy as np

from .basicUtilities import CreateDirectoryForFile, OutputFilePath, UIWindowSuppressed
from .advancedUtilities import IsEmptyList, IsListOrArray, PlotLineCode
from ._optional import require

__all__ = ["PlotSensor", "PlotSensorDefaults", "PlotLineCode", "PlotFFT", "DataArrayFromSensorList",
           "FileStripSpaces", "ParseOutputFileHeader", "PlotWindowGeometries", "StorePlotWindowGeometry",
           "componentNorm", "listMarkerStyles", "listMarkerStylesFilled", "CreateDirectoryForFile",
           "OutputFilePath", "UIWindowSuppressed", "IsEmptyList", "IsListOrArray", "SensorData", "FileData"]

componentNorm = -2                      # the component that is the norm of a sensor's values
listMarkerStylesFilled = ['x', '+', '*', '.', 'd', 'D', 's', 'X', 'P', 'v', '^', '<', '>', 'o', 'p', 'h', 'H']
listMarkerStyles = [m + ' ' for m in listMarkerStylesFilled]     # (a space: an empty marker)

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


def _per_curve(name, value, n, default, stringForAll=False):
    """A scalar or list argument as one value per curve: a list needs an entry per curve; a scalar
    (a string only for one curve, unless stringForAll) is used for every curve; None or [] give
    the default."""
    if value is None or (isinstance(value, (list, tuple)) and len(value) == 0):
        return [default] * n
    if isinstance(value, (list, tuple, np.ndarray)):
        if len(value) < n:
            raise ValueError(f"PlotSensor: {name} must be a single value or a list with an entry for each of the "
                             f"{n} curves (sensors / components); received {value!r}")
        return list(value[:n])
    if isinstance(value, str) and n > 1 and not stringForAll:
        raise ValueError(f"PlotSensor: {name} as a string is for one curve; give a list with an entry for each of "
                         f"the {n} curves (sensors / components); received {value!r}")
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


def _file_variable(name):
    """The output variable of a sensor file's header ('Coordinates' for a solution file, '' if none)."""
    with open(name) as f:
        header = [line for line in f.readlines()[:40] if line.startswith("#")]
    for line in header:
        if line.startswith("#OutputVariableType"):
            return line.split("=", 1)[1].strip()
    return "Coordinates" if header and "solution file" in header[0] else ""


def _sensor_data(mbs, sensor, comment, delimiter):
    """(rows [t, values...], label base, output variable name) of one curve's source: an array, a
    file (its name without extension) or a sensor (its name)."""
    if isinstance(sensor, np.ndarray):
        return sensor, "", ""
    if isinstance(sensor, str):
        base = os.path.splitext(os.path.basename(sensor))[0]
        return _read_file(sensor, comment, delimiter), base, _file_variable(sensor)
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


# the output variables whose components 0, 1, 2 are labelled X, Y, Z (useXYZcomponents)
_XYZ_VARIABLES = {"Acceleration", "AccelerationLocal", "AngularAcceleration", "AngularAccelerationLocal",
                  "AngularVelocity", "AngularVelocityLocal", "Displacement", "DisplacementLocal", "Force", "ForceLocal",
                  "Position", "Rotation", "StrainLocal", "StressLocal", "Torque", "TorqueLocal", "Velocity",
                  "VelocityLocal"}


def _component_label(component, ovt_name, useXYZ):
    """The variable and component of a curve's label: 'PositionX', 'Coordinates3', 'Velocity-2' (the norm)."""
    if useXYZ and ovt_name in _XYZ_VARIABLES and 0 <= component < 3:
        return ovt_name + _COMPONENT_NAMES[component]
    return f"{ovt_name}{component}"


def _figure(plt, newFigure, closeAll, figureName, subPlot, sizeInches):
    """The figure (new, or the current one) sized sizeInches per subplot, and its axes: the subplot
    [nx, ny, position] or the current axes."""
    if closeAll:
        plt.close("all")
    fig = plt.figure(figureName if figureName else None) if newFigure else plt.gcf()
    nx, ny = (subPlot[0], subPlot[1]) if subPlot else (1, 1)
    fig.set_size_inches(sizeInches[0] * nx, sizeInches[1] * ny)
    ax = fig.add_subplot(subPlot[1], subPlot[0], subPlot[2]) if subPlot else fig.gca()
    return fig, ax


def _finish(fig, ax, xLabel, yLabel, title, fontSize, rangeX, rangeY, majorTicksX, majorTicksY, legendArgs, fileName,
            kwargs):
    """Labels, scales, ranges, ticks and grid of a PlotSensor axes, the figure's legend (of all its
    curves, added by every call, as Exudyn 1.13.6 does) and the file."""
    from matplotlib.ticker import MaxNLocator
    ax.set_xlabel(xLabel, fontsize=fontSize)
    ax.set_ylabel(yLabel, fontsize=fontSize)
    ax.set_title(title, fontsize=1.2 * fontSize)
    for axis, log, ticks, limits in ((ax.xaxis, kwargs.get("logScaleX", False), majorTicksX, rangeX),
                                     (ax.yaxis, kwargs.get("logScaleY", False), majorTicksY, rangeY)):
        if log:
            axis._set_axes_scale("log")
        else:
            axis.set_major_locator(MaxNLocator(ticks))
        if limits:
            (ax.set_xlim if axis is ax.xaxis else ax.set_ylim)(limits)
        axis.get_offset_text().set_fontsize(fontSize)
    if kwargs.get("minorTicksXon", False) or kwargs.get("minorTicksYon", False):
        ax.minorticks_on()
    ax.tick_params(labelsize=fontSize)
    ax.grid(True, which="major")
    if isinstance(legendArgs, dict):
        fig.legend(**legendArgs)
    elif legendArgs is not None:
        fig.legend(loc=legendArgs, fontsize=fontSize)
    else:
        fig.legend(fontsize=fontSize)
    fig.tight_layout()
    if fileName:
        path = OutputFilePath(fileName, "PlotSensor")
        CreateDirectoryForFile(path)
        fig.savefig(path)


def _curves(sensorNumbers, components):
    """Sources and components, one per curve: a single source or component is repeated to the other's
    number (a NumPy array is one source)."""
    sensors = list(sensorNumbers) if isinstance(sensorNumbers, (list, tuple)) else [sensorNumbers]
    comps = list(components) if isinstance(components, (list, tuple, np.ndarray)) else [components]
    if len(sensors) == 1 and len(comps) > 1:
        sensors = sensors * len(comps)
    if len(comps) == 1 and len(sensors) > 1:
        comps = comps * len(sensors)
    if len(comps) != len(sensors):
        raise ValueError(f"PlotSensor: sensorNumbers ({len(sensors)}) and components ({len(comps)}) must have the "
                         "same length, or one of them must be a single value")
    return sensors, [int(c) for c in comps]


def _styles(n, D, colors, lineStyles, lineWidths, markerStyles, markerSizes, labels, factors, offsets, componentsX):
    """Per curve: color, line style, line width, marker, marker size, label, factor, offset, x component
    (None: automatic; the defaults of PlotSensorDefaults where an argument is None)."""
    pick = (lambda value, default: default if value is None else value)
    # factors and offsets act as lists only: Exudyn 1.13.6 ignores a scalar (measured), which is kept
    offsets = offsets if isinstance(offsets, (list, tuple)) else []
    factors = factors if isinstance(factors, (list, tuple)) else []
    if isinstance(componentsX, (list, tuple)) and componentsX and len(componentsX) < n:
        raise ValueError(f"PlotSensor: componentsX must have an entry for each of the {n} curves; "
                         f"received {componentsX!r}")
    return list(zip(_per_curve("colors", pick(colors, D.colors), n, None),
                    _per_curve("lineStyles", pick(lineStyles, D.lineStyles), n, None, stringForAll=True),
                    _per_curve("lineWidths", pick(lineWidths, D.lineWidths), n, 1.0),
                    _per_curve("markerStyles", pick(markerStyles, D.markerStyles), n, None),
                    _per_curve("markerSizes", pick(markerSizes, D.markerSizes), n, 6.0),
                    _per_curve("labels", labels, n, None),
                    _per_curve("factors", factors, n, 1.0, stringForAll=True),
                    _checked_offsets(offsets, n),
                    _per_curve("componentsX", componentsX, n, -1)))


def _checked_offsets(offsets, n):
    if len(offsets) == 0:
        return [0.0] * n
    if len(offsets) == 1 and not isinstance(offsets[0], np.ndarray):
        return list(offsets) * n
    if len(offsets) != n:
        raise ValueError(f"PlotSensor: offsets must be a scalar or a list with an entry for each of the {n} curves; "
                         f"received {len(offsets)} entries")
    return list(offsets)


def _markevery(markerDensity, rows):
    """matplotlib's markevery of a curve of `rows` points: an integer density gives about that many
    markers (every rows//density + 1 points; 0: every point), a float the distance relative to the
    axes' diagonal."""
    if isinstance(markerDensity, (int, np.integer)) and not isinstance(markerDensity, bool):
        return None if markerDensity == 0 else rows // int(markerDensity) + 1
    return markerDensity


def PlotSensor(mbs, sensorNumbers=[], components=0, xLabel=None, yLabel=None, labels=[], colorCodeOffset=0,
               newFigure=True, closeAll=False, componentsX=[], title='', figureName='', fontSize=None, colors=None,
               lineStyles=None, lineWidths=None, markerStyles=None, markerSizes=None, markerDensity=None, rangeX=[],
               rangeY=[], majorTicksX=None, majorTicksY=None, offsets=[], factors=[], subPlot=[], sizeInches=None,
               fileName='', useXYZcomponents=True, legendArgs=None, **kwargs):
    """Plot sensor outputs over time (or over another component: componentsX): sensors, sensor or
    solution files, or arrays of rows [t, values...]; one curve per (sensor, component). Returns
    [plt, figure, axes, None] as Exudyn's does (nothing is shown: call plt.show() for a window).
    fontSize applies to the texts of this call's axes and legend (Exudyn 1.13.6 also sets matplotlib's
    global font size; this does not); scalar factors and offsets are ignored, as Exudyn 1.13.6
    does (lists act).
    See Exudyn's documentation for the arguments; the keyword arguments minorTicksXon,
    minorTicksYon, logScaleX, logScaleY, fileCommentChar and fileDelimiterChar are taken as there."""
    plt = _require_pyplot()
    known = {"minorTicksXon", "minorTicksYon", "logScaleX", "logScaleY", "fileCommentChar", "fileDelimiterChar"}
    if set(kwargs) - known:
        raise TypeError(f"PlotSensor: unexpected argument(s) {sorted(set(kwargs) - known)}")
    D = _DEFAULTS
    if isinstance(sensorNumbers, (list, tuple)) and not sensorNumbers:
        # nothing to plot: only closeAll acts (Exudyn 1.13.6: PlotSensor(mbs, [], closeAll=True) closes
        # the figures, as scripts do before their plots)
        if closeAll:
            plt.close('all')
        return [plt, None, None, None]
    sensors, comps = _curves(sensorNumbers, components)
    if isinstance(labels, str):
        labels = [labels]
    styles = _styles(len(sensors), D, colors, lineStyles, lineWidths, markerStyles, markerSizes, labels,
                     factors, offsets, componentsX)
    fontSize = D.fontSize if fontSize is None else fontSize
    markerDensity = D.markerDensity if markerDensity is None else markerDensity
    fig, ax = _figure(plt, newFigure, closeAll, figureName, subPlot, D.sizeInches if sizeInches is None else sizeInches)
    comment, delimiter = kwargs.get("fileCommentChar", ""), kwargs.get("fileDelimiterChar", "")
    ovt_names = []
    for k, (sensor, comp, style) in enumerate(zip(sensors, comps, styles)):
        color, lineStyle, width, marker, msize, label, factor, offset, compX = style
        data, base, ovt_name = _sensor_data(mbs, sensor, comment, delimiter)
        ovt_names.append(ovt_name)
        x, y = _curve(data, comp, int(compX), float(factor), offset)
        if label is None:
            label = f"{base}, {_component_label(comp, ovt_name, useXYZcomponents)}"
        code = PlotLineCode(k + colorCodeOffset)
        opts = {"marker": "", "markersize": msize}
        if marker:
            opts = dict(marker=marker.strip(), markersize=msize, markevery=_markevery(markerDensity, len(x)))
            if marker.endswith(" "):
                opts["markerfacecolor"] = "none"
        ax.plot(x, y, color=color if color is not None else code[0],
                linestyle=lineStyle if lineStyle is not None else code[1:], linewidth=width, label=label, **opts)
    if yLabel is None:
        # the output variables of the curves: one if all are the same, else all of them in order
        yLabel = D.yLabel if D.yLabel is not None else ", ".join(ovt_names[:1] if len(set(ovt_names)) == 1 else ovt_names)
    _finish(fig, ax, D.xLabel if xLabel is None else xLabel, yLabel, title, fontSize, rangeX, rangeY,
            D.majorTicksX if majorTicksX is None else majorTicksX, D.majorTicksY if majorTicksY is None else majorTicksY,
            legendArgs, fileName, kwargs)
    return [plt, fig, ax, None]


def _require_pyplot():
    """matplotlib.pyplot (ImportError naming the extra 'plot' where matplotlib is missing)."""
    return require("matplotlib.pyplot", "PlotSensor")


def PlotFFT(frequency, data, xLabel='frequency', yLabel='magnitude', label='', freqStart=0, freqEnd=-1,
            logScaleX=True, logScaleY=True, majorGrid=True, minorGrid=True):
    """Plot a spectrum (signalProcessing.ComputeFFT's frequency and magnitude or phase) for the
    frequencies freqStart <= f < freqEnd (freqEnd -1: to the end); returns matplotlib.pyplot."""
    import matplotlib.pyplot as plt
    frequency, data = np.asarray(frequency), np.asarray(data)
    i0 = int(np.searchsorted(frequency, freqStart))
    i1 = len(frequency) if freqEnd == -1 else int(np.searchsorted(frequency, freqEnd))
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


def _as_table(data, columns, dataFrame, feature):
    """data, or a pandas DataFrame of it with the columns' names (generic names where the header
    names another number of columns)."""
    if not dataFrame:
        return data
    pandas = require("pandas", feature)
    if len(columns) != data.shape[1]:
        columns = ["time"] + [f"column{i}" for i in range(1, data.shape[1])]
    return pandas.DataFrame(data, columns=columns)


def SensorData(mbs, sensorNumber, dataFrame=False):
    """The values of a sensor over time (multibody's): its stored values (storeInternal=True) or its
    file, as a NumPy array of rows [time, values...] or, with dataFrame=True, a pandas DataFrame
    with the columns 'time', '<OutputVariableType>0', ... (pandas: ``pip install 'multibody[pandas]'``)."""
    data, _, variable = _sensor_data(mbs, sensorNumber, "", "")
    data = np.atleast_2d(np.asarray(data, dtype=float))
    columns = ["time"] + [f"{variable}{i}" for i in range(data.shape[1] - 1)]
    return _as_table(data, columns, dataFrame, "SensorData(dataFrame=True)")


def FileData(fileName, dataFrame=False):
    """A sensor, solution or processing results file (multibody's): its rows as a NumPy array or,
    with dataFrame=True, a pandas DataFrame with the columns its header names
    (ParseOutputFileHeader; e.g. 'time', 'ODE2-0', ..., 'Vel2-0', ... of a solution file)."""
    with open(fileName) as f:
        header = ParseOutputFileHeader(f.readlines())
    data = np.atleast_2d(_read_file(fileName, "#", ""))
    return _as_table(data, header.get("columns", []), dataFrame, "FileData(dataFrame=True)")


def DataArrayFromSensorList(mbs, sensorNumbers, positionList=[], time=''):
    """Rows [position, values...] of the sensors (their current values, or their stored or written
    values at the row nearest to ``time``: Exudyn 1.13.6 raises ValueError for a time); position:
    positionList's entry, or the sensor's number in the list."""
    if len(positionList) and len(positionList) != len(sensorNumbers):
        raise ValueError(f"DataArrayFromSensorList: sensorNumbers ({len(sensorNumbers)}) and positionList "
                         f"({len(positionList)}) must have the same length, or positionList must be empty")
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
    """Write filename's lines without leading and trailing spaces (spaces only: tabs stay; lines
    starting with fileCommentChar unchanged; removeDoubleChars: runs of it made single) into
    outputFilename."""
    with open(filename) as f:
        lines = f.readlines()
    out = []
    for line in lines:
        if fileCommentChar and line.startswith(fileCommentChar):
            out.append(line)
            continue
        text = line.rstrip("\n").strip(" ")
        if removeDoubleChars:
            while removeDoubleChars * 2 in text:
                text = text.replace(removeDoubleChars * 2, removeDoubleChars)
        out.append(text + "\n")
    with open(outputFilename, "w") as f:
        f.writelines(out)


def _header_value(line):
    return line.split("=", 1)[1].strip()


def _solution_columns(line):
    """The columns of a solution file from its line of written coordinates [nODE2, nVel2, nAcc2,
    nODE1, nVel1, nAlgebraic, nData]."""
    counts = [int(v) for v in line.split("=", 1)[1].strip().strip("[]").split(",")]
    names = ("ODE2", "Vel2", "Acc2", "ODE1", "Vel1", "Algebraic", "Data")
    return ["time"] + [f"{name}-{i}" for name, count in zip(names, counts) for i in range(count)]


def _parse_sensor_line(out, text):
    if text.startswith("measure ") and " number = " in text:
        kind = text[len("measure "):].split(" number", 1)[0]
        number = int(_header_value(text))
        if kind == "Object":
            out["objectNumber"] = number
        out.update(sensorType=kind, itemNumber=number)
    elif text.startswith("OutputVariableType"):
        out["outputVariableType"] = _header_value(text)
    elif text.startswith("number of sensor values"):
        out["numberOfSensors"] = int(_header_value(text))
        out["columns"] = ["time"] + [f"{out.get('outputVariableType', '')}{i}" for i in range(out["numberOfSensors"])]


def ParseOutputFileHeader(lines):
    """The kind and columns of an output file from its header lines (file.readlines()): {'type':
    'sensor', 'solution', 'geneticOptimization' or 'parameterVariation', 'columns': the columns'
    names, 'variableRanges': the (begin, end, number) of a parameter variation's parameters}, with
    sensorType, itemNumber, outputVariableType, numberOfSensors of a sensor file and
    numberOfSteps of a solution file."""
    out = {}
    header = [line.rstrip("\n") for line in lines if line.startswith("#")]
    first = header[0] if header else ""
    if "sensor output file" in first:
        out["type"] = "sensor"
    elif "solution file" in first:
        out["type"] = "solution"
    elif "genetic optimization" in first:
        out["type"] = "geneticOptimization"
    elif "parameter variation" in first:
        out["type"] = "parameterVariation"
    for k, line in enumerate(header):
        text = line[1:].strip()
        if out.get("type") == "sensor":
            _parse_sensor_line(out, text)
        elif text.startswith("number of time steps (planned)"):
            out["numberOfSteps"] = int(_header_value(text))
        elif text.startswith("number of written coordinates"):
            out["columns"] = _solution_columns(text)
        elif text == "columns:" and k + 1 < len(header):
            out["columns"] = [c.strip() for c in header[k + 1][1:].split(",")]
        elif text.startswith("parameter ranges") and out.get("type") == "parameterVariation" and k + 1 < len(header):
            out["variableRanges"] = [[float(r[0]), float(r[1]), int(r[2])] for r in
                                     (spec.strip().strip("()").split(",") for spec in header[k + 1][1:].split(";"))]
    out.setdefault("variableRanges", [])
    return out


def PlotWindowGeometries():
    """The plot windows open, with where they are: there are no plot windows here ([])."""
    return []


def StorePlotWindowGeometry():
    """Store where the plot windows are: there are none here (0 stored)."""
    return 0
