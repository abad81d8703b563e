"""A leaner Numba disk cache for the generated fused modules' entry point ``run``.

Numba caches a compiled function as its machine code plus the LLVM bitcode of everything it
contains (so that other compiled functions can link it in). Loading parses that bitcode: 29 of
the 38 ms that loading a fused module took (chain_spherical N=1), at the start of every solve in
a new process. ``run`` is only ever called from Python, never linked into other compiled code,
so its cache entry keeps the machine code and, instead of the bitcode, the names of the symbols
it defines (all the loader needs them for), and of the environments of the compiled functions
only those the machine code reads (``used_environments``). Cache files are named apart ("lean-"
prefix), so the standard cache never reads one of these and the other way round.

This relies on three internals of Numba (CompileResult._reduce/_rebuild, the JIT engine's set
of defined symbols); ``install`` checks for them and leaves the standard cache in place where
they are missing. A library loaded from a lean entry has no bitcode to link: a compiled function
calling ``run`` would fail to link ("Symbol ... not linked properly"), never run wrong code.
"""
from __future__ import annotations

import contextlib
import struct

_EMPTY_BITCODE = None
_LAZY = False
_TYPEANN = 6            # position of the type annotation (a str) in CompileResult._reduce()'s 9-tuple
_NO_TYPEANN = "(not kept by multibody's lean cache)"
_ENVS = 8               # position of the referenced environments (a tuple) there


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
            if len(payload) == 9 and isinstance(payload[_ENVS], tuple):
                rest[_ENVS - 1] = used_environments(object_code, payload[_ENVS])
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


def used_environments(object_code, envs):
    """The environments of ``envs`` (Numba's Environment objects, each the value of a global
    variable named ``env_name`` that loading the entry sets, 14 us each) that the machine code
    reads: those whose global a relocation of the ELF object names, or that are not plain common
    symbols of it (which a relocation could reach through its section instead). A compiled function
    reads its environment only to raise an exception with values known at run time; of the 64 of
    a fused module (planar pendulum) 2 are read. All of ``envs`` where the object is no 64-bit ELF
    (or not as expected)."""
    obj = bytes(object_code)
    if obj[:4] != b"\x7fELF":
        return envs
    try:
        keep = _elf_referenced_or_not_common(obj, {e.env_name for e in envs})
    except (ValueError, IndexError, struct.error):
        return envs
    return envs if keep is None else tuple(e for e in envs if e.env_name in keep)


def _elf_referenced_or_not_common(obj, wanted):
    """Of the symbol names ``wanted``: those a relocation of the 64-bit little-endian ELF object
    ``obj`` refers to, or that its symbol table holds other than as an (unreferenced) common
    symbol; None if ``obj`` is no such object."""
    if obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + k * shentsize) for k in range(shnum)]
    symtabs = [sec for sec in sections if sec[1] == 2]              # SHT_SYMTAB
    if len(symtabs) != 1:
        return None
    _, _, _, _, off, size, link, _, _, entsize = symtabs[0]
    strtab = sections[link]
    names, common = [], set()
    for k in range(size // entsize):
        st_name, _, _, st_shndx, _, _ = struct.unpack_from("<IBBHQQ", obj, off + k * entsize)
        end = obj.index(b"\0", strtab[4] + st_name)
        sym = obj[strtab[4] + st_name:end].decode("utf-8", "replace")
        names.append(sym)
        if sym in wanted and st_shndx == 0xFFF2:                     # SHN_COMMON
            common.add(sym)
    referenced = set()
    for sec in sections:
        if sec[1] in (4, 9) and sec[9]:                              # SHT_RELA, SHT_REL
            for k in range(sec[5] // sec[9]):
                info, = struct.unpack_from("<Q", obj, sec[4] + k * sec[9] + 8)
                referenced.add(names[info >> 32])
    return {w for w in wanted if w in referenced or w not in common}


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
    """The decorator of the functions a fused module's ``run`` calls: ``numba.njit(cache=True)``,
    or nothing while the module is imported under ``lazy_inner``: a module imported only to load
    ``run`` from its cache entry (which holds their code) does not need their dispatchers, whose
    creation (``inspect.signature`` of 100+ arguments each) took 10 ms."""
    if _LAZY:
        return lambda f: f
    import numba
    return numba.njit(cache=True)


@contextlib.contextmanager
def lazy_inner(on=True):
    global _LAZY
    before, _LAZY = _LAZY, bool(on)
    try:
        yield
    finally:
        _LAZY = before
