"""Load groups: generalized forces J^T F on the markers' coordinates."""
from __future__ import annotations

import numpy as np

from ..kernels import records as kr
from ..kernels.groups import loads as kg
from .groups import LOAD_GROUPS, Group, register, split_by


class LoadGroup(Group):
    """Loads of one type (group kernels: kernels/groups/loads.py): the kernel scales loadVector by
    the static solver's load factor and adds J^T F; items with a user function get their values
    from a call back (``user_values_into``)."""
    role = kr.ROLE_LOAD

    def setup(self, records):
        self.marker = np.array([int(r.values["markerNumber"]) for r in records], dtype=np.int64)
        self.read_params(records)

    def read_params(self, records):
        self.vec = np.array([r.values["loadVector"] for r in records], dtype=float).reshape(-1, 3)
        self.uf = [r.values.get("loadVectorUserFunction", 0) for r in records]
        self.has_uf = any(self.uf)

    def update_parameter(self, row, name, value):
        if name == "loadVector":
            self.vec[row] = value
            return True
        if name in ("loadVectorUserFunction", "loadUserFunction"):
            self.uf[row] = value
            self.has_uf = any(self.uf)
            return True
        if name == "bodyFixed" and hasattr(self, "body_fixed"):
            self.body_fixed[row] = value
            return True
        return False

    def record_phases(self):
        return ("FORCES",)

    def refresh_record(self):
        """The user functions' call back (when a group has one) and the flags of the kernel."""
        slots = self.record_slots()
        if self.has_uf and getattr(self, "_user_slot", 0) == 0:
            self._user_slot = self.call_back(lambda t, index2: self.user_values_into(self.values_buffer, t))
        slots[kg.USER_SLOT] = getattr(self, "_user_slot", 0) if self.has_uf else 0

    def values(self, t, load_factor):
        """Current load vectors (n, 3): user function values or factor * loadVector."""
        vec = self.vec * load_factor
        if self.has_uf:
            self.user_values_into(vec, t)
        return vec

    def user_values_into(self, out, t):
        """The user functions' values at time t into their rows of ``out``."""
        c = self.system
        for i, f in enumerate(self.uf):
            if f:
                item = int(self.items[i])
                out[i] = c.user_array("loadVectorUserFunction", item,
                                      c.call_user("loadVectorUserFunction", item, f, t, list(self.vec[i]), family="load"),
                                      (3,), family="load")


@register(LOAD_GROUPS, "ForceVector")
class ForceLoads(LoadGroup):
    kernel, layout = kg.vector_loads, kg.VECTOR_LOADS
    torque = 0
    marker_reads = ("A",)

    def read_params(self, records):
        super().read_params(records)
        self.body_fixed = np.array([r.values["bodyFixed"] for r in records], dtype=bool)
        self.ones = np.ones(self.n)
        self.values_buffer = np.zeros((self.n, 3))

    def record_parameters(self):
        return dict(scale=self.ones, loadVector=self.vec, values=self.values_buffer, bodyFixed=self.body_fixed,
                    marker=self.marker)

    def refresh_record(self):
        super().refresh_record()
        flags = self.record_flags()
        flags[kg.TORQUE] = self.torque
        flags[kg.BODY_FIXED] = int(self.body_fixed.any())

    def jacobian_rows(self, markers):
        return markers.Jpos


@register(LOAD_GROUPS, "TorqueVector")
class TorqueLoads(ForceLoads):
    torque = 1
    marker_reads = ("A", "Jrot")

    def jacobian_rows(self, markers):
        return markers.Jrot


@register(LOAD_GROUPS, "MassProportional")
class MassProportionalLoads(LoadGroup):
    kernel, layout = kg.vector_loads, kg.VECTOR_LOADS
    marker_reads = ()

    def read_params(self, records):
        super().read_params(records)
        self._not_fixed = np.zeros(self.n, dtype=bool)
        self.values_buffer = np.zeros((self.n, 3))
        self.marker_mass = np.zeros(self.n)

    def record_parameters(self):
        # the markers' masses (constant: the BodyMass markers' body masses, set at Assemble)
        self.marker_mass[:] = self.system.equations.markers.mass[self.marker]
        return dict(scale=self.marker_mass, loadVector=self.vec, values=self.values_buffer,
                    bodyFixed=self._not_fixed, marker=self.marker)


@register(LOAD_GROUPS, "Coordinate")
class CoordinateLoads(LoadGroup):
    kernel, layout = kg.coordinate_loads, kg.COORDINATE_LOADS
    marker_reads = ()

    def read_params(self, records):
        self.vec = np.array([r.values["load"] for r in records], dtype=float)
        self.uf = [r.values["loadUserFunction"] for r in records]
        self.has_uf = any(self.uf)
        self.values_buffer = np.zeros(self.n)

    def record_parameters(self):
        return dict(load=self.vec, values=self.values_buffer, marker=self.marker)

    @classmethod
    def split(cls, system, items, records):
        """Loads on ODE1 coordinates form a group of their own (equations/ode1.py)."""
        from .ode1 import on_ode1_marker
        return split_by(records, lambda r: on_ode1_marker(system, r))

    @classmethod
    def build(cls, system, items, records):
        from .ode1 import ODE1CoordinateLoads, on_ode1_marker
        if cls is CoordinateLoads and records and all(on_ode1_marker(system, r) for r in records):
            cls = ODE1CoordinateLoads
        return super(CoordinateLoads, cls).build(system, items, records)

    def update_parameter(self, row, name, value):
        if name == "load":
            self.vec[row] = value
            return True
        return super().update_parameter(row, name, value)

    def user_values_into(self, out, t):
        c = self.system
        for i, uf in enumerate(self.uf):
            if uf:
                item = int(self.items[i])
                out[i] = c.user_real("loadUserFunction", item,
                                     c.call_user("loadUserFunction", item, uf, t, float(self.vec[i]), family="load"),
                                     family="load")

