"""exu.Vector2DList, Vector3DList, Vector6DList, Matrix3DList, Matrix6DList: lists of fixed-size
vectors or matrices (Exudyn passes them to and from items and user functions)."""
from __future__ import annotations

import copy

import numpy as np


class _ArrayList:
    _SHAPE: tuple = ()

    def __init__(self, listOfArrays=None):
        self._items = []
        if listOfArrays is not None:
            for a in listOfArrays:
                self.Append(a)

    def _checked(self, value):
        try:
            a = np.array(value, dtype=float)
        except (TypeError, ValueError):
            a = None
        if a is None or a.shape != self._SHAPE:
            raise ValueError(f"{type(self).__name__}: expected an array of shape {self._SHAPE}, received {value!r}")
        return a

    def Append(self, pyArray):
        self._items.append(self._checked(pyArray))

    def GetPythonObject(self):
        """The entries as a list of NumPy arrays (copies)."""
        return [a.copy() for a in self._items]

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        return self._items[index].copy()

    def __setitem__(self, index, value):
        self._items[index] = self._checked(value)

    def __iter__(self):
        return iter(self.GetPythonObject())

    def __copy__(self):
        return type(self)(self._items)

    def __deepcopy__(self, memo):
        return type(self)(copy.deepcopy(self._items, memo))

    def __repr__(self):
        return repr(self._items)


class Vector2DList(_ArrayList):
    _SHAPE = (2,)


class Vector3DList(_ArrayList):
    _SHAPE = (3,)


class Vector6DList(_ArrayList):
    _SHAPE = (6,)


class Matrix3DList(_ArrayList):
    _SHAPE = (3, 3)


class Matrix6DList(_ArrayList):
    _SHAPE = (6, 6)
