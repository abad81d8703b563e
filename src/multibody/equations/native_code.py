"""The machine code of a fused module's entry point ``run``, kept in a file of its own and linked
into the process without LLVM.

Numba loads a cached function by handing its object code to LLVM's JIT linker (MCJIT), which
copies it section by section, resolves its symbols and relocations and registers its unwind
tables: 2.5-4 ms for the 200-500 kB of a fused module, plus 1-2 ms of Numba's own bookkeeping
(reading the pickled entry, which imports the generated module, and setting up the function's
environment). That was most of the fixed cost of a process's first solve, which the small
models pay at every run (static_truss N = 4: 9.6 ms for a solve that takes 0.4 ms the second
time in the same process).

``run`` is only called from Python (never linked into other compiled code), so its object code
needs little of that: this module lays the object's sections out in two blocks of memory (code
and read-only data, then writable data and common symbols), resolves the undefined symbols by the addresses the JIT
engine would use (``llvmlite.binding.address_of_symbol``: Numba's runtime and helper functions,
Python's C API, the C library), applies the relocations with NumPy, makes the code block
executable and wraps the CPython entry point of ``run`` into a Python callable, the way Numba
wraps it (``numba._dynfunc.make_function``, with the function's environment).

Only what is known to link right is linked: an ELF relocatable object for x86-64, relocations of
the types ``R_X86_64_64``, ``PC64``, ``PC32``/``PLT32`` (within the object) and ``32``/``32S``,
every undefined symbol found. Anything else makes ``load`` return None, and the caller loads the
function through Numba as before. The file (``save``) is written from a function Numba has
loaded or compiled, with the object worked out into what linking needs (``prepare``): the code
block as laid out, the initial bytes of the data block, the relocations grouped by block, width
and type (the bytes they write, a constant and a base index each), the external symbols' names, where the CPython
wrapper and the environment pointer are, and the environment's constants (``consts``, the
objects the code refers to, e.g. exception classes). On disk: a description (pickled, with its
CRC-32 in front), then the code block from a page boundary on, which ``load`` maps privately
from the file. It sits beside Numba's cache entry and is valid as long as that entry is: its
name carries the module's key (which covers the kernel sources, Numba's version and the CPU),
and its description the format of this file and the versions of Python, Numba and llvmlite.
"""
from __future__ import annotations

import contextlib
import ctypes
import mmap
import os
import pickle
import platform
import sys
import types
import zlib

import numpy as np

FORMAT = 3
_ALLOC, _WRITE, _EXEC = 0x2, 0x1, 0x4                     # section flags
_RELA, _NOBITS, _SYMTAB = 4, 8, 2                          # section types
_UNDEF, _ABS, _COMMON = 0, 0xFFF1, 0xFFF2                  # special section indices of symbols
R_64, R_PC32, R_PLT32, R_32, R_32S, R_PC64 = 1, 2, 4, 10, 11, 24

_SHDR = np.dtype([("name", "<u4"), ("type", "<u4"), ("flags", "<u8"), ("addr", "<u8"), ("offset", "<u8"),
                  ("size", "<u8"), ("link", "<u4"), ("info", "<u4"), ("align", "<u8"), ("entsize", "<u8")])
_SYM = np.dtype([("name", "<u4"), ("info", "u1"), ("other", "u1"), ("shndx", "<u2"), ("value", "<u8"),
                 ("size", "<u8")])
_RELOC = np.dtype([("offset", "<u8"), ("info", "<u8"), ("addend", "<i8")])


# where this linker can work at all (an ELF x86-64 object, mmap and mprotect): elsewhere save and
# load return at once, before reading anything
SUPPORTED = sys.platform.startswith("linux") and platform.machine().lower() in ("x86_64", "amd64")


# symbols of Numba's threading layer (parallel=True code): such code is left to Numba
_THREADING = ("do_scheduling", "sched_size", "allocate_sched", "deallocate_sched", "num_threads",
              "get_thread_id", "parallel_for", "gufunc")


class NotLinkable(Exception):
    """The object holds something this linker does not do (the caller falls back to Numba)."""


def _header():
    import llvmlite
    import numba
    return f"multibody native code {FORMAT} {sys.version} numba {numba.__version__} llvmlite {llvmlite.__version__}"


_CPU = []


def cpu_key():
    """The CPU that Numba compiles for, as its cache index tells entries apart (its code
    generator's magic tuple: target triple, CPU name and features): code compiled for one CPU
    must not run on another (a cache directory shared by machines, an image built elsewhere).
    Asked once per process (0.13 ms)."""
    if not _CPU:
        from numba.core.registry import cpu_target
        _CPU.append(repr(cpu_target.target_context.codegen().magic_tuple()))
    return _CPU[0]


# ------------------------------------------------------------------------------------ writing
def save(dispatcher, path, signature=None):
    """Write the file of ``dispatcher``'s compiled overload for the argument types ``signature``
    (default: its only one; a Numba dispatcher that has loaded or compiled it in this process);
    False where that is not possible (nothing is written), where MULTIBODY_NATIVE_CODE is 0, or
    where ``path`` already records that this code cannot be linked (``refused``: not prepared
    again at every process's first load)."""
    if not SUPPORTED or os.environ.get("MULTIBODY_NATIVE_CODE") == "0" or refused(path):
        return False
    try:
        if signature is None:
            (cres,) = dispatcher.overloads.values()
        else:
            cres = dispatcher.overloads[tuple(signature)]
        fndesc, env = cres.fndesc, cres.environment
        # the object code from the function's entry in Numba's disk cache (the engine consumes
        # the copy it loads): unpickled only, not loaded again
        cache_file = dispatcher._cache._cache_file
        args = tuple(cres.signature.args)
        (data_name,) = [name for key, name in cache_file._load_index().items()
                        if tuple(getattr(key[0], "args", key[0])) == args]
        reduced = cache_file._load_data(data_name)
        payload = reduced[1] if len(reduced) == 2 else reduced      # a lean entry: (names, payload)
        _, kind, (obj, _) = payload[0]
        if kind != "object":
            return False
        try:
            entry = prepare(bytes(obj), fndesc.llvm_cpython_wrapper_name, fndesc.env_name)
        except NotLinkable:
            _write(path, _REFUSED + _header().encode())     # not tried again by Linked
            return False
        entry.update(header=_header(), modname=fndesc.modname, name=fndesc.qualname.split(".")[-1],
                     consts=list(env.consts))
        _resolve(entry["external"])         # never written unless its symbols are found here
        data = _pack(entry)
    except Exception:       # noqa: BLE001 - any failure: Numba's cache entry stays what is loaded
        return False
    return _write(path, data)


def _write(path, data):
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        return False
    return True


_REFUSED = b"MBREFUSE"


def refused(path):
    """True if ``path`` records that this linker cannot link that code (for these versions)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(4096) == _REFUSED + _header().encode()
    except OSError:
        return False


_MAGIC = b"MBNATIVE"
_FIXED = 24                 # magic, length and checksum of the description


def _pack(entry):
    """The file: the magic, the length and CRC-32 of the pickled description (everything but the
    code block), the description, then the code block from the next page boundary on, padded to
    whole pages (it is mapped from the file as it is)."""
    code = entry.pop("images")[0]
    page = mmap.ALLOCATIONGRANULARITY
    entry["code_size"] = len(code)
    for _ in range(2):              # (code_at is part of the description it follows)
        meta = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
        at = -(-(_FIXED + len(meta)) // page) * page
        if entry.get("code_at") == at:
            break
        entry["code_at"] = at
    meta = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
    if -(-(_FIXED + len(meta)) // page) * page != entry["code_at"]:
        raise NotLinkable("the description does not settle")
    head = _MAGIC + len(meta).to_bytes(8, "little") + zlib.crc32(meta).to_bytes(8, "little")
    pad = entry["code_at"] - _FIXED - len(meta)
    tail = -len(code) % page
    return b"".join((head, meta, bytes(pad), code, bytes(tail)))


def _strings(blob, offsets):
    return [blob[o:blob.index(b"\0", o)].decode() for o in offsets]


def prepare(obj, wrapper, env_name):
    """What linking the ELF object ``obj`` needs, worked out once: the two blocks as laid out
    (block 0: code and read-only data, block 1: writable data and common symbols, zeroed), the
    relocations grouped by block and type (the byte positions they write, a constant and the
    index of the base added to it: a block's, or an external symbol's), the names of the external
    symbols, and where ``wrapper`` (the entry point) and ``env_name`` (the pointer to its
    environment) are. Raises NotLinkable."""
    if len(obj) < 64 or obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        raise NotLinkable("not a 64-bit little-endian ELF object")
    e_type, e_machine = np.frombuffer(obj, "<u2", 2, 16)
    if e_type != 1 or e_machine != 62:
        raise NotLinkable("not a relocatable x86-64 object")
    shoff = int(np.frombuffer(obj, "<u8", 1, 0x28)[0])
    shnum = int(np.frombuffer(obj, "<u2", 1, 0x3C)[0])
    sh = np.frombuffer(obj, _SHDR, shnum, shoff)
    symtabs = np.flatnonzero(sh["type"] == _SYMTAB)
    if len(symtabs) != 1:
        raise NotLinkable("not one symbol table")
    st = sh[symtabs[0]]
    syms = np.frombuffer(obj, _SYM, int(st["size"]) // _SYM.itemsize, int(st["offset"]))
    strtab = sh[st["link"]]
    names_blob = obj[int(strtab["offset"]):int(strtab["offset"] + strtab["size"])]

    nsec = len(sh)
    block = np.full(nsec, -1)
    where = np.zeros(nsec, dtype=np.int64)
    size = [0, 0]
    for k in range(nsec):
        s = sh[k]
        if not (s["flags"] & _ALLOC) or s["size"] == 0:
            continue
        b = 1 if s["flags"] & _WRITE else 0
        align = max(int(s["align"]), 1)
        size[b] = -(-size[b] // align) * align
        block[k], where[k] = b, size[b]
        size[b] += int(s["size"])
    # every symbol's (block, offset); block -1: external (then offset = its index in `external`),
    # -2: none
    sym_block = np.full(len(syms), -2, dtype=np.int64)
    sym_at = np.zeros(len(syms), dtype=np.int64)
    shndx = syms["shndx"].astype(np.int64)
    inside = np.flatnonzero((shndx > 0) & (shndx < nsec))
    inside = inside[block[shndx[inside]] >= 0]
    sym_block[inside] = block[shndx[inside]]
    sym_at[inside] = where[shndx[inside]] + syms["value"][inside].astype(np.int64)
    for i in np.flatnonzero(shndx == _COMMON):
        align = max(int(syms[i]["value"]), 1)       # a common symbol's value is its alignment
        size[1] = -(-size[1] // align) * align
        sym_block[i], sym_at[i] = 1, size[1]
        size[1] += int(syms[i]["size"])

    images = [bytearray(n) for n in size]
    for k in np.flatnonzero(block >= 0):
        s = sh[k]
        if s["type"] != _NOBITS:
            o, n = int(s["offset"]), int(s["size"])
            images[block[k]][where[k]:where[k] + n] = obj[o:o + n]
    if size[1] and not any(images[1]):
        images[1] = bytearray()             # all zero: mapped zeroed, nothing to copy

    parts = []
    for k in np.flatnonzero(sh["type"] == _RELA):
        target = int(sh[k]["info"])
        if block[target] < 0:
            continue                        # relocations of a section not loaded (none expected)
        if int(sh[k]["link"]) != symtabs[0]:
            raise NotLinkable("relocations against another symbol table")
        r = np.frombuffer(obj, _RELOC, int(sh[k]["size"]) // _RELOC.itemsize, int(sh[k]["offset"]))
        parts.append((np.full(len(r), block[target]), where[target] + r["offset"].astype(np.int64),
                      (r["info"] & np.uint64(0xFFFFFFFF)).astype(np.int64),
                      (r["info"] >> np.uint64(32)).astype(np.int64), r["addend"].astype(np.int64)))
    rb, rpos, rkind, rsym, radd = (np.concatenate(c) for c in zip(*parts)) if parts else \
        (np.zeros(0, dtype=np.int64),) * 5
    unknown = set(np.unique(rkind).tolist()) - {R_64, R_PC32, R_PLT32, R_32, R_32S, R_PC64}
    if unknown:
        raise NotLinkable(f"relocation types {sorted(unknown)}")
    undefined = np.unique(rsym[(shndx[rsym] == _UNDEF) & (rsym != 0)])
    external = _strings(names_blob, syms["name"][undefined])
    threaded = [name for name in external if any(t in name for t in _THREADING)]
    if threaded:
        # parallel code needs Numba's threading layer started, which Numba's own load does
        raise NotLinkable(f"parallel code ({threaded[0]})")
    sym_block[undefined] = -1
    sym_at[undefined] = np.arange(len(undefined))
    if np.any(sym_block[rsym] == -2):        # (absolute symbols too: none expected)
        raise NotLinkable("a relocation against a symbol without an address")
    if np.any((rkind != R_64) & (rkind != R_PC64) & (sym_block[rsym] == -1)):
        raise NotLinkable("a 32-bit relocation against an external symbol")
    named = np.flatnonzero(syms["name"] != 0)
    found = {}
    for want in (wrapper, env_name):
        # (a name may end another one: string tables share tails)
        key, hit, o = want.encode() + b"\0", [], -1
        while len(hit) == 0:
            o = names_blob.find(key, o + 1)
            if o < 0:
                break
            hit = named[syms["name"][named] == o]
        if len(hit) != 1 or sym_block[hit[0]] < 0:
            raise NotLinkable(f"{want[:60]} is not defined")
        found[want] = (int(sym_block[hit[0]]), int(sym_at[hit[0]]))
    if found[env_name][0] != 1:
        raise NotLinkable("the environment pointer is not writable data")
    # each relocation as: position in its block, 8 or 4 bytes, value = const + bases[add]
    # (- the written block's base where PC-relative): bases = the two blocks, then the externals
    tb, tat = sym_block[rsym], sym_at[rsym]
    pc = (rkind == R_PC64) | (rkind == R_PC32) | (rkind == R_PLT32)
    const = tat * (tb >= 0) + radd - np.where(pc, rpos, 0)
    add = np.where(tb >= 0, tb, 2 + tat)
    wide = (rkind == R_64) | (rkind == R_PC64)
    width = np.where(wide, 8, 4)
    if (np.any(rpos < 0) or np.any(rpos + width > np.asarray(size)[rb])
            or np.any((tb >= 0) & ((tat < 0) | (tat > np.asarray(size)[np.maximum(tb, 0)])))):
        raise NotLinkable("relocations outside the blocks")
    for b, at in found.values():
        if not 0 <= at < size[b]:
            raise NotLinkable("the entry point or its environment outside the blocks")
    if size[0] == 0:
        raise NotLinkable("no code")
    # grouped by (block, width, type), with the byte positions written out (nothing is broadcast
    # or selected at load: 0.4 ms of NumPy's first calls on static_truss's 948 relocations)
    groups = []
    for b in (0, 1):
        for k in np.unique(rkind[rb == b]).tolist():
            sel = (rb == b) & (rkind == k)
            w = 8 if k in (R_64, R_PC64) else 4
            groups.append(dict(block=b, width=w, kind=k, pc=k in (R_PC64, R_PC32, R_PLT32),
                               at=(rpos[sel, None] + np.arange(w)).reshape(-1).astype(np.int64),
                               const=const[sel].astype(np.int64).view(np.uint64), add=add[sel].astype(np.int64)))
    return dict(sizes=size, images=[bytes(m) for m in images], data=bytes(images[1]), external=external,
                reloc=groups, wrapper_at=found[wrapper], env_at=found[env_name])


# ------------------------------------------------------------------------------------ loading
def load(path):
    """The function kept in ``path`` as a Python callable, or None where there is no such file,
    it was written for other versions, or it cannot be linked here (or the environment variable
    MULTIBODY_NATIVE_CODE is 0: Numba loads every function, for comparison)."""
    if not SUPPORTED or os.environ.get("MULTIBODY_NATIVE_CODE") == "0":
        return None
    try:
        with open(path, "rb") as fh:
            head = fh.read(_FIXED)
            if len(head) != _FIXED or head[:8] != _MAGIC:
                return None
            n, crc = int.from_bytes(head[8:16], "little"), int.from_bytes(head[16:24], "little")
            meta = fh.read(n)
            if len(meta) != n or zlib.crc32(meta) != crc:
                return None                 # damaged
            entry = pickle.loads(meta)
            if not isinstance(entry, dict) or entry.get("header") != _header():
                return None
            if os.fstat(fh.fileno()).st_size < entry["code_at"] + entry["code_size"]:
                return None                 # cut short
            return _link(entry, fh.fileno())
    except (OSError, EOFError, pickle.UnpicklingError, NotLinkable, ValueError, TypeError, KeyError,
            AttributeError, ImportError, IndexError):
        return None


_ADDRESSES = {}


def _resolve(names):
    """The addresses of the external symbols ``names``, as the JIT engine finds them
    (``llvmlite.binding.address_of_symbol``). Its wrapper takes llvmlite's lock, which reports
    each taking to Numba's event system (8 us a symbol): the lock is taken once for all, and
    the symbol search called inside it (as the wrapper does, where llvmlite has that form)."""
    from llvmlite import binding as ll
    from llvmlite.binding import ffi
    wrapped = ffi.lib.LLVMPY_SearchAddressOfSymbol
    search, lock = getattr(wrapped, "_cfn", None), getattr(wrapped, "_lock", None)
    if search is None or lock is None:                          # pragma: no cover - other llvmlite
        search, lock = (lambda b: ll.address_of_symbol(b.decode())), contextlib.nullcontext()
    out = np.empty(len(names), dtype=np.uint64)
    with lock:
        for i, name in enumerate(names):
            a = _ADDRESSES.get(name)
            if a is None:
                a = search(name.encode())
                if not a:
                    raise NotLinkable(f"undefined symbol {name}")
                _ADDRESSES[name] = a
            out[i] = a
    return out


_LIBC = []


def _mprotect(addr, size, prot):
    if not _LIBC:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mprotect.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
        _LIBC.append(libc)
    if _LIBC[0].mprotect(addr, size, prot) != 0:
        raise NotLinkable(f"mprotect failed ({os.strerror(ctypes.get_errno())})")


def _link(entry, fileno):
    """Map the code block from the file (private: the relocations' pages are copied on write,
    the others are read from the page cache when run), the data block zeroed with its initial
    bytes, apply the relocations, make the code executable, wrap the entry point."""
    external = _resolve(entry["external"])
    page = mmap.PAGESIZE
    code_size, data_size = entry["sizes"]
    code = mmap.mmap(fileno, -(-code_size // page) * page, flags=mmap.MAP_PRIVATE,
                     prot=mmap.PROT_READ | mmap.PROT_WRITE, offset=entry["code_at"])
    data = mmap.mmap(-1, max(-(-data_size // page) * page, page), prot=mmap.PROT_READ | mmap.PROT_WRITE)
    data[:len(entry["data"])] = entry["data"]
    blocks = (code, data)
    anchors = [ctypes.c_char.from_buffer(m) for m in blocks]     # (keep the blocks mapped)
    bases = np.concatenate([np.array([ctypes.addressof(a) for a in anchors], dtype=np.uint64), external])
    views = [np.frombuffer(m, dtype=np.uint8) for m in blocks]
    for g in entry["reloc"]:
        value = g["const"] + bases[g["add"]]                     # S + A (mod 2^64)
        if g["pc"]:
            value -= bases[g["block"]]                           # - P (its offset is in const)
        if g["width"] == 4:
            signed = value.view(np.int64)
            if g["kind"] == R_32:
                bad = value > np.uint64(0xFFFFFFFF)
            else:
                bad = (signed < -2**31) | (signed >= 2**31)
            if bad.any():
                raise NotLinkable("a 32-bit relocation out of range")
            value = value.astype("<u4")
        views[g["block"]][g["at"]] = value.view(np.uint8)
    del views
    _mprotect(int(bases[0]), len(code), mmap.PROT_READ | mmap.PROT_EXEC)

    from numba import _dynfunc
    from numba.core.environment import Environment
    env = Environment({"__name__": entry["modname"]})
    env.consts[:] = entry["consts"]
    env.env_name = "multibody native " + entry["modname"]
    eb, eat = entry["env_at"]
    ctypes.c_void_p.from_address(int(bases[eb]) + eat).value = id(env)
    wb, wat = entry["wrapper_at"]
    keep = (blocks, anchors, env)
    return _dynfunc.make_function(types.ModuleType(entry["modname"]), entry["name"],
                                  f"compiled {entry['name']} (multibody native code)", int(bases[wb]) + wat, env, keep)




# ------------------------------------------------------------------------------------ kernels
try:
    from numba._dispatcher import compute_fingerprint as _fingerprint
except ImportError:                                              # pragma: no cover - other Numba
    _fingerprint = None


def linked(dispatcher):
    """``dispatcher`` (a Numba dispatcher with a disk cache that Python code calls, never compiled
    code) with each overload linked from a file of its own (``Linked``), where this linker works;
    else ``dispatcher`` itself."""
    if (not SUPPORTED or _fingerprint is None or getattr(dispatcher, "_cache", None) is None
            or not hasattr(getattr(dispatcher._cache, "_cache_file", None), "_source_stamp")):
        return dispatcher
    return Linked(dispatcher)


class Linked:
    """A kernel as Python calls it: per combination of argument types (Numba's type fingerprints,
    as its dispatcher keys its own table) the overload's machine code linked from
    ``<qualname>-<types>-<stamp>.native`` beside Numba's cache entry (the files of other stamps of
    the same kernel and types removed when it is written), written at the first call
    through Numba (which loads or compiles the overload as before). Arguments without a
    fingerprint, keyword arguments and overloads without a file go to the dispatcher. Other
    attributes are the dispatcher's (``py_func``, ``__name__``...).

    Kernels loaded at Assemble: 1.3-2.8 ms each through Numba's lean cache entry (3-5 per model),
    0.2-0.5 ms linked."""

    __slots__ = ("dispatcher", "_table")

    def __init__(self, dispatcher):
        object.__setattr__(self, "dispatcher", dispatcher)
        object.__setattr__(self, "_table", {})

    def __getattr__(self, name):
        return getattr(self.dispatcher, name)

    def __setattr__(self, name, value):
        setattr(self.dispatcher, name, value)

    def __repr__(self):
        return f"Linked({self.dispatcher!r})"

    def __call__(self, *args, **kwargs):
        if kwargs:
            return self.dispatcher(*args, **kwargs)
        try:
            key = tuple(map(_fingerprint, args))
        except (NotImplementedError, TypeError, ValueError):
            return self.dispatcher(*args)
        fn = self._table.get(key)
        if fn is None:
            fn = self._table[key] = self._first(args)
        return fn(*args)

    def _path(self, signature):
        """``<qualname>-<hash of the types>-<hash of the CPU>-<hash of the cache stamp and
        versions>.native`` (Numba's cache keeps the overloads of each CPU apart, and so do these
        files)."""
        import hashlib
        d = self.dispatcher
        cache = d._cache
        types_hash = hashlib.sha1(repr(tuple(signature)).encode()).hexdigest()[:12]
        cpu_hash = hashlib.sha1(cpu_key().encode()).hexdigest()[:12]
        stamp_hash = hashlib.sha1(repr((cache._cache_file._source_stamp, _header())).encode()).hexdigest()[:12]
        return os.path.join(cache._cache_path,
                            f"{d.py_func.__qualname__}-{types_hash}-{cpu_hash}-{stamp_hash}.native")

    @staticmethod
    def _remove_stale(path):
        """Remove the files of the same kernel, types and CPU for other sources or versions (and
        those of the same kernel and types named without a CPU, as before)."""
        folder, name = os.path.split(path)
        prefix = name.rsplit("-", 1)[0] + "-"
        unnamed_cpu = name.rsplit("-", 2)[0] + "-"
        try:
            for other in os.listdir(folder):
                if other.endswith(".native") and other != name and (
                        other.startswith(prefix) or (other.startswith(unnamed_cpu) and other.count("-") == 2)):
                    os.remove(os.path.join(folder, other))
        except OSError:
            pass

    def _first(self, args):
        """The callable for arguments of these types: linked from its file, else the dispatcher
        (after which the file is written from Numba's cache entry for the next process)."""
        d = self.dispatcher
        try:
            signature = tuple(d.typeof_pyval(a) for a in args)
            path = self._path(signature)
        except Exception:       # noqa: BLE001 - not typed here: Numba's own call says why
            return d
        fn = load(path)
        if fn is not None:
            return fn
        if refused(path):
            return d
        if signature not in d.overloads:
            if d.overloads:
                return d    # Numba may call an overload it has through a conversion: its choice
            # what Numba's first call does (the exact types, loaded from its cache or compiled),
            # without running the kernel: the caller runs it once
            try:
                d.compile(signature)
            except Exception:   # noqa: BLE001 - Numba's own call raises it again, as it would
                return d
        if save(d, path, signature):
            self._remove_stale(path)
        return d
