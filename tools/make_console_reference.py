"""Record Exudyn 1.13.6's console output of the cases in tests/solvers/console_cases.py.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_console_reference.py

Each case runs in its own subprocess (Exudyn writes through C++); its stdout is stored, per case,
in tests/reference/console_output.json, which tests/solvers/test_verbose_output.py reads.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.solvers.console_cases import CASES  # noqa: E402

OUTPUT = ROOT / "tests" / "reference" / "console_output.json"
RUN = ("import sys; sys.path.insert(0, {root!r}); import exudyn, exudyn.itemInterface as ii; "
       "from tests.solvers.console_cases import run; run(exudyn, ii, {name!r})")


def main():
    import exudyn
    out = {"version": exudyn.__version__, "cases": {}}
    for name in CASES:
        done = subprocess.run([sys.executable, "-c", RUN.format(root=str(ROOT), name=name)],
                              capture_output=True, text=True, cwd=ROOT)
        out["cases"][name] = done.stdout
        print(name, len(done.stdout.splitlines()), "lines", done.stderr.strip()[-200:])
    OUTPUT.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
