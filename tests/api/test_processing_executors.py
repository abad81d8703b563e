"""multibody.processing's studies on a multibody model, against Exudyn 1.13.6 on the same model and
seeds (tests/reference/processing_study.json, from tools/make_study_reference.py), serially and
through executor=: a local process pool, a Dask LocalCluster and a local Ray instance, each giving
the numbers of the serial run. Dask and Ray tests are skipped where they are not installed
(pip install 'multibody[cluster]')."""
import concurrent.futures
import json
import math
import pickle
from pathlib import Path

import numpy as np
import pytest

import multibody.processing as mp

from . import study_cases as cases
from .test_processing import assert_same, decode

REF = json.loads((Path(__file__).resolve().parents[1] / "reference" / "processing_study.json").read_text())


def studies(**extra):
    """ParameterVariation, GeneticOptimization and ComputeSensitivities of the model."""
    pv = mp.ParameterVariation(cases.position_at_end, cases.PV_PARAMETERS, showProgress=False, **cases.PV_KWARGS,
                               **extra)
    ga = mp.GeneticOptimization(cases.distance_to_target, cases.GA_PARAMETERS, showProgress=False, **cases.GA_KWARGS,
                                **extra)
    cs = mp.ComputeSensitivities(cases.position_at_end, cases.CS_PARAMETERS, showProgress=False, **cases.CS_KWARGS,
                                 **extra)
    return {"pv": pv, "ga": ga, "cs": cs}


def assert_close_to_exudyn(result, expected, path="result"):
    """Equal structure and types, values at 1e-12 relative (two solvers' rounding)."""
    assert type(result) is type(expected), path
    if isinstance(expected, dict):
        assert list(result) == list(expected), path
        for key in expected:
            assert_close_to_exudyn(result[key], expected[key], f"{path}[{key!r}]")
    elif isinstance(expected, (list, tuple)):
        assert len(result) == len(expected), path
        for i, (r, e) in enumerate(zip(result, expected)):
            assert_close_to_exudyn(r, e, f"{path}[{i}]")
    elif isinstance(expected, np.ndarray):
        assert result.dtype == expected.dtype and result.shape == expected.shape, path
        np.testing.assert_allclose(result, expected, rtol=1e-12, atol=1e-15, err_msg=path)
    elif isinstance(expected, float):
        assert math.isclose(result, expected, rel_tol=1e-12, abs_tol=1e-15), f"{path}: {result!r} != {expected!r}"
    else:
        assert result == expected, path


@pytest.fixture(scope="module")
def serial():
    return studies()


def test_reference_is_of_exudyn_1_13_6():
    assert REF["exudyn_version"] == "1.13.6"


@pytest.mark.parametrize("study, key", [("pv", "parameter_variation"), ("ga", "genetic_optimization"),
                                        ("cs", "sensitivities")])
def test_serial_study_gives_exudyns_numbers(serial, study, key):
    assert_close_to_exudyn(serial[study], decode(REF[key]))


def test_results_pickle(serial):
    for study in ("pv", "ga", "cs"):
        assert_same(pickle.loads(pickle.dumps(serial[study])), serial[study])


def _same_as_serial(serial, **extra):
    result = studies(**extra)
    for study in ("pv", "ga", "cs"):
        assert_same(result[study], serial[study], study)


def test_process_pool_gives_the_serial_numbers(serial):
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        _same_as_serial(serial, executor=pool)


def test_thread_pool_and_results_file(serial, tmp_path):
    path = tmp_path / "pv.txt"
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pv = mp.ParameterVariation(cases.position_at_end, cases.PV_PARAMETERS, showProgress=False,
                                   resultsFile=str(path), executor=pool, **cases.PV_KWARGS)
    assert_same(pv, serial["pv"])
    assert "(processing=executor=ThreadPoolExecutor)" in path.read_text().split("\n")[2]


def test_dask_local_cluster_gives_the_serial_numbers(serial):
    distributed = pytest.importorskip("distributed", reason="Dask is not installed: pip install 'multibody[cluster]'")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        _same_as_serial(serial, executor=client.get_executor())


def test_ray_gives_the_serial_numbers(serial):
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'multibody[cluster]'")
    ray.cloudpickle.register_pickle_by_value(cases)        # the workers import multibody, not the tests
    executor = mp.RayExecutor(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        _same_as_serial(serial, executor=executor)
    finally:
        executor.shutdown()
        ray.cloudpickle.unregister_pickle_by_value(cases)


def test_minimize_evaluates_on_the_executor():
    kwargs = dict(initialGuess=[1.0, 100.0], options={"maxiter": 5}, showProgress=False)
    parameters = {"mass": (0.5, 2.0), "stiffness": (50.0, 400.0)}
    serial = mp.Minimize(cases.position_at_end, parameters, **kwargs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        assert_same(mp.Minimize(cases.position_at_end, parameters, executor=pool, **kwargs), serial)


def test_executor_must_be_an_executor():
    with pytest.raises(TypeError, match="ParameterVariation: executor must be a concurrent.futures.Executor"):
        mp.ParameterVariation(cases.position_at_end, {"mass": [1.0]}, showProgress=False, executor=4)
