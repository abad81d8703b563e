"""Record with Exudyn which configuration its scene data shows when (no renderer started).

Usage (Exudyn 1.13.6 interpreter):
    .venv/bin/python tools/make_visualization_configuration_reference.py

Runs tests/visualization/configuration_sequence.py with Exudyn and writes
tests/reference/visualization/configuration.json: {exudynVersion, records}.
"""
import importlib.util
import json
import os
import tempfile
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEQUENCE = os.path.join(ROOT, "tests", "visualization", "configuration_sequence.py")
OUT = os.path.join(ROOT, "tests", "reference", "visualization", "configuration.json")


def main():
    import exudyn as exu
    import exudyn.utilities as U
    spec = importlib.util.spec_from_file_location("configuration_sequence", SEQUENCE)
    seq = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(seq)
    with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        records = seq.run(exu, U, os.path.join(tmp, "solution.txt"))
    with open(OUT, "w") as f:
        json.dump({"exudynVersion": exu.__version__, "records": records}, f, indent=1)
    for r in records:
        print(r)


if __name__ == "__main__":
    main()
