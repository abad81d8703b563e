"""Load groups: generalized forces J^T F on the markers' coordinates."""
from __future__ import annotations

import numpy as np

from .groups import LOAD_GROUPS, Group, register


class LoadGroup(Group):
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
            c = self.system
            for i, f in enumerate(self.uf):
                if f:
                    vec[i] = np.asarray(c.call_user("loadVectorUserFunction", int(self.items[i]), f,
                                                    t, list(self.vec[i]), family="load"), dtype=float)
        return vec

    def ltg(self, markers):
        return markers.ltg[self.marker]


@register(LOAD_GROUPS, "ForceVector")
class ForceLoads(LoadGroup):
    def read_params(self, records):
        super().read_params(records)
        self.body_fixed = np.array([r.values["bodyFixed"] for r in records], dtype=bool)

    def evaluate(self, markers, t, load_factor, out):
        F = self.values(t, load_factor)
        if self.body_fixed.any():
            F = np.where(self.body_fixed[:, None], np.einsum("nij,nj->ni", markers.A[self.marker], F), F)
        out[:] = np.einsum("ndk,nd->nk", markers.Jpos[self.marker], F)


@register(LOAD_GROUPS, "TorqueVector")
class TorqueLoads(ForceLoads):
    def evaluate(self, markers, t, load_factor, out):
        T = self.values(t, load_factor)
        if self.body_fixed.any():
            T = np.where(self.body_fixed[:, None], np.einsum("nij,nj->ni", markers.A[self.marker], T), T)
        out[:] = np.einsum("ndk,nd->nk", markers.Jrot[self.marker], T)


@register(LOAD_GROUPS, "MassProportional")
class MassProportionalLoads(LoadGroup):
    def evaluate(self, markers, t, load_factor, out):
        g = self.values(t, load_factor)
        F = markers.mass[self.marker][:, None] * g
        out[:] = np.einsum("ndk,nd->nk", markers.Jpos[self.marker], F)


@register(LOAD_GROUPS, "Coordinate")
class CoordinateLoads(LoadGroup):
    def read_params(self, records):
        self.vec = np.array([r.values["load"] for r in records], dtype=float)
        self.uf = [r.values["loadUserFunction"] for r in records]
        self.has_uf = any(self.uf)

    def update_parameter(self, row, name, value):
        if name == "load":
            self.vec[row] = value
            return True
        return super().update_parameter(row, name, value)

    def values(self, t, load_factor):
        f = self.vec * load_factor
        if self.has_uf:
            c = self.system
            for i, uf in enumerate(self.uf):
                if uf:
                    f[i] = float(c.call_user("loadUserFunction", int(self.items[i]), uf, t,
                                             float(self.vec[i]), family="load"))
        return f

    def evaluate(self, markers, t, load_factor, out):
        out[:] = markers.cJ[self.marker] * self.values(t, load_factor)[:, None]
