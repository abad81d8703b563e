"""Typed item indices (NodeIndex, ObjectIndex, ...), as Exudyn 1.13.6 has them.

They behave as ints where an int is needed (``int(i)``, ``__index__``,
arithmetic returns plain ints) but compare by identity, as Exudyn's do, so
that ``exu.NodeIndex(3) == exu.NodeIndex(3)`` is False. Create functions use
the type to tell a body from a node or a marker.
"""


class _ItemIndex:
    __slots__ = ("_index",)

    def __init__(self, index=-1):
        self._index = int(index)

    def GetIndex(self):
        return self._index

    def SetIndex(self, index):
        self._index = int(index)

    def GetTypeString(self):
        return type(self).__name__

    def __int__(self):
        return self._index

    def __index__(self):
        return self._index

    def __repr__(self):
        return str(self._index)

    __str__ = __repr__

    def __add__(self, other):
        return self._index + int(other)

    __radd__ = __add__

    def __sub__(self, other):
        return self._index - int(other)

    def __rsub__(self, other):
        return int(other) - self._index

    def __mul__(self, other):
        return self._index * int(other)

    __rmul__ = __mul__

    def __neg__(self):
        return -self._index

    def __getstate__(self):
        return self._index

    def __setstate__(self, state):
        self._index = int(state)

    def __reduce__(self):
        return (type(self), (self._index,))


class NodeIndex(_ItemIndex):
    """Index of a node."""


class ObjectIndex(_ItemIndex):
    """Index of an object (body, connector, constraint, joint)."""


class MarkerIndex(_ItemIndex):
    """Index of a marker."""


class LoadIndex(_ItemIndex):
    """Index of a load."""


class SensorIndex(_ItemIndex):
    """Index of a sensor."""


def InvalidIndex():
    """The invalid index, -1."""
    return -1


INDEX_TYPES = {"node": NodeIndex, "object": ObjectIndex, "marker": MarkerIndex,
               "load": LoadIndex, "sensor": SensorIndex}
