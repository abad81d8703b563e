"""Which sparse LU a Newton matrix with much fill gets, remembered across runs.

Above KLU_MAX_FILL_RATIO the first factorization of a sparsity pattern runs SuperLU and KLU and
keeps the one whose factors have fewer entries (linear.py). That outcome is a function of the
matrix (pattern and values) and of the two libraries, so it is kept in the cache directory under
a digest of exactly these, and a run that meets the same first matrix again factorizes it with
the kept choice only: the same factors, so the same numbers to the last bit, without the other
library's factorization (mass-point grid n = 12480: KLU's 237 ms of a 1.6 s solve; n = 3168:
25-36 ms of 240 ms).

The table is small (at most ``MAX_ENTRIES`` matrices, the oldest dropped); a matrix whose size and
number of entries no remembered one has is not hashed at all. A table that cannot be read or
written is ignored: the trial then runs as without it.
"""
from __future__ import annotations

import hashlib
import json
import os

import numpy as np

from ..kernels._jit import private_dir, temp_cache_root, user_cache_root

MAX_ENTRIES = 256
_FILE = "lu-choices.json"
_FORMAT = 1
_TABLES = {}          # path -> {"n:nnz": {digest: choice}}, as read (and written) by this process
_TAG = None


def _tag():
    """The libraries whose factors decide (and a format number)."""
    global _TAG
    if _TAG is None:
        import scipy
        try:
            import kvxopt
            kv = getattr(kvxopt, "__version__", "?")
        except ImportError:                      # pragma: no cover - kvxopt is a dependency
            kv = "-"
        _TAG = f"{_FORMAT} scipy {scipy.__version__} kvxopt {kv}".encode()
    return _TAG


def cache_dir():
    """$MULTIBODY_CACHE_DIR, else the user's cache folder (~/.cache/multibody), else the user's
    folder in the temporary folder: the first that is a folder of this user that can be written
    (made for the user alone where missing, as the compiled code's: kernels/_jit.py); None where
    none is (nothing is then remembered)."""
    for d in (os.environ.get("MULTIBODY_CACHE_DIR"), user_cache_root("multibody"), temp_cache_root()):
        if d:
            try:
                return private_dir(d)
            except OSError:
                pass
    return None


def _path():
    d = cache_dir()
    return None if d is None else os.path.join(d, _FILE)


def _read(path):
    try:
        with open(path) as fh:
            data = json.load(fh)
        entries = data.get("format") == _FORMAT and data.get("entries")
        if isinstance(entries, dict) and all(isinstance(group, dict) for group in entries.values()):
            return entries
    except (OSError, ValueError, AttributeError):
        pass
    return {}


def _table(path):
    table = _TABLES.get(path)
    if table is None:
        table = _TABLES[path] = _read(path)
    return table


def _shape_key(J):
    return f"{J.shape[0]}:{J.nnz}"


def digest(J):
    """Digest of a CSC matrix's size, pattern and values, and of the libraries."""
    h = hashlib.blake2b(_tag(), digest_size=16)
    h.update(f"{J.shape[0]} {J.indptr.dtype.str} {J.indices.dtype.str} {J.data.dtype.str}".encode())
    for a in (J.indptr, J.indices, J.data):
        h.update(np.ascontiguousarray(a).data)
    return h.hexdigest()


def lookup(J):
    """'KLU' or 'SuperLU' as decided for this very matrix before, else None."""
    path = _path()
    if path is None:
        return None
    group = _table(path).get(_shape_key(J))
    if not group:
        return None
    choice = group.get(digest(J))
    return choice if choice in ("KLU", "SuperLU") else None


def remember(J, choice):
    """Keep ``choice`` for this matrix (merged into the table on disk, written atomically)."""
    path = _path()
    if path is None:
        return
    entries = _read(path)                      # what other processes added meanwhile
    entries.setdefault(_shape_key(J), {})[digest(J)] = choice
    total = sum(len(g) for g in entries.values())
    while total > MAX_ENTRIES:                 # the oldest first (dicts keep insertion order)
        first = next(iter(entries))
        group = entries[first]
        group.pop(next(iter(group)))
        if not group:
            del entries[first]
        total -= 1
    _TABLES[path] = entries
    try:
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w") as fh:
            json.dump({"format": _FORMAT, "entries": entries}, fh)
        os.replace(tmp, path)
    except OSError:
        pass
