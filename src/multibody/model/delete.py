"""Deleting items and renumbering the references of the remaining ones.

As in Exudyn 1.13.6: items after the deleted one move down by one; a
reference to the deleted item becomes -1 (invalid) with a warning, unless
the dependent items are deleted too (DeleteObject's markers, DeleteLoad's
markers, DeleteMarker's connectors/loads/sensors when asked).
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


def delete_item(mbs, family, index, dependents=True, suppress=False):
    """Delete item ``index`` of ``family``; with ``dependents`` also the items that depend on it."""
    mbs._record(family, index)
    if dependents and family in ("object", "marker", "load"):
        deps = []
        if family == "object":
            # markers on this body
            deps = [(f, i) for f, i in _references(mbs, "object", index) if f in ("marker", "sensor")]
        elif family == "marker":
            deps = [(f, i) for f, i in _references(mbs, "marker", index) if f in ("object", "load", "sensor")]
        elif family == "load":
            deps = []
            marker = int(mbs._items["load"][index].values["markerNumber"])
            users = [r for r in _references(mbs, "marker", marker) if r != ("load", index)]
            if 0 <= marker and not users:
                deps.append(("marker", marker))
        # delete dependents from the highest index down, keeping numbers of the others valid
        for fam, i in sorted(deps, key=lambda x: (FAMILIES.index(x[0]), x[1]), reverse=True):
            if fam == family and i == index:
                continue
            if fam == family and i < index:
                index -= 1
            _remove(mbs, fam, i, True)
    _remove(mbs, family, index, suppress)
