"""Derived parameter values of items: the reference frame of an ObjectGround from its optional
referencePosition, referenceRotation and referenceHT (spec bodies.md), the local frame of a rigid
marker from its optional localPosition and localHT (spec markers.md). Exudyn 1.13.6's item dicts
and Get...Parameter give these resolved values (arrays), not the None of a parameter not given."""
import numpy as np


def ground_reference_frame(values):
    """(p (3,), A (3, 3)) of a ground's parameter values: referenceHT's rotation and translation where
    it is given (referencePosition, where given too, wins the translation), else referencePosition
    (default 0) and referenceRotation (default identity)."""
    p, rot, ht = values["referencePosition"], values["referenceRotation"], values["referenceHT"]
    if ht is not None:
        ht = np.asarray(ht, dtype=float)
        return (ht[:3, 3].copy() if p is None else np.asarray(p, dtype=float)), ht[:3, :3].copy()
    return (np.zeros(3) if p is None else np.asarray(p, dtype=float),
            np.eye(3) if rot is None else np.asarray(rot, dtype=float))


def marker_local_point(values):
    """A marker's local point: localPosition, else the translation of localHT, else 0."""
    p = values.get("localPosition")
    if p is not None:
        return np.asarray(p, dtype=float)
    ht = values.get("localHT")
    return np.zeros(3) if ht is None else np.asarray(ht, dtype=float)[:3, 3].copy()


def _ht(A, p):
    ht = np.eye(4)
    ht[:3, :3], ht[:3, 3] = A, p
    return ht


def resolved_values(spec, values):
    """The parameter values as Exudyn reports them (item dicts, Get...Parameter): a ground's reference
    frame and a rigid marker's local frame resolved; other values as stored."""
    if spec.family == "object" and spec.type_name == "Ground":
        p, A = ground_reference_frame(values)
        return dict(values, referencePosition=p, referenceRotation=A, referenceHT=_ht(A, p))
    if spec.family == "marker" and (values.get("localHT", 0) is None or values.get("localPosition", 0) is None):
        p = marker_local_point(values)
        ht = values.get("localHT")
        A = np.eye(3) if ht is None else np.asarray(ht, dtype=float)[:3, :3]
        out = dict(values, localHT=_ht(A, p)) if "localHT" in values else dict(values)
        if "localPosition" in values:
            out["localPosition"] = p
        return out
    return values
