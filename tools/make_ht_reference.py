"""Record Exudyn 1.13.6's results of exu.HT for tests/api/test_ht.py.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_ht_reference.py

It runs the cases of tests/api/ht_cases.py with exudyn.HT and writes the results (arrays as
nested lists, with a marker) to tests/reference/ht.json.
"""
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import exudyn  # noqa: E402

from tests.api import ht_cases  # noqa: E402

OUTPUT = ROOT / "tests" / "reference" / "ht.json"


def encode(x):
    if isinstance(x, np.ndarray):
        return {"__ndarray__": x.tolist()}
    if isinstance(x, (list, tuple)):
        return [encode(v) for v in x]
    if isinstance(x, (np.bool_, np.floating, np.integer)):
        return x.item()
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    raise TypeError(f"cannot encode {type(x)}")


def main():
    results = {}
    for name in ht_cases.CASES:
        kind, value = ht_cases.run(exudyn, name)
        results[name] = {"kind": kind, "value": encode(value)}
    OUTPUT.write_text(json.dumps({"exudyn": exudyn.config.Version(), "cases": results}, indent=1) + "\n")
    print(f"wrote {len(results)} cases to {OUTPUT}")


if __name__ == "__main__":
    main()
