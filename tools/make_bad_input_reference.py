"""Measure what Exudyn 1.13.6 does with a bad value of every parameter of every item type of
tests/model/item_recipes.py: refused at Add, at Assemble, in a 2-step SolveDynamic, or accepted;
and the error class. Writes tests/reference/bad_input.json (read by tests/model/test_bad_input.py).

    .venv/bin/python tools/make_bad_input_reference.py
"""
import contextlib
import io
import json
import os
import sys
import tempfile
import types
import warnings

import exudyn as exu
import exudyn.itemInterface as ii

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "model"))
from item_recipes import BAD_VALUES, RECIPES, add_item, bad_value, host, solved  # noqa: E402

NS = types.SimpleNamespace(**vars(ii), OutputVariableType=exu.OutputVariableType, LoadIndex=exu.LoadIndex)


def parameters(class_name):
    """The parameter names of an item class (not the type key, name and visualization keys)."""
    d = dict(getattr(ii, class_name)())
    return [k for k in d if not k.endswith("Type") and k != "name" and not k.startswith("V")]


def run_case(class_name, param, label):
    """'add' | 'assemble' | 'solve' | 'accepted', and the error class name."""
    sc = exu.SystemContainer()
    mbs = sc.AddSystem()
    h = host(NS, mbs)
    kwargs = RECIPES[class_name](h)
    if param is not None:
        kwargs[param] = bad_value(NS, label)
    stage = "add"
    try:
        add_item(NS, mbs, class_name, kwargs)
        stage = "assemble"
        mbs.Assemble()
        if not solved(class_name):
            return "accepted", ""
        stage = "solve"
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps = 2
        ss.timeIntegration.endTime = 0.002
        ss.timeIntegration.verboseMode = 0
        ss.solutionSettings.writeSolutionToFile = False
        mbs.SolveDynamic(ss)
    except Exception as exc:    # noqa: BLE001 (the outcome measured)
        return stage, type(exc).__name__
    return "accepted", ""


# outcome -> one letter: refused at Add (T: ExudynTypeError, V: ExudynValueError, other: A), at
# Assemble (M: ModelError, other: m), in the solve (S: SolverError, other: s), accepted (.)
CODES = {("add", "ExudynTypeError"): "T", ("add", "ExudynValueError"): "V", ("add", None): "A",
         ("assemble", "ModelError"): "M", ("assemble", None): "m", ("solve", "SolverError"): "S",
         ("solve", None): "s", ("accepted", ""): "."}


def code(stage, err):
    return CODES.get((stage, err)) or CODES[(stage, None)]


def main():
    warnings.simplefilter("ignore")
    os.chdir(tempfile.mkdtemp())        # (sensor files of the cases, e.g. fileName 'x')
    labels = list(BAD_VALUES)
    out = {"exudyn": exu.GetVersionString(), "codes": {v: f"{k[0]} {k[1] or 'other'}" for k, v in CODES.items()},
           "labels": labels, "cases": {}}
    for class_name in RECIPES:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            base = run_case(class_name, None, None)
        if base[0] != "accepted":
            raise RuntimeError(f"recipe of {class_name} refused by Exudyn: {base}")
        cases = out["cases"][class_name] = {}
        for param in parameters(class_name):
            row = []
            for label in labels:
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    row.append(code(*run_case(class_name, param, label)))
            cases[param] = "".join(row)
        print(class_name, "done", file=sys.stderr)
    path = os.path.join(ROOT, "tests", "reference", "bad_input.json")
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1)
    print("written", path)


if __name__ == "__main__":
    main()
