"""Load groups: generalized forces J^T F on the markers' coordinates."""
from __future__ import annotations

import numpy as np

from ..kernels.assembly import marker_vector_loads_add, scatter_add
from ..kernels import fused as kf
from .fused import F, Call, PythonCall
from .groups import LOAD_GROUPS, Group, register


_NO_ORIENTATIONS = np.empty((0, 3, 3))      # marker_vector_loads_add without body-fixed loads


class LoadGroup(Group):
    # the load vectors (and the CoordinateLoads' values, CoordinateLoads.fused_live_parameters):
    # the fused calls read the group's array vec, or its copy scaled by the load factor from it
    # at every load step (static solver), or the user functions' values made from it
    fused_live_parameters = ("loadVector",)

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
                out[i] = np.asarray(c.call_user("loadVectorUserFunction", int(self.items[i]), f,
                                                t, list(self.vec[i]), family="load"), dtype=float)

    def add_to(self, f, markers, t, load_factor):
        """f += the generalized forces of all loads of the group (one kernel call)."""
        raise NotImplementedError

    def fused_values(self, vec):
        """(calls, the load values the fused kernel call reads): without user functions the
        loadVector, or ``vec``, the static solver's copy scaled by the load factor
        (FusedResidual.set_load_factor). With them the compiled code calls back into Python right
        before the kernel call (kernels/user.py): the values of ``values(t, 1)`` into an array of
        their own, or the user functions' values into their rows of ``vec`` (as ``values(t, factor)``),
        the user functions called as in the group-by-group path."""
        if not self.has_uf:
            return [], (self.vec if vec is None else vec)
        if vec is None:
            out = np.zeros_like(self.vec)

            def fill(t, index2):
                out[...] = self.values(t, 1.0)
        else:
            out = vec

            def fill(t, index2):
                self.user_values_into(out, t)
        return [PythonCall(fill)], out


@register(LOAD_GROUPS, "ForceVector")
class ForceLoads(LoadGroup):
    def read_params(self, records):
        super().read_params(records)
        self.body_fixed = np.array([r.values["bodyFixed"] for r in records], dtype=bool)
        self.ones = np.ones(self.n)

    def jacobian_rows(self, markers):
        return markers.Jpos

    def add_to(self, f, markers, t, load_factor):
        marker_vector_loads_add(f, self.marker, markers.ltg, markers.A, self.jacobian_rows(markers),
                                self.values(t, load_factor), self.body_fixed, self.ones)

    def fused_forces(self, eq, vec=None):
        """The fused residual's call; ``vec``: an array of the shape of loadVector used instead of it
        (the static solver's scaled loads)."""
        spec = self.fused_values(vec)
        if spec is None:
            return None
        calls, values = spec
        m = eq.markers
        # the kernel reads the marker orientations only for body-fixed loads; without any, the
        # fused residual need not compute them (FusedResidual._collect; a change of bodyFixed makes
        # a new description)
        A = m.A if self.body_fixed.any() else _NO_ORIENTATIONS
        return calls + [Call(marker_vector_loads_add, F, self.marker, m.ltg, A, self.jacobian_rows(m), values,
                             self.body_fixed, self.ones)]


@register(LOAD_GROUPS, "TorqueVector")
class TorqueLoads(ForceLoads):
    def jacobian_rows(self, markers):
        return markers.Jrot


@register(LOAD_GROUPS, "MassProportional")
class MassProportionalLoads(LoadGroup):
    def read_params(self, records):
        super().read_params(records)
        self._not_fixed = np.zeros(self.n, dtype=bool)

    def add_to(self, f, markers, t, load_factor):
        g = self.values(t, load_factor)
        marker_vector_loads_add(f, self.marker, markers.ltg, markers.A, markers.Jpos, g,
                                self._not_fixed, markers.mass[self.marker])

    def fused_forces(self, eq, vec=None):
        spec = self.fused_values(vec)
        if spec is None:
            return None
        calls, values = spec
        m = eq.markers
        return calls + [Call(marker_vector_loads_add, F, self.marker, m.ltg, _NO_ORIENTATIONS, m.Jpos, values,
                             self._not_fixed, m.mass[self.marker])]


@register(LOAD_GROUPS, "Coordinate")
class CoordinateLoads(LoadGroup):
    fused_live_parameters = ("load",)

    def read_params(self, records):
        self.vec = np.array([r.values["load"] for r in records], dtype=float)
        self.uf = [r.values["loadUserFunction"] for r in records]
        self.has_uf = any(self.uf)

    def update_parameter(self, row, name, value):
        if name == "load":
            self.vec[row] = value
            return True
        return super().update_parameter(row, name, value)

    def user_values_into(self, out, t):
        c = self.system
        for i, uf in enumerate(self.uf):
            if uf:
                out[i] = float(c.call_user("loadUserFunction", int(self.items[i]), uf, t,
                                           float(self.vec[i]), family="load"))

    def add_to(self, f, markers, t, load_factor):
        scatter_add(f, markers.ltg[self.marker], markers.cJ[self.marker] * self.values(t, load_factor)[:, None],
                    1.0)

    def fused_forces(self, eq, vec=None):
        spec = self.fused_values(vec)
        if spec is None:
            return None
        calls, values = spec
        m = eq.markers
        return calls + [Call(kf.coordinate_loads_add, F, self.marker, m.ltg, m.cJ, values)]
