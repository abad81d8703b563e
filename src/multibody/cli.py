"""``python -m multibody``: --version, info, run SCRIPT, compile, demo (and render, not here yet).

``run SCRIPT [ARGS]`` runs an Exudyn script unchanged: while it runs, ``import exudyn`` and
``import exudyn.<module>`` give multibody and multibody.<module> (an import hook, removed after the
script), ``sys.argv`` is ``[SCRIPT, ARGS...]`` and the script runs as ``__main__``.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import os
import platform
import runpy
import sys
from collections.abc import Sequence

from . import __version__

# the packages whose versions `info` shows: (distribution, the extra that installs it)
DEPENDENCIES = (("numpy", None), ("scipy", None), ("numba", None), ("kvxopt", None), ("Pillow", None),
                ("matplotlib", "plot"), ("pandas", None), ("h5py", "hdf5"), ("tqdm", "progress"))


def _distribution_version(name):
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def info_lines() -> list[str]:
    """The lines of ``python -m multibody info``: versions, the compile state, the cache folders."""
    from .engine import compile as engine_compile
    from .model.config import API_VERSION
    from .solvers.lu_choice import cache_dir
    lines = [f"multibody {__version__} (Exudyn API {API_VERSION})",
             f"Python {platform.python_version()} ({sys.executable}) on {platform.system()} {platform.machine()}",
             "dependencies:"]
    for name, extra in DEPENDENCIES:
        version = _distribution_version(name)
        hint = f"  (pip install 'multibody[{extra}]')" if version is None and extra else ""
        lines.append(f"  {name:<11}{version or 'not installed'}{hint}")
    marker = engine_compile.marker_path()
    state = "compiled" if engine_compile.is_compiled() else "not compiled (python -m multibody compile)"
    lines.append(f"engine: {state}")
    lines.append(f"  compiled code cache: {os.path.dirname(marker) if marker else 'in memory (no disk cache)'}")
    lines.append(f"  NUMBA_CACHE_DIR: {os.environ.get('NUMBA_CACHE_DIR') or '(not set)'}")
    lines.append(f"  linear solver choices cache: {cache_dir() or '(none writable)'}")
    return lines


class _ExudynAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``exudyn`` and ``exudyn.<name>`` imported as ``multibody`` and ``multibody.<name>``."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "exudyn" and not fullname.startswith("exudyn."):
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec):
        target = "multibody" + spec.name[len("exudyn"):]
        try:
            return importlib.import_module(target)
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError(f"No module named '{spec.name}': multibody has no {target}",
                                      name=spec.name) from exc

    def exec_module(self, module):
        pass                            # (the multibody module, already executed)


def run_script(script: str, args: Sequence[str] = ()) -> int:
    """Run an Exudyn script with its exudyn imports mapped to multibody; return its exit code."""
    if not os.path.isfile(script):
        print(f"python -m multibody run: no such file: {script}", file=sys.stderr)
        return 2
    finder = _ExudynAlias()
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    before = {name: mod for name, mod in sys.modules.items() if name == "exudyn" or name.startswith("exudyn.")}
    sys.meta_path.insert(0, finder)
    sys.argv = [script, *args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.meta_path.remove(finder)
        sys.argv, sys.path[:] = saved_argv, saved_path
        for name in [n for n in sys.modules if n == "exudyn" or n.startswith("exudyn.")]:
            if name not in before:
                del sys.modules[name]
    return 0


def _parser():
    p = argparse.ArgumentParser(prog="python -m multibody",
                                description="multibody: multibody dynamics with the Exudyn 1.13 Python API")
    p.add_argument("--version", action="version", version=f"multibody {__version__}")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("info", help="versions, compile state and cache folders")
    r = sub.add_parser("run", help="run an Exudyn script (import exudyn gives multibody)")
    r.add_argument("script")
    r.add_argument("args", nargs=argparse.REMAINDER, help="the script's own arguments")
    d = sub.add_parser("demo", help="simulate a hanging chain and write a plot")
    d.add_argument("--png", default="multibody_demo.png")
    d.add_argument("--links", type=int, default=8)
    d.add_argument("--steps", type=int, default=2000)
    sub.add_parser("compile", help="compile the engine and the item kernels once for this installation")
    sub.add_parser("render", help="render a model or solution to images (not available yet)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = _parser()
    args = p.parse_args(argv)
    if args.command == "info":
        print("\n".join(info_lines()))
        return 0
    if args.command == "run":
        return run_script(args.script, args.args)
    if args.command == "demo":
        from .demo import run_demo
        run_demo(args.png, args.links, args.steps)
        return 0
    if args.command == "compile":
        from .demo import compile_installation
        return compile_installation()
    if args.command == "render":
        print("python -m multibody render: not available yet in this version of multibody", file=sys.stderr)
        return 2
    p.print_help()
    return 1
