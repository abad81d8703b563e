"""The files a solve writes (solution and sensor files): opened with the library's error where
that fails, flushed after each output time, closed on every way out of the solve.

A write that fails once the file is open (a full disk) does not stop the solve, as in Exudyn,
whose solve goes on without the file; it is reported once with a RuntimeWarning naming the file,
and nothing more is written to it.
"""
from __future__ import annotations

import os
import warnings

from ..errors import ExudynValueError


class OutputFile:
    """One output file of a solve (text or binary, as ``mode``); ``what`` names it in messages
    (e.g. "solution file", "sensor file")."""

    __slots__ = ("name", "what", "failed", "_fh")

    def __init__(self, name, mode, what, detail=""):
        self.name, self.what, self.failed = name, what, False
        self._fh = None
        try:
            self._fh = open(name, mode)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise ExudynValueError(f"failed to open {what} '{name}'{detail}: {reason}") from None

    @property
    def closed(self):
        return self._fh is None

    def write(self, data):
        if self.failed or self._fh is None:
            return
        try:
            self._fh.write(data)
        except OSError as exc:
            self._failed(exc)

    def flush(self):
        if self.failed or self._fh is None:
            return
        try:
            self._fh.flush()
        except OSError as exc:
            self._failed(exc)

    def tell(self):
        """The size written so far (flushed first); -1 for a file whose writes failed."""
        self.flush()
        if self.failed or self._fh is None:
            return -1
        return self._fh.tell()

    def close(self):
        """Flush and close (again: nothing)."""
        fh, self._fh = self._fh, None
        if fh is None:
            return
        try:
            fh.close()
        except OSError as exc:
            if not self.failed:
                self._failed(exc)

    def _failed(self, exc):
        self.failed = True
        warnings.warn(f"{self.what} '{self.name}': writing failed ({exc.strerror or exc}); the solve goes on "
                      "without writing to it", RuntimeWarning, stacklevel=4)


def continue_file(name, size, what, binary=False):
    """An output file continued after a restart: cut back to ``size`` bytes where it exists (what
    it held when the restart file was written; -1: kept as it is) and opened for appending."""
    if size is not None and size >= 0 and os.path.exists(name):
        try:
            with open(name, "r+b") as fh:
                fh.truncate(size)
        except OSError as exc:
            raise ExudynValueError(f"failed to open {what} '{name}': {exc.strerror or exc}") from None
    return OutputFile(name, "ab" if binary else "a", what)
