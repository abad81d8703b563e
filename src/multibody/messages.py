"""The package's messages: the ``multibody`` logger, warnings and the progress bar.

Solver lines (verboseMode, show.statistics, show.computationTime) are log records of the
``multibody.solver`` logger. The package's console handler, on the ``multibody`` logger, writes
each record's text through ``exu.Print`` (the console where ``exu.config.printToConsole``, the file
of ``exu.SetWriteToFile``), so that the console shows Exudyn's text. Levels:

===========  ======================  =============================================
level        logging level           lines
===========  ======================  =============================================
verbose 1    ``logging.INFO``        step summary, final message, statistics
verbose 2    ``logging.DEBUG``       every step, Newton iterations
verbose 3    ``VERBOSE3`` (5)        vectors (residual, increment, solution)
===========  ======================  =============================================

The settings' verboseMode says what a solver emits; the logger's level filters it further
(``logging.getLogger("multibody").setLevel(logging.WARNING)`` silences the solvers). To send the
lines to one's own handlers instead: ``multibody.messages.use_logging_only()``.

Solver warnings (``SolverWarning``) go through :mod:`warnings`; ``exu.config.suppressWarnings``
suppresses them. The progress bar (tqdm, the ``progress`` extra) is a multibody-only option:
``multibody.messages.show_progress(True)``.
"""
from __future__ import annotations

import logging
import warnings

__all__ = ["logger", "solver_logger", "VERBOSE_LEVELS", "VERBOSE3", "SolverWarning", "warn",
           "ConsoleHandler", "show_progress", "use_logging_only", "progress_bar"]

VERBOSE3 = 5
logging.addLevelName(VERBOSE3, "VERBOSE3")
VERBOSE_LEVELS = {1: logging.INFO, 2: logging.DEBUG}

logger = logging.getLogger("multibody")
solver_logger = logging.getLogger("multibody.solver")


def log_level(verbose: int) -> int:
    """The logging level of a line of verboseMode ``verbose`` (1, 2, 3 and more)."""
    return VERBOSE_LEVELS.get(verbose, VERBOSE3)


class SolverWarning(UserWarning):
    """A solver's warning (Exudyn prints them as 'WARNING: ...' lines)."""


def warn(message: str, category: type[Warning] = SolverWarning, stacklevel: int = 3) -> None:
    """``warnings.warn`` of a package warning, unless ``exu.config.suppressWarnings``."""
    from .model.config import config
    if not config.suppressWarnings:
        warnings.warn(message, category, stacklevel=stacklevel)


class ConsoleHandler(logging.Handler):
    """Writes a record's message as ``exu.Print`` does (console and print file per exu.config)."""

    def emit(self, record):
        try:
            from .model.config import Print
            Print(record.getMessage())
        except Exception:  # noqa: BLE001 - logging's contract: report, do not raise
            self.handleError(record)


_console = ConsoleHandler(level=1)


def _install():
    """The console handler on the ``multibody`` logger (once); records do not also go to the root
    logger's handlers (the console would show them twice)."""
    if _console not in logger.handlers:
        logger.addHandler(_console)
    if logger.level == logging.NOTSET:
        logger.setLevel(1)
    logger.propagate = False


def use_logging_only(enable: bool = True) -> None:
    """``enable``: the solver lines go to the handlers of the root logger (the application's
    logging set-up) and not to the console handler; False: back to Exudyn's console output."""
    if enable:
        logger.removeHandler(_console)
        logger.propagate = True
    else:
        _install()


_install()

# ---------------------------------------------------------------- progress bar
_progress = {"enabled": False, "delay": 2.0}


def show_progress(enabled: bool = True, delay: float = 2.0) -> None:
    """Show a tqdm progress bar (on stderr) for solver runs that take longer than ``delay`` seconds
    of wall-clock time; a multibody-only option, off by default (tqdm: ``pip install
    'multibody[progress]'``)."""
    if delay < 0:
        raise ValueError(f"show_progress: delay must be >= 0 seconds; received {delay!r}")
    _progress["enabled"], _progress["delay"] = bool(enabled), float(delay)


def progress_bar(total: float, description: str):
    """A tqdm bar over ``total`` (simulated time or load factor) if show_progress is on, else None;
    a warning naming the extra where tqdm is not installed."""
    if not _progress["enabled"]:
        return None
    from ._optional import require
    try:
        tqdm = require("tqdm.auto", "show_progress").tqdm
    except ImportError as exc:
        warn(str(exc), stacklevel=4)
        _progress["enabled"] = False
        return None
    return tqdm(total=total, desc=description, delay=_progress["delay"], unit="s", leave=False,
                bar_format="{l_bar}{bar}| {n:.4g}/{total:.4g} [{elapsed}<{remaining}]")
