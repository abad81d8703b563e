"""Record Exudyn 1.13.6's results of its solver objects for tests/api/test_main_solvers.py.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_main_solvers_reference.py

It runs the cases of tests/api/main_solver_cases.py with exudyn (MainSolverImplicitSecondOrder,
MainSolverStatic, MainSolverExplicit and their data structures) and writes the results (arrays as
nested lists, with a marker) to tests/reference/main_solvers.json.
"""
import json
import sys
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import exudyn  # noqa: E402

from tests.api import main_solver_cases  # noqa: E402

OUTPUT = ROOT / "tests" / "reference" / "main_solvers.json"


def encode(x):
    if isinstance(x, np.ndarray):
        return {"__ndarray__": x.tolist()}
    if isinstance(x, dict):
        return {str(k): encode(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [encode(v) for v in x]
    if isinstance(x, (np.bool_, np.floating, np.integer)):
        return x.item()
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    raise TypeError(f"cannot encode {type(x)}")


def main():
    warnings.simplefilter("ignore")
    results = {name: encode(main_solver_cases.run(exudyn, name)) for name in main_solver_cases.CASES}
    OUTPUT.write_text(json.dumps({"exudyn": exudyn.config.Version(), "cases": results}, indent=1) + "\n")
    print(f"wrote {len(results)} cases to {OUTPUT}")


if __name__ == "__main__":
    main()
