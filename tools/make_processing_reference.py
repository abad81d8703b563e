"""Record Exudyn 1.13.6's results of exudyn.processing (and the HDF5 helpers of
exudyn.advancedUtilities) for tests/api/test_processing.py.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_processing_reference.py

It runs the cases of tests/api/processing_cases.py with Exudyn's functions and writes the results
(with their Python and NumPy types), the results files and the figures' contents to
tests/reference/processing.json.
"""
import contextlib
import io
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import exudyn  # noqa: E402
import exudyn.advancedUtilities as au  # noqa: E402
import exudyn.processing as ep  # noqa: E402

from tests.api import processing_cases as cases  # noqa: E402

OUTPUT = ROOT / "tests" / "reference" / "processing.json"


def encode(x):
    """A result as JSON, keeping the types: arrays with dtype and shape, NumPy scalars, tuples."""
    if isinstance(x, np.ndarray):
        return {"__ndarray__": x.tolist(), "dtype": str(x.dtype), "shape": list(x.shape)}
    if isinstance(x, np.generic):
        return {"__numpy__": type(x).__name__, "value": x.item()}
    if isinstance(x, tuple):
        return {"__tuple__": [encode(v) for v in x]}
    if isinstance(x, list):
        return [encode(v) for v in x]
    if isinstance(x, dict):
        return {"__dict__": [[k, encode(v)] for k, v in x.items()]}
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    raise TypeError(f"cannot encode {type(x)}")


def quiet(function, *args, **kwargs):
    """function(...) without its console output and warnings."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def run_cases(function, case_list, **extra):
    out = []
    for case in case_list:
        name, parameters, kwargs = case
        key = repr(case)  # before the call: Exudyn's ComputeSensitivities completes a 2-entry tuple in place
        result = quiet(function, cases.FUNCTIONS[name], parameters, showProgress=False, **kwargs, **extra)
        out.append({"case": key, "result": encode(result)})
    return out


def integer_ranges():
    out = []
    for spec in cases.PV_INTEGER_RANGES:
        for log in (False, True):
            if log and spec[0] <= 0:
                continue
            result = quiet(ep.ParameterVariation, cases.value_types, {"x": spec}, useLogSpace=log,
                           showProgress=False)
            out.append({"case": repr((spec, log)), "result": encode(result)})
    return out


def results_files(folder):
    out = []
    for case in cases.FILE_CASES:
        function, name, parameters, kwargs = case
        path = os.path.join(folder, "results.txt")
        quiet(getattr(ep, function), cases.FUNCTIONS[name], parameters, showProgress=False, resultsFile=path,
              **kwargs)
        lines = open(path).read().replace(path, "<resultsFile>").split("\n")
        out.append({"case": repr(case), "lines": lines})
    return out


WRITE_CASES = [
    ({"x": (0, 1), "y": [2, 3, 4]}, [{"y": 0.5, "x": 2.5, "computationIndex": 3, "functionData": {"a": 1}},
                                     {"x": 0.25, "y": 2}], [1.5, [2.5, 1.0]], 7, "parameter variation", "abc"),
    ({"x": (0, 1)}, [{"x": 1 / 3, "z": 3}], [(1, 2)], 9, "genetic optimization", ""),
    ({}, [{}], ["s"], 10, "genetic optimization", ""),
]


def write_to_file(folder):
    out = []
    for case in WRITE_CASES:
        parameters, generation, values, count, kind, mode = case
        path = os.path.join(folder, "w.txt")
        ep.WriteToFile(path, parameters, [], [], 0, writeHeader=True, fileType=kind, multiProcessingMode=mode)
        ep.WriteToFile(path, parameters, generation, values, count)
        lines = open(path).read().replace(path, "<resultsFile>").split("\n")
        out.append({"case": repr(case), "lines": lines})
    return out


def lines_of(ax):
    return [{"linestyle": line.get_linestyle(), "marker": line.get_marker(), "label": line.get_label(),
             "x": np.asarray(line.get_xdata(), dtype=float).tolist(),
             "y": np.asarray(line.get_ydata(), dtype=float).tolist()} for line in ax.get_lines()]


def figures():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ga = quiet(ep.GeneticOptimization, cases.quadratic, {"x": (0, 1), "y": (0, 2)}, populationSize=6,
               numberOfGenerations=2, elitistRatio=0.5, randomizerInitialization=0, showProgress=False)
    figs, axs = ep.PlotOptimizationResults2D(ga[2], ga[3], yLogScale=True)
    optimization = [{"xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(), "xscale": ax.get_xscale(),
                     "yscale": ax.get_yscale(), "lines": lines_of(ax)} for ax in axs]
    plt.close("all")
    sensitivity = []
    for name, fVar, strYAxis in (("outputs2", [0.01, 0.1], ["a", "b"]), ("scalar_output", None, None)):
        cs = quiet(ep.ComputeSensitivities, cases.FUNCTIONS[name], {"m": (2.0, 0.01, 2), "k": (3.0, 0.1, 1)},
                   showProgress=False)
        fig, axs = ep.PlotSensitivityResults(cs[1], cs[2], cs[3], fVar=fVar, strYAxis=strYAxis)
        sensitivity.append({"function": name, "fVar": fVar, "strYAxis": strYAxis, "result": encode(cs),
                            "axes_type": type(axs).__name__,
                            "axes": [{"xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
                                      "legend": [t.get_text() for t in ax.get_legend().get_texts()],
                                      "lines": lines_of(ax)} for ax in axs]})
        plt.close("all")
    return {"optimization": optimization, "sensitivity": sensitivity}


def hdf5_errors():
    out = {}
    for function, args in ((au.SaveDictToHDF5, ("x.h5", {"a": 1})), (au.LoadDictFromHDF5, ("x.h5",))):
        try:
            function(*args)
            out[function.__name__] = None
        except Exception as error:  # noqa: BLE001 - record what Exudyn raises
            out[function.__name__] = [type(error).__name__, str(error)]
    return out


def main():
    with tempfile.TemporaryDirectory() as folder:
        reference = {
            "exudyn_version": exudyn.__version__,
            "numpy_version": np.__version__,
            "version_platform_string": ep.GetVersionPlatformString(),
            "subindices": [{"case": repr(c), "result": ep.SingleIndex2SubIndices(*c)} for c in cases.SUBINDEX_CASES],
            "parameter_variation": run_cases(ep.ParameterVariation, cases.PV_CASES),
            "integer_ranges": integer_ranges(),
            "genetic_optimization": run_cases(ep.GeneticOptimization, cases.GA_CASES),
            "minimize": run_cases(ep.Minimize, cases.MIN_CASES),
            "sensitivities": run_cases(ep.ComputeSensitivities, cases.CS_CASES),
            "results_files": results_files(folder),
            "write_to_file": write_to_file(folder),
            "figures": figures(),
            "hdf5": hdf5_errors(),
        }
    # one line per entry
    OUTPUT.write_text("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in reference.items())
                      + "\n}\n")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
