"""PlotSensor against Exudyn 1.13.6's on the same sensor and solution files: every case of
plot_cases.CASES (recorded by tools/make_plot_reference.py in tests/reference/plot/) gives the
same figures: lines' x and y data, labels, colors, styles, markers, axes' labels, scales, limits
and ticks, legends, figure sizes and subplots, the figures open, what is returned, and the same
kind of error where Exudyn refuses the arguments."""
import json
import math
import shutil
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import multibody as exu  # noqa: E402
import multibody.utilities as U  # noqa: E402
from multibody import plot  # noqa: E402

from . import plot_cases as cases  # noqa: E402

FOLDER = Path(__file__).resolve().parents[1] / "reference" / "plot"
REF = json.loads((FOLDER / "plot_sensor.json").read_text())
# where Exudyn 1.13.6 fails in a way that is not a refusal of the arguments: drawn here (see the case)
EXUDYN_FAILURES = {"array_bare", "array_bare_components"}


def assert_close(result, expected, path):
    if isinstance(expected, dict):
        assert isinstance(result, dict) and sorted(result) == sorted(expected), f"{path}: {result} != {expected}"
        for key in expected:
            assert_close(result[key], expected[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(result, list) and len(result) == len(expected), f"{path}: {result} != {expected}"
        for i, (r, e) in enumerate(zip(result, expected)):
            assert_close(r, e, f"{path}[{i}]")
    elif isinstance(expected, float) and not isinstance(result, str):
        assert result is not None and math.isclose(result, expected, rel_tol=1e-12, abs_tol=1e-15), \
            f"{path}: {result!r} != {expected!r}"
    else:
        assert result == expected, f"{path}: {result!r} != {expected!r}"


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plot")
    for name in cases.FILES:
        shutil.copy(FOLDER / name, folder / name)
    return folder, cases.build_model(exu, U)


def test_reference_is_of_exudyn_1_13_6():
    assert REF["exudyn_version"] == "1.13.6"


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_plot_sensor_draws_what_exudyn_draws(name, model, monkeypatch):
    folder, (mbs, sensors) = model
    monkeypatch.chdir(folder)
    plt.close("all")
    defaults = plot.PlotSensorDefaults()
    for k, (sources, kwargs, changed) in enumerate(cases.CASES[name]):
        expected = REF["cases"][name][k]
        saved = {field: getattr(defaults, field) for field in changed}
        try:
            for field, value in changed.items():
                setattr(defaults, field, value)
            if "error" in expected and name not in EXUDYN_FAILURES:
                with pytest.raises(getattr(__builtins__, expected["error"], None) or ValueError):
                    cases.call(plot, mbs, sensors, sources, kwargs)
                continue
            result = cases.describe(plt, cases.call(plot, mbs, sensors, sources, kwargs))
        finally:
            for field, value in saved.items():
                setattr(defaults, field, value)
        if name in EXUDYN_FAILURES:
            assert result["figure"]["axes"][0]["lines"], name
            continue
        assert_close(result, expected, f"{name}[{k}]")
    plt.close("all")


@pytest.mark.parametrize("name", cases.FILES + cases.RESULTS_FILES)
def test_parse_output_file_header_as_exudyn(name):
    with open(FOLDER / name) as f:
        assert plot.ParseOutputFileHeader(f.readlines()) == REF["headers"][name]
