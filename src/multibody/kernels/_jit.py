"""The project's Numba decorator: one place for Numba options.

``njit`` is ``numba.njit`` with Numba's disk cache, and the disk cache of each kernel also depends
on all kernel sources (``stamp_cache``). The cache is Numba's, with folders and files checked
(``CheckedCache``): NUMBA_CACHE_DIR, else ``__pycache__`` beside the sources, else the user's
cache folder, else one in the temporary folder, each used only where it is a folder of this user
that can be written (folders made for the user alone); with none, kernels are compiled in memory
(one ``CacheWarning``). ``NUMBA_DISABLE_JIT=1`` runs single kernels as plain Python (their tests
call ``kernel.py_func``); the engine itself does not run so: its state is a Numba structref, which
has no pure-Python form.
"""
import hashlib
import io
import os
import pickle
import tempfile
import warnings

import numba
from numba.core import caching
from numba.misc.appdirs import user_cache_dir

__all__ = ["njit", "stamp_cache", "typed", "ready", "entry_point", "load_cached", "TYPED", "TYPED_MODULES",
           "CacheWarning", "CheckedCache", "private_dir", "user_cache_root", "temp_cache_root"]

# every dispatcher made by ``typed`` (the compiled entry points, records' constructors and group
# kernels), in the order their modules were imported; the modules that define them (all of them
# are imported by engine/compile.py's compile_all)
TYPED = []
TYPED_MODULES = ("multibody.kernels.records", "multibody.kernels.system", "multibody.kernels.groups.points",
                 "multibody.kernels.groups.rigid", "multibody.kernels.groups.connectors",
                 "multibody.kernels.groups.constraints", "multibody.kernels.groups.loads",
                 "multibody.kernels.groups.ode1", "multibody.kernels.groups.cables",
                 "multibody.kernels.groups.cables_ale",
                 "multibody.kernels.groups.sliding",
                 "multibody.kernels.groups.sliding3d",
                 "multibody.engine.workspace", "multibody.engine.entry")


_HERE = os.path.dirname(os.path.abspath(__file__))
# the compiled code outside kernels/: the engine's (its functions call kernels too)
_ENGINE = os.path.join(os.path.dirname(_HERE), "engine")


# sources there without compiled code (their changes leave the cache valid)
_PYTHON_ONLY = {"_jit.py", "driver.py", "compile.py"}


# -- where compiled code is kept ------------------------------------------------------------------

# the head of every cache file this package writes (Numba's content follows a SHA-256 of it); also
# part of the sources' stamp, so that the entries of another format are not looked for
_MAGIC = b"multibody numba cache 1\n"
_DIGEST = 32


class CacheWarning(RuntimeWarning):
    """Compiled code that cannot be kept on disk, or a damaged cache entry that was rebuilt."""


class _OtherFormat(pickle.UnpicklingError):
    """A cache file not written in this package's format (Numba's own, an older one): taken as
    stale, as Numba takes an entry of other sources."""


_warned = set()


def _warn_once(kind, message):
    if kind not in _warned:
        _warned.add(kind)
        warnings.warn(message, CacheWarning, stacklevel=3)


def _own(path):
    """Whether the folder ``path`` belongs to this user (everywhere without user ids)."""
    return not hasattr(os, "getuid") or os.stat(path).st_uid == os.getuid()


def _make(path):
    """Make the missing folders of ``path``, each for the user alone (mode 0700)."""
    missing = []
    folder = path
    while folder and not os.path.isdir(folder):
        missing.append(folder)
        parent = os.path.dirname(folder)
        folder = "" if parent == folder else parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:             # made meanwhile by another process
            if not os.path.isdir(folder):
                raise


def private_dir(path, root=None):
    """``path`` (a folder in ``root``, or the root itself) where it can be used to keep files of
    this user: ``root``, then ``path``, made where missing (each new folder for the user alone,
    mode 0700) and owned by the user; ``path`` writable. Raises OSError otherwise (also for a path
    in a home that was not found: ``~`` left as it is)."""
    root = path if root is None else root
    if path.startswith("~") or root.startswith("~"):
        raise OSError(f"cache folder {path!r}: no home folder")
    for folder in dict.fromkeys((root, path)):
        _make(folder)
        if not _own(folder):
            raise OSError(f"cache folder {folder!r} belongs to another user")
    tempfile.TemporaryFile(dir=path).close()        # (the test of Numba's locators)
    return path


def user_cache_root(app):
    """The user's cache folder of ``app`` (~/.cache/app where HOME or the password database gives
    a home; XDG_CACHE_HOME honoured)."""
    return user_cache_dir(app, False)


def temp_cache_root():
    """This user's folder for the package in the temporary folder."""
    user = os.getuid() if hasattr(os, "getuid") else "user"
    return os.path.join(tempfile.gettempdir(), f"multibody-{user}")


def _numba_class(name):
    """A class of numba.core.caching (some have a leading underscore before Numba 0.59)."""
    found = getattr(caching, name, None) or getattr(caching, "_" + name, None)
    if found is None:
        raise ImportError(f"numba.core.caching has no {name}")
    return found


class _Private:
    """Locator mixin: the cache folder made and used as ``private_dir`` does."""

    def cache_root(self):
        return self.get_cache_path()

    def ensure_cache_path(self):
        private_dir(self.get_cache_path(), self.cache_root())


class _UserProvidedLocator(_Private, _numba_class("UserProvidedCacheLocator")):
    def cache_root(self):
        return numba.config.CACHE_DIR


class _InTreeLocator(_Private, _numba_class("InTreeCacheLocator")):
    pass


class _UserWideLocator(_Private, _numba_class("UserWideCacheLocator")):
    def cache_root(self):
        return user_cache_dir("numba", False)


class _TempLocator(_Private, _numba_class("_SourceFileBackedLocatorMixin"), _numba_class("_CacheLocator")):
    """The last resort: a folder of the user in the temporary folder."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = os.path.join(temp_cache_root(), "numba", self.get_suitable_cache_subpath(py_file))

    def cache_root(self):
        return temp_cache_root()

    def get_cache_path(self):
        return self._cache_path


class _CheckedImpl(caching.CompileResultCacheImpl):
    # Numba's own locators in Numba's order (the zip and IPython ones do not apply to this package),
    # each checking its folder, then the temporary folder; a class of this package's dispatchers
    # only, rather than numba.config.CACHE_DIR or the locator list of all Numba functions of the
    # process. NUMBA_CACHE_LOCATOR_CLASSES, where set, replaces the list (Numba's CacheImpl).
    _locator_classes = [_UserProvidedLocator, _InTreeLocator, _UserWideLocator, _TempLocator]


class _CheckedFile(caching.IndexDataCacheFile):
    """Numba's index and data files, each written with ``_MAGIC`` and a SHA-256 of its content and
    unpickled only where both match: a damaged (truncated, overwritten) file or one of another
    format is taken as missing, so that the kernel is compiled again and its entry written anew
    (with a ``CacheWarning`` for a damaged one)."""

    def _write(self, path, body):
        with self._open_for_write(path) as f:
            f.write(_MAGIC + hashlib.sha256(body).digest() + body)

    def _read(self, path):
        with open(path, "rb") as f:
            raw = f.read()
        head = len(_MAGIC) + _DIGEST
        if not raw.startswith(_MAGIC):
            raise _OtherFormat(path)
        if hashlib.sha256(raw[head:]).digest() != raw[len(_MAGIC):head]:
            raise pickle.UnpicklingError(f"{path}: content does not match its digest")
        return raw[head:]

    def _save_index(self, overloads):
        self._write(self._index_path, pickle.dumps(self._version, protocol=-1)
                    + self._dump((self._source_stamp, overloads)))

    def _load_index(self):
        try:
            stream = io.BytesIO(self._read(self._index_path))
            if pickle.load(stream) != self._version:
                return {}
            stamp, overloads = pickle.loads(stream.read())
        except FileNotFoundError:
            return {}
        except Exception as exc:            # noqa: BLE001 - whatever the bytes, the index is rebuilt
            _damaged(self._index_path, exc)
            return {}
        return overloads if stamp == self._source_stamp and isinstance(overloads, dict) else {}

    def _save_data(self, name, data):
        self._write(self._data_path(name), self._dump(data))

    def _load_data(self, name):
        return pickle.loads(self._read(self._data_path(name)))


def _damaged(path, exc):
    if isinstance(exc, _OtherFormat):
        return
    _warn_once("damaged", f"multibody: a damaged cache entry in {path} ({type(exc).__name__}: {exc}) is "
                          "compiled again and written anew")


class CheckedCache(caching.FunctionCache):
    """Numba's FunctionCache with checked folders (``_CheckedImpl``) and files (``_CheckedFile``);
    an entry that cannot be loaded is compiled again, one that cannot be written is not kept."""
    _impl_class = _CheckedImpl

    def __init__(self, py_func):
        super().__init__(py_func)
        self._cache_file = _CheckedFile(cache_path=self._cache_path, filename_base=self._impl.filename_base,
                                        source_stamp=self._cache_file._source_stamp)

    def load_overload(self, sig, target_context):
        try:
            return super().load_overload(sig, target_context)
        except Exception as exc:            # noqa: BLE001 - an entry that does not rebuild: compiled again
            _damaged(self._cache_path, exc)
            return None

    def save_overload(self, sig, data):
        try:
            super().save_overload(sig, data)
        except OSError as exc:
            _warn_once("unwritable", f"multibody: compiled code not kept in {self._cache_path} ({exc})")


def _enable_cache(dispatcher):
    """Give ``dispatcher`` a ``CheckedCache`` (what ``cache=True`` does with Numba's FunctionCache);
    where no folder can hold it, it compiles in memory."""
    try:
        dispatcher._cache = CheckedCache(dispatcher.py_func)
    except (RuntimeError, OSError) as exc:
        _warn_once("memory", f"multibody: no folder to keep compiled code in ({exc}); the kernels are compiled "
                             "in memory, in every process (set NUMBA_CACHE_DIR to a folder you can write)")
    return dispatcher


def _kernel_sources_stamp(here=_HERE, also=(os.path.join(_HERE, "groups"), _ENGINE)):
    """Names, sizes and modification times of the sources in ``here`` (this package) and in the
    folders ``also`` (40 us)."""
    h = hashlib.sha256(_MAGIC)
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
    """``numba.njit`` with the disk cache (``CheckedCache``, unless ``cache=False``) and
    ``stamp_cache``; as ``@njit`` or ``@njit(options)``."""
    cache = kwargs.pop("cache", True)
    made = numba.njit(**kwargs)

    def finish(func):
        dispatcher = made(func)
        return stamp_cache(_enable_cache(dispatcher) if cache and not numba.config.DISABLE_JIT else dispatcher)
    if args and callable(args[0]):
        return finish(args[0])
    if args:
        raise TypeError("njit: signatures are not taken (multibody.kernels._jit.typed declares one)")
    return finish


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
