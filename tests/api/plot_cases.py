"""The model, sensor files and PlotSensor cases of tests/api/test_plot_reference.py, shared with
tools/make_plot_reference.py, which runs the same calls with Exudyn 1.13.6's exudyn.plot and stores
what the figures hold (tests/reference/plot/plot_sensor.json) and the sensor and solution files
the model wrote (tests/reference/plot/*.txt).

Every case is a list of calls (sources, keyword arguments, PlotSensorDefaults changes) made after
plt.close('all'); a source is 'S<i>' (the model's sensor i, which reads its file), 'file:<name>'
(the file) or 'array:<name>' (the file as an array of rows); offsets may be arrays as well."""
import numpy as np

FILES = ["s0.txt", "s1.txt", "s2.txt", "s3.txt", "sol.txt"]
# the results files of processing's studies (written by Exudyn's ParameterVariation and
# GeneticOptimization with study_value), for ParseOutputFileHeader
RESULTS_FILES = ["pv.txt", "ga.txt"]


def study_value(p):
    return p["x"] ** 2 + p["y"]


def write_results_files(processing):
    processing.ParameterVariation(study_value, {"x": (0, 1, 3), "y": (1., 2., 2)}, resultsFile="pv.txt",
                                  showProgress=False)
    processing.GeneticOptimization(study_value, {"x": (0, 1), "y": (1, 2)}, populationSize=4, elitistRatio=0.25,
                                   numberOfGenerations=2, resultsFile="ga.txt", showProgress=False,
                                   randomizerInitialization=0)


def build_model(exu, U):
    """A mass point on Cartesian springs and a rigid body on a spherical joint; its sensors write
    s0.txt (position, named 'pos'), s1.txt (velocity), s2.txt (the spring's force), s3.txt (the
    body's rotation). Returns (mbs, sensors)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[0.2, 0, 0.1]))
    mbs.AddObject(U.MassPoint(mass=2, nodeNumber=n))
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    spring = mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[100, 200, 50], damping=[1, 1, 1]))
    mbs.AddLoad(U.Force(markerNumber=mn, loadVector=[1, 2, 3]))
    body = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000, [0.4, 0.2, 0.1]), referencePosition=[1, 0, 0],
                               initialAngularVelocity=[1, 2, 0.5], gravity=[0, -9.81, 0])
    mbs.CreateSphericalJoint(itemNumbers=[ground, body], position=[1, 0, 0])
    sensors = [
        mbs.AddSensor(U.SensorNode(nodeNumber=n, fileName="s0.txt", name="pos",
                                   outputVariableType=exu.OutputVariableType.Position)),
        mbs.AddSensor(U.SensorNode(nodeNumber=n, fileName="s1.txt", outputVariableType=exu.OutputVariableType.Velocity)),
        mbs.AddSensor(U.SensorObject(objectNumber=spring, fileName="s2.txt",
                                     outputVariableType=exu.OutputVariableType.Force)),
        mbs.AddSensor(U.SensorBody(bodyNumber=body, fileName="s3.txt", outputVariableType=exu.OutputVariableType.Rotation)),
    ]
    mbs.Assemble()
    return mbs, sensors


def simulation_settings(exu):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 40
    ss.timeIntegration.endTime = 0.4
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.name = "sol.txt"
    ss.solution.sensors.writePeriod = 0.01
    return ss


def resolve(value, sensors):
    """A case's sources (and array offsets) as PlotSensor receives them."""
    if isinstance(value, list):
        return [resolve(v, sensors) for v in value]
    if isinstance(value, str) and value.startswith("S") and value[1:].isdigit():
        return sensors[int(value[1:])]
    if isinstance(value, str) and value.startswith("file:"):
        return value[5:]
    if isinstance(value, str) and value.startswith("array:"):
        return np.loadtxt(value[6:], comments="#", delimiter=",")
    return value


def call(plot, mbs, sensors, sources, kwargs):
    """PlotSensor(mbs, sources, **kwargs) with the case's sources and array offsets resolved."""
    kwargs = dict(kwargs)
    if "offsets" in kwargs:
        kwargs["offsets"] = resolve(kwargs["offsets"], sensors)
    return plot.PlotSensor(mbs, resolve(sources, sensors), **kwargs)


CASES = {
    "default": [("S0", {}, {})],
    "components": [("S0", {"components": [0, 1, 2]}, {})],
    "norm_and_two_sensors": [(["S0", "S1"], {"components": [1, -2]}, {})],
    "force_rotation_xyz": [(["S2", "S3", "S3"], {"components": [0, 1, 2]}, {})],
    "no_xyz": [(["S2", "S3"], {"components": [0, 2], "useXYZcomponents": False}, {})],
    "componentsX": [("S0", {"components": [1], "componentsX": [0], "xLabel": "x", "yLabel": "y"}, {})],
    "time_over_x": [("S0", {"components": [-1], "componentsX": [0]}, {})],
    "factors_offsets_scalar": [("S0", {"components": [0, 1, 2], "factors": 1000., "offsets": 1}, {})],
    "factors_offsets_lists": [(["S0", "S1"], {"components": [0, -2], "factors": [2, -1], "offsets": [0.5, 3]}, {})],
    "offsets_arrays": [(["S0", "S0"], {"components": [0, 1], "offsets": ["array:s1.txt", "array:s1.txt"],
                                       "componentsX": [1, -1]}, {})],
    "labels": [(["S0", "S1"], {"components": [0, 1], "labels": ["a", "b"]}, {})],
    "label_string": [("S0", {"labels": "only"}, {})],
    "colors_styles_widths": [(["S0", "S1", "S2"], {"components": [0, 1, 2], "colors": ["b", "k", "m"],
                                                   "lineStyles": ["--", ":", ""], "lineWidths": [2, 0.5, 3]}, {})],
    "style_scalars": [(["S0", "S1"], {"components": [0, 1], "lineStyles": "-.", "lineWidths": 2.5, "markerSizes": 3}, {})],
    "one_sensor_strings": [("S0", {"colors": "c", "markerStyles": "x", "lineStyles": ":"}, {})],
    "markers": [(["S0", "S1", "S2"], {"components": [0, 1, 2], "markerStyles": ["o", "x ", "^ "],
                                      "markerSizes": [3, 8, 10]}, {})],
    "markers_int_density": [(["S0", "S1", "S2"], {"components": [0, 1, 2], "markerStyles": ["o", "s", "d"],
                                                  "markerDensity": 7}, {})],
    "markers_every_point": [(["S0"], {"markerStyles": "x", "markerSizes": 4, "markerDensity": 0.5}, {})],
    "colorCodeOffset": [(["S0", "S0", "S1"], {"components": [0, 1, 2], "colorCodeOffset": 5}, {})],
    "many_curves": [(["file:sol.txt"] * 9, {"components": list(range(9))}, {}),
                    (["file:sol.txt"] * 3, {"components": [0, 1, 2], "newFigure": False, "colorCodeOffset": 26}, {})],
    "solution_file": [("file:sol.txt", {"components": [0, 3, 8]}, {})],
    "sensor_file": [(["file:s3.txt", "file:s0.txt"], {"components": [2, 0]}, {})],
    "array_source": [(["array:s2.txt"] * 2, {"components": [0, 2]}, {})],
    # a single array (not in a list): Exudyn 1.13.6 takes its rows for sources (IndexError, or ValueError
    # for several components); drawn here
    "array_bare": [("array:s2.txt", {"components": 1}, {})],
    "array_bare_components": [("array:s2.txt", {"components": [0, 2]}, {})],
    "ranges_ticks_title": [("S1", {"components": [0, 1], "rangeX": [0.1, 0.3], "rangeY": [-0.5, 1], "majorTicksX": 4,
                                   "majorTicksY": 6, "title": "velocity", "fontSize": 10}, {})],
    "log_scales_minor_ticks": [("file:sol.txt", {"components": [6, 7], "logScaleX": True, "logScaleY": True,
                                                 "minorTicksXon": True, "minorTicksYon": True}, {})],
    "log_scale_y": [("S2", {"components": [1], "logScaleY": True}, {})],
    "sizes_and_name": [("S0", {"sizeInches": [3, 2], "figureName": "named"}, {})],
    "legend_loc": [("S0", {"legendArgs": "upper left"}, {})],
    "legend_dict": [("S0", {"components": [0, 1], "legendArgs": {"loc": "lower right", "fontsize": 7, "ncol": 2}}, {})],
    "new_figures_and_close_all": [("S0", {}, {}), ("S1", {}, {}), ("S2", {"closeAll": True}, {}),
                                  ("S3", {"newFigure": False, "colorCodeOffset": 1}, {})],
    "subplots": [("S0", {"subPlot": [2, 2, 1], "components": [0, 1]}, {}),
                 ("S1", {"subPlot": [2, 2, 2], "newFigure": False}, {}),
                 ("S2", {"subPlot": [2, 2, 4], "newFigure": False, "sizeInches": [2, 2]}, {}),
                 ("file:sol.txt", {"subPlot": [2, 2, 3], "newFigure": False, "components": [4]}, {})],
    "defaults_changed": [(["S0", "S1"], {"components": [0, 1]},
                          {"fontSize": 9, "colors": ["k", "r"], "lineStyles": ["--", ":"], "lineWidths": [3, 1],
                           "markerStyles": ["o ", "x"], "markerSizes": [5, 2], "markerDensity": 3,
                           "sizeInches": [5, 3], "xLabel": "t", "yLabel": "values", "majorTicksX": 3,
                           "majorTicksY": 5})],
    "defaults_and_arguments": [("S0", {"fontSize": 12, "xLabel": "time"}, {"fontSize": 9, "xLabel": "t"})],
    "delimiter_comment": [("file:s0.txt", {"fileCommentChar": "#", "fileDelimiterChar": ","}, {})],
    "empty_close_all": [("S0", {}, {}), ([], {"closeAll": True}, {})],
    "marker_densities": [(["S0"] * 8, {"components": [0] * 8, "markerStyles": ["o"] * 8,
                                       "markerDensity": d}, {}) for d in (0, 1, 2, 3, 9, 13, 41, 100)],
    "components_per_sensor_list": [(["S0", "S1"], {"components": [0]}, {})],
    # what Exudyn 1.13.6 refuses (ValueError): lists shorter than the curves, strings for several
    # curves, offsets or factors for fewer curves, more components than sensors
    "error_colors_string": [(["S0", "S1"], {"components": [0, 1], "colors": "c"}, {})],
    "error_markers_string": [(["S0", "S1"], {"components": [0, 1], "markerStyles": "x"}, {})],
    "error_short_lists": [(["S0", "S1"], {"components": [0, 1], k: v}, {})
                          for k, v in (("lineStyles", ["--"]), ("colors", ["k"]), ("lineWidths", [3]),
                                       ("markerStyles", ["o"]), ("labels", ["a"]))]
    + [(["S0", "S1"], {"components": [0, 1], "markerStyles": ["o", "x"], "markerSizes": [3]}, {})],
    "error_offsets": [("S0", {"components": 0, "offsets": [1, 2]}, {}),
                      (["S0", "S1"], {"components": [0, 1], "factors": [1]}, {})],
    "error_components_sensors": [(["S0", "S1", "S2"], {"components": [0, 1]}, {})],
}


def _rgba(color):
    from matplotlib.colors import to_rgba
    return "none" if isinstance(color, str) and color == "none" else list(to_rgba(color))


def _line(line):
    markevery = line.get_markevery()
    return {"label": line.get_label(), "color": _rgba(line.get_color()), "linestyle": line.get_linestyle(),
            "linewidth": float(line.get_linewidth()), "marker": str(line.get_marker()),
            "markersize": float(line.get_markersize()), "markevery": markevery,
            "markerfacecolor": _rgba(line.get_markerfacecolor()),
            "x": np.asarray(line.get_xdata(), dtype=float).tolist(), "y": np.asarray(line.get_ydata(), dtype=float).tolist()}


def _legend(legend):
    if legend is None:
        return None
    return {"texts": [t.get_text() for t in legend.get_texts()], "fontsize": float(legend.get_texts()[0].get_fontsize()),
            "loc": legend._loc, "ncols": legend._ncols}


def _axes(ax):
    legend = ax.get_legend()
    return {"geometry": list(ax.get_subplotspec().get_geometry()) if ax.get_subplotspec() else None,
            "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(), "title": ax.get_title(),
            "xscale": ax.get_xscale(), "yscale": ax.get_yscale(),
            "xlim": [float(v) for v in ax.get_xlim()], "ylim": [float(v) for v in ax.get_ylim()],
            "xticks": [float(v) for v in ax.get_xticks()], "yticks": [float(v) for v in ax.get_yticks()],
            "minorticks": [len(ax.xaxis.get_minorticklocs()) > 0, len(ax.yaxis.get_minorticklocs()) > 0],
            "labelsize": [float(ax.xaxis.label.get_fontsize()), float(ax.yaxis.label.get_fontsize())],
            "ticksize": float(ax.xaxis.get_majorticklabels()[0].get_fontsize()) if ax.xaxis.get_majorticklabels() else None,
            "titlesize": float(ax.title.get_fontsize()),
            "legend": _legend(legend),
            "lines": [_line(line) for line in ax.get_lines()]}


def describe(plt, result):
    """What a PlotSensor call returned and what the figures hold, as JSON data."""
    fig = result[1]
    out = {"returned": [type(r).__name__ for r in result], "fignums": plt.get_fignums()}
    if fig is not None:
        out["figure"] = {"label": fig.get_label(), "size": [float(v) for v in fig.get_size_inches()],
                         "number": fig.number, "axes": [_axes(ax) for ax in fig.axes],
                         "legends": [_legend(legend) for legend in fig.legends],
                         "returned_axes_index": fig.axes.index(result[2]) if result[2] in fig.axes else None}
    return out
