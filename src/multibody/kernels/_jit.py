"""The project's Numba decorator: one place for Numba options.

``njit`` is ``numba.njit`` with ``cache=True``, and the disk cache of each kernel also depends on
all kernel sources (``stamp_cache``). Setting the environment variable ``NUMBA_DISABLE_JIT=1``
(honoured by Numba itself) runs every kernel as plain Python, for debugging and coverage.
"""
import hashlib
import os

import numba

__all__ = ["njit", "stamp_cache", "typed", "ready", "entry_point", "load_cached", "TYPED", "TYPED_MODULES"]

# every dispatcher made by ``typed`` (the compiled entry points, records' constructors and group
# kernels), in the order their modules were imported; the modules that define them (all of them
# are imported by engine/compile.py's compile_all)
TYPED = []
TYPED_MODULES = ("multibody.kernels.records", "multibody.kernels.system", "multibody.kernels.groups.points",
                 "multibody.kernels.groups.rigid", "multibody.kernels.groups.connectors",
                 "multibody.kernels.groups.constraints", "multibody.kernels.groups.loads",
                 "multibody.kernels.groups.ode1",
                 "multibody.engine.workspace", "multibody.engine.entry")


_HERE = os.path.dirname(os.path.abspath(__file__))
# the compiled code outside kernels/: the engine's (its functions call kernels too)
_ENGINE = os.path.join(os.path.dirname(_HERE), "engine")


# sources there without compiled code (their changes leave the cache valid)
_PYTHON_ONLY = {"_jit.py", "driver.py", "compile.py"}


def _kernel_sources_stamp(here=_HERE, also=(os.path.join(_HERE, "groups"), _ENGINE)):
    """Names, sizes and modification times of the sources in ``here`` (this package) and in the
    folders ``also`` (40 us)."""
    h = hashlib.sha256()
    paths = []
    for folder in (here,) + tuple(also):
        if os.path.isdir(folder):
            paths += [os.path.join(folder, name) for name in sorted(os.listdir(folder))
                      if name.endswith(".py") and name not in _PYTHON_ONLY]
    for path in paths:
        st = os.stat(path)
        h.update(f"{os.path.basename(path)}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()[:16]


STAMP = _kernel_sources_stamp()


def stamp_cache(dispatcher):
    """Make the disk cache of a kernel valid only for the present kernel sources, all of them:
    a cached kernel contains the code of the kernels it calls from other files, and Numba checks
    only the file of the kernel itself (a changed ``sparse_lu.lu_solve`` left ``linalg.solve_factored``
    with the old one in its cache entry, which crashed on factors the old code did not know;
    the same would follow an upgrade that leaves the old cache files in ``__pycache__``).
    Where Numba's cache has not the expected form, the dispatcher is left as it is."""
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    if cache_file is not None and hasattr(cache_file, "_source_stamp"):
        base = cache_file._source_stamp
        if not (isinstance(base, tuple) and len(base) == 2 and base[1] == STAMP):
            cache_file._source_stamp = (base, STAMP)
        dispatcher._multibody_stamp = STAMP
    return dispatcher


def njit(*args, **kwargs):
    """``numba.njit`` with ``cache=True`` and ``stamp_cache``; as ``@njit`` or ``@njit(options)``."""
    kwargs.setdefault("cache", True)
    made = numba.njit(*args, **kwargs)
    if args and callable(args[0]):
        return stamp_cache(made)
    return lambda func: stamp_cache(made(func))


def typed(signature):
    """``njit`` for exactly one ``signature``, compiled (or loaded from the disk cache) at the first
    ``ready(dispatcher)``, not at import: functions that take records or group kernels (function
    pointers, which Numba converts from a dispatcher only to a declared signature)."""
    def deco(func):
        dispatcher = njit(func)
        dispatcher.multibody_signature = signature
        TYPED.append(dispatcher)
        return dispatcher
    return deco


# called before the first compile or load of a process (engine/compile.py: the one-time compile
# of an installation, announced, where it has not been done)
before_first_ready = []


def ready(dispatcher):
    """``dispatcher`` (made by ``typed``) with its signature compiled; no other is compiled later."""
    if getattr(dispatcher, "_multibody_ready", False):
        return dispatcher
    while before_first_ready:
        before_first_ready.pop()()
        if getattr(dispatcher, "_multibody_ready", False):
            return dispatcher
    dispatcher.compile(dispatcher.multibody_signature.args)
    dispatcher.disable_compile()
    dispatcher._multibody_ready = True
    return dispatcher


def entry_point(dispatcher):
    """The compiled function of a ``typed`` dispatcher itself, called without the dispatcher's
    type resolution (0.3 instead of 1.2 us a call; the first call of a dispatcher with a record
    dtype argument also built its Numba type, 1 ms). Its arguments must have the declared types:
    only the sizes of array items are checked. With NUMBA_DISABLE_JIT the Python function."""
    function = getattr(dispatcher, "_multibody_entry", None)
    if function is None:
        ready(dispatcher)
        function = dispatcher if numba.config.DISABLE_JIT else \
            dispatcher.overloads[tuple(dispatcher.multibody_signature.args)].entry_point
        dispatcher._multibody_entry = function
    return function


def load_cached(dispatcher):
    """Load the specializations of a plain ``njit`` kernel that Numba's disk cache holds for this
    CPU (those its callers made: the sparse LU kernels that Python calls), so that the first call
    does not load it; nothing is compiled. Returns their number (0 where Numba's cache has not the
    expected form)."""
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    if cache_file is None or numba.config.DISABLE_JIT:
        return 0
    try:
        keys = list(cache_file._load_index())
        magic = dispatcher.targetctx.codegen().magic_tuple()
    except Exception:           # noqa: BLE001 - an optimization only
        return 0
    count = 0
    for key in keys:
        if isinstance(key, tuple) and len(key) >= 2 and key[1] == magic and tuple(key[0]) not in dispatcher.overloads:
            dispatcher.compile(tuple(key[0]))
            count += 1
    return count
