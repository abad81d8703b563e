"""Equations: item groups and the system equations; importing registers the groups."""
from . import points, connectors, constraints, loads, rigid, joints  # noqa: F401
from . import rigid_connectors, ode1  # noqa: F401
from . import friction, relative_markers, cables, cables3d, cables_ale, joints_ale, sliding  # noqa: F401
from . import sliding3d  # noqa: F401
