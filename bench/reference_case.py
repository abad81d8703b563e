"""Solve time of one reference case of the test suite (tests/models/reference_models.py, the models
whose results the tests compare with Exudyn's), with its number of steps changed:

    python bench/reference_case.py torsional_turns --steps 2000
    /path/to/exuenv/bin/python bench/reference_case.py torsional_turns --steps 2000 --exudyn

Prints one JSON line: the time of the case's SolveDynamic / SolveStatic (model build excluded) and
a checksum of the final coordinates. The same builder runs on Exudyn 1.13.6 with --exudyn.
"""
import argparse
import inspect
import json
import os
import sys
import time
import warnings

import numpy as np

p = argparse.ArgumentParser()
p.add_argument("case")
p.add_argument("--steps", type=int, default=None, help="nSteps of the case's builder (its default if not given)")
p.add_argument("--exudyn", action="store_true", help="run on Exudyn instead of multibody")
args = p.parse_args()
warnings.simplefilter("ignore", DeprecationWarning)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "models"))
import reference_models as rm  # noqa: E402

if args.exudyn:
    import exudyn as exu
    import exudyn.utilities as U
else:
    import multibody as exu
    import multibody.utilities as U

times = []


def _timed(solve):
    def run(*a):
        t0 = time.perf_counter()
        try:
            return solve(*a)
        finally:
            times.append(time.perf_counter() - t0)
    return run


rm._solve_dynamic = _timed(rm._solve_dynamic)
rm._solve_static = _timed(rm._solve_static)
builder, kw = rm.CASES[args.case]
kw = dict(kw)
if args.steps is not None:
    if "nSteps" not in inspect.signature(builder).parameters:
        sys.exit(f"{args.case}: its builder has no nSteps")
    kw["nSteps"] = args.steps
res = builder(exu, U, **kw)
print(json.dumps({"case": args.case, "steps": args.steps, "solve_s": sum(times), "solves": len(times),
                  "checksum": float(np.sum(res["q"])) + float(np.sum(res.get("q_t", 0.0))),
                  "library": "exudyn" if args.exudyn else "multibody"}))
