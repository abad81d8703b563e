"""Parameter functions and cases of the processing tests (tests/api/test_processing.py), shared with
tools/make_processing_reference.py, which runs the same cases with Exudyn 1.13.6's
exudyn.processing. The functions are defined at module level so that the process pools of
useMultiProcessing=True can pickle them.

Every case is (function name, arguments, keyword arguments); the reference file stores, per case
list and index, repr(case) and Exudyn's result, so that a changed case is detected."""
import math

SPECIAL = ("computationIndex", "functionData")


def quadratic(p):
    """Sum over the parameters (sorted by name) of (value - 0.37*(k+1))**2."""
    names = sorted(k for k in p if k not in SPECIAL)
    return sum((p[k] - 0.37 * (i + 1)) ** 2 for i, k in enumerate(names))


def plateau(p):
    """quadratic rounded to quarters: many equal values (ties in the ranking of individuals)."""
    return round(quadratic(p) * 4) / 4


def vector(p):
    """A list of two objectives: ranked by its 2-norm."""
    return [quadratic(p), -p["x"]]


def rosenbrock(p):
    return (1 - p["x"]) ** 2 + 100 * (p["y"] - p["x"] ** 2) ** 2


def echo(p):
    """The parameters received, their types, and the extra entries."""
    values = [(type(v).__name__, v) for k, v in p.items() if k not in SPECIAL]
    return [values, p.get("computationIndex"), p.get("functionData")]


def value_types(p):
    return type(p["x"]).__name__, p["x"]


def outputs2(p):
    """Two nonlinear outputs of m and k."""
    return [math.exp(p["m"]) * p["k"], math.sin(p["k"]) * p["m"] ** 3]


def scalar_output(p):
    return p["m"] * p["k"] ** 2


def tuple_output(p):
    return (p["m"], 2 * p["k"])


def fails_at_two(p):
    """Raises ZeroDivisionError for x == 2."""
    return 1 / (p["x"] - 2)


FUNCTIONS = {f.__name__: f for f in (quadratic, plateau, vector, rosenbrock, echo, value_types, outputs2,
                                     scalar_output, tuple_output, fails_at_two)}

# integer and float ranges, lists, log space: the values (and their types) the function receives
PV_CASES = [
    ("echo", {"x": (1, 3, 3), "y": [10, 20.5]}, {}),
    ("echo", {"x": (0, 1, 3)}, {"addComputationIndex": True, "parameterFunctionData": {"a": 1}}),
    ("echo", {"x": (1, 100, 3), "y": (1, 10, 2)}, {"useLogSpace": True}),
    ("echo", {"x": (1, 3, 3)}, {"useLogSpace": True}),
    ("echo", {"x": [1, 2.5, 3], "b": [True, False]}, {}),
    ("echo", {"x": (1.0, 3.0, 3), "y": (0, 5, 3)}, {}),
    ("echo", {}, {}),
    ("quadratic", {"x": (0.1, 0.9, 4), "y": (-1, 1, 3), "z": [0.5, 1.5]}, {}),
    ("rosenbrock", {"x": (-2, 2, 5), "y": (-1, 3, 5)}, {"addComputationIndex": True}),
]
PV_INTEGER_RANGES = [(b, e, n) for b in range(-1, 3) for e in range(0, 6) for n in range(1, 5) if b <= e]

GA_CASES = [
    # the defaults (populationSize=100, ...) with fewer generations
    ("quadratic", {"x": (0, 1), "y": (0, 2)}, {"numberOfGenerations": 4, "randomizerInitialization": 0}),
    ("quadratic", {"x": (0.3, 1.7), "y": (-2.2, 0.1), "z": (1e-3, 7.9)},
     {"populationSize": 12, "numberOfGenerations": 6, "elitistRatio": 0.3, "crossoverProbability": 0.5,
      "distanceFactor": 0.2, "randomizerInitialization": 7}),
    ("quadratic", {"x": (-1, 3), "y": (10, 13.3)},
     {"populationSize": 20, "numberOfGenerations": 6, "elitistRatio": 0.25, "childDistribution": "normal",
      "randomizerInitialization": 1}),
    ("quadratic", {"x": (0, 1), "y": (0, 2)},
     {"populationSize": 15, "numberOfGenerations": 5, "rangeReductionFactor": 0.55, "distanceFactorGenerations": 2,
      "crossoverProbability": 1.0, "randomizerInitialization": 3}),
    ("quadratic", {"x": (0, 1)},
     {"populationSize": 9, "numberOfGenerations": 4, "initialPopulationSize": 25, "elitistRatio": 0.34,
      "addComputationIndex": True, "randomizerInitialization": 2}),
    ("quadratic", {"x": (0, 1), "y": (0.5, 2)}, {"populationSize": 5, "numberOfGenerations": 4,
                                                 "randomizerInitialization": 4}),
    ("plateau", {"x": (0.3, 1.7), "y": (-2.2, 0.1), "z": (1e-3, 7.9)},
     {"populationSize": 30, "numberOfGenerations": 8, "elitistRatio": 0.2, "distanceFactor": 0.3,
      "childDistribution": "normal", "crossoverProbability": 0.3, "randomizerInitialization": 0}),
    ("plateau", {"x": (-1, 3), "y": (10, 13.3)}, {"numberOfGenerations": 3, "randomizerInitialization": 7}),
    ("vector", {"x": (0, 1), "y": (0, 2)}, {"populationSize": 10, "numberOfGenerations": 5,
                                            "randomizerInitialization": 5}),
]

MIN_CASES = [
    ("rosenbrock", {"x": (-2, 2), "y": (-1, 3)}, {}),
    ("rosenbrock", {"x": (-2, 0.5), "y": (-1, 3)}, {}),
    ("rosenbrock", {"x": (-2, 0.5), "y": (-1, 3)}, {"enforceBounds": False}),
    ("rosenbrock", {"x": (0.1, 0.7), "y": (0.3, 1.9)}, {"initialGuess": [5, 5], "options": {"maxiter": 20}}),
    ("rosenbrock", {"x": (-2, 0.5), "y": (-1, 3)}, {"method": "Powell"}),
    ("rosenbrock", {"x": (-2, 0.5), "y": (-1, 3)}, {"method": "L-BFGS-B", "useScipyBounds": True}),
    ("rosenbrock", {"x": (-2, 2), "y": (-1, 3)}, {"storeFunctionValues": False, "options": {"maxiter": 30}}),
    ("quadratic", {"x": (-2, 2), "y": (-1, 3)}, {"addComputationIndex": True, "tol": 1e-8}),
]

CS_CASES = [
    ("outputs2", {"m": (2.0, 0.01, 2), "k": (3.0, 0.1, 1)}, {}),
    ("outputs2", {"m": (3.7, 0.013, 3), "k": (1.3, 0.1, 1)}, {"scaledByReference": True}),
    ("scalar_output", {"m": (2, 0.1, 1), "k": (-2.3, -0.03, 2)},
     {"addComputationIndex": True, "parameterFunctionData": {"a": 1}}),
    ("scalar_output", {"m": (0, 1e-7, 1), "k": (0.0, 0.5, 2)}, {}),
    ("tuple_output", {"m": (123.4, 0.003, 4), "k": (0.37, 0.0071, 2)}, {}),
    # one forward step (a 2-entry tuple or n = 0), as the last parameter: Exudyn 1.13.6 puts the results
    # of the parameters after such a one in the wrong places
    ("outputs2", {"m": (1.5, 0.02, 1), "k": (2.0, 0.1)}, {}),
    ("outputs2", {"k": (2.0, 0.1, 2), "m": (1.0, 0.1, 0)}, {}),
]

SUBINDEX_CASES = [(7, [2, 3, 4]), (23, [2, 3, 4]), (24, [2, 3, 4]), (-1, [2, 3]), (5, [1, 1]), (2.0, [2, 3]),
                  (4, (2, 3)), (0, []), (11, [5])]

# the results files: (function, arguments, keyword arguments with resultsFile)
FILE_CASES = [
    ("ParameterVariation", "echo", {"x": (1, 3, 3), "y": [10, 20.5]}, {}),
    ("ParameterVariation", "quadratic", {"x": (0, 1, 3)},
     {"addComputationIndex": True, "parameterFunctionData": {"a": 1}}),
    ("GeneticOptimization", "quadratic", {"x": (0, 1), "y": (0.5, 2)},
     {"populationSize": 8, "numberOfGenerations": 3, "randomizerInitialization": 1, "addComputationIndex": True}),
    ("ComputeSensitivities", "scalar_output", {"m": (0.5, 0.1, 2), "k": (2.0, 0.01, 1)},
     {"addComputationIndex": True, "parameterFunctionData": {"a": 1}}),
    ("Minimize", "rosenbrock", {"x": (-2, 2), "y": (-1, 3)}, {"options": {"maxiter": 6}, "addComputationIndex": True}),
    ("Minimize", "rosenbrock", {"x": (-2, 2), "y": (-1, 3)}, {"storeFunctionValues": False,
                                                             "options": {"maxiter": 6}}),
]
