"""The package's structure (../shared/DESIGN.md): the layer contracts of .importlinter, kept by
import-linter; no module over 800 lines; no function outside the kernels over 80 lines."""
import ast
import os
import shutil
import subprocess
import sys

import pytest

import multibody

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.dirname(os.path.abspath(multibody.__file__))
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80


def _sources():
    for folder, _, files in os.walk(PACKAGE):
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports") or os.path.join(os.path.dirname(sys.executable), "lint-imports")
    if not os.path.exists(exe):
        pytest.fail("import-linter is not installed (it is in the test extras: pip install '.[test]')")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(PACKAGE))
    out = subprocess.run([exe, "--config", os.path.join(ROOT, ".importlinter")], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_no_module_over_800_lines():
    long = {os.path.relpath(p, PACKAGE): n for p in _sources()
            if (n := sum(1 for _ in open(p, encoding="utf-8"))) > MAX_MODULE_LINES}
    assert not long, long


def test_no_function_outside_the_kernels_over_80_lines():
    long = {}
    for path in _sources():
        if os.sep + "kernels" + os.sep in path:
            continue
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long[f"{os.path.relpath(path, PACKAGE)}:{node.name}"] = n
    assert not long, long
