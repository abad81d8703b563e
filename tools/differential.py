"""Differential tester of multibody against Exudyn 1.13.6 (the oracle).

    python tools/differential.py run --n 1000 --seed0 0 [--log run.jsonl]
        random valid models (tools/differential/generate.py) on both codes, compared quantity
        by quantity (tools/differential/compare.py); prints the disagreement classes
    python tools/differential.py store --n 300 --seed0 0
        writes the agreeing models (spec + Exudyn's results) to tests/reference/differential/
    python tools/differential.py show --seed S [--spec]
        one model in detail
    python tools/differential.py selfcheck --n 200
        Exudyn against itself with equivalent settings (the tolerance levels)
    python tools/differential.py probe --n 400
        measures the output variables Exudyn supports per item type

Run it with the project's venv (exudyn and multibody installed); the package
tools/differential/ holds the code.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from differential.cli import main  # noqa: E402

if __name__ == '__main__':
    main()
