"""Groups of the spatial cable (spec bodies.md ObjectANCFCable, nodes.md NodePointSlope1,
markers.md MarkerBodyBeamShape): slope nodes, ANCF cable elements and the markers on them (group
kernels: kernels/groups/cables.py; the Gauss rules and the parameters are the planar cable's,
equations/cables.py)."""
from __future__ import annotations

import numpy as np

from ..kernels import cables3d as kc3
from ..kernels.groups import cables as kg
from ..kernels.groups import points as kgp
from .cables import ANCFCable2DBodies, CableMarkers, cable_ltg_and_length, check_cable, hermite_mass
from .groups import BODY_GROUPS, MARKER_GROUPS, NODE_GROUPS, register
from .points import MarkerGroup, PointNodes


@register(NODE_GROUPS, "PointSlope1")
class Slope3DNodes(PointNodes):
    """NodePointSlope1 [x, y, z, r'_x, r'_y, r'_z]: the frame is the position (no rotation; Exudyn
    1.13.6 refuses MarkerNodeRigid on it)."""
    n_ode2 = 6
    position_coordinates = 3
    kernel, layout = kgp.point_nodes, kgp.POINT_NODES


@register(BODY_GROUPS, "ANCFCable")
class ANCFCableBodies(ANCFCable2DBodies):
    """ObjectANCFCable: constant mass blocks, elastic and damping forces of all elements by one
    kernel call; outputs at points x of the axis (the other local coordinates are not used, as in
    Exudyn 1.13.6)."""
    width = 12
    spatial = True
    node_types = ("PointSlope1",)
    kernel, layout = kg.ancf_cables_3d, kg.CABLES_3D

    def setup(self, records):
        super().setup(records)
        self.curv_ref = np.zeros(self.bd_x.shape + (3,))
        self.Q = np.zeros((self.n, 12))
        self.frame_local = np.zeros((self.n, 3))

    def record_parameters(self):
        p = super().record_parameters()
        for name in ("is_user", "user_N", "user_M"):       # (no user functions)
            del p[name]
        return p

    def refresh_record(self):
        kc3.strain_and_curvature3d(self.ltg, self.system.q_ref, self.ax_x, self.bd_x, self.L, self.eps_ref,
                                   self.curv_ref)

    def constant_mass_blocks(self, out):
        M4 = self.rho_a[:, None, None] * hermite_mass(self.L)
        out[:] = 0.0
        for c in range(3):
            out[:, c::3, c::3] = M4

    def frame(self, q_tot, v, frames):
        f = frames
        kc3.cable3d_points(self.items, self.ltg, self.L, self.frame_local, self.frame_mean, q_tot, v, f.pos, f.vel,
                           f.Jpos, f.ltg)

    def body_output(self, eq, st, row, var, local):
        """The output ``var`` at the axis point x = local[0] of element ``row`` (spec bodies.md)."""
        from .cable_outputs import cable3d_output
        return cable3d_output(self, st, row, var, local)


class Cable3DMarkers(CableMarkers):
    """MarkerBodyPosition (at x of the axis) and MarkerBodyMass (the element's mean) on
    ObjectANCFCable elements (MarkerBodyRigid: refused, the cable has no orientation)."""
    kernel = kg.cable3d_markers


@register(MARKER_GROUPS, "BodyBeamShape")
class BeamShapeMarkers(MarkerGroup):
    """The 12 total coordinates of an ObjectANCFCable element and their rates (read by
    ObjectJointSliding with the element length; outputs Coordinates, Coordinates_t)."""

    def setup(self, records):
        c = self.system
        self.ltg_of, self.length_of = {}, {}
        for r, item in zip(records, self.items):
            b = int(r.values["bodyNumber"])
            check_cable(c, self, int(item), r, b, spatial=True)
            ltg, L, _, _ = cable_ltg_and_length(c, b)
            self.ltg_of[int(item)] = np.asarray(ltg, dtype=np.int64)
            self.length_of[int(item)] = L


__all__ = ["Slope3DNodes", "ANCFCableBodies", "Cable3DMarkers", "BeamShapeMarkers"]
