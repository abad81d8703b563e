"""First-order equations y_t = f(t, y): ObjectGenericODE1 groups, the markers on ODE1 coordinates
and the coordinate loads on them (group kernels: kernels/groups/ode1.py).

The ODE1 coordinates y are their own block of the state (nodes NodeGenericODE1, numbered in node
order). Their right-hand side f is evaluated in the ODE1 phase at state.y1 = y (values without
reference, as Exudyn passes them); the solvers integrate them with the trapezoidal rule (implicit)
or in the stages of the explicit methods (engine/)."""
from __future__ import annotations

import numpy as np

from ..kernels import records as kr
from ..kernels.groups import ode1 as kg
from .groups import MARKER_GROUPS, ODE1_GROUPS, Group, register
from .loads import CoordinateLoads
from .points import MarkerGroup


@register(ODE1_GROUPS, "GenericODE1")
class GenericODE1Objects(Group):
    """ObjectGenericODE1: y_t = A y + b + f_user(mbs, t, itemNumber, y) on the ODE1 coordinates of
    its nodes (concatenated in the order of nodeNumbers)."""
    role = kr.ROLE_ODE1
    kernel, layout = kg.generic_ode1, kg.GENERIC_ODE1

    def setup(self, records):
        c = self.system
        ltgs = []
        for r, item in zip(records, self.items):
            idx = []
            for nd in r.values["nodeNumbers"]:
                c.check_node(self, int(item), r, int(nd), ("GenericODE1",))
                s, k = int(c.node_ode1_start[int(nd)]), int(c.node_n_ode1[int(nd)])
                idx.extend(range(s, s + k))
            ltgs.append(idx)
        w = max([1] + [len(l) for l in ltgs])
        self.sizes = [len(l) for l in ltgs]
        self.ltg1 = -np.ones((self.n, w), dtype=np.int64)
        self.A, self.b, self.user = np.zeros((self.n, w, w)), np.zeros((self.n, w)), np.zeros((self.n, w))
        for i, (r, l) in enumerate(zip(records, ltgs)):
            self.ltg1[i, :len(l)] = l
            self._set_matrix(i, r, r.values["systemMatrix"])
            self._set_vector(i, r, r.values["rhsVector"])
        self.uf = [r.values.get("rhsUserFunction", 0) for r in records]
        self.records = records

    def _set_matrix(self, i, rec, value):
        k = self.sizes[i]
        A = np.asarray(value, dtype=float)
        if A.size and A.shape != (k, k):
            self.system.parameter_error(self, int(self.items[i]), rec, "systemMatrix", A.shape,
                                        f"must be a {k}x{k} matrix (the object's ODE1 coordinates) or empty")
        self.A[i] = 0.0
        if A.size:
            self.A[i, :k, :k] = A

    def _set_vector(self, i, rec, value):
        k = self.sizes[i]
        b = np.asarray(value, dtype=float).ravel()
        if b.size and b.size != k:
            self.system.parameter_error(self, int(self.items[i]), rec, "rhsVector", b.size,
                                        f"must have {k} entries (the object's ODE1 coordinates) or be empty")
        self.b[i] = 0.0
        if b.size:
            self.b[i, :k] = b

    def record_phases(self):
        return ("ODE1",)

    def record_parameters(self):
        return dict(A=self.A, b=self.b, user=self.user, ltg1=self.ltg1)

    def refresh_record(self):
        slots = self.record_slots()
        if any(self.uf) and getattr(self, "_user_slot", 0) == 0:
            self._user_slot = self.call_back(lambda t, index2: self.user_values(t))
        slots[kg.USER_SLOT] = getattr(self, "_user_slot", 0) if any(self.uf) else 0

    def user_values(self, t):
        """The rhsUserFunctions' values at t and the coordinates of the evaluation (into ``user``)."""
        c = self.system
        y = c.equations.y1_buffer
        for i, f in enumerate(self.uf):
            if not f:
                continue
            k = self.sizes[i]
            item = int(self.items[i])
            self.user[i, :k] = c.user_array("rhsUserFunction", item, c.call_user(
                "rhsUserFunction", item, f, t, item, y[self.ltg1[i, :k]].copy()), (k,))

    def update_parameter(self, row, name, value):
        rec = self.records[row]
        if name == "systemMatrix":
            self._set_matrix(row, rec, value)
            return True
        if name == "rhsVector":
            self._set_vector(row, rec, value)
            return True
        if name == "rhsUserFunction":
            self.uf[row] = value
            return True
        return False

    def ode1_output(self, row, state, name):
        """The outputs Coordinates (y) and Coordinates_t (y_t) of the object ``row`` of a state."""
        y = state.y if name == "Coordinates" else state.y_t
        return np.asarray(y[self.ltg1[row, :self.sizes[row]]], dtype=float).copy()


@register(MARKER_GROUPS, "NodeODE1Coordinate")
class NodeODE1CoordinateMarkers(MarkerGroup):
    """Coordinate i of a node's ODE1 coordinates (read by the loads on them; no frames)."""

    def setup(self, records):
        c = self.system
        self.index = -np.ones(self.n, dtype=np.int64)
        for i, (r, item) in enumerate(zip(records, self.items)):
            nd = int(r.values["nodeNumber"])
            c.check_marker_node(self, int(item), r, nd, need_frame=False)
            k = int(c.node_n_ode1[nd])
            coord = int(r.values["coordinate"])
            if not 0 <= coord < k:
                c.parameter_error(self, int(item), r, "coordinate", coord,
                                  f"must be an ODE1 coordinate of node {nd} (0..{k - 1})" if k else
                                  f"must refer to an ODE1 coordinate, but node {nd} has none")
            self.index[i] = c.node_ode1_start[nd] + coord
        self.ode1_index = {int(item): int(x) for item, x in zip(self.items, self.index)}


def on_ode1_marker(system, record):
    """True if a load's marker is a MarkerNodeODE1Coordinate."""
    markers = system.items["marker"]
    m = int(record.values.get("markerNumber", -1))
    return 0 <= m < len(markers) and markers[m].spec.type_name == "NodeODE1Coordinate"


class ODE1CoordinateLoads(CoordinateLoads):
    """LoadCoordinate on ODE1 coordinates: added to the right-hand side f of y_t = f."""
    kernel, layout = kg.ode1_coordinate_loads, kg.ODE1_COORDINATE_LOADS

    def setup(self, records):
        super().setup(records)
        c = self.system
        self.index = np.array([c.marker_group_of(m).ode1_index[int(m)] for m in self.marker], dtype=np.int64)

    def record_phases(self):
        return ("ODE1",)

    def record_parameters(self):
        return dict(load=self.vec, values=self.values_buffer, index=self.index)
