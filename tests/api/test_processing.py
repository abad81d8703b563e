"""multibody.processing against Exudyn 1.13.6's exudyn.processing.

The reference results come from tools/make_processing_reference.py (tests/reference/processing.json),
which runs the cases of processing_cases.py with Exudyn. Results are compared exactly, with their
types: the same NumPy operations in the same order give the same bits, and GeneticOptimization
draws numpy.random's numbers in Exudyn's order, so a seed gives Exudyn's individuals.
"""
import json
import platform
import re
from pathlib import Path

import numpy as np
import pytest

import multibody.advancedUtilities as au
import multibody.processing as mp

from . import processing_cases as cases

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "processing.json"
with REFERENCE.open() as f:
    REF = json.load(f)


def decode(x):
    """Inverse of the tool's encode(): arrays with dtype and shape, NumPy scalars, tuples, dicts."""
    if isinstance(x, list):
        return [decode(v) for v in x]
    if isinstance(x, dict):
        if "__ndarray__" in x:
            return np.array(x["__ndarray__"], dtype=x["dtype"]).reshape(x["shape"])
        if "__numpy__" in x:
            return getattr(np, x["__numpy__"])(x["value"])
        if "__tuple__" in x:
            return tuple(decode(v) for v in x["__tuple__"])
        return {k: decode(v) for k, v in x["__dict__"]}
    return x


def assert_same(result, expected, path="result"):
    """Equal values of equal types (NaN equal to NaN), recursively."""
    assert type(result) is type(expected), f"{path}: {type(result).__name__} != {type(expected).__name__}"
    if isinstance(expected, dict):
        assert list(result) == list(expected), f"{path}: keys {list(result)} != {list(expected)}"
        for key in expected:
            assert_same(result[key], expected[key], f"{path}[{key!r}]")
    elif isinstance(expected, (list, tuple)):
        assert len(result) == len(expected), f"{path}: length {len(result)} != {len(expected)}"
        for i, (r, e) in enumerate(zip(result, expected)):
            assert_same(r, e, f"{path}[{i}]")
    elif isinstance(expected, np.ndarray):
        assert result.dtype == expected.dtype and result.shape == expected.shape, path
        assert np.array_equal(result, expected, equal_nan=expected.dtype.kind == "f"), path
    else:
        assert result == expected or (result != result and expected != expected), f"{path}: {result!r} != {expected!r}"


def reference_of(section, case):
    entries = {entry["case"]: entry for entry in REF[section]}
    assert repr(case) in entries, f"case not in the reference (run tools/make_processing_reference.py): {case!r}"
    return entries[repr(case)]


def run(function, case, **extra):
    name, parameters, kwargs = case
    with np.errstate(all="ignore"):
        return function(cases.FUNCTIONS[name], parameters, showProgress=False, **kwargs, **extra)


def test_reference_is_of_exudyn_1_13_6():
    assert REF["exudyn_version"] == "1.13.6"


@pytest.mark.parametrize("case", cases.SUBINDEX_CASES, ids=repr)
def test_single_index_to_sub_indices(case):
    assert_same(mp.SingleIndex2SubIndices(*case), reference_of("subindices", case)["result"])


def test_add_computation_index_and_function_data():
    # Exudyn 1.13.6 (measured): in place, returns None; functionData only if not empty
    for args, expected in (((3, True, {"x": 2}), {"a": 1, "computationIndex": 3, "functionData": {"x": 2}}),
                           ((3, False, {"x": 1}), {"a": 1, "functionData": {"x": 1}}),
                           ((3, True, None), {"a": 1, "computationIndex": 3}), ((3, False, {}), {"a": 1})):
        d = {"a": 1}
        assert mp.AddComputationIndexAndFunctionData(d, *args) is None
        assert d == expected


def test_version_platform_string():
    text = mp.GetVersionPlatformString()
    assert text.startswith("Exudyn version = 1.13.6; Python")
    assert REF["version_platform_string"].startswith("Exudyn version = 1.13.6; Python")
    assert f"; {platform.machine()}; " in text


@pytest.mark.parametrize("case", cases.PV_CASES, ids=repr)
def test_parameter_variation_matches_exudyn(case):
    assert_same(run(mp.ParameterVariation, case), decode(reference_of("parameter_variation", case)["result"]))


def test_integer_ranges_give_exudyns_values_and_types():
    """Integer (begin, end, n) with n dividing end - begin + 1 give integers (truncated), else floats."""
    for spec in cases.PV_INTEGER_RANGES:
        for log in (False, True):
            if log and spec[0] <= 0:
                continue
            expected = decode(reference_of("integer_ranges", (spec, log))["result"])
            result = mp.ParameterVariation(cases.value_types, {"x": spec}, useLogSpace=log, showProgress=False)
            assert_same(result, expected, f"{spec} log={log}")


@pytest.mark.parametrize("case", cases.GA_CASES, ids=repr)
def test_genetic_optimization_matches_exudyn(case, capsys):
    assert_same(run(mp.GeneticOptimization, case), decode(reference_of("genetic_optimization", case)["result"]))


@pytest.mark.parametrize("case", cases.MIN_CASES, ids=repr)
def test_minimize_matches_exudyn(case):
    assert_same(run(mp.Minimize, case), decode(reference_of("minimize", case)["result"]))


@pytest.mark.parametrize("case", cases.CS_CASES, ids=repr)
def test_sensitivities_match_exudyn(case):
    assert_same(run(mp.ComputeSensitivities, case), decode(reference_of("sensitivities", case)["result"]))


def _processing_mode(line):
    match = re.search(r"\(processing=.*\)$", line)
    return match.group(0) if match else ""


def assert_same_file(path, expected_lines):
    lines = path.read_text().replace(str(path), "<resultsFile>").split("\n")
    assert len(lines) == len(expected_lines)
    # line 2: version and platform, then the processing mode
    assert lines[2].startswith("#Exudyn version = 1.13.6; Python")
    assert _processing_mode(lines[2]) == _processing_mode(expected_lines[2])
    assert lines[:2] + lines[3:] == expected_lines[:2] + expected_lines[3:]


@pytest.mark.parametrize("case", cases.FILE_CASES, ids=repr)
def test_results_files_match_exudyn(case, tmp_path, capsys):
    function, name, parameters, kwargs = case
    path = tmp_path / "results.txt"
    getattr(mp, function)(cases.FUNCTIONS[name], parameters, showProgress=False, resultsFile=str(path), **kwargs)
    assert_same_file(path, reference_of("results_files", case)["lines"])


def test_write_to_file_matches_exudyn(tmp_path):
    for entry in REF["write_to_file"]:
        parameters, generation, values, count, kind, mode = eval(entry["case"])  # noqa: S307 - our own repr
        path = tmp_path / "w.txt"
        mp.WriteToFile(str(path), parameters, [], [], 0, writeHeader=True, fileType=kind, multiProcessingMode=mode)
        mp.WriteToFile(str(path), parameters, generation, values, count)
        assert_same_file(path, entry["lines"])


def test_multiprocessing_gives_the_serial_results(tmp_path):
    case = cases.PV_CASES[7]
    path = tmp_path / "pv.txt"
    result = run(mp.ParameterVariation, case, useMultiProcessing=True, numberOfThreads=2, resultsFile=str(path))
    assert_same(result, decode(reference_of("parameter_variation", case)["result"]))
    assert "(processing=multiprocessing.Pool, numberOfThreads=2)" in path.read_text().split("\n")[2]
    case = cases.GA_CASES[1]
    assert_same(run(mp.GeneticOptimization, case, useMultiProcessing=True, numberOfThreads=2),
                decode(reference_of("genetic_optimization", case)["result"]))
    case = cases.CS_CASES[0]
    assert_same(run(mp.ComputeSensitivities, case, useMultiProcessing=True),
                decode(reference_of("sensitivities", case)["result"]))
    values = mp.ProcessParameterList(cases.quadratic, [{"x": 0.1}, {"x": 2.5, "y": 1}], True, numberOfThreads=2)
    assert values == [cases.quadratic({"x": 0.1}), cases.quadratic({"x": 2.5, "y": 1})]


@pytest.mark.parametrize("useMultiProcessing", [False, True])
def test_a_failing_parameter_function_names_the_computation(useMultiProcessing):
    with pytest.raises(ZeroDivisionError) as info:
        mp.ParameterVariation(cases.fails_at_two, {"x": (0, 3, 4)}, useMultiProcessing=useMultiProcessing,
                              numberOfThreads=2, showProgress=False)
    note = " ".join(getattr(info.value, "__notes__", []))
    assert "ParameterVariation" in note and "fails_at_two" in note and "computation 2" in note
    assert "{'x': 2}" in note


def test_multiprocessing_needs_a_picklable_function():
    with pytest.raises(TypeError, match="picklable"):
        mp.ParameterVariation(lambda p: p["x"], {"x": [1, 2]}, useMultiProcessing=True, showProgress=False)


def test_cluster_and_mpi_fall_back_to_multiprocessing(capsys):
    # Exudyn without dispy (mpi4py): a warning, then the multiprocessing pool
    values = mp.ProcessParameterList(cases.quadratic, [{"x": 1}, {"x": 2.5}], True, clusterHostNames=["127.0.0.1"],
                                     useMPI=True, numberOfThreads=2)
    assert values == [cases.quadratic({"x": 1}), cases.quadratic({"x": 2.5})]
    out = capsys.readouterr().out
    assert "dispy" in out and "mpi4py" in out and "switching to multiprocessing mode" in out


def test_progress_is_printed_per_computation(capsys):
    mp.ParameterVariation(cases.quadratic, {"x": (1, 2, 2)})
    out = capsys.readouterr().out
    assert "run  1 / 2 , value = " in out and "run  2 / 2 , value = " in out


def test_unknown_keyword_arguments_are_ignored_with_a_warning():
    with pytest.warns(UserWarning, match="ParameterVariation: ignoring unknown argument"):
        mp.ParameterVariation(cases.quadratic, {"x": [1]}, showProgress=False, multiprocessing=True)


def test_zero_variations_give_an_empty_list(capsys):
    assert mp.ParameterVariation(cases.quadratic, {"x": (1, 2, 0)}, showProgress=False) == []
    assert "number of variations = 0" in capsys.readouterr().out


@pytest.mark.parametrize("call, error, message", [
    (lambda: mp.ParameterVariation(cases.quadratic, {"x": 3}), ValueError, "parameters must contain tuple"),
    (lambda: mp.ParameterVariation(cases.quadratic, {"x": (3, 1, 2)}), ValueError, "begin <= end"),
    (lambda: mp.ParameterVariation(cases.quadratic, {"x": (1, 2)}), ValueError, "parameter 'x'"),
    (lambda: mp.ParameterVariation(cases.quadratic, {"x": (0, 2, 3)}, useLogSpace=True), ValueError, "begin > 0"),
    (lambda: mp.GeneticOptimization(cases.quadratic, {"x": (1, 0)}), ValueError, "negative or zero range"),
    (lambda: mp.GeneticOptimization(cases.quadratic, {"x": (0, 1)}, childDistribution="foo"), ValueError,
     "invalid childDistribution"),
    (lambda: mp.GeneticOptimization(cases.quadratic, {"x": (0, 1)}, numberOfGenerations=0), ValueError,
     "numberOfGenerations"),
    (lambda: mp.GeneticOptimization(cases.quadratic, {}), ValueError, "non-empty dictionary"),
    (lambda: mp.Minimize(cases.quadratic, {"x": (0, 1)}, initialGuess=[1, 2]), ValueError, "initialGuess"),
    (lambda: mp.ComputeSensitivities(cases.quadratic, {}), ValueError, "at least one parameter"),
    (lambda: mp.ParameterVariation(3, {"x": [1]}), TypeError, "parameterFunction must be callable"),
])
def test_bad_input_raises_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_genetic_search_keeps_ranges_and_converges():
    """Unseeded (numpy's global state from an earlier seed): every individual in its range, the
    population sizes, and the quadratic's minimum (0.37, 0.74) found to 1e-2."""
    np.random.seed(12345)
    optimum, value, parameterList, values = mp.GeneticOptimization(
        cases.quadratic, {"x": (0, 1), "y": (0.5, 2)}, populationSize=40, numberOfGenerations=12,
        initialPopulationSize=60, childDistribution="normal", showProgress=False)
    assert len(values) == 60 + 11 * 40 and all(len(v) == len(values) for v in parameterList.values())
    assert parameterList["x"].min() >= 0 and parameterList["x"].max() <= 1
    assert parameterList["y"].min() >= 0.5 and parameterList["y"].max() <= 2
    assert value == min(values) and abs(optimum["x"] - 0.37) < 1e-2 and abs(optimum["y"] - 0.74) < 1e-2


def _lines(ax):
    return [{"linestyle": line.get_linestyle(), "marker": line.get_marker(), "label": line.get_label(),
             "x": np.asarray(line.get_xdata(), dtype=float).tolist(),
             "y": np.asarray(line.get_ydata(), dtype=float).tolist()} for line in ax.get_lines()]


def test_figures_match_exudyn():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ga = mp.GeneticOptimization(cases.quadratic, {"x": (0, 1), "y": (0, 2)}, populationSize=6, numberOfGenerations=2,
                                elitistRatio=0.5, randomizerInitialization=0, showProgress=False)
    figs, axs = mp.PlotOptimizationResults2D(ga[2], ga[3], yLogScale=True)
    assert len(figs) == 2
    assert [{"xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(), "xscale": ax.get_xscale(),
             "yscale": ax.get_yscale(), "lines": _lines(ax)} for ax in axs] == REF["figures"]["optimization"]
    plt.close("all")
    for entry in REF["figures"]["sensitivity"]:
        cs = decode(entry["result"])
        fig, axs = mp.PlotSensitivityResults(cs[1], cs[2], cs[3], fVar=entry["fVar"], strYAxis=entry["strYAxis"])
        assert type(axs).__name__ == entry["axes_type"]
        assert [{"xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
                 "legend": [t.get_text() for t in ax.get_legend().get_texts()],
                 "lines": _lines(ax)} for ax in axs] == entry["axes"]
        plt.close("all")


@pytest.mark.parametrize("name, args", [("SaveDictToHDF5", ("x.h5", {"a": 1})), ("LoadDictFromHDF5", ("x.h5",))])
def test_hdf5_helpers_need_h5py(name, args, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "h5py", None)          # (an installation without h5py)
    assert REF["hdf5"][name][0] == "ImportError"
    with pytest.raises(ImportError, match="h5py"):
        getattr(au, name)(*args)
