"""Large arrays freed by a solve go back to the operating system (glibc's malloc).

glibc serves an allocation above its mmap threshold (128 KiB at start) by a separate mapping,
returned to the system when freed; but freeing such a block raises the threshold to its size
(up to 32 MiB). A solve allocates blocks of several MiB (sparse LU factors and their index
arrays, the engine's buffers), so after the first solve they come from the heap, where the
next solves' blocks of slightly other sizes and lifetimes fragment it: the resident memory of
a 4096-mass-point grid grew by up to 66 MiB over 30 SolveDynamic calls of 50 steps, then stayed
within 2 MiB of the second call's with the threshold fixed at 1 MiB. ``keep_threshold`` fixes it
(setting it disables glibc's adjustment) once per process, before the first solve; where the
user has tuned malloc by its environment variables, or where the C library is not glibc,
nothing is changed.
"""
from __future__ import annotations

import ctypes
import os
import sys

MMAP_THRESHOLD = 1 << 20            # [bytes] blocks at least this large are separate mappings
_M_MMAP_THRESHOLD = -3              # mallopt's parameter number (malloc.h)
_TUNED = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_")
_state = {"done": False}


def keep_threshold():
    """Fix glibc's mmap threshold at ``MMAP_THRESHOLD`` (first call of a process only); returns
    whether it was set."""
    if _state["done"]:
        return False
    _state["done"] = True
    if not sys.platform.startswith("linux") or any(name in os.environ for name in _TUNED):
        return False
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version           # (glibc only: the thresholds are glibc's)
        return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (OSError, AttributeError):
        return False
