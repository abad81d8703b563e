"""The project's Numba decorator: one place for Numba options.

``njit`` is ``numba.njit`` with ``cache=True``. Setting the environment variable
``NUMBA_DISABLE_JIT=1`` (honoured by Numba itself) runs every kernel as plain Python,
for debugging and coverage.
"""
import functools

import numba

__all__ = ["njit"]

njit = functools.partial(numba.njit, cache=True)
