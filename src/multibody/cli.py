"""``python -m multibody``: --version, info, run SCRIPT, compile, demo, render.

``run SCRIPT [ARGS]`` runs an Exudyn script unchanged: while it runs, ``import exudyn`` and
``import exudyn.<module>`` give multibody and multibody.<module> (an import hook, removed after the
script), ``sys.argv`` is ``[SCRIPT, ARGS...]`` and the script runs as ``__main__``.

``render SOURCE --out FILE`` draws a model script's last system (the last SystemContainer the
script made): FILE.png its final state, FILE.gif / FILE.mp4 the solution file of its last solve
with one camera; a solution file as SOURCE needs ``--model MODEL.py`` (run first to build the
system it belongs to) and is drawn likewise (.png: its last row).
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
    return _run_path(script, args)[0]


def _run_path(script, args=()):
    """(exit code, the script's globals) of running it with its exudyn imports mapped."""
    finder = _ExudynAlias()
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    before = {name: mod for name, mod in sys.modules.items() if name == "exudyn" or name.startswith("exudyn.")}
    sys.meta_path.insert(0, finder)
    sys.argv = [script, *args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    space = {}
    try:
        space = runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        return (exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)), space
    finally:
        sys.meta_path.remove(finder)
        sys.argv, sys.path[:] = saved_argv, saved_path
        for name in [n for n in sys.modules if n == "exudyn" or n.startswith("exudyn.")]:
            if name not in before:
                del sys.modules[name]
    return 0, space


def _render_error(message):
    print(f"python -m multibody render: {message}", file=sys.stderr)
    return 2


def render(source, out, model=None, every=1, size=None):
    """``python -m multibody render``: draw a model script's last system or a solution file of it
    into ``out`` (.png, .gif, .mp4); returns the exit code."""
    ext = os.path.splitext(out)[1].lower()
    if ext not in (".png", ".gif", ".mp4"):
        return _render_error(f"--out must end in .png, .gif or .mp4, got '{out}'")
    is_script = source.endswith(".py")
    script = source if is_script else model
    if script is None:
        return _render_error(f"'{source}' is a solution file: give the model script that makes its system "
                             "with --model MODEL.py")
    for f in (source, script):
        if not os.path.isfile(f):
            return _render_error(f"no such file: {f}")
    os.environ.setdefault("MPLBACKEND", "Agg")
    import multibody
    from .visualization.renderer import attached
    ui = multibody.special.userInterface
    saved = ui.suppressSolutionViewer
    ui.suppressSolutionViewer = True            # the script's own viewer calls draw nothing here
    try:
        code, space = _run_path(script)
    except Exception as exc:    # noqa: BLE001 - the script's own error: said, and what it built is drawn
        code = 1
        print(f"python -m multibody render: '{script}' raised {type(exc).__name__}: {exc}", file=sys.stderr)
    finally:
        ui.suppressSolutionViewer = saved
    SC = attached()
    systems = [] if SC is None else [m for m in SC._systems if m._compiled is not None]
    if not systems:
        return _render_error(f"'{script}' (exit code {code}) made no assembled system to draw")
    mbs = systems[-1]
    if size:
        SC.visualizationSettings.view0.window.renderWindowSize = list(size)
    return _render_system(SC, mbs, None if is_script else source, out, ext, every)


def _render_system(SC, mbs, solution_file, out, ext, every):
    from .interactive import _load_solution
    from .visualization import animation
    from .enums import ConfigurationType as CFG
    from .output.solution_file import LoadBinarySolutionFile, LoadSolutionFile, SetSolutionState
    try:
        solution = None
        if solution_file is not None:
            solution = (LoadBinarySolutionFile(solution_file, verbose=False) if solution_file.endswith(".sol")
                        else LoadSolutionFile(solution_file, verbose=False))
        if ext == ".png" and solution is None:
            SC.renderer.RedrawAndSaveImage(out)
            print(f"multibody render: the final state of the model written to {out}")
            return 0
        solution, source = _load_solution(mbs, solution, "render")
    except ValueError as exc:
        return _render_error(str(exc))
    n = int(solution["data"].shape[0])
    rows = list(range(0, n, max(int(every), 1)))
    if ext == ".png":
        rows = rows[-1:]
    elif len(rows) > animation.MAX_FRAMES:
        rows = list(range(0, n, max(int(every), 1) * -(-len(rows) // animation.MAX_FRAMES)))

    def set_frame(k):
        SetSolutionState(mbs, solution, rows[k], CFG.Visualization)
    path, kind, _ = animation.write_animation(SC, set_frame, len(rows), out, 25.0) if ext != ".png" else (
        _png_of_row(SC, set_frame, out), "image", None)
    what = f"row {rows[-1]}" if ext == ".png" else f"{len(rows)} frames of {n} rows"
    print(f"multibody render: {what} of the solution{' ' + repr(source) if source else ''} written as {kind} "
          f"to {path}")
    return 0


def _png_of_row(SC, set_frame, out):
    from .visualization import animation
    from .visualization.renderer import render_image, save_image
    from .visualization.scene import build_scene
    camera = animation.animation_camera(SC, set_frame, 1)
    set_frame(0)
    settings = SC.visualizationSettings
    save_image(render_image(build_scene(SC._systems, settings, flat_shapes=True), settings, camera, SC._systems), out)
    return out


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
    rd = sub.add_parser("render", help="draw a model script's final state or solution into a PNG, GIF or MP4 file")
    rd.add_argument("source", help="MODEL.py (an Exudyn script) or SOLUTION.txt/.sol (with --model)")
    rd.add_argument("--out", required=True, help="FILE.png (one image), FILE.gif or FILE.mp4 (the solution)")
    rd.add_argument("--model", help="the model script that makes the system of a solution file")
    rd.add_argument("--every", type=int, default=1, help="every k-th solution row (default 1)")
    rd.add_argument("--size", type=int, nargs=2, metavar=("WIDTH", "HEIGHT"), help="image size (default: the "
                    "script's window.renderWindowSize)")
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
        return render(args.source, args.out, args.model, args.every, args.size)
    p.print_help()
    return 1
