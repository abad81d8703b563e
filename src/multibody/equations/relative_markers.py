"""Markers on two bodies: the relative translation along, and the relative rotation about, an
axis of body 0 (MarkerBodiesRelativeTranslationCoordinate, MarkerBodiesRelativeRotationCoordinate;
their group kernels: kernels/groups/points.py). A connector sees such a marker as one scalar
coordinate whose Jacobian spans the coordinates of both bodies."""
from __future__ import annotations

import numpy as np

from ..kernels.groups import points as kg
from ..kernels.rotations import normal_and_third
from .groups import MARKER_GROUPS, param_array, register
from .points import MarkerGroup

# |axis0| must be 1 to this tolerance (Exudyn 1.13.6 accepts 1 + 1e-14, refuses 1 + 1e-13)
AXIS_TOLERANCE = 3e-14


def _axis_basis(axis):
    """The basis [n, axis x n, axis] (columns) in which the angle is measured about axis
    (kernels/rotations.py normal_and_third, as ComputeOrthonormalBasisVectors)."""
    n, t = normal_and_third(axis)
    return np.array([n, t, axis]).T


class TwoBodyMarkers(MarkerGroup):
    """Markers on the bodies bodyNumbers = [b0, b1], both with position and orientation."""
    reads_body_frames = True

    def setup(self, records):
        c = self.system
        self.bodies = np.zeros((self.n, 2), dtype=np.int64)
        self.axis = np.zeros((self.n, 3))
        for i, (r, item) in enumerate(zip(records, self.items)):
            bodies = list(r.values["bodyNumbers"])
            if len(bodies) != 2:
                c.parameter_error(self, int(item), r, "bodyNumbers", bodies, "must be a list of 2 body indices")
            for k, b in enumerate(bodies):
                c.check_marker_oriented_body(self, int(item), r, "bodyNumbers", k, int(b))
                self.bodies[i, k] = int(b)
            axis = np.asarray(r.values["axis0"], dtype=float)
            if not abs(np.linalg.norm(axis) - 1.0) <= AXIS_TOLERANCE:
                c.parameter_error(self, int(item), r, "axis0", [float(x) for x in axis], "must have length 1")
            self.axis[i] = axis
        self.offset = param_array(records, "offset")

    def constant_frames(self, frames):
        """The marker's columns (constant): those of body 0, then those of body 1."""
        c = self.system
        frames.ltg[self.items] = -1
        for i, item in enumerate(self.items):
            cols = c.object_ltg_ode2[int(self.bodies[i, 0])] + c.object_ltg_ode2[int(self.bodies[i, 1])]
            frames.ltg[int(item), :len(cols)] = cols


@register(MARKER_GROUPS, "BodiesRelativeTranslationCoordinate")
class RelativeTranslationMarkers(TwoBodyMarkers):
    """a^T (p_1 - p_0) - offset, a = A_0 axis0, p_j the points localPosition0/1 of the bodies."""
    kernel, layout = kg.relative_translation_markers_group, kg.RELATIVE_TRANSLATION_MARKERS
    # the rate has the term of d a/dt, which the Jacobian leaves out (the initial accelerations use
    # the Jacobian's C_q v, as Exudyn)
    rate_beyond_jacobian = True

    def setup(self, records):
        super().setup(records)
        local = [[r.values["localPosition0"], r.values["localPosition1"]] for r in records]
        self.local = np.array(local, dtype=float).reshape(self.n, 2, 3)

    def record_parameters(self):
        return dict(offset=self.offset, axis=self.axis, local=self.local, bodies=self.bodies)


@register(MARKER_GROUPS, "BodiesRelativeRotationCoordinate")
class RelativeRotationMarkers(TwoBodyMarkers):
    """The angle of A_0^T A_1 about axis0 minus offset; with a NodeGenericData (nodeNumber) the
    angle continues beyond +-pi: each converged step stores it there (AFTER_NEWTON)."""
    kernel, layout = kg.relative_rotation_markers_group, kg.RELATIVE_ROTATION_MARKERS

    def setup(self, records):
        super().setup(records)
        c = self.system
        self.basis = np.array([_axis_basis(a) for a in self.axis]).reshape(self.n, 3, 3)
        self.data_index = -np.ones(self.n, dtype=np.int64)
        n_nodes = len(c.items["node"])
        for i, (r, item) in enumerate(zip(records, self.items)):
            nd = int(r.values["nodeNumber"])
            if nd < 0:
                continue
            if nd >= n_nodes or c.items["node"][nd].spec.type_name != "GenericData" or int(c.node_n_data[nd]) < 1:
                c.parameter_error(self, int(item), r, "nodeNumber", nd,
                                  "must be a NodeGenericData with at least 1 data coordinate (or invalid)")
            self.data_index[i] = int(c.node_data_start[nd])

    def record_phases(self):
        return ("MARKERS", "AFTER_NEWTON") if (self.data_index >= 0).any() else ("MARKERS",)

    def record_parameters(self):
        return dict(offset=self.offset, basis=self.basis, data_index=self.data_index, bodies=self.bodies)
