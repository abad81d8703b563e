"""Derived parameter values of items: the reference frame of an ObjectGround from its optional
referencePosition, referenceRotation and referenceHT (spec bodies.md). Exudyn 1.13.6's item dicts
and GetObjectParameter give these resolved values (arrays), not the None of a parameter not given."""
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


def resolved_values(spec, values):
    """The parameter values as Exudyn reports them (item dicts, GetObjectParameter): a ground's
    reference frame resolved; other items' values as stored."""
    if spec.type_name != "Ground" or spec.family != "object":
        return values
    p, A = ground_reference_frame(values)
    ht = np.eye(4)
    ht[:3, :3], ht[:3, 3] = A, p
    return dict(values, referencePosition=p, referenceRotation=A, referenceHT=ht)
