"""Item declarations, one module per family; importing this registers them all."""
from . import nodes, bodies, markers, connectors, constraints, joints, loads, sensors  # noqa: F401
from .spec import REGISTRY, ItemSpec, Param

__all__ = ["REGISTRY", "ItemSpec", "Param"]
