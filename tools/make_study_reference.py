"""Record Exudyn 1.13.6's ParameterVariation, GeneticOptimization and ComputeSensitivities on the
model of tests/api/study_cases.py for tests/api/test_processing_executors.py.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_study_reference.py

It writes tests/reference/processing_study.json (results encoded as tools/make_processing_reference.py
does).
"""
import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import exudyn  # noqa: E402
import exudyn.processing as ep  # noqa: E402

from make_processing_reference import encode  # noqa: E402
from tests.api import study_cases as cases  # noqa: E402

OUTPUT = ROOT / "tests" / "reference" / "processing_study.json"


def main():
    cases.MODULE = "exudyn"
    with contextlib.redirect_stdout(io.StringIO()):
        pv = ep.ParameterVariation(cases.position_at_end, cases.PV_PARAMETERS, showProgress=False, **cases.PV_KWARGS)
        ga = ep.GeneticOptimization(cases.distance_to_target, cases.GA_PARAMETERS, showProgress=False,
                                    **cases.GA_KWARGS)
        cs = ep.ComputeSensitivities(cases.position_at_end, cases.CS_PARAMETERS, showProgress=False,
                                     **cases.CS_KWARGS)
    reference = {"exudyn_version": exudyn.__version__, "parameter_variation": encode(pv),
                 "genetic_optimization": encode(ga), "sensitivities": encode(cs)}
    OUTPUT.write_text(json.dumps(reference) + "\n")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
