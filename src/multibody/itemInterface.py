"""Item classes under Exudyn's names (exudyn.itemInterface): NodePoint, ObjectMassPoint,
MassPoint, VMassPoint, MarkerBodyPosition, LoadForceVector, Force, SensorNode, ..."""
from .items import REGISTRY as _REGISTRY

globals().update(_REGISTRY.classes)
__all__ = sorted(_REGISTRY.classes)
