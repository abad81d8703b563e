"""The kernels as Python code calls them: twins with a lean disk cache.

Compiled code (the fused modules) links the kernels it calls and needs their LLVM bitcode; a
call from Python does not. Loading a kernel's standard cache entry parses that bitcode:
body_points 3.2-5.7 ms, ep_frames 4.1-7.0 ms at the first call in a process (Assemble's
initial kinematics, 3-5 kernels per model). The twin of a kernel is compiled from the same
function with the same options and keeps a lean cache entry (lean_cache.install): 1.3-2.1 ms.

The twin's qualified name gets a suffix, so its symbols and cache files never meet the
original's when both are loaded in one process; its ``__name__`` and module stay the kernel's
(the fused generator names a kernel by them, so a ``Call`` made with a twin still calls the
original). This module is not part of the fused modules' kernel digest: nothing in it is
compiled into them.
"""
from __future__ import annotations

import types

from . import native_code
from .lean_cache import install, supported

_TWINS = {}


def python_twin(dispatcher):
    """``dispatcher``'s twin with a lean cache where this Numba supports it, else ``dispatcher``
    itself (also under NUMBA_DISABLE_JIT, where the kernels are plain functions)."""
    twin = _TWINS.get(dispatcher)
    if twin is None:
        twin = _make_twin(dispatcher)
        if twin is not dispatcher:
            twin = native_code.linked(twin)     # its machine code linked by the package (native_code.py)
        _TWINS[dispatcher] = twin
    return twin


def _make_twin(dispatcher):
    f = getattr(dispatcher, "py_func", None)
    if f is None or getattr(dispatcher, "_cache", None) is None or not supported():
        return dispatcher
    import numba
    g = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, f.__closure__)
    g.__qualname__ = f.__qualname__ + "__python"
    g.__module__, g.__doc__, g.__kwdefaults__ = f.__module__, f.__doc__, f.__kwdefaults__
    options = {k: v for k, v in dispatcher.targetoptions.items() if k != "nopython"}
    return install(numba.njit(cache=True, locals=dict(dispatcher.locals), **options)(g))


class PythonKernels:
    """A kernel module as Python code calls it: each compiled kernel is its ``python_twin``,
    made at first use; other attributes are the module's."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        value = getattr(self._module, name)
        if hasattr(value, "py_func"):
            value = python_twin(value)
        setattr(self, name, value)
        return value

    def __repr__(self):
        return f"PythonKernels({self._module.__name__})"
