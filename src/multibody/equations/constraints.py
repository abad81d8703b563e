"""Constraint groups: marker data -> residuals g, constraint Jacobians C, reactions C^T lambda.

Each group has ``n_eq`` equations per item (padded to ``E`` with AE index -1
for items with fewer), owns the AE indices ``ae`` (n, E) and acts on the
local coordinates ``ltg`` (n, L). ``evaluate`` returns the residual and the
Jacobian rows; rows of inactive items are replaced by lambda = 0 (residual
lambda, Jacobian 0 and a 1 in the lambda-lambda block).

``level``: 'q' rows are position-level Jacobians (index 3: coefficient 1,
index 2: the velocity form, coefficient gamma'), 'v' rows are genuinely
velocity-level (coefficient gamma' in every mode).
"""
from __future__ import annotations

import numpy as np

from ..kernels import constraints as kc
from ..kernels import records as kr
from ..kernels.groups import constraints as kg
from .groups import CONSTRAINT_GROUPS, Group, param_array, register

_NO_C = np.zeros((0, 0, 0))


class ConstraintGroup(Group):
    n_eq = 1
    role = kr.ROLE_CONSTRAINT
    # outputs that are the multipliers alone (``lambda_output``): a sensor plan reads them without
    # the kinematics (output/sensor_plan.py)
    LAMBDA_OUTPUTS: tuple = ()

    def lambda_indices(self, name):
        """The multipliers that make the output ``name`` (one of LAMBDA_OUTPUTS): their indices
        in lambda, (n, k), -1 for a value that is zero; here the one multiplier of each item (the
        constraint force of a one-equation constraint)."""
        return self.ae[:, :1]

    def lambda_output(self, name, lam):
        """The output ``name`` of LAMBDA_OUTPUTS from the multipliers ``lam`` (lambda_indices):
        (n,) where it is one value per item, else (n, k)."""
        idx = self.lambda_indices(name)
        vals = np.where(idx >= 0, lam[np.maximum(idx, 0)], 0.0)
        return vals[:, 0] if idx.shape[1] == 1 else vals

    @classmethod
    def count(cls, record):
        return cls.n_eq

    def setup(self, records):
        c = self.system
        self.ae = c.object_ae_array(self.items, self.E)
        self.m0 = np.array([int(r.values["markerNumbers"][0]) for r in records], dtype=np.int64)
        self.m1 = np.array([int(r.values["markerNumbers"][1]) for r in records], dtype=np.int64)
        self.active = param_array(records, "activeConnector", bool)
        self.L = 2 * c.K
        self.velocity_level = np.zeros(self.n, dtype=bool)
        self.read_params(records)

    @property
    def E(self):
        return self.n_eq

    def read_params(self, records):
        pass

    def ltg(self, markers):
        return np.concatenate([markers.ltg[self.m0], markers.ltg[self.m1]], axis=1)

    def update_parameter(self, row, name, value):
        if name == "activeConnector":
            self.active[row] = value
            return True
        arr = getattr(self, "p_" + name, None)
        if arr is not None and not callable(value):
            arr[row] = value
            return True
        return False

    def record_phases(self):
        return ("CONSTRAINTS",)

    def free_axes(self):
        """(n, E) rows lambda = 0 besides those of inactive items (joints' free axes); None: none."""
        return None

    def lambda_rows(self):
        """The record's rows lambda = 0 (n, E): inactive items and free axes, kept up to date in
        place (``refresh_record``)."""
        rows = getattr(self, "_lambda_rows", None)
        if rows is None:
            rows = self._lambda_rows = np.zeros(self.ae.shape, dtype=bool)
        rows[:] = ~self.active[:, None]
        free = self.free_axes()
        if free is not None:
            rows |= free
        return rows

    def refresh_record(self):
        self.lambda_rows()

    def markers(self):
        """The system's marker frames (what the call backs of user functions read)."""
        return self.system.equations.markers

    def position_residual(self, markers, t):
        g, _ = self.equations(markers, t, False, False)
        return g


@register(CONSTRAINT_GROUPS, "ConnectorCoordinate")
class CoordinateConstraints(ConstraintGroup):
    """c = k1 q_m1 - q_m0 - offset (index 3); k1 v_m1 - v_m0 - d (index 2 or velocityLevel)."""
    kernel, layout = kg.coordinate_constraints, kg.COORDINATE_CONSTRAINTS
    marker_reads = ()

    def read_params(self, records):
        self.p_offset = param_array(records, "offset")
        self.p_factor1 = param_array(records, "factor1")
        self.velocity_level = param_array(records, "velocityLevel", bool)
        self.p_velocityLevel = self.velocity_level
        self.uf = [r.values["offsetUserFunction"] for r in records]
        self.uf_t = [r.values["offsetUserFunction_t"] for r in records]
        self.has_uf = any(self.uf) or any(self.uf_t)
        n = len(records)
        self.velocity_form = np.zeros(n, dtype=bool)
        self.user_offset, self.user_velocity_offset = np.zeros(n), np.zeros(n)

    def update_parameter(self, row, name, value):
        if name in ("offsetUserFunction", "offsetUserFunction_t"):
            (self.uf if name == "offsetUserFunction" else self.uf_t)[row] = value
            self.has_uf = any(self.uf) or any(self.uf_t)
            return True
        return super().update_parameter(row, name, value)

    def record_parameters(self):
        return dict(factor1=self.p_factor1, offset=self.p_offset, user_offset=self.user_offset,
                    user_velocity_offset=self.user_velocity_offset, velocityLevel=self.velocity_level,
                    velocity_form=self.velocity_form, m0=self.m0, m1=self.m1)

    def _user_offsets(self, t, index2):
        """The forms and offsets at time t with the user functions (the kernel reads them)."""
        for buf, value in zip((self.velocity_form, self.user_offset, self.user_velocity_offset),
                              self.offsets(t, index2)):
            buf[...] = value

    def refresh_record(self):
        super().refresh_record()
        slots = self.record_slots()
        if self.has_uf and getattr(self, "_user_slot", 0) == 0:
            self._user_slot = self.call_back(self._user_offsets)
        slots[kg.USER_SLOT] = getattr(self, "_user_slot", 0) if self.has_uf else 0

    def offsets(self, t, index2):
        """(velocity form flags, position offsets, velocity offsets) at time t, the user functions
        called where the form has one."""
        c = self.system
        vel_form = np.ascontiguousarray(self.velocity_level | index2)
        offset = self.p_offset
        d = np.where(self.velocity_level, self.p_offset, 0.0)
        if self.has_uf:
            offset = offset.copy()
            for i in range(self.n):
                if vel_form[i] and self.uf_t[i]:
                    item = int(self.items[i])
                    d[i] = c.user_real("offsetUserFunction_t", item, c.call_user(
                        "offsetUserFunction_t", item, self.uf_t[i], t, item, self.p_offset[i]))
                elif not vel_form[i] and self.uf[i]:
                    item = int(self.items[i])
                    offset[i] = c.user_real("offsetUserFunction", item, c.call_user(
                        "offsetUserFunction", item, self.uf[i], t, item, self.p_offset[i]))
        return vel_form, offset, d

    def equations(self, markers, t, index2, with_jacobian):
        vel_form, offset, d = self.offsets(t, index2)
        g = np.empty((self.n, 1))
        C = np.empty((self.n, 1, self.L)) if with_jacobian else _NO_C
        kc.coordinate(self.m0, self.m1, markers.cval, markers.cvel, markers.cJ, self.p_factor1, offset, d, vel_form,
                      with_jacobian, g, C)
        return g, (C if with_jacobian else None)

    LAMBDA_OUTPUTS = ("Force",)

    def outputs(self, markers, lam, t):
        g = self.equations(markers, t, np.zeros(self.n, dtype=bool), False)[0][:, 0]
        return dict(Displacement=markers.cval[self.m1] - markers.cval[self.m0],
                    Velocity=markers.cvel[self.m1] - markers.cvel[self.m0],
                    ConstraintEquation=g * self.active, Force=self.lambda_output("Force", lam))


@register(CONSTRAINT_GROUPS, "ConnectorDistance")
class DistanceConstraints(ConstraintGroup):
    """c = |p1 - p0| - d0 (index 3); e . (v1 - v0) (index 2)."""
    kernel, layout = kg.distance_constraints, kg.DISTANCE_CONSTRAINTS
    marker_reads = ()

    def read_params(self, records):
        self.p_distance = param_array(records, "distance")

    def equations(self, markers, t, index2, with_jacobian):
        g = np.empty((self.n, 1))
        C = np.empty((self.n, 1, self.L)) if with_jacobian else _NO_C
        kc.distance(self.m0, self.m1, markers.pos, markers.vel, markers.Jpos, self.p_distance,
                    bool(index2), with_jacobian, g, C)
        return g, (C if with_jacobian else None)

    def record_parameters(self):
        return dict(distance=self.p_distance, m0=self.m0, m1=self.m1)

    LAMBDA_OUTPUTS = ("Force",)

    def outputs(self, markers, lam, t):
        dp = markers.pos[self.m1] - markers.pos[self.m0]
        dv = markers.vel[self.m1] - markers.vel[self.m0]
        L = np.sqrt((dp * dp).sum(axis=1))
        return dict(Distance=L, Displacement=dp, Velocity=dv, Force=self.lambda_output("Force", lam),
                    ConstraintEquation=L - self.p_distance)


@register(CONSTRAINT_GROUPS, "ConnectorCoordinateVector")
class CoordinateVectorConstraints(ConstraintGroup):
    """X1 q1 + Y1 q1^2 - X0 q0 - Y0 q0^2 - v_off = 0 on coordinate-vector markers (total values)."""
    kernel, layout = kg.coordinate_vector_constraints, kg.COORDINATE_VECTOR_CONSTRAINTS
    marker_reads = ()
    # the velocity form X v + Y v^2 is not C_q v = (X + 2 Y q) v: the initial accelerations use the
    # latter (solvers/implicit.py constraint_velocity_derivative), as Exudyn 1.13.6
    velocity_form_beyond_jacobian = True

    @classmethod
    def count(cls, record):
        rows = [np.asarray(record.values[k]).shape[0] for k in
                ("scalingMarker0", "scalingMarker1", "quadraticTermMarker0", "quadraticTermMarker1")
                if np.asarray(record.values[k]).size]
        return max(rows, default=0)

    @property
    def E(self):
        return self._E

    def setup(self, records):
        c = self.system
        self._E = max((self.count(r) for r in records), default=0)
        mg = c.marker_group_of
        self.ltg0, self.ltg1 = [], []
        for r in records:
            m0, m1 = (int(m) for m in r.values["markerNumbers"])
            self.ltg0.append(mg(m0).ltg_of[m0])
            self.ltg1.append(mg(m1).ltg_of[m1])
        self.w0 = max((len(x) for x in self.ltg0), default=0)
        self.w1 = max((len(x) for x in self.ltg1), default=0)
        self.L = self.w0 + self.w1
        self.ltg_arr = -np.ones((self.n, self.L), dtype=np.int64)
        self.X = np.zeros((self.n, self._E, self.L))     # linear terms  [-X0, X1]
        self.Y = np.zeros((self.n, self._E, self.L))     # quadratic terms [-Y0, Y1]
        self.off = np.zeros((self.n, self._E))
        self.neq = np.zeros(self.n, dtype=np.int64)
        self.records = records
        for i, r in enumerate(records):
            l0, l1 = self.ltg0[i], self.ltg1[i]
            self.ltg_arr[i, :len(l0)] = l0
            self.ltg_arr[i, self.w0:self.w0 + len(l1)] = l1
            ne = self.count(r)
            self.neq[i] = ne
            self._check_marker1_matrices(i, r, len(l1))
            for key, sign, lst, col in (("scalingMarker0", -1, self.X, 0), ("scalingMarker1", 1, self.X, self.w0),
                                        ("quadraticTermMarker0", -1, self.Y, 0),
                                        ("quadraticTermMarker1", 1, self.Y, self.w0)):
                mat = np.asarray(r.values[key], dtype=float)
                if mat.size == 0:
                    continue
                nc = len(l0) if key.endswith("0") else len(l1)
                if mat.shape != (ne, nc):
                    c.parameter_error(self, int(self.items[i]), r, key, mat.shape,
                                      f"must be a {ne}x{nc} matrix (equations x marker coordinates)")
                lst[i, :ne, col:col + nc] = sign * mat
            off = np.asarray(r.values["offset"], dtype=float)
            if off.size:
                if off.size != ne:
                    c.parameter_error(self, int(self.items[i]), r, "offset", off.size, f"must have {ne} entries")
                self.off[i, :ne] = off
        self.ae = c.object_ae_array(self.items, self._E)
        self.m0 = np.array([int(r.values["markerNumbers"][0]) for r in records], dtype=np.int64)
        self.m1 = np.array([int(r.values["markerNumbers"][1]) for r in records], dtype=np.int64)
        self.active = param_array(records, "activeConnector", bool)
        self.velocity_level = param_array(records, "velocityLevel", bool)
        self.uf = [(r.values["constraintUserFunction"], r.values["jacobianUserFunction"]) for r in records]

    def _check_marker1_matrices(self, i, r, n1):
        """As Exudyn 1.13.6: scalingMarker1 always, quadraticTermMarker1 where quadraticTermMarker0
        is given, with a column per coordinate of marker 1 (an empty scalingMarker0 is taken)."""
        needed = ["scalingMarker1"]
        if np.asarray(r.values["quadraticTermMarker0"]).size:
            needed.append("quadraticTermMarker1")
        for key in needed:
            if np.asarray(r.values[key]).size == 0:
                self.system.parameter_error(self, int(self.items[i]), r, key, "an empty matrix",
                                            f"must be a matrix with {n1} columns (the coordinates of marker 1)")

    def ltg(self, markers):
        return self.ltg_arr

    def equations(self, markers, t, index2, with_jacobian):
        c = self.system
        # the group kernel's formulas (the Jacobian, and so the reaction C^T lambda, uses the
        # position values also in the velocity form, as Exudyn 1.13.6 does: spec constraints.md)
        g = np.empty((self.n, self._E))
        C = np.empty(self.X.shape) if with_jacobian else _NO_C
        kc.coordinate_vector(self.ltg_arr, c.current_q_tot, c.current_v, self.X, self.Y, self.off,
                              self.velocity_level, bool(index2), bool(with_jacobian), g, C)
        if not with_jacobian:
            C = None
        if not any(uf for uf, _ in self.uf):
            return g, C
        ix = np.maximum(self.ltg_arr, 0)
        valid = self.ltg_arr >= 0
        q = np.where(valid, c.current_q_tot[ix], 0.0)
        v = np.where(valid, c.current_v[ix], 0.0)
        vel_form = (self.velocity_level | index2)
        for i, (uf, juf) in enumerate(self.uf):
            if uf:
                k0, k1 = len(self.ltg0[i]), len(self.ltg1[i])
                qq = np.concatenate([q[i, :k0], q[i, self.w0:self.w0 + k1]])
                vv = np.concatenate([v[i, :k0], v[i, self.w0:self.w0 + k1]])
                ne = int(self.neq[i])
                item = int(self.items[i])
                g[i, :ne] = c.user_array("constraintUserFunction", item, c.call_user(
                    "constraintUserFunction", item, uf, t, item, qq, vv, bool(vel_form[i])), (ne,))
                if with_jacobian and juf:
                    J = c.user_array("jacobianUserFunction", item, c.call_user(
                        "jacobianUserFunction", item, juf, t, item, qq, vv, bool(self.velocity_level[i])),
                        (ne, k0 + k1))
                    C[i] = 0.0
                    C[i, :ne, :k0] = J[:, :k0]
                    C[i, :ne, self.w0:self.w0 + k1] = J[:, k0:]
        return g, C

    def record_parameters(self):
        return dict(offset=self.off, X=self.X, Y=self.Y, velocityLevel=self.velocity_level)

    def record_slots(self):
        """With user functions Python makes g and C (``equations``) in a call back."""
        slots = super().record_slots()
        if any(uf for uf, _ in self.uf):
            def rows(t, index2):
                g, C = self.equations(self.markers(), t, index2, True)
                self.block_g[...] = g
                self.block_C[...] = C
            slots[kg.USER_SLOT] = self.call_back(rows)
        return slots

    def outputs(self, markers, lam, t):
        c = self.system
        ix = np.maximum(self.ltg_arr, 0)
        valid = self.ltg_arr >= 0
        q = np.where(valid, c.current_q_tot[ix], 0.0)
        v = np.where(valid, c.current_v[ix], 0.0)
        out = {"Displacement": [], "Velocity": [], "ConstraintEquation": [], "Force": []}
        g = self.position_residual(markers, t)
        for i in range(self.n):
            k0, k1 = len(self.ltg0[i]), len(self.ltg1[i])
            q0, q1 = q[i, :k0], q[i, self.w0:self.w0 + k1]
            v0, v1 = v[i, :k0], v[i, self.w0:self.w0 + k1]
            if k0 == 0:
                q0, v0 = np.zeros(k1), np.zeros(k1)
            if k1 == 0:
                q1, v1 = np.zeros(k0), np.zeros(k0)
            out["Displacement"].append(q1 - q0)
            out["Velocity"].append(v1 - v0)
            ne = int(self.neq[i])
            out["ConstraintEquation"].append(g[i, :ne] * self.active[i])
            out["Force"].append(lam[self.ae[i, :ne]])
        return out
