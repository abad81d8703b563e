"""Compiled code and the library's cache where folders are read-only, missing, damaged or of
another user (kernels/_jit.py, solvers/lu_choice.py).

The subprocess runs use a small kernel module of their own through the package's ``njit`` (the
same cache classes as every kernel), so that nothing of the engine is compiled again; the solve of
a read-only installation loads the engine from a copy of the tests' own cache entries."""
import glob
import hashlib
import json
import os
import pickle
import shutil
import stat
import subprocess
import sys
import textwrap

import numba
import numpy as np
import pytest
import scipy.sparse as sp

import multibody
from multibody.engine import compile as engine_compile
from multibody.kernels import _jit
from multibody.solvers import lu_choice

PACKAGE = os.path.dirname(os.path.abspath(multibody.__file__))
UID = os.getuid() if hasattr(os, "getuid") else None
pytestmark = pytest.mark.skipif(UID is None, reason="user ids and modes of POSIX systems")

# a small kernel module: one function per kind of damage, each with its own cache entry
KINDS = ("truncated_data", "truncated_index", "random_index", "random_data", "object_code", "utf8_index",
         "other_version", "numba_format", "unbuildable_data", "intact")
WARNED = {"truncated_data", "truncated_index", "object_code", "utf8_index", "unbuildable_data"}
TINY = "from multibody.kernels._jit import njit\n" + "".join(
    f"\n\n@njit\ndef {kind}(x):\n    return x + {k}.0\n" for k, kind in enumerate(KINDS))

# runs ``before``, then every function of the small module (or those named on the command line);
# prints the results, the functions compiled, the CacheWarnings and the module's cache folder
def _run_tiny(before=""):
    body = before + textwrap.dedent("""
        import tiny
        from multibody.kernels import _jit
        kinds = sys.argv[1:] or [k for k in dir(tiny) if not k.startswith("_") and k != "njit"]
        results = {k: getattr(tiny, k)(1.0) for k in kinds}
    """)
    return ("import json, sys, warnings\nwith warnings.catch_warnings(record=True) as caught:\n"
            "    warnings.simplefilter('always')\n" + textwrap.indent(body, "    ") + textwrap.dedent("""
        print(json.dumps({"results": results,
                          "compiled": sorted(k for k in kinds if sum(getattr(tiny, k)._cache_misses.values())),
                          "warnings": [str(w.message) for w in caught if issubclass(w.category, _jit.CacheWarning)],
                          "folder": getattr(tiny.intact._cache, "_cache_path", None)}))
    """))


def _env(tmp_path, pythonpath, **more):
    """The environment of a user without NUMBA_CACHE_DIR, MULTIBODY_CACHE_DIR and a home folder
    (HOME a file), with its own temporary folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "MULTIBODY_CACHE_DIR", "XDG_CACHE_HOME", "TMP", "TEMP",
                        "NUMBA_CACHE_LOCATOR_CLASSES")}
    home = tmp_path / "home-is-a-file"
    home.write_text("")
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env.update(HOME=str(home), TMPDIR=str(tmp_path / "tmp"), PYTHONPATH=os.pathsep.join(map(str, pythonpath)))
    env.update({k: str(v) for k, v in more.items()})
    return env


def _read_only(folder):
    """``folder`` as a read-only installation: each package folder's __pycache__ a file (which
    stops also a root user) and nothing writable."""
    for here, dirs, _ in os.walk(folder):
        if "__pycache__" in dirs:
            dirs.remove("__pycache__")
            shutil.rmtree(os.path.join(here, "__pycache__"))
        with open(os.path.join(here, "__pycache__"), "w"):
            pass
    for here, dirs, files in os.walk(folder, topdown=False):
        for name in files + dirs:
            path = os.path.join(here, name)
            os.chmod(path, os.stat(path).st_mode & ~0o222)
    os.chmod(folder, 0o555)


def _writable(folder):
    for here, dirs, files in os.walk(folder):
        os.chmod(here, 0o755)
        for name in files:
            os.chmod(os.path.join(here, name), 0o644)


def _copy_package(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(PACKAGE, site / "multibody", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return site


def _tiny_module(tmp_path, read_only=False):
    folder = tmp_path / "tinymod"
    folder.mkdir()
    (folder / "tiny.py").write_text(TINY)
    (folder / "run_tiny.py").write_text(_run_tiny())
    if read_only:
        (folder / "__pycache__").write_text("")
    return folder


def _run(env, *args, timeout=300):
    out = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, (out.returncode, out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1]), out.stderr


def _frame(body):
    """A cache file of the package's format holding ``body``."""
    return _jit._MAGIC + hashlib.sha256(body).digest() + body


def _damage(folder, kind):
    index, = glob.glob(os.path.join(folder, f"tiny.{kind}-*.nbi"))
    data, = glob.glob(os.path.join(folder, f"tiny.{kind}-*.nbc"))
    rng = np.random.default_rng(len(kind))
    raw = bytearray(open(data if "data" in kind or kind == "object_code" else index, "rb").read())
    if kind == "truncated_data":
        open(data, "wb").write(raw[:len(raw) // 2])
    elif kind == "truncated_index":
        open(index, "wb").write(raw[:len(raw) - 7])
    elif kind in ("random_index", "random_data"):
        open(index if kind == "random_index" else data, "wb").write(rng.bytes(len(raw)))
    elif kind == "object_code":             # bytes of the ELF header inside a valid pickle
        e = raw.find(b"\x7fELF")
        raw[e + 0x28:e + 0x40] = b"\x7f" * 0x18
        open(data, "wb").write(raw)
    elif kind == "utf8_index":              # the Numba version string no longer UTF-8
        v = raw.find(numba.__version__.encode())
        raw[v + 1] = 0xFF
        open(index, "wb").write(raw)
    elif kind == "other_version":           # a complete index written by another Numba
        open(index, "wb").write(_frame(pickle.dumps("0.1.0") + pickle.dumps(("stamp", {"key": "x.nbc"}))))
    elif kind == "numba_format":            # Numba's own format (no head): what Numba's cache=True writes
        open(index, "wb").write(raw[len(_jit._MAGIC) + 32:])
    elif kind == "unbuildable_data":        # a complete file whose content is no compiled function
        open(data, "wb").write(_frame(pickle.dumps(("not", "a", "compile result"))))


def test_damaged_and_foreign_entries_are_compiled_again_and_written_anew(tmp_path):
    """Before: each of these entries failed every later run (UnpicklingError, UnicodeDecodeError;
    LLVM aborted the process on the damaged object code)."""
    tiny = _tiny_module(tmp_path)
    env = _env(tmp_path, [os.path.dirname(PACKAGE), tiny], NUMBA_CACHE_DIR=tmp_path / "numba")
    first, _ = _run(env, str(tiny / "run_tiny.py"))
    expected = {kind: 1.0 + k for k, kind in enumerate(KINDS)}
    assert first["results"] == expected and first["compiled"] == sorted(KINDS) and first["warnings"] == []
    folder = first["folder"]
    assert folder.startswith(str(tmp_path / "numba"))
    for kind in KINDS[:-1]:
        _damage(folder, kind)
    second, err = _run(env, str(tiny / "run_tiny.py"))
    assert second["results"] == expected, err
    assert second["compiled"] == sorted(KINDS[:-1])             # the intact entry loaded
    assert len(second["warnings"]) == 1 and "damaged cache entry" in second["warnings"][0], second["warnings"]
    third, _ = _run(env, str(tiny / "run_tiny.py"))            # every entry written anew
    assert third["results"] == expected and third["compiled"] == [] and third["warnings"] == []


def test_each_damage_is_told_by_a_warning_and_another_format_is_not(tmp_path, monkeypatch):
    """(In this process, with new dispatchers of the small module's functions; the damaged object
    code, which aborted the process, only in the subprocess above.)"""
    import importlib.util
    import warnings
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "numba"))
    spec = importlib.util.spec_from_file_location("tiny", _tiny_module(tmp_path) / "tiny.py")
    tiny = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tiny)
    for k, kind in enumerate(KINDS):
        assert getattr(tiny, kind)(1.0) == 1.0 + k
    folder = tiny.intact._cache._cache_path
    assert folder.startswith(str(tmp_path / "numba"))
    for k, kind in enumerate(KINDS[:-1]):
        if kind == "object_code":
            continue
        _damage(folder, kind)
        monkeypatch.setattr(_jit, "_warned", set())
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fresh = _jit.njit(getattr(tiny, kind).py_func)
            assert fresh(1.0) == 1.0 + k
        told = [str(w.message) for w in caught if issubclass(w.category, _jit.CacheWarning)]
        assert sum(fresh._cache_misses.values()) == 1 and len(told) == (kind in WARNED), (kind, told)
        again = _jit.njit(getattr(tiny, kind).py_func)          # the entry written anew
        assert again(1.0) == 1.0 + k and sum(again._cache_hits.values()) == 1, kind


def test_nothing_writable_compiles_in_memory_with_one_warning(tmp_path):
    """A read-only installation, no home folder, no NUMBA_CACHE_DIR and a temporary folder where
    the package's folder cannot be made: ``import multibody`` and the kernels work, compiled in
    memory, with one CacheWarning; nothing is written."""
    site = _copy_package(tmp_path)
    tiny = _tiny_module(tmp_path, read_only=True)
    env = _env(tmp_path, [site, tiny])
    (tmp_path / "tmp" / f"multibody-{UID}").write_text("")     # (a file: the folder cannot be made)
    _read_only(site)
    _read_only(tiny)
    try:
        code = "import multibody\nfrom multibody.solvers import lu_choice\nassert lu_choice.cache_dir() is None\n"
        result, err = _run(env, "-c", _run_tiny(code))
    finally:
        _writable(site)
        _writable(tiny)
    assert result["results"]["intact"] == 10.0 and result["compiled"] == sorted(KINDS)
    assert result["folder"] is None
    assert len(result["warnings"]) == 1, result["warnings"]
    assert "compiled in memory" in result["warnings"][0] and "NUMBA_CACHE_DIR" in result["warnings"][0]
    assert os.listdir(tmp_path / "tmp") == [f"multibody-{UID}"]


def _seed(site, root):
    """Copy the cache entries of this process's compiled package (compiled where it has not been)
    to where the copy of the package in ``site`` finds them under the temporary-folder root."""
    import importlib
    from numba.core.registry import CPUDispatcher
    engine_compile.ensure_compiled()
    for name in _jit.TYPED_MODULES:
        importlib.import_module(name)
    folders = {}
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("multibody."):
            for value in vars(module).values():
                path = getattr(getattr(value, "_cache", None), "_cache_path", None)
                if isinstance(value, CPUDispatcher) and path:
                    folders[os.path.dirname(os.path.abspath(value.py_func.__code__.co_filename))] = path
    for source, cache in folders.items():
        copied = os.path.join(site, "multibody", os.path.relpath(source, PACKAGE), "x.py")
        target = os.path.join(root, "numba", _jit._TempLocator.get_suitable_cache_subpath(copied))
        shutil.copytree(cache, target, dirs_exist_ok=True)
    return folders


SOLVE = textwrap.dedent("""
    import json, sys, warnings
    from numba.core.registry import CPUDispatcher
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import multibody as exu
        from multibody.kernels._jit import CacheWarning
        from multibody.utilities import *
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        ground = mbs.AddNode(NodePointGround())
        mg = mbs.AddMarker(MarkerNodePosition(nodeNumber=ground))
        n = mbs.AddNode(NodePoint(referenceCoordinates=[1., 0., 0.]))
        mbs.AddObject(MassPoint(mass=2., nodeNumber=n))
        mk = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
        mbs.AddObject(SpringDamper(markerNumbers=[mg, mk], stiffness=800., referenceLength=0.9))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps = 100
        ss.timeIntegration.endTime = 0.1
        ss.timeIntegration.verboseMode = 0
        ss.solution.file.write = False
        mbs.SolveDynamic(ss)
    compiled = sorted(f"{m.__name__}.{k}" for m in list(sys.modules.values()) if m and m.__name__.startswith("multibody")
                      for k, v in vars(m).items() if isinstance(v, CPUDispatcher) and sum(v._cache_misses.values()))
    print(json.dumps({"x": mbs.GetNodeOutput(n, exu.OutputVariableType.Position).tolist(), "compiled": compiled,
                      "warnings": [str(w.message) for w in caught if issubclass(w.category, CacheWarning)]}))
""")


def test_a_read_only_installation_without_home_keeps_compiled_code_in_the_temporary_folder(tmp_path):
    """Before: ``import multibody`` raised (no Numba cache locator). Now the package's folder in
    the temporary folder holds the compiled code: a solve loads the engine from there
    (seeded with this installation's entries), compiles nothing and warns nothing."""
    site = _copy_package(tmp_path)
    env = _env(tmp_path, [site])
    root = tmp_path / "tmp" / f"multibody-{UID}"
    _seed(site, str(root))
    _read_only(site)
    try:
        result, err = _run(env, "-c", SOLVE)
    finally:
        _writable(site)
    assert result["warnings"] == [] and result["compiled"] == [], (result, err[-2000:])
    assert "compiling" not in err
    # the mass point on its spring: x(t) = 0.9 + 0.1 cos(20 t) at t = 0.1 (generalized-alpha's
    # numerical damping of the default spectral radius 0.8 and its period error: 1e-3 here)
    assert abs(result["x"][0] - (0.9 + 0.1 * np.cos(2.0))) < 2e-3, result["x"]


def test_a_cache_folder_of_another_user_is_not_used(tmp_path):
    """NUMBA_CACHE_DIR owned by another user (os.stat faked for it in the child): the compiled
    code goes to the next place (here the temporary folder, its folders made with mode 0700),
    without a warning."""
    tiny = _tiny_module(tmp_path, read_only=True)
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    env = _env(tmp_path, [os.path.dirname(PACKAGE), tiny], NUMBA_CACHE_DIR=foreign)
    fake = textwrap.dedent(f"""
        import os
        _stat = os.stat
        def stat(path, *args, **kwargs):
            st = _stat(path, *args, **kwargs)
            if os.fspath(path).startswith({str(foreign)!r}):
                st = os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid + 1) + tuple(st)[5:])
            return st
        os.stat = stat
    """)
    result, _ = _run(env, "-c", _run_tiny(fake))
    assert result["warnings"] == [] and result["compiled"] == sorted(KINDS)
    root = tmp_path / "tmp" / f"multibody-{UID}"
    assert result["folder"].startswith(str(root / "numba"))
    assert os.listdir(foreign) == []
    for folder in (root, root / "numba", result["folder"]):      # made by the child for the user alone
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700, folder


def test_cache_folders_are_made_for_the_user_alone_and_foreign_ones_refused(tmp_path, monkeypatch):
    made = _jit.private_dir(str(tmp_path / "a" / "b" / "c"))
    for folder in ("a", "a/b", "a/b/c"):
        assert stat.S_IMODE(os.stat(tmp_path / folder).st_mode) == 0o700
    assert made == str(tmp_path / "a" / "b" / "c")
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError):
        _jit.private_dir(str(tmp_path / "file" / "c"))
    with pytest.raises(OSError):
        _jit.private_dir("~/.cache/numba")                    # no home found
    monkeypatch.setattr(os, "getuid", lambda: UID + 1)
    with pytest.raises(OSError, match="another user"):
        _jit.private_dir(made)


def test_the_lu_choice_table_skips_foreign_and_unwritable_folders_and_survives_damage(tmp_path, monkeypatch):
    own, foreign = tmp_path / "own", tmp_path / "foreign"
    foreign.mkdir()
    monkeypatch.setenv("MULTIBODY_CACHE_DIR", str(own))
    monkeypatch.setattr(lu_choice, "_TABLES", {})
    assert lu_choice.cache_dir() == str(own) and stat.S_IMODE(os.stat(own).st_mode) == 0o700
    J = sp.csc_matrix(np.array([[4., 1.], [1., 3.]]))
    path = own / "lu-choices.json"
    for damage in (b"\x80\x04random", b"\xff\xfe not utf-8", b'{"format": 1, "entries": {"2:4": [1, 2]}}',
                   b'{"format": 1, "entries": []}', b"[1, 2]"):
        path.write_bytes(damage)
        monkeypatch.setattr(lu_choice, "_TABLES", {})
        assert lu_choice.lookup(J) is None
        lu_choice.remember(J, "KLU")                          # written anew
        monkeypatch.setattr(lu_choice, "_TABLES", {})
        assert lu_choice.lookup(J) == "KLU"
    real_stat = os.stat

    def foreign_stat(p, *args, **kwargs):
        st = real_stat(p, *args, **kwargs)
        if os.fspath(p) == str(foreign):
            st = os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid + 1) + tuple(st)[5:])
        return st
    monkeypatch.setattr(os, "stat", foreign_stat)
    monkeypatch.setenv("MULTIBODY_CACHE_DIR", str(foreign))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert lu_choice.cache_dir() == str(tmp_path / "xdg" / "multibody")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "own" / "lu-choices.json"))     # (a file)
    monkeypatch.setenv("TMPDIR", str(tmp_path / "t"))
    monkeypatch.setattr("tempfile.tempdir", None)
    (tmp_path / "t").mkdir()
    assert lu_choice.cache_dir() == str(tmp_path / "t" / f"multibody-{UID}")
