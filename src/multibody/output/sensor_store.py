"""The rows that sensors store during solves (storeInternal), read by GetSensorStoredData.

A sensor's rows are [t, value...], one per output step. Sensors that a plan reads in groups
(output/sensor_plan.py) write each step's values into one row of a block shared by the plan's
stored sensors, group by group (a slice per group, no array per sensor and step); a sensor
evaluated on its own appends its row. A sensor's ``SensorRows`` refers to the columns of the
block it writes into, and copies them out when it leaves that block (a new plan after a
parameter change, the next solve appending).
"""
from __future__ import annotations

import numpy as np


class RowBlock:
    """Rows of a fixed width, appended one at a time (the capacity doubles when full)."""

    __slots__ = ("data", "n")

    def __init__(self, width, capacity=64):
        self.data = np.empty((capacity, width))
        self.n = 0

    def next_row(self):
        """The next row (a view, to be filled by the caller)."""
        n = self.n
        if n == self.data.shape[0]:
            grown = np.empty((2 * n, self.data.shape[1]))
            grown[:n] = self.data
            self.data = grown
        self.n = n + 1
        return self.data[n]


class SensorRows:
    """The stored rows of one sensor: rows appended one by one and the columns of a RowBlock,
    in the order they were written."""

    __slots__ = ("parts", "live")

    def __init__(self):
        self.parts = []          # 1D rows and closed 2D blocks of rows
        self.live = None         # (RowBlock, first row, columns) written to now

    def append(self, row):
        self.close()
        self.parts.append(row)

    def attach(self, block, columns):
        """Write from now on into ``columns`` (time first) of ``block``'s rows."""
        self.close()
        self.live = (block, block.n, np.asarray(columns, dtype=np.int64))

    def close(self):
        if self.live is not None:
            block, first, cols = self.live
            self.live = None
            if block.n > first:
                self.parts.append(_columns(block, first, cols))

    def array(self):
        """All rows as one new C-ordered array (rows, 1 + values); (0, 0) if none."""
        pieces, rows = [], []
        for p in self.parts:
            if p.ndim == 1:
                rows.append(p)
                continue
            if rows:
                pieces.append(np.array(rows))
                rows = []
            pieces.append(p)
        if rows:
            pieces.append(np.array(rows))
        if self.live is not None:
            block, first, cols = self.live
            if block.n > first:
                pieces.append(_columns(block, first, cols))
        if not pieces:
            return np.zeros((0, 0))
        return np.concatenate(pieces) if len(pieces) > 1 else pieces[0].copy()


def _columns(block, first, cols):
    """The rows from ``first`` on of ``block``'s columns ``cols``, a new C-ordered array (the fancy
    index alone gives Fortran order)."""
    return np.ascontiguousarray(block.data[first:block.n][:, cols])
