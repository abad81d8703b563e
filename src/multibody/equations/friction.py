"""ConnectorCoordinateSpringDamperExt: a coordinate spring-damper with friction and limit stops.

The force law and the switching of the data coordinates are kernels/friction.py's; this group
reads the parameters, checks the data node as Exudyn 1.13.6 does (the same errors and the warning
for a data node that is not used) and gives the outputs Displacement, Velocity and Force.
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import ModelError, UserFunctionError
from ..kernels import friction as kf
from ..kernels.groups import connectors as kg
from .connectors import ConnectorGroup
from .groups import CONNECTOR_GROUPS, Group, param_array, register

# the parameters in the columns of the kernel's parameter rows
_COLUMNS = {"stiffness": kf.K_SPRING, "damping": kf.D_SPRING, "offset": kf.OFFSET, "velocityOffset": kf.V_OFFSET,
            "factor0": kf.FACTOR0, "factor1": kf.FACTOR1, "dynamicFrictionForce": kf.F_DYN,
            "staticFrictionOffsetForce": kf.F_STATIC, "stickingStiffness": kf.K_STICK,
            "stickingDamping": kf.D_STICK, "exponentialDecayStatic": kf.V_EXP,
            "viscousFrictionFactor": kf.F_VISC, "frictionProportionalZone": kf.V_REG,
            "limitStopsUpper": kf.UPPER, "limitStopsLower": kf.LOWER, "limitStopsStiffness": kf.K_LIMIT,
            "limitStopsDamping": kf.D_LIMIT}
# the user function's arguments after (displacement, velocity), in its order
_USER_ARGS = (kf.K_SPRING, kf.D_SPRING, kf.OFFSET, kf.V_OFFSET, kf.F_DYN, kf.F_STATIC, kf.V_EXP, kf.F_VISC,
              kf.V_REG)
_CLASS = "CObjectConnectorCoordinateSpringDamperExt"


def _flags(p, limit_stops):
    """The kernel's flags of parameter rows p: the data node is used by limit stops and by the
    bristle friction (v_reg = 0 with dynamic or static friction)."""
    friction = (p[:, kf.F_DYN] != 0) | (p[:, kf.F_STATIC] != 0)
    uses = limit_stops | ((p[:, kf.V_REG] == 0) & friction)
    return np.where(uses, kf.USES_DATA, 0) | np.where(limit_stops, kf.LIMIT_STOPS, 0)


@register(CONNECTOR_GROUPS, "ConnectorCoordinateSpringDamperExt")
class CoordinateSpringDamperExts(ConnectorGroup):
    """f = k (q - x_off) + d (v - v_off) + friction + limit stop contact on q = f1 q_m1 - f0 q_m0."""
    marker_kind = "coordinate"
    marker_reads = ()
    kernel, layout = kg.coordinate_spring_dampers_ext, kg.COORDINATE_SPRING_DAMPERS_EXT

    def read_params(self, records):
        n = len(records)
        self.params = np.zeros((n, kf.N_PARAMS))
        for name, col in _COLUMNS.items():
            self.params[:, col] = param_array(records, name)
        self.limit_stops = param_array(records, "useLimitStops", bool)
        self.flags = _flags(self.params, self.limit_stops).astype(np.int64)
        self.data_index = -np.ones(n, dtype=np.int64)
        for i, r in enumerate(records):
            self._check_data_node(i, r)
        self.switches_data = bool((self.flags & kf.USES_DATA).any())
        self.user_mask = np.zeros(n, dtype=bool)
        self.user_mask[self.user] = True
        self.user_force, self.error = np.zeros(n), np.zeros(n)
        self.F, self.S, self.Dv = np.zeros((n, 1)), np.zeros((n, 1, 1)), np.zeros((n, 1, 1))

    def _check_data_node(self, i, r):
        """Exudyn's checks of the data node of item row i (record r); its first data coordinate's
        index where the item uses it."""
        c, item = self.system, int(self.items[i])
        nd = int(r.values["nodeNumber"])
        if nd >= 0:
            c.check_node(self, item, r, nd, ("GenericData",))
        p = self.params[i]
        friction = p[kf.F_DYN] != 0 or p[kf.F_STATIC] != 0
        where = c.describe("object", item)
        if not self.flags[i] & kf.USES_DATA:
            if nd >= 0:
                print(f"WARNING: {where}: {_CLASS}: a data node is supplied, but not needed in this "
                      "configuration; data values will be ignored")
            return
        if nd < 0:
            reason = ("useLimitStops is True, " if self.limit_stops[i] else
                      "frictionProportionalZone is zero and dynamicFriction is non-zero")
            raise ModelError(f"{where}: {_CLASS}: because of {reason} the nodeNumber must contain a valid "
                             "number of a data node (NodeGenericData)")
        if friction and p[kf.K_STICK] == 0:
            raise ModelError(f"{where}: {_CLASS}: in case frictionProportionalZone = 0 or useLimitStops=True, "
                             "and friction parameters != 0, stickingStiffness may not be zero")
        if int(c.node_n_data[nd]) < 3:
            raise ModelError(f"{where}: {_CLASS}: the data node {nd} must have 3 data coordinates (friction "
                             f"mode, last sticking position, limit stop state); it has {int(c.node_n_data[nd])}")
        self.data_index[i] = int(c.node_data_start[nd])

    def update_parameter(self, row, name, value):
        if name in ("activeConnector", "springForceUserFunction"):
            return super().update_parameter(row, name, value)
        col = _COLUMNS.get(name)
        if col is None:
            return False
        old = self.params[row, col]
        self.params[row, col] = value
        if _flags(self.params[row:row + 1], self.limit_stops[row:row + 1])[0] != self.flags[row]:
            self.params[row, col] = old         # (the data node's use changes: Assemble again)
            return False
        return True

    def record_phases(self):
        return ("FORCES", "STIFFNESS", "AFTER_NEWTON") if self.switches_data else ("FORCES", "STIFFNESS")

    def record_parameters(self):
        x_start = self.system.states[ConfigurationType.StartOfStep].x
        return dict(user_force=self.user_force, x_start=x_start, error=self.error, params=self.params, F=self.F,
                    Q=np.zeros((self.n, self.L)), S=self.S, Dv=self.Dv, m0=self.m0, m1=self.m1, flags=self.flags,
                    data_index=self.data_index, is_user=self.user_mask)

    def record_slots(self):
        slots = Group.record_slots(self)
        if self.user:
            slots[kg.FORCE_SLOT] = self.call_back(lambda t, index2: self._user_forces(self.markers(), t))
        return slots

    def motion(self, markers):
        """(q, v) of the items: f1 q_m1 - f0 q_m0 and the same of the velocities."""
        f0, f1 = self.params[:, kf.FACTOR0], self.params[:, kf.FACTOR1]
        return (f1 * markers.cval[self.m1] - f0 * markers.cval[self.m0],
                f1 * markers.cvel[self.m1] - f0 * markers.cvel[self.m0])

    def _user_forces(self, markers, t):
        """The springForceUserFunctions' forces into user_force."""
        q, v = self.motion(markers)
        c = self.system
        mbs = c.mbs
        for i, item, f in self.user_rows():
            args = [float(self.params[i, col]) for col in _USER_ARGS]
            try:
                value = f(mbs, t, item, float(q[i]), float(v[i]), *args)
            except UserFunctionError:
                raise
            except Exception as exc:
                raise c.user_error("springForceUserFunction", item, exc) from exc
            self.user_force[i] = c.user_real("springForceUserFunction", item, value)

    def forces(self, markers, t, with_jacobian):
        if self.user:
            self._user_forces(markers, t)
        x = self.system.states[ConfigurationType.Current].x
        F, S, Dv = np.zeros((self.n, 1)), np.zeros((self.n, 1, 1)), np.zeros((self.n, 1, 1))
        kf.ext_forces(self.m0, self.m1, markers.cval, markers.cvel, self.params, self.flags, x, self.data_index,
                      self.user_mask, self.user_force, F, S, Dv)
        return (F, S, Dv) if with_jacobian else (F, None, None)

    def outputs(self, markers, t):
        q, v = self.motion(markers)
        F, _, _ = self.forces(markers, t, False)
        return dict(Displacement=q, Velocity=v, Force=F[:, 0] * self.active)
