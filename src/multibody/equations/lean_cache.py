"""A leaner Numba disk cache for the generated fused modules' entry point ``run``.

Numba caches a compiled function as its machine code plus the LLVM bitcode of everything it
contains (so that other compiled functions can link it in). Loading parses that bitcode: 29 of
the 38 ms that loading a fused module took (chain_spherical N=1), at the start of every solve in
a new process. ``run`` is only ever called from Python, never linked into other compiled code,
so its cache entry keeps the machine code and, instead of the bitcode, the names of the symbols
it defines (all the loader needs them for). Cache files are named apart ("lean-" prefix), so the
standard cache never reads one of these and the other way round.

This relies on three internals of Numba (CompileResult._reduce/_rebuild, the JIT engine's set
of defined symbols); ``install`` checks for them and leaves the standard cache in place where
they are missing. A library loaded from a lean entry has no bitcode to link: a compiled function
calling ``run`` would fail to link ("Symbol ... not linked properly"), never run wrong code.
"""
from __future__ import annotations

import contextlib

_EMPTY_BITCODE = None
_LAZY = False
_TYPEANN = 6            # position of the type annotation (a str) in CompileResult._reduce()'s 9-tuple
_NO_TYPEANN = "(not kept by multibody's lean cache)"


def _empty_bitcode():
    global _EMPTY_BITCODE
    if _EMPTY_BITCODE is None:
        from llvmlite import binding as ll
        _EMPTY_BITCODE = ll.parse_assembly("").as_bitcode()
    return _EMPTY_BITCODE


def _classes():
    from numba.core import caching, codegen, compiler
    from llvmlite import binding as ll

    class LeanCompileResultCacheImpl(caching.CompileResultCacheImpl):
        def get_filename_base(self, fullname, abiflags):
            return "lean-" + super().get_filename_base(fullname, abiflags)

        def reduce(self, cres):
            payload = cres._reduce()
            name, kind, data = payload[0]
            if kind != "object":
                return (None, payload)
            object_code, bitcode = data
            mod = ll.parse_bitcode(bitcode)
            names = tuple(sorted({gv.name for gs in (mod.functions, mod.global_variables)
                                  for gv in gs if not gv.is_declaration}))
            # the type annotation (the typed source of run and everything inlined into it, as text,
            # 28 % of an entry: 185 of 661 kB, planar pendulum N=1) only serves inspect_types()
            rest = list(payload[1:])
            if len(payload) == 9 and isinstance(payload[_TYPEANN], str):
                rest[_TYPEANN - 1] = _NO_TYPEANN
            return (names, ((name, kind, (object_code, _empty_bitcode())),) + tuple(rest))

        def rebuild(self, target_context, reduced):
            names, payload = reduced
            if names is not None:
                # what parsing the bitcode would have told the engine
                target_context.codegen()._engine._defined_symbols.update(names)
            return compiler.CompileResult._rebuild(target_context, *payload)

    class LeanFunctionCache(caching.FunctionCache):
        _impl_class = LeanCompileResultCacheImpl

    return LeanFunctionCache


def supported():
    """True if this Numba has the internals the lean cache relies on."""
    try:
        from numba.core import codegen, compiler
        return (hasattr(compiler.CompileResult, "_reduce") and hasattr(compiler.CompileResult, "_rebuild")
                and hasattr(codegen.JitEngine, "_load_defined_symbols")
                and "_defined_symbols" in codegen.JitEngine.__init__.__code__.co_names)
    except Exception:   # noqa: BLE001 - any failure means: keep Numba's own cache
        return False


_CLASS = None


def install(dispatcher):
    """Give a ``numba.njit(cache=True)`` dispatcher the lean cache (where supported); returns it."""
    global _CLASS
    if getattr(dispatcher, "_cache", None) is None or not supported():
        return dispatcher
    if _CLASS is None:
        _CLASS = _classes()
    stamped = getattr(dispatcher, "_multibody_stamp", None) is not None
    dispatcher._cache = _CLASS(dispatcher.py_func)
    if stamped:                 # a kernel: its cache depends on all kernel sources (kernels/_jit.py)
        from ..kernels._jit import stamp_cache
        stamp_cache(dispatcher)
    return dispatcher


def inner_jit():
    """The decorator of the functions a fused module's ``run`` calls: ``numba.njit`` without a
    disk cache, or nothing while the module is imported under ``lazy_inner``: a module imported
    only to load ``run`` from its cache entry (which holds their code) does not need their
    dispatchers, whose creation (``inspect.signature`` of 100+ arguments each) took 10 ms.
    ``run``'s entry has their machine code linked in, so their own entries were never read: they
    took 86 % of the cache directory (1.0 of 1.16 GB for 311 modules; 3.2 MB a module)."""
    if _LAZY:
        return lambda f: f
    import numba
    return numba.njit


@contextlib.contextmanager
def lazy_inner(on=True):
    global _LAZY
    before, _LAZY = _LAZY, bool(on)
    try:
        yield
    finally:
        _LAZY = before
