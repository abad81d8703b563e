"""Packaging: pyproject's metadata, every third-party import of the package declared (as a
dependency or in the extra of the feature that needs it), the one-line messages naming the extra
where an optional one is missing, and the command line (python -m multibody)."""
import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import multibody
from multibody import _optional, cli

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "multibody"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# import name -> distribution name, where they differ
DISTRIBUTION = {"PIL": "Pillow", "imageio_ffmpeg": "imageio-ffmpeg"}
# imported only by tools run with Exudyn installed, never by the package; IPython only inside a
# Jupyter kernel, which brings it (animations shown inline there)
NOT_NEEDED = {"exudyn", "IPython"}


def _requirement_names(requirements):
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}


def _third_party_imports():
    """(top-level module, file) of every import of the package that is not stdlib or multibody."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "multibody":
                    found.add((top, path.relative_to(PACKAGE).as_posix()))
    return found


def test_metadata():
    project = PYPROJECT["project"]
    assert project["license"] == {"text": "MIT"} and (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert project["authors"] and project["urls"]
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
    assert "Typing :: Typed" in project["classifiers"] and (PACKAGE / "py.typed").exists()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["multibody"]


def test_every_import_is_declared():
    """A base dependency, or in an extra; an optional module's extra as _optional.EXTRAS says."""
    project = PYPROJECT["project"]
    base = _requirement_names(project["dependencies"])
    extras = {name: _requirement_names(reqs) for name, reqs in project["optional-dependencies"].items()}
    undeclared = []
    for top, where in sorted(_third_party_imports()):
        dist = DISTRIBUTION.get(top, top).lower()
        if top in NOT_NEEDED or dist in base:
            continue
        extra = _optional.EXTRAS.get(top)
        if extra is None or dist not in extras.get(extra, ()):
            undeclared.append(f"{top} ({where})")
    assert not undeclared, f"imports not declared in pyproject.toml: {undeclared}"


@pytest.mark.parametrize("module, feature, extra", [("h5py", "SaveDictToHDF5", "hdf5"),
                                                     ("matplotlib.pyplot", "PlotSensor", "plot"),
                                                     ("tqdm.auto", "show_progress", "progress")])
def test_missing_optional_module_names_its_extra(monkeypatch, module, feature, extra):
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(ImportError, match=re.escape(f"{feature} needs {module.split('.')[0]}, which is not "
                                                    f"installed: pip install 'multibody[{extra}]'")):
        _optional.require(module, feature)


def test_hdf5_without_h5py(monkeypatch, tmp_path):
    from multibody.advancedUtilities import SaveDictToHDF5
    monkeypatch.setitem(sys.modules, "h5py", None)
    with pytest.raises(ImportError, match=re.escape("pip install 'multibody[hdf5]'")):
        SaveDictToHDF5(str(tmp_path / "x.h5"), {"a": 1})


def test_version_and_info(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out == f"multibody {multibody.__version__}\n"
    assert cli.main(["info"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"multibody {multibody.__version__} (Exudyn API 1.13.6)\n")
    for word in ("numpy", "numba", "Pillow", "engine: ", "compiled code cache: ", "linear solver choices cache: "):
        assert word in out


def test_render_without_arguments_shows_its_usage(capsys):
    """(render itself: tests/visualization/test_solution_viewer.py)"""
    with pytest.raises(SystemExit) as exc:
        cli.main(["render"])
    assert exc.value.code == 2
    assert "--out" in capsys.readouterr().err


SCRIPT = """import sys
import exudyn as exu
from exudyn.utilities import *
import exudyn.itemInterface as ii
SC = exu.SystemContainer()
mbs = SC.AddSystem()
n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
mbs.AddObject(ii.MassPoint(mass=2, nodeNumber=n))
mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n)), loadVector=[0, -2, 0]))
mbs.Assemble()
s = exu.SimulationSettings()
s.solution.file.write = False
mbs.SolveDynamic(s)
print("result", exu.__name__, sys.argv[1:], round(mbs.systemData.GetODE2Coordinates()[1], 12))
"""


def test_run_maps_exudyn_to_multibody(tmp_path, capsys):
    """run SCRIPT: the script's exudyn imports give multibody (a mass pulled by 1 m/s^2 for 1 s:
    y = -0.5 m); after it, exudyn is not importable through the hook any more."""
    script = tmp_path / "script.py"
    script.write_text(SCRIPT)
    assert cli.main(["run", str(script), "a", "--b"]) == 0
    assert "result multibody ['a', '--b'] -0.5" in capsys.readouterr().out
    assert "exudyn" not in sys.modules or sys.modules["exudyn"].__name__ != "multibody"
    assert not any(isinstance(f, cli._ExudynAlias) for f in sys.meta_path)
    (tmp_path / "exit.py").write_text("import exudyn\nraise SystemExit(3)\n")
    assert cli.main(["run", str(tmp_path / "exit.py")]) == 3
    assert cli.main(["run", str(tmp_path / "missing.py")]) == 2


def test_module_entry_point():
    done = subprocess.run([sys.executable, "-m", "multibody", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == f"multibody {multibody.__version__}"
