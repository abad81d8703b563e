"""Rigid-body family: rigid nodes (2D, Euler parameters, Rxyz, rotation vector), rigid bodies,
rotational masses and the markers on them (filled in by the rigid-body work, issue 3)."""
