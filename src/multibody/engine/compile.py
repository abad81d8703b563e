"""The one-time compile of an installation: every compiled entry point of the package.

The engine, the records' constructors and every group kernel are Numba functions with one
declared signature (kernels/_jit.py ``typed``); Numba keeps their machine code in its disk cache
(beside the package, or in NUMBA_CACHE_DIR), valid for this Numba version, CPU and the package's
sources. ``compile_all`` compiles (or loads) all of them and leaves a marker file beside the cache
entries; the first compiled call of a process where that marker is missing announces the compile
on stderr and does all of it at once (about a minute here), so that no later model, of whatever
item types, compiles anything. ``python -m multibody compile`` runs it ahead (the README's set-up
does), and also runs a few small models through every solver kind (multibody/warmup.py), which
compiles the kernels Python calls directly.
"""
from __future__ import annotations

import importlib
import os
import sys
import time

from ..kernels import _jit

__all__ = ["compile_all", "marker_path", "is_compiled", "ensure_compiled"]


def _entry():
    from . import entry
    return entry.run


def marker_path():
    """The marker file of a complete compile: beside the engine's cache entries, named by the
    sources' stamp (None where Numba's cache has not the expected form)."""
    path = getattr(getattr(_entry(), "_cache", None), "_cache_path", None)
    return None if path is None else os.path.join(path, f"multibody-compiled-{_jit.STAMP}")


def is_compiled():
    path = marker_path()
    return path is not None and os.path.exists(path)


def compile_all(out=sys.stderr):
    """Compile (or load from the cache) every ``typed`` dispatcher, with a progress line on
    ``out`` (None: quiet); then the marker file. Returns the seconds it took."""
    t0 = time.perf_counter()
    _jit.before_first_ready.clear()        # (this is the compile that hook would start)
    for name in _jit.TYPED_MODULES:
        importlib.import_module(name)
    todo = [d for d in _jit.TYPED if not getattr(d, "_multibody_ready", False)]
    tty = out is not None and out.isatty()
    for k, dispatcher in enumerate(todo, 1):
        if tty:
            out.write(f"\rmultibody: compiling {k}/{len(todo)}: {dispatcher.__name__:40s}")
            out.flush()
        _jit.ready(dispatcher)
    seconds = time.perf_counter() - t0
    if out is not None:
        out.write(("\r" if tty else "") + f"multibody: {len(todo)} compiled functions ready in {seconds:.1f} s"
                  + " " * 30 + "\n")
        out.flush()
    path = marker_path()
    if path is not None:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(f"{len(todo)} functions, {seconds:.1f} s\n")
        except OSError:             # a read-only cache: the next process checks again
            pass
    return seconds


def ensure_compiled():
    """Before the first compiled call of a process: where this installation has not been
    compiled, announce it and compile everything now."""
    path = marker_path()
    if path is not None and os.path.exists(path):
        return
    if path is None:                # no cache folder (kernels/_jit.py has warned): in every process
        sys.stderr.write("multibody: compiling the engine and the item kernels in memory (1-3 minutes) ...\n")
    else:
        sys.stderr.write("multibody: first use of this installation: compiling the engine and the item kernels "
                         "once (1-3 minutes; `python -m multibody compile` does it ahead) ...\n")
    sys.stderr.flush()
    compile_all()


_jit.before_first_ready.append(ensure_compiled)
