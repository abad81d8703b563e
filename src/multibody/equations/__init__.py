"""Equations: item groups and the system equations; importing registers the groups."""
from . import points, connectors, constraints, loads, rigid, joints  # noqa: F401
