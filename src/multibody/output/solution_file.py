"""Reading solution files: ``LoadSolutionFile`` with the name, arguments and result of Exudyn's
``exudyn.utilities.LoadSolutionFile`` (1.13), for the text files the solvers write (spec
settings.md, "Solution file").

The result is a dict: ``data`` (rows of time and the written coordinates), ``columnsExported``
(the 7 counts of the header line "#number of written coordinates [nODE2, nVel2, nAcc2, nODE1,
nVel1, nAlgebraic, nData] = [...]"), ``nColumns`` (their sum, columns without time) and ``nRows``.
"""
import re

import numpy as np

from ..enums import ConfigurationType
from ..errors import ExudynValueError

_WRITTEN = re.compile(r"^#number of written coordinates.*=\s*\[([^\]]*)\]")


def _header_counts(lines):
    for line in lines:
        m = _WRITTEN.match(line)
        if m:
            return [int(x) for x in m.group(1).split(",") if x.strip()]
    return None


def LoadSolutionFile(fileName, safeMode=False, maxRows=-1, verbose=True, hasHeader=True):
    """Read a solution file (text) into a dict with ``data``, ``columnsExported``, ``nColumns`` and
    ``nRows``.

    Parameters
    ----------
    fileName : str
        The file (as written with ``solution.file.name``, ``.txt`` included).
    safeMode : bool
        Read row by row: a last row with fewer values (a file still being written, or cut off) is
        skipped with a warning, and ``maxRows`` applies. Without it the whole file is read at once
        (a row with another number of values raises ValueError).
    maxRows : int
        With ``safeMode``: at most this many rows (-1: all).
    verbose : bool
        Print the columns imported (as Exudyn).
    hasHeader : bool
        The file has the solver's header; without one every column after time counts as an ODE2
        coordinate (Exudyn 1.13.6 fails on such files).
    """
    with open(fileName) as fh:
        text = fh.read()
    lines = text.splitlines()
    counts = _header_counts(lines) if hasHeader else None
    rows = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if safeMode:
        if maxRows is not None and maxRows >= 0:
            rows = rows[:maxRows]
        values = [line.split(",") for line in rows]
        if not values:
            raise ExudynValueError(f"LoadSolutionFile: no rows found in '{fileName}'")
        width = len(values[0])
        if len(values) > 1 and len(values[-1]) != width:
            print("LoadSolution: WARNING number of columns in last data row is inconsistent; will be skipped")
            values = values[:-1]
        bad = next((k for k, v in enumerate(values) if len(v) != width), None)
        if bad is not None:
            raise ExudynValueError(f"LoadSolutionFile: row {bad} of '{fileName}' has {len(values[bad])} values, "
                                   f"expected {width}")
        data = np.array(values, dtype=float).reshape(len(values), width)
        if verbose:
            print(f"file contains {data.shape[0]} rows and {data.shape[1]} columns (incl. time)")
    else:
        if not rows:
            raise ExudynValueError(f"LoadSolutionFile: no rows found in '{fileName}'")
        data = np.loadtxt(rows, delimiter=",", ndmin=2)
    if counts is None:
        if hasHeader:
            raise ExudynValueError(f"LoadSolutionFile: '{fileName}' has no line '#number of written coordinates "
                                   "[...] = [...]' (hasHeader=False reads a file without the solver's header)")
        counts = [data.shape[1] - 1, 0, 0, 0, 0, 0, 0]
    n_columns = int(sum(counts))
    if verbose:
        print("columns imported =", counts)
        print("total columns to be imported =", n_columns, ", array size of file =", data.shape[1])
    if n_columns + 1 != data.shape[1]:
        raise ExudynValueError(f"LoadSolutionFile: '{fileName}' has {data.shape[1]} columns, its header "
                               f"{counts} gives {n_columns + 1} (with time)")
    return {"data": data, "columnsExported": counts, "nColumns": n_columns, "nRows": int(data.shape[0])}


def LoadBinarySolutionFile(fileName, maxRows=-1, verbose=True):
    """Read a binary solution file (solution.file.binary, ``.sol``; the layout of
    ``manager.BinarySolutionFile``, Exudyn 1.13.6's) into the dict of ``LoadSolutionFile``:
    ``data`` in the precision written (float64, or float32 where the solve wrote floats),
    ``columnsExported`` (int32 array), ``nColumns``, ``nRows``. ``maxRows`` >= 0 reads at most
    that many rows. A file without its end (a solve that stopped while writing) gives the rows
    that are complete, with a warning."""
    with open(fileName, "rb") as fh:
        b = fh.read()
    if not b.startswith(b"EXUBIN\n") or len(b) < 16:
        raise ExudynValueError(f"LoadBinarySolutionFile: '{fileName}' is not a binary solution file")
    int_size, real_size = b[7], b[8]
    if int_size != 4 or real_size not in (4, 8):
        raise ExudynValueError(f"LoadBinarySolutionFile: '{fileName}': integers of {int_size} and reals of "
                               f"{real_size} bytes are not supported")
    real = np.dtype("<f8" if real_size == 8 else "<f4")
    pos = 16

    def integer():
        nonlocal pos
        if pos + 4 > len(b):
            raise EOFError
        k = int(np.frombuffer(b, "<i4", 1, pos)[0])
        pos += 4
        return k

    def string():
        nonlocal pos
        n = integer()
        s = b[pos:pos + n].decode(errors="replace")
        pos += n
        return s

    def array():
        nonlocal pos
        n = integer()
        a = np.frombuffer(b, "<i4", n, pos).copy()
        pos += 4 * n
        return a

    try:
        version, _, _, _ = string(), string(), string(), string()
        system, columns = array(), array()
        n_columns, _, _ = integer(), integer(), string()
        if string() != "EndOfHeader":
            raise ExudynValueError(f"LoadBinarySolutionFile: '{fileName}': no 'EndOfHeader'")
    except (EOFError, ValueError) as exc:
        if isinstance(exc, ExudynValueError):
            raise
        raise ExudynValueError(f"LoadBinarySolutionFile: '{fileName}': the header is incomplete") from None
    rows, complete = [], False
    while maxRows is None or maxRows < 0 or len(rows) < maxRows:
        try:
            n = integer()
        except EOFError:
            break
        if n == -1:
            complete = True
            break
        if n != n_columns + 1 or pos + n * real_size > len(b):
            break
        rows.append(np.frombuffer(b, real, n, pos))
        pos += n * real_size
    else:
        complete = True
    if not complete:
        print("LoadBinarySolutionFile: WARNING: end of file inconsistent!")
    data = np.array(rows, dtype=real).reshape(len(rows), n_columns + 1)
    if verbose:
        print("read binary file")
        print("  version=", version)
        print("  systemSizes=", system)
        print("  columnsExported=", columns)
        print(f"  read {len(rows)} rows from file")
    return {"data": data, "columnsExported": columns, "nColumns": np.int32(n_columns), "nRows": len(rows)}


def SetSolutionState(mbs, solution, row, configuration=ConfigurationType.Current, sendRedrawSignal=True):
    """Set the state of ``configuration`` (default: Current) from row ``row`` of a solution loaded
    with LoadSolutionFile or LoadBinarySolutionFile: the coordinates the file holds (its
    columnsExported: ODE2 coordinates, their rates and accelerations, ODE1, algebraic and data
    coordinates), and, for the Visualization configuration, the time (as Exudyn 1.13.6, which
    leaves the time of the others). A row out of range (negative rows count from the end) prints
    Exudyn's error message and changes nothing. ``sendRedrawSignal``: no window here."""
    cfg = ConfigurationType.Current if configuration is None else configuration
    data = np.asarray(solution["data"])
    n = data.shape[0]
    if not -n <= int(row) < n:
        print("ERROR in SetVisualizationState: invalid row (out of range)")
        return
    values = data[int(row)].astype(float)
    counts = [int(k) for k in solution["columnsExported"]]
    sd = mbs.systemData
    setters = (sd.SetODE2Coordinates, sd.SetODE2Coordinates_t, sd.SetODE2Coordinates_tt, sd.SetODE1Coordinates,
               sd.SetODE1Coordinates_t, sd.SetAECoordinates, sd.SetDataCoordinates)
    pos = 1
    for k, setter in zip(counts, setters):
        if k:
            setter(values[pos:pos + k], cfg)
        pos += k
    if cfg == ConfigurationType.Visualization:
        sd.SetTime(float(values[0]), cfg)
