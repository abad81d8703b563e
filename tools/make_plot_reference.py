"""Record what Exudyn 1.13.6's exudyn.plot.PlotSensor draws for tests/api/test_plot_reference.py.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_plot_reference.py

It solves the model of tests/api/plot_cases.py with Exudyn, keeps the sensor and solution files it
wrote in tests/reference/plot/, runs every case of plot_cases.CASES on them (matplotlib's Agg
backend) and writes the figures' contents (lines' data and styles, axes, legends, figure sizes)
to tests/reference/plot/plot_sensor.json, with what ParseOutputFileHeader makes of the files' headers.
"""
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import exudyn  # noqa: E402
import exudyn.plot as ep  # noqa: E402
import exudyn.processing  # noqa: E402,F401
import exudyn.utilities as U  # noqa: E402

from tests.api import plot_cases as cases  # noqa: E402

FOLDER = ROOT / "tests" / "reference" / "plot"


def parse_header(name):
    with open(name) as f:
        return ep.ParseOutputFileHeader(f.readlines())


def run_case(mbs, sensors, calls):
    plt.close("all")
    saved = {name: getattr(ep.PlotSensorDefaults(), name) for name in dir(ep.PlotSensorDefaults())
             if not name.startswith("_")}
    out = []
    try:
        for sources, kwargs, defaults in calls:
            for name, value in defaults.items():
                setattr(ep.PlotSensorDefaults(), name, value)
            try:
                result = cases.call(ep, mbs, sensors, sources, kwargs)
                out.append(cases.describe(plt, result))
            except Exception as error:  # noqa: BLE001 - record what Exudyn raises
                out.append({"error": type(error).__name__})
            for name in defaults:
                setattr(ep.PlotSensorDefaults(), name, saved[name])
    finally:
        for name, value in saved.items():
            setattr(ep.PlotSensorDefaults(), name, value)
    plt.close("all")
    return out


def main():
    FOLDER.mkdir(parents=True, exist_ok=True)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            mbs, sensors = cases.build_model(exudyn, U)
            with contextlib.redirect_stdout(io.StringIO()):
                mbs.SolveDynamic(cases.simulation_settings(exudyn))
                cases.write_results_files(exudyn.processing)
            for name in cases.FILES + cases.RESULTS_FILES:
                shutil.copy(name, FOLDER / name)
            headers = {name: parse_header(name) for name in cases.FILES + cases.RESULTS_FILES}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                results = {name: run_case(mbs, sensors, calls) for name, calls in cases.CASES.items()}
        finally:
            os.chdir(here)
    reference = {"exudyn_version": exudyn.__version__, "matplotlib_version": matplotlib.__version__,
                 "headers": headers, "cases": results}
    (FOLDER / "plot_sensor.json").write_text(json.dumps(reference, indent=None) + "\n")
    print(f"wrote {FOLDER / 'plot_sensor.json'}")


if __name__ == "__main__":
    main()
