"""mbs.systemData: the coordinate vectors of every configuration, the sizes, the LTG lists of a
system (Exudyn's SystemData)."""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import ExudynValueError

CFG = ConfigurationType


class SystemData:
    """Coordinate vectors, sizes and LTG lists of a system (mbs.systemData)."""

    def __init__(self, mbs):
        self._mbs = mbs

    def _c(self):
        return self._mbs._require_assembled("systemData")

    def NumberOfNodes(self): return self._mbs.NumberOfNodes()
    def NumberOfObjects(self): return self._mbs.NumberOfObjects()
    def NumberOfMarkers(self): return self._mbs.NumberOfMarkers()
    def NumberOfLoads(self): return self._mbs.NumberOfLoads()
    def NumberOfSensors(self): return self._mbs.NumberOfSensors()

    def ODE2Size(self, configurationType=CFG.Current): return self._c().n_ode2 if self._mbs._compiled else 0
    def ODE1Size(self, configurationType=CFG.Current): return self._c().n_ode1 if self._mbs._compiled else 0
    def AEsize(self, configurationType=CFG.Current): return self._c().n_ae if self._mbs._compiled else 0
    def DataSize(self, configurationType=CFG.Current): return self._c().n_data if self._mbs._compiled else 0

    def SystemSize(self, configurationType=CFG.Current):
        c = self._mbs._compiled
        return 0 if c is None else c.n_ode2 + c.n_ode1 + c.n_ae

    def GetTime(self, configurationType=CFG.Current):
        return float(self._c().state(configurationType).t)

    def SetTime(self, newTime, configurationType=CFG.Current):
        self._c().state(configurationType).t = float(newTime)

    def _get(self, field, configuration, copy=True):
        if self._mbs._compiled is None:
            return np.zeros(0)          # before Assemble: no coordinates (as Exudyn)
        v = getattr(self._c().state(configuration), field)
        return v.copy() if copy else v

    def _set(self, field, values, configuration):
        st = self._c().state(configuration)
        cur = getattr(st, field)
        a = np.asarray(values, dtype=float).ravel()
        if a.shape != cur.shape:
            raise ExudynValueError(f"systemData.Set: vector has size {a.size}, expected {cur.size}")
        cur[:] = a

    def GetODE2Coordinates(self, configuration=CFG.Current, copy=True): return self._get("q", configuration, copy)
    def GetODE2Coordinates_t(self, configuration=CFG.Current, copy=True): return self._get("v", configuration, copy)
    def GetODE2Coordinates_tt(self, configuration=CFG.Current, copy=True): return self._get("a", configuration, copy)
    def GetODE1Coordinates(self, configuration=CFG.Current, copy=True): return self._get("y", configuration, copy)
    def GetODE1Coordinates_t(self, configuration=CFG.Current, copy=True): return self._get("y_t", configuration, copy)
    def GetAECoordinates(self, configuration=CFG.Current, copy=True): return self._get("lam", configuration, copy)
    def GetDataCoordinates(self, configuration=CFG.Current, copy=True): return self._get("x", configuration, copy)

    def SetODE2Coordinates(self, coordinates, configuration=CFG.Current): self._set("q", coordinates, configuration)
    def SetODE2Coordinates_t(self, coordinates, configuration=CFG.Current): self._set("v", coordinates, configuration)
    def SetODE2Coordinates_tt(self, coordinates, configuration=CFG.Current): self._set("a", coordinates, configuration)
    def SetODE1Coordinates(self, coordinates, configuration=CFG.Current): self._set("y", coordinates, configuration)
    def SetODE1Coordinates_t(self, coordinates, configuration=CFG.Current): self._set("y_t", coordinates, configuration)
    def SetAECoordinates(self, coordinates, configuration=CFG.Current): self._set("lam", coordinates, configuration)
    def SetDataCoordinates(self, coordinates, configuration=CFG.Current): self._set("x", coordinates, configuration)

    def GetODE2CoordinatesTotal(self, configuration=CFG.Current):
        c = self._c()
        if configuration == CFG.Reference:
            return c.q_ref.copy()
        return c.q_ref + c.state(configuration).q

    def GetSystemState(self, configuration=CFG.Current):
        st = self._c().state(configuration)
        return [st.q.copy(), st.v.copy(), st.y.copy(), st.lam.copy(), st.x.copy()]

    def SetSystemState(self, systemStateList, configuration=CFG.Current):
        for field, v in zip(("q", "v", "y", "lam", "x"), systemStateList):
            self._set(field, v, configuration)

    def GetSystemStateDict(self, configuration=CFG.Current, reference=False):
        st = self._c().state(configuration)
        cp = (lambda a: a) if reference else (lambda a: a.copy())
        return {"ODE1Coords": cp(st.y), "ODE1Coords_t": cp(st.y_t), "ODE2Coords": cp(st.q),
                "ODE2Coords_t": cp(st.v), "ODE2Coords_tt": cp(st.a), "AECoords": cp(st.lam),
                "dataCoords": cp(st.x)}

    def GetObjectLTGODE2(self, objectNumber):
        """The global ODE2 indices of an object: a body's own, a connector's those of its markers."""
        c, i = self._c(), int(objectNumber)
        group = c.object_group.get(i)
        if not c.object_ltg_ode2[i] and group is not None and hasattr(group[0], "m0"):
            g, row = group
            return [int(x) for x in g.ltg(c.equations.markers)[row] if x >= 0]
        return list(c.object_ltg_ode2[i])

    def GetObjectLTGODE1(self, objectNumber): return []
    def GetObjectLTGAE(self, objectNumber):
        """The global AE indices of an object: a constraint's multipliers, a body's those of its
        nodes (the Euler parameters' normalization)."""
        c, i = self._c(), int(objectNumber)
        own = list(c.object_ltg_ae[i])
        if own or "nodeNumber" not in c.items["object"][i].values:
            return own
        nd = int(c.items["object"][i].values["nodeNumber"])
        s = int(c.node_ae_start[nd])
        return list(range(s, s + int(c.node_n_ae[nd]))) if 0 <= nd < len(c.items["node"]) else []
    def GetObjectLTGData(self, objectNumber): return []

    def GetNodeLTGODE2(self, nodeNumber):
        c = self._c()
        s = int(c.node_ode2_start[int(nodeNumber)])
        return list(range(s, s + int(c.node_n_ode2[int(nodeNumber)])))

    def GetNodeLTGODE1(self, nodeNumber): return []

    def GetNodeLTGAE(self, nodeNumber):
        c = self._c()
        s = int(c.node_ae_start[int(nodeNumber)])
        return list(range(s, s + int(c.node_n_ae[int(nodeNumber)])))

    def GetNodeLTGData(self, nodeNumber): return []

    def Info(self):
        print(self._mbs)

    def __repr__(self):
        return repr(self._mbs)

    def InfoLTG(self):
        """Print the objects' LTG lists and the loads' ODE2 dependencies: model/system_info.py."""
        from .system_info import info_ltg
        info_ltg(self._mbs)

    def AddODE2LoadDependencies(self, loadNumber, globalODE2coordinates):
        """Record ODE2 coordinates a load depends on: model/system_info.py."""
        from .system_info import add_ode2_load_dependencies
        add_ode2_load_dependencies(self._mbs, loadNumber, globalODE2coordinates)
