"""``multibody.processing``: the functions of Exudyn 1.13's ``exudyn.processing`` module, for running
a model many times: parameter variation on a grid, genetic optimization, scipy minimization,
sensitivities, plots of their results, and the results files of these runs.

Every function evaluates a user function ``f(parameterDict)``; with ``useMultiProcessing=True`` the
evaluations run in a pool of processes (the function must then be defined at module level, and the
script guarded by ``if __name__ == '__main__':``). The keyword argument ``executor=`` (multibody's
addition) takes any ``concurrent.futures.Executor`` instead: a ``ProcessPoolExecutor`` on one
machine, ``distributed.Client(...).get_executor()`` for a Dask cluster, or ``RayExecutor()`` for
Ray (``pip install 'multibody[cluster]'``). Cluster computation through dispy and MPI are not
supported: they print a warning and use the pool of processes, as Exudyn does without dispy.
Random numbers of GeneticOptimization come from numpy.random's global generator in the order
Exudyn 1.13.6 draws them (measured), so that the same randomizerInitialization gives the same
individuals.
"""
from __future__ import annotations

import importlib.util
import math
import multiprocessing
import numbers
import os
import pickle
import platform
import time
import warnings

import numpy as np

from ._executors import RayExecutor, check_executor, executor_results
from .model.config import config

__all__ = ["GetVersionPlatformString", "ProcessParameterList", "ParameterVariation", "GeneticOptimization",
           "Minimize", "ComputeSensitivities", "PlotOptimizationResults2D", "PlotSensitivityResults",
           "SingleIndex2SubIndices", "WriteToFile", "AddComputationIndexAndFunctionData", "RayExecutor"]

_RANGES_LINE = '#parameter ranges [format: (begin, end, numberOfVariations) or list, parameters separated with ";"]:'


def GetVersionPlatformString():
    """The version and platform line of results files: API version, Python, platform, operating
    system, machine and processor, separated by '; '."""
    return (f"Exudyn version = {config.Version(True)}; {platform.system()}{platform.release()} "
            f"V{platform.version()}; {platform.machine()}; {platform.processor()}")


def SingleIndex2SubIndices(i, subIndexRanges):
    """Sub-indices of the single index i in a grid with the given ranges, the last one running
    fastest: sub-index k is int(i / (product of the ranges after k)) modulo range k."""
    ranges = list(subIndexRanges)
    subIndices = []
    for k, size in enumerate(ranges):
        block = 1
        for later in ranges[k + 1:]:
            block *= later
        subIndices.append(int(i / block) % size)
    return subIndices


def AddComputationIndexAndFunctionData(ind, cnt, addComputationIndex, parameterFunctionData):
    """Add 'computationIndex': cnt (if addComputationIndex) and 'functionData' (if
    parameterFunctionData is not empty) to the parameter dictionary ind, in place."""
    if addComputationIndex:
        ind["computationIndex"] = cnt
    if parameterFunctionData:
        ind["functionData"] = parameterFunctionData


def WriteToFile(resultsFile, parameters, currentGeneration, values, globalCnt, writeHeader=False,
                fileType='genetic optimization', multiProcessingMode=''):
    """Write rows 'globalIndex, value, parameter values...' (one per entry of values, with the
    parameter dictionaries of currentGeneration without 'functionData') to resultsFile; with
    writeHeader, the file is started with the header (fileType, version, columns, parameter ranges),
    otherwise the rows are appended."""
    lines = []
    if writeHeader:
        mode = f"(processing={multiProcessingMode})" if multiProcessingMode else ""
        lines += [f"#EXUDYN {fileType} results file:{resultsFile}",
                  "#results stored columnwise for every parameter and individual",
                  f"#{GetVersionPlatformString()}{mode}", "#", "#columns:",
                  "#globalIndex,value," + "".join(f"{name}," for name in parameters) + "computationIndex",
                  _RANGES_LINE, "#" + ";".join(str(spec) for spec in parameters.values())]
    for i, value in enumerate(values):
        entries = [str(v) for key, v in currentGeneration[i].items() if key != "functionData"]
        lines.append(", ".join([str(globalCnt + i), str(value)] + entries))
    with open(resultsFile, "w" if writeHeader else "a") as file:
        file.write("".join(line + "\n" for line in lines))


def ProcessParameterList(parameterFunction, parameterList, useMultiProcessing, clusterHostNames=[], **kwargs):
    """Values of parameterFunction(parameterDict) for every dictionary of parameterList, in order.

    Keyword arguments: numberOfThreads (processes of the pool, default: number of CPUs), resultsFile
    (rows written as the values arrive), parameters (the ranges dictionary of the file header),
    showProgress, debugMode; useMPI and clusterHostNames (dispy) are not supported: with
    useMultiProcessing they print a warning and the pool of processes is used.
    """
    options = _take_options("ProcessParameterList", kwargs, numberOfThreads=None, resultsFile="", parameters={},
                            showProgress=False, debugMode=False, useMPI=False, useDispyWebMonitor=False, executor=None)
    return _evaluate_list("ProcessParameterList", "parameterFunction", parameterFunction, parameterList,
                          useMultiProcessing, clusterHostNames, options)


def _take_options(where, kwargs, **defaults):
    """The keyword arguments of a processing function with their defaults; unknown names are ignored
    with a warning (Exudyn ignores them silently)."""
    unknown = sorted(set(kwargs) - set(defaults))
    if unknown:
        warnings.warn(f"{where}: ignoring unknown argument(s) {unknown}", stacklevel=3)
    return {name: kwargs.get(name, default) for name, default in defaults.items()}


def _evaluate_list(where, label, function, parameterList, useMultiProcessing, clusterHostNames, options):
    """Values of function for parameterList (ProcessParameterList's work), with the results file of
    type 'parameter variation' when options['resultsFile'] is given."""
    resultsFile = options["resultsFile"]
    with _Evaluator(where, label, function, useMultiProcessing, options.get("numberOfThreads"), clusterHostNames,
                    options.get("useMPI", False), options.get("showProgress", False),
                    options.get("debugMode", False), options.get("executor")) as evaluator:
        if resultsFile:
            WriteToFile(resultsFile, options["parameters"], [], [], 0, writeHeader=True,
                        fileType="parameter variation", multiProcessingMode=evaluator.mode)

        def write_row(i, value):
            WriteToFile(resultsFile, options["parameters"], [parameterList[i]], [value], i)

        return evaluator.map(parameterList, write_row if resultsFile else None)


def _call(task):
    """Worker: function(parameters), the error annotated with where it happened."""
    function, parameters, where, label, index = task
    try:
        return function(parameters)
    except Exception as error:
        if hasattr(error, "add_note"):
            shown = {k: v for k, v in parameters.items() if k != "functionData"}
            error.add_note(f"{where}: {label} {getattr(function, '__name__', function)!r} raised this error "
                           f"in computation {index}, parameters {shown}")
        raise


def _print_progress(i, n, value, parameters):
    shown = {k: v for k, v in parameters.items() if k != "functionData"}
    print(f"\rrun  {i + 1} / {n} , value = {value}: parameters={shown}" + " " * 16, end="", flush=True)


def _optional_tqdm():
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm


class _Evaluator:
    """Calls a parameter function for lists of parameter dictionaries, serially or in a
    multiprocessing pool of numberOfThreads processes (created once, used for every map()).

    The function and the dictionaries must be picklable for the pool (a function defined at
    module level); an error of the function is re-raised with a note naming the computation.
    """

    def __init__(self, where, label, function, useMultiProcessing, numberOfThreads=None, clusterHostNames=(),
                 useMPI=False, showProgress=False, debugMode=False, executor=None):
        if not callable(function):
            raise TypeError(f"{where}: {label} must be callable; received {function!r}")
        self.where, self.label, self.function = where, label, function
        self.showProgress, self.debugMode = showProgress, debugMode
        self.pool, self.processes = None, 0
        self.executor = check_executor(where, executor)
        if not useMultiProcessing or self.executor is not None:
            return
        if clusterHostNames:
            _fallback_warning(where, "dispy", "cluster computation (clusterHostNames)")
        if useMPI:
            _fallback_warning(where, "mpi4py", "MPI parallelization (useMPI)")
        processes = (os.cpu_count() or 1) if numberOfThreads is None else numberOfThreads
        if not isinstance(processes, (int, np.integer)) or isinstance(processes, bool) or processes < 1:
            raise ValueError(f"{where}: numberOfThreads must be a positive integer or None; "
                             f"received {numberOfThreads!r}")
        self.processes = int(processes)

    @property
    def mode(self):
        """The processing mode of results files: 'serial', the pool and its size, or the executor."""
        if self.executor is not None:
            return f"executor={type(self.executor).__name__}"
        if self.processes:
            return f"multiprocessing.Pool, numberOfThreads={self.processes}"
        return "serial"

    def __enter__(self):
        if self.processes and self.debugMode:
            print(f"using {self.processes} processes")
        return self

    def __exit__(self, kind, error, trace):
        if self.pool is not None:
            if kind is None:
                self.pool.close()
            else:
                self.pool.terminate()
            self.pool.join()
            self.pool = None

    def map(self, parameterList, on_result=None):
        """[function(p) for p in parameterList], in order; on_result(i, value) as values arrive."""
        tasks = [(self.function, p, self.where, self.label, i) for i, p in enumerate(parameterList)]
        if not tasks:
            return []
        if self.executor is not None:
            results = executor_results(self.executor, _call, tasks)
        elif self.processes:
            results = self._pool_results(tasks)
        else:
            results = map(_call, tasks)
        values = []
        for i, value in enumerate(results):
            values.append(value)
            if on_result is not None:
                on_result(i, value)
            if self.showProgress and not self.processes:
                _print_progress(i, len(tasks), value, parameterList[i])
        if self.showProgress and not self.processes:
            print()
        return values

    def _pool_results(self, tasks):
        try:
            pickle.dumps(tasks[0])
        except Exception as error:  # noqa: BLE001 - any pickling failure: the same message
            raise TypeError(f"{self.where}: useMultiProcessing=True sends the {self.label} and the parameter "
                            f"dictionaries to other processes, so they must be picklable (a function defined "
                            f"at module level, not a lambda or a local function): {error}") from error
        if self.pool is None:
            self.pool = multiprocessing.Pool(processes=self.processes)
        results = self.pool.imap(_call, tasks)
        tqdm = _optional_tqdm() if self.showProgress else None
        return tqdm(results, total=len(tasks)) if tqdm is not None else results


def _fallback_warning(where, package, what):
    """The warning of Exudyn without dispy (mpi4py); with the package, the same fallback."""
    if importlib.util.find_spec(package) is None:
        reason = f"{package} is not installed"
    else:
        reason = f"{what} is not supported by multibody"
    print(f"WARNING: {where}: {reason}; switching to multiprocessing mode instead")


_SPEC_MESSAGE = ("ParameterVariation: parameters must contain tuple with range (begin, end, numberOfValues) or "
                 "list of values [v0, v1, v2, ...]")


def _is_integer(x):
    return isinstance(x, (numbers.Integral, np.integer))


def _range_values(name, spec, useLogSpace):
    """(grid values, values given to the parameter function) of a tuple (begin, end, numberOfValues).

    np.linspace (np.logspace with useLogSpace) gives the grid; the function receives integers
    (truncated) when begin, end and numberOfValues are integers and numberOfValues divides
    end - begin + 1, as Exudyn does, floats otherwise.
    """
    if len(spec) < 3:
        raise ValueError(f"{_SPEC_MESSAGE}; parameter '{name}' received {spec!r}")
    begin, end, count = spec[:3]
    if not _is_integer(count) or count < 0:
        raise ValueError(f"ParameterVariation: parameter '{name}': numberOfValues must be an integer >= 0; "
                         f"received {count!r}")
    if begin > end:
        raise ValueError("ParameterVariation: in tuples (begin, end, numberOfValues), there must be begin <= end; "
                         f"parameter '{name}' received {spec!r}")
    if useLogSpace:
        if begin <= 0:
            raise ValueError(f"ParameterVariation: useLogSpace=True needs begin > 0; parameter '{name}' "
                             f"received {spec!r}")
        grid = np.logspace(np.log10(begin), np.log10(end), count)
    else:
        grid = np.linspace(begin, end, count)
    if _is_integer(begin) and _is_integer(end) and count > 0 and (end - begin + 1) % count == 0:
        return grid, [int(v) for v in grid]
    return grid, grid.tolist()


def _list_values(name, spec):
    """(grid values, values given to the parameter function) of a list of values: a numeric array
    (booleans as integers) and its entries as Python numbers."""
    grid = np.asarray(spec)
    if grid.ndim != 1 or not (np.issubdtype(grid.dtype, np.number) or grid.dtype == bool):
        raise ValueError(f"ParameterVariation: parameter '{name}': a list of values must hold numbers; "
                         f"received {spec!r}")
    grid = grid.astype(np.result_type(grid.dtype, np.int64))
    return grid, grid.tolist()


def _grid(parameters, useLogSpace):
    """Per parameter: (grid values, values given to the function)."""
    columns = {}
    for name, spec in parameters.items():
        if isinstance(spec, tuple):
            columns[name] = _range_values(name, spec, useLogSpace)
        elif isinstance(spec, list):
            columns[name] = _list_values(name, spec)
        else:
            raise ValueError(f"{_SPEC_MESSAGE}; parameter '{name}' received {spec!r}")
    return columns


def ParameterVariation(parameterFunction, parameters, useLogSpace=False, debugMode=False, addComputationIndex=False,
                       useMultiProcessing=False, showProgress=True, parameterFunctionData={}, clusterHostNames=[],
                       numberOfThreads=None, resultsFile='', **kwargs):
    """Call parameterFunction(parameterDict) for every combination of the parameters' values.

    parameters: {name: (begin, end, numberOfValues)} (np.linspace, or np.logspace with useLogSpace)
    or {name: [v0, v1, ...]}; the first parameter varies slowest. Returns [parameterList, values]:
    parameterList {name: array of the value in every computation} (and 'computationIndex' with
    addComputationIndex), values the function's results in computation order. With
    useMultiProcessing, the computations run in a pool of numberOfThreads processes; resultsFile
    receives a row per computation. Keyword arguments useMPI and useDispyWebMonitor are accepted;
    executor (keyword): any concurrent.futures.Executor to run the computations on (a process pool,
    distributed.Client(...).get_executor() for a Dask cluster, RayExecutor() for Ray); it overrides
    useMultiProcessing and is not shut down here.
    """
    options = _take_options("ParameterVariation", kwargs, useMPI=False, useDispyWebMonitor=False, executor=None)
    columns = _grid(parameters, useLogSpace)
    sizes = [len(grid) for grid, _ in columns.values()]
    total = math.prod(sizes)
    if total == 0:
        print("WARNING: ParameterVariation: number of variations = 0")
        return []
    indices = np.indices(sizes).reshape(len(sizes), total)
    parameterList = {name: grid[indices[k]] for k, (name, (grid, _)) in enumerate(columns.items())}
    calls = []
    for i in range(total):
        call = {name: given[indices[k, i]] for k, (name, (_, given)) in enumerate(columns.items())}
        AddComputationIndexAndFunctionData(call, i, addComputationIndex, parameterFunctionData)
        calls.append(call)
    if addComputationIndex:
        parameterList["computationIndex"] = np.arange(total)
    if debugMode:
        print("number of variations =", total)
        print("parameterDict =", parameterList)
    values = _evaluate_list("ParameterVariation", "parameterFunction", parameterFunction, calls, useMultiProcessing,
                            clusterHostNames, dict(options, numberOfThreads=numberOfThreads, resultsFile=resultsFile,
                                                   parameters=parameters, showProgress=showProgress,
                                                   debugMode=debugMode))
    return [parameterList, values]


def _varied_value(reference, relativeStep, j):
    """The value of variation j: reference*(1 + relativeStep*j); for reference 0 (no relative
    step possible) max(relativeStep, 1e-6), as Exudyn 1.13.6 does."""
    if reference == 0:
        return max(relativeStep, 1e-6)
    return reference * (1 + relativeStep * j)


def _sensitivity_spec(name, spec):
    """(reference, relative step, n) of a parameter; n = 0 (a 2-entry spec): one forward step."""
    if not isinstance(spec, (tuple, list)) or len(spec) < 2:
        raise ValueError(f"ComputeSensitivities: parameter '{name}' must be (reference, relativeStep, "
                         f"numberOfSteps); received {spec!r}")
    count = spec[2] if len(spec) > 2 else 0
    if not _is_integer(count) or count < 0:
        raise ValueError(f"ComputeSensitivities: parameter '{name}': numberOfSteps must be an integer >= 0; "
                         f"received {count!r}")
    return spec[0], spec[1], int(count)


def _as_outputs(value):
    """A result as a sequence of outputs (a scalar as a 1-array)."""
    return value if isinstance(value, (list, tuple, np.ndarray)) else np.array([value])


def ComputeSensitivities(parameterFunction, parameters, scaledByReference=False, debugMode=False,
                         addComputationIndex=False, useMultiProcessing=False, showProgress=True,
                         parameterFunctionData={}, **kwargs):
    """One-at-a-time sensitivities of the outputs of parameterFunction(parameterDict).

    parameters: {name: (reference, relativeStep, n)}: the parameter takes the values
    reference*(1 + relativeStep*j), j = -n..-1, 1..n, the others their reference. The sensitivity
    is the central difference of the two innermost variations (a forward difference for n = 0),
    times the reference value with scaledByReference. Returns [parameterList, valRef,
    valuesSorted, sensitivity]: the computed dictionaries (reference first), the reference result,
    {name: array (2n, outputs) of results}, and the array (parameters, outputs) of sensitivities.
    Keyword arguments: numberOfThreads, resultsFile, useMPI;
    executor (keyword): any concurrent.futures.Executor to run the computations on (a process pool,
    distributed.Client(...).get_executor() for a Dask cluster, RayExecutor() for Ray); it overrides
    useMultiProcessing and is not shut down here.
    """
    options = _take_options("ComputeSensitivities", kwargs, numberOfThreads=None, resultsFile="", useMPI=False,
                            executor=None)
    if not parameters:
        raise ValueError("ComputeSensitivities: parameters must name at least one parameter")
    specs = {name: _sensitivity_spec(name, spec) for name, spec in parameters.items()}
    reference = {name: spec[0] for name, spec in specs.items()}
    AddComputationIndexAndFunctionData(reference, 0, False, parameterFunctionData)
    parameterList, blocks = [reference], {}
    for name, (ref, step, count) in specs.items():
        if debugMode:
            print(f"Variate {name} by {step} each in {count} steps")
        start = len(parameterList)
        for j in ([j for j in range(-count, count + 1) if j != 0] if count else [1]):
            varied = {key: reference[key] for key in specs}
            varied[name] = _varied_value(ref, step, j)
            AddComputationIndexAndFunctionData(varied, len(parameterList), addComputationIndex, parameterFunctionData)
            parameterList.append(varied)
        blocks[name] = (start, len(parameterList))
    values = _evaluate_list("ComputeSensitivities", "parameterFunction", parameterFunction, parameterList,
                            useMultiProcessing, [], dict(options, parameters=parameters, showProgress=showProgress,
                                                         debugMode=debugMode))
    valRef = _as_outputs(values[0])
    valuesSorted = {name: np.array([_as_outputs(v) for v in values[a:b]]) for name, (a, b) in blocks.items()}
    sensitivity = np.zeros((len(specs), len(valRef)))
    for i, (name, (ref, _, count)) in enumerate(specs.items()):
        # the innermost pair j = -1, +1 (the reference and j = +1 for n = 0)
        start = blocks[name][0]
        forward, backward = (start + count, start + count - 1) if count else (start, 0)
        difference = np.asarray(_as_outputs(values[forward])) - np.asarray(_as_outputs(values[backward]))
        sensitivity[i] = difference / (parameterList[forward][name] - parameterList[backward][name])
        if scaledByReference:
            sensitivity[i] *= ref
    return [parameterList, valRef, valuesSorted, sensitivity]


def _search_ranges(where, parameters):
    """(names, begin array, end array) of {name: (begin, end)}, begin < end."""
    if not isinstance(parameters, dict) or not parameters:
        raise ValueError(f"{where}: parameters must be a non-empty dictionary {{name: (begin, end)}}; "
                         f"received {parameters!r}")
    names, begin, end = list(parameters), [], []
    for k, (name, spec) in enumerate(parameters.items()):
        if not isinstance(spec, (tuple, list, np.ndarray)) or len(spec) < 2:
            raise ValueError(f"{where}: parameter '{name}' must be a range (begin, end); received {spec!r}")
        if not spec[1] > spec[0]:
            raise ValueError(f"{where}: ERROR: range of component {k} ('{name}') has negative or zero range; "
                             f"received {spec!r}")
        begin.append(spec[0])
        end.append(spec[1])
    return names, np.array(begin, dtype=float), np.array(end, dtype=float)


def _fitness(value):
    """The size of an objective value: the value itself, the 2-norm of a list or array."""
    return float(np.linalg.norm(value)) if np.ndim(value) > 0 else float(value)


def _survivors(pool, genes, fitness, count, span, distance):
    """The `count` best of the pool (indices into genes and fitness, equal values in pool order);
    with distance > 0 an individual survives only at an RMS distance (relative to the search
    ranges) >= distance from the better survivors."""
    order = [pool[i] for i in np.argsort([fitness[i] for i in pool], kind="stable")]
    if distance <= 0:
        return order[:count]
    chosen = []
    for i in order:
        if all(np.sqrt(np.mean(((genes[i] - genes[j]) / span) ** 2)) >= distance for j in chosen):
            chosen.append(i)
            if len(chosen) == count:
                break
    return chosen


def _mutate(parent, begin, end, halfRange, normal):
    """A child around parent: per gene uniform in [parent - halfRange, parent + halfRange] cut to the
    search range, or normally distributed about the middle of that interval with its half width as
    standard deviation, redrawn until inside the search range."""
    child = np.empty(len(parent))
    for k, (p, b, e, h) in enumerate(zip(parent, begin, end, halfRange)):
        low, high = max(b, p - h), min(e, p + h)
        if not normal:
            child[k] = np.random.uniform(low, high)
            continue
        value = np.random.normal(0.5 * (low + high), 0.5 * (high - low))
        while value < b or value > e:
            value = np.random.normal(0.5 * (low + high), 0.5 * (high - low))
        child[k] = value
    return child


def _children(parents, count, crossoverProbability, begin, end, halfRange, normal):
    """`count` children, made in rounds over the parents (a round is finished before the count is
    cut): a child of each parent by mutation or, with crossoverProbability, two children of two
    randomly chosen parents. Exudyn 1.13.6 draws a crossing decision for every gene, but its two
    children keep the genes of their parents (measured); the draws are kept so that seeded runs
    give Exudyn's individuals."""
    children = []
    while len(children) < count:
        for parent in parents:
            if crossoverProbability > 0 and np.random.rand() < crossoverProbability:
                pair = (parents[np.random.randint(len(parents))], parents[np.random.randint(len(parents))])
                np.random.rand(len(begin))
                children += [_mutate(p, begin, end, halfRange, normal) for p in pair]
            else:
                children.append(_mutate(parent, begin, end, halfRange, normal))
    return children[:count]


class _Run:
    """The evaluations of one optimization: all individuals and values, and the results file."""

    def __init__(self, names, evaluator, addComputationIndex, parameterFunctionData, resultsFile, parameters):
        self.names, self.evaluator = names, evaluator
        self.addComputationIndex, self.functionData = addComputationIndex, parameterFunctionData
        self.resultsFile, self.parameters = resultsFile, parameters
        self.genes, self.values, self.fitness = [], [], []
        if resultsFile:
            mode = evaluator.mode if evaluator.processes else ""
            WriteToFile(resultsFile, parameters, [], [], 0, writeHeader=True, fileType="genetic optimization",
                        multiProcessingMode=mode)

    def evaluate(self, generation):
        """Evaluate the individuals of a generation; returns their indices in genes and fitness."""
        calls = []
        for i, genes in enumerate(generation):
            call = {name: float(g) for name, g in zip(self.names, genes)}
            AddComputationIndexAndFunctionData(call, i, self.addComputationIndex, self.functionData)
            calls.append(call)
        values = self.evaluator.map(calls)
        first = len(self.values)
        if self.resultsFile:
            WriteToFile(self.resultsFile, self.parameters, calls, values, first)
        self.genes += list(generation)
        self.values += values
        self.fitness += [_fitness(v) for v in values]
        return list(range(first, len(self.values)))

    def result(self, pool):
        """[optimumParameter, optimumValue, parameterList, valueList]; the optimum is the first best
        of the last pool (the last children before the survivors)."""
        best = _survivors(pool, self.genes, self.fitness, 1, None, 0)[0]
        parameterList = {name: np.array([g[k] for g in self.genes]) for k, name in enumerate(self.names)}
        optimum = {name: float(g) for name, g in zip(self.names, self.genes[best])}
        return [optimum, np.float64(self.fitness[best]), parameterList, self.values]


def _check_settings(populationSize, numberOfGenerations, elitistRatio, childDistribution, initialPopulationSize):
    """The number of surviving individuals per generation (at least 1: elitistRatio is raised to
    1/populationSize, with a warning, as Exudyn does)."""
    for name, value in (("populationSize", populationSize), ("numberOfGenerations", numberOfGenerations),
                        ("initialPopulationSize", initialPopulationSize)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 1:
            raise ValueError(f"GeneticOptimization: {name} must be an integer >= 1; received {value!r}")
    if childDistribution not in ("uniform", "normal"):
        raise ValueError(f'GeneticOptimization: invalid childDistribution "{childDistribution}" '
                         f'(expected "uniform" or "normal")')
    if elitistRatio * populationSize < 1:
        elitistRatio = 1 / populationSize
        print(f"WARNING: GeneticOptimization: elitistRatio*populationSize < 1; setting elitistRatio={elitistRatio}")
    return max(1, int(elitistRatio * populationSize))


def GeneticOptimization(objectiveFunction, parameters, populationSize=100, numberOfGenerations=10, elitistRatio=0.1,
                        crossoverProbability=0.25, crossoverAmount=0.5, rangeReductionFactor=0.7, distanceFactor=0.1,
                        childDistribution="uniform", distanceFactorGenerations=-1, debugMode=False,
                        addComputationIndex=False, useMultiProcessing=False, showProgress=True, clusterHostNames=[],
                        parameterFunctionData={}, **kwargs):
    """Minimum of objectiveFunction(parameterDict) over parameters {name: (begin, end)} by a genetic
    search.

    The first generation has initialPopulationSize (keyword, default populationSize) uniformly
    random individuals; every further generation has populationSize children of the
    int(elitistRatio*populationSize) best individuals so far (with distanceFactor > 0, for the first
    distanceFactorGenerations generations or all if < 0, survivors keep an RMS distance relative to
    the ranges >= distanceFactor). Children of generation g are mutations in
    +-0.5*rangeReductionFactor**g times the range (childDistribution 'uniform' or 'normal');
    crossoverAmount is not used (see _children). A list or array value counts by its 2-norm.
    Keyword arguments: initialPopulationSize, randomizerInitialization (numpy seed), numberOfThreads,
    resultsFile; useMPI, useDispyWebMonitor accepted;
    executor (keyword): any concurrent.futures.Executor to run the computations on (a process pool,
    distributed.Client(...).get_executor() for a Dask cluster, RayExecutor() for Ray); it overrides
    useMultiProcessing and is not shut down here.
    Returns [optimumParameter, optimumValue, parameterList, valueList].
    """
    options = _take_options("GeneticOptimization", kwargs, initialPopulationSize=populationSize,
                            randomizerInitialization=None, numberOfThreads=None, resultsFile="", useMPI=False,
                            useDispyWebMonitor=False, executor=None)
    names, begin, end = _search_ranges("GeneticOptimization", parameters)
    survivorCount = _check_settings(populationSize, numberOfGenerations, elitistRatio, childDistribution,
                                    options["initialPopulationSize"])
    if options["randomizerInitialization"] is not None:
        np.random.seed(options["randomizerInitialization"])
    span, normal = end - begin, childDistribution == "normal"
    with _Evaluator("GeneticOptimization", "objectiveFunction", objectiveFunction, useMultiProcessing,
                    options["numberOfThreads"], clusterHostNames, options["useMPI"], showProgress,
                    debugMode, options["executor"]) as evaluator:
        run = _Run(names, evaluator, addComputationIndex, parameterFunctionData, options["resultsFile"], parameters)
        generation = [np.array([np.random.uniform(b, e) for b, e in zip(begin, end)])
                      for _ in range(options["initialPopulationSize"])]
        pool = run.evaluate(generation)
        for g in range(1, numberOfGenerations):
            distanceActive = distanceFactorGenerations < 0 or g <= distanceFactorGenerations
            parents = _survivors(pool, run.genes, run.fitness, survivorCount, span,
                                 distanceFactor if distanceActive else 0)
            halfRange = 0.5 * span * rangeReductionFactor ** g
            if debugMode:
                print(f"generation {g}: best value {run.fitness[parents[0]]}, {len(parents)} surviving individuals, "
                      f"child ranges {dict(zip(names, (2 * halfRange).tolist()))}")
            generation = _children([run.genes[i] for i in parents], populationSize, crossoverProbability, begin, end,
                                   halfRange, normal)
            # the children first: among equal values, the newer individual ranks first
            pool = run.evaluate(generation) + parents
        result = run.result(pool)
    if debugMode:
        print(f"optimum parameters {result[0]}, optimum value {result[1]}, evaluations {len(run.values)}")
    return result


class _History:
    """The iterates of a minimization (and the objective at them), the results file and progress."""

    def __init__(self, names, call_of, function, storeValues, resultsFile, parameters, method, showProgress,
                 maxiter):
        self.names, self.call_of, self.function = names, call_of, function
        self.storeValues = storeValues or bool(resultsFile)
        self.resultsFile, self.parameters = resultsFile, parameters
        self.showProgress, self.maxiter = showProgress, maxiter
        self.parameterList, self.valueList = {name: [] for name in names}, []
        self.start = self.printed = time.time()
        if resultsFile:
            WriteToFile(resultsFile, parameters, [], [], 0, writeHeader=True,
                        fileType=f"optimization using scipy.optimize.minimize(method={method})")

    def add(self, x, final=False):
        """Record the iterate x (and the objective at x, unclipped)."""
        for name, value in zip(self.names, x):
            self.parameterList[name].append(value)
        if not self.storeValues:
            return
        call = self.call_of(x)
        value = self.function(call)
        self.valueList.append(value)
        if self.resultsFile:
            WriteToFile(self.resultsFile, self.parameters, [call], [value], len(self.valueList) - 1)
        now = time.time()
        if self.showProgress and (len(self.valueList) == 1 or final or now - self.printed >= 1):
            self.printed = now
            print(f"iteration {len(self.valueList)} / {self.maxiter}, time = {now - self.start:.1f} s, "
                  f"loss: {value:.3g}")


def Minimize(objectiveFunction, parameters, initialGuess=[], method='Nelder-Mead', tol=1e-4, options={},
             enforceBounds=True, debugMode=False, showProgress=True, addComputationIndex=False,
             storeFunctionValues=True, **kwargs):
    """Minimum of objectiveFunction(parameterDict) by scipy.optimize.minimize(method, tol, options),
    parameters {name: (begin, end)}.

    initialGuess defaults to the middle of the ranges. With enforceBounds, the objective is
    evaluated at the iterate clipped to the ranges (scipy's iterate itself is not changed); with the
    keyword useScipyBounds=True the ranges are given to scipy as bounds. Every iterate (and scipy's
    result, appended last) goes to parameterList, and with storeFunctionValues (or a resultsFile)
    the objective at it (an extra evaluation) to valueList. addComputationIndex adds
    'computationIndex': 0. Keyword arguments: resultsFile, useScipyBounds, args (passed to scipy),
    verbose (accepted); executor (keyword): a concurrent.futures.Executor on which every evaluation
    runs (one at a time, as scipy asks for them). Returns [optimumParameter, optimumValue,
    parameterList, valueList].
    """
    from scipy.optimize import minimize
    settings = _take_options("Minimize", kwargs, resultsFile="", useScipyBounds=False, verbose=False, args=(),
                             executor=None)
    executor = check_executor("Minimize", settings["executor"])
    if executor is not None:
        # scipy asks for one value at a time: each evaluation runs on the executor
        objectiveFunction = _OnExecutor(executor, objectiveFunction)
    names, lower, upper = _search_ranges("Minimize", parameters)
    x0 = np.asarray(initialGuess, dtype=float) if len(initialGuess) else 0.5 * (lower + upper)
    if x0.shape != lower.shape:
        raise ValueError(f"Minimize: initialGuess must have one value per parameter ({len(names)}); "
                         f"received {initialGuess!r}")
    clip = enforceBounds and not settings["useScipyBounds"]

    def call_of(x):
        call = dict(zip(names, x))
        if addComputationIndex:
            call["computationIndex"] = 0
        return call

    def objective(x, *args):
        return objectiveFunction(call_of(np.clip(x, lower, upper) if clip else x))

    history = _History(names, call_of, objectiveFunction, storeFunctionValues, settings["resultsFile"], parameters,
                       method, showProgress, dict(options).get("maxiter", "?"))
    bounds = list(zip(lower, upper)) if settings["useScipyBounds"] else None
    result = minimize(objective, x0, args=tuple(settings["args"]), method=method, tol=tol, options=options,
                      bounds=bounds, callback=lambda xk, *state: history.add(xk))
    history.add(result.x, final=True)
    if debugMode:
        print(result)
    return [dict(zip(names, result.x)), result.fun, history.parameterList, history.valueList]


class _OnExecutor:
    """function(parameters) evaluated on an executor (Minimize's evaluations, one at a time)."""

    def __init__(self, executor, function):
        self.executor, self.function = executor, function

    def __call__(self, parameters):
        return self.executor.submit(_call, (self.function, parameters, "Minimize", "objectiveFunction", 0)).result()


def PlotOptimizationResults2D(parameterList, valueList, xLogScale=False, yLogScale=False):
    """One figure per parameter of parameterList (as returned by GeneticOptimization or Minimize):
    the objective values over the parameter's values as points. Returns [figList, axList]."""
    import matplotlib.pyplot as plt
    figList, axList = [], []
    for name, values in parameterList.items():
        fig = plt.figure()
        ax = fig.gca()
        ax.plot(values, valueList, linestyle="None", marker=".", color="b", label=name)
        ax.set_xlabel(name)
        ax.set_ylabel("value (objective function)")
        if xLogScale:
            ax.set_xscale("log")
        if yLogScale:
            ax.set_yscale("log")
        ax.grid(True)
        ax.legend()
        figList.append(fig)
        axList.append(ax)
    return [figList, axList]


def PlotSensitivityResults(valRef, valuesSorted, sensitivity, fVar=None, strYAxis=None):
    """One subplot per output of ComputeSensitivities' results: for every parameter, the output over
    the variation in percent (j*fVar*100) with the sensitivity (4 digits) in the legend, and the
    reference.

    fVar: the relative variation steps (default 1e-3); as in Exudyn 1.13.6, entry i is used for
    the subplot of output i. strYAxis: the y-axis labels. Returns [fig, axs] (axs a list for one
    output).
    """
    import matplotlib.pyplot as plt
    sensitivity = np.asarray(sensitivity)
    outputs = sensitivity.shape[1]
    steps = [1e-3] * outputs if fVar is None else list(fVar)
    if len(steps) < outputs:
        raise ValueError(f"PlotSensitivityResults: fVar needs a step for each of the {outputs} outputs; "
                         f"received {fVar!r}")
    fig, axs = plt.subplots(outputs)
    axs = [axs] if outputs == 1 else axs
    reference = np.asarray(valRef).ravel()
    for i, ax in enumerate(axs):
        for j, (name, values) in enumerate(valuesSorted.items()):
            column = np.asarray(values)[:, i]
            back = len(column) // 2
            forward = len(column) - back
            percent = np.linspace(-back * steps[i] * 100, forward * steps[i] * 100, len(column) + 1)
            ax.plot(percent, np.insert(column, back, reference[i]), "--", color=[0.8, 0.8, 0.8])
            ax.plot(np.delete(percent, back), column, "o", label=f"{name}, s={float(f'{sensitivity[j, i]:.4g}')}")
        ax.plot(0, reference[i], "d", label="Ref")
        ax.grid(True)
        ax.legend()
        if strYAxis is not None:
            ax.set_ylabel(strYAxis[i])
    axs[-1].set_xlabel(r"Variation in $\%$")
    return [fig, axs]
