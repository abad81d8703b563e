"""Deleting items and renumbering the references of the remaining ones.

As in Exudyn 1.13.6 (measured): items after the deleted one move down by one; a
reference to a deleted item becomes -1 (invalid) with a warning; DeleteObject
(deleteDependentItems) also deletes the nodes and markers the object uses,
DeleteLoad (deleteDependentMarkers) the load's marker.
"""
from __future__ import annotations

import warnings

from ..indices import INDEX_TYPES, _ItemIndex

# which parameter kinds refer to which family
_REF_KINDS = {
    "node": ("NodeIndex", "ArrayNodeIndex", "NodeIndex2", "NodeIndex3"),
    "object": ("ObjectIndex", "ArrayObjectIndex"),
    "marker": ("MarkerIndex", "ArrayMarkerIndex"),
    "load": ("LoadIndex",),
    "sensor": ("SensorIndex", "ArraySensorIndex"),
}
FAMILIES = ("node", "object", "marker", "load", "sensor")


def _references(mbs, family, index):
    """(family, item number) of every item that refers to ``family`` item ``index``."""
    kinds = _REF_KINDS[family]
    out = []
    for fam in FAMILIES:
        for i, rec in enumerate(mbs._items[fam]):
            for p in rec.spec.params:
                if p.kind not in kinds:
                    continue
                v = rec.values[p.name]
                vals = v if isinstance(v, list) else [v]
                if any(int(x) == index for x in vals):
                    out.append((fam, i))
                    break
    return out


def _renumber(mbs, family, index, suppress):
    kinds = _REF_KINDS[family]
    cls = INDEX_TYPES[family]
    for fam in FAMILIES:
        for i, rec in enumerate(mbs._items[fam]):
            for p in rec.spec.params:
                if p.kind not in kinds:
                    continue
                v = rec.values[p.name]

                def fix(x):
                    k = int(x)
                    if k == index:
                        if not suppress:
                            warnings.warn(f"Delete{family.capitalize()}: {rec.spec.class_name} {i} "
                                          f"('{rec.name}') references the deleted {family} {index}; "
                                          f"its parameter '{p.name}' is set to -1")
                        return -1
                    if k > index:
                        return cls(k - 1) if isinstance(x, _ItemIndex) else k - 1
                    return x
                rec.values[p.name] = [fix(x) for x in v] if isinstance(v, list) else fix(v)


def _remove(mbs, family, index, suppress):
    del mbs._items[family][index]
    _renumber(mbs, family, index, suppress)


def _own_references(rec, family):
    """The item numbers of ``family`` that the item ``rec`` refers to by its own parameters."""
    out = []
    for p in rec.spec.params:
        if p.kind in _REF_KINDS[family]:
            v = rec.values[p.name]
            out += [int(x) for x in (v if isinstance(v, list) else [v]) if int(x) >= 0]
    return sorted(set(out))


def delete_item(mbs, family, index, dependents=True, suppress=False):
    """Delete item ``index`` of ``family``; with ``dependents`` (DeleteObject's deleteDependentItems,
    DeleteLoad's deleteDependentMarkers) also the items it uses, as Exudyn 1.13.6 does (measured): an
    object's nodes and markers, a load's marker, whatever else refers to them (their references
    become -1, with a warning)."""
    rec = mbs._record(family, index)
    deps = []
    if dependents and family == "object":
        deps = [("node", i) for i in _own_references(rec, "node")] + \
               [("marker", i) for i in _own_references(rec, "marker")]
    elif dependents and family == "load":
        deps = [("marker", i) for i in _own_references(rec, "marker")]
    _remove(mbs, family, index, suppress)
    # (the dependents' families differ from the item's: its removal leaves their numbers; each
    # family from its highest number down keeps the numbers of the others valid)
    for fam, i in sorted(deps, key=lambda x: (FAMILIES.index(x[0]), x[1]), reverse=True):
        _remove(mbs, fam, i, suppress)
