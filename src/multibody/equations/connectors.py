"""Spring-damper groups: marker data -> generalized forces and their Jacobians.

A connector between markers m0 and m1 acts through B = [-J0, J1] (3 x 2K for
position markers, 1 x 2K for coordinate markers): Q_LHS = B^T F,
dQ/dq = B^T (dF/d dp) B, dQ/dq_t = B^T (dF/d dv) B (marker Jacobians taken as
constant, the dominant terms, as spec connectors.md allows).
"""
from __future__ import annotations

import numpy as np

from ..errors import NotImplementedFeatureError, UserFunctionError
from ..kernels import connectors as kc
from ..kernels import records as kr
from ..kernels.groups import connectors as kg
from .groups import CONNECTOR_GROUPS, Group, param_array, register

_NO_BLOCKS = np.zeros((0, 0, 0))


class UserRowsRaise:
    """Output rows that raise NotImplementedFeatureError for items with a user function (1.13.6)."""

    def __init__(self, values, user_rows, group):
        self.values, self.user_rows, self.group = values, set(user_rows), group

    def __getitem__(self, row):
        rows = np.atleast_1d(np.asarray(row)).ravel().tolist()
        bad = [r for r in rows if r in self.user_rows]
        if bad:
            row, g = bad[0], self.group
            spec = g.system.items["object"][int(g.items[row])].spec
            raise NotImplementedFeatureError(f"{spec.class_name}: no PotentialEnergy, its {g.user_key} "
                                             f"defines the {g.user_defines}")
        return self.values[row]


class ConnectorGroup(Group):
    """Connectors with two markers; local width L = 2K (group kernels: kernels/groups/connectors.py)."""
    marker_kind = "position"     # or "coordinate"
    user_key, user_defines = "springForceUserFunction", "force"     # (UserRowsRaise's message)
    role = kr.ROLE_CONNECTOR

    def setup(self, records):
        c = self.system
        self.m0 = np.array([int(r.values["markerNumbers"][0]) for r in records], dtype=np.int64)
        self.m1 = np.array([int(r.values["markerNumbers"][1]) for r in records], dtype=np.int64)
        self.active = param_array(records, "activeConnector", bool)
        self.user = [i for i, r in enumerate(records) if r.values.get("springForceUserFunction")]
        self.user_functions = [records[i].values["springForceUserFunction"] for i in self.user]
        self.read_params(records)
        self.L = 2 * c.K

    def read_params(self, records):
        pass

    def ltg(self, markers):
        return np.concatenate([markers.ltg[self.m0], markers.ltg[self.m1]], axis=1)

    def update_parameter(self, row, name, value):
        if name == "activeConnector":
            self.active[row] = value
            return True
        if name == "springForceUserFunction":
            return False
        arr = getattr(self, "p_" + name, None)
        if arr is not None:
            arr[row] = value
            return True
        return False

    def B(self, markers):
        """(n, 3, 2K) for position markers, (n, 1, 2K) for coordinate markers."""
        if self.marker_kind == "position":
            return np.concatenate([-markers.Jpos[self.m0], markers.Jpos[self.m1]], axis=2)
        return np.concatenate([-markers.cJ[self.m0], markers.cJ[self.m1]], axis=1)[:, None, :]

    def forces(self, markers, t, with_jacobian):
        """Return (F (n, d), dF/d dp (n, d, d), dF/d dv (n, d, d)) in marker space."""
        raise NotImplementedError

    def record_phases(self):
        return ("FORCES", "STIFFNESS")

    def markers(self):
        """The system's marker frames (what the call backs of user functions read)."""
        return self.system.equations.markers

    def record_slots(self):
        """With user functions the forces F of ``forces`` (Python) in a call back, which the
        kernel then projects (CartesianSpringDamper, CoordinateSpringDamper)."""
        slots = super().record_slots()
        if self.user:
            def forces(t, index2):
                self.F[...] = self.forces(self.markers(), t, False)[0]
            slots[kg.FORCE_SLOT] = self.call_back(forces)
        return slots

    # the output Force is forces()' F of active items (SpringDamper, CartesianSpringDamper)
    FORCE_FROM_FORCES = False

    def output_alone(self, name):
        """True if ``output`` computes the output ``name`` without the others."""
        return name == "Force" and self.FORCE_FROM_FORCES

    def output(self, markers, t, name):
        """The output ``name`` of ``outputs`` alone (one sensor or GetObjectOutput reads it):
        Force from ``forces`` where FORCE_FROM_FORCES."""
        if self.output_alone(name):
            return self.forces(markers, t, False)[0] * self.active[:, None]
        return self.outputs(markers, t)[name]

    def user_rows(self):
        """(row, item number, user function) of the items with a springForceUserFunction."""
        rows = getattr(self, "_user_rows", None)
        if rows is None:
            rows = self._user_rows = [(i, int(self.items[i]), f) for i, f in zip(self.user, self.user_functions)]
            self._user_index = np.array(self.user, dtype=np.int64)
        return rows


@register(CONNECTOR_GROUPS, "ConnectorSpringDamper")
class SpringDampers(ConnectorGroup):
    FORCE_FROM_FORCES = True
    marker_reads = ()

    kernel, layout = kg.spring_dampers, kg.SPRING_DAMPERS

    def read_params(self, records):
        for name in ("referenceLength", "stiffness", "damping", "force", "velocityOffset"):
            setattr(self, "p_" + name, param_array(records, name))
        n = len(records)
        self.user_mask, self.user_force = np.zeros(n, dtype=bool), np.zeros(n)
        self.F, self.S, self.Dv = np.zeros((n, 3)), np.zeros((n, 3, 3)), np.zeros((n, 3, 3))

    def kinematics(self, markers):
        dp = markers.pos[self.m1] - markers.pos[self.m0]
        dv = markers.vel[self.m1] - markers.vel[self.m0]
        L = np.sqrt((dp * dp).sum(axis=1))
        return dp, dv, L

    def forces(self, markers, t, with_jacobian):
        is_user, fsd_user = self._user_forces(markers, t)
        F = np.empty((self.n, 3))
        S = np.empty((self.n, 3, 3)) if with_jacobian else _NO_BLOCKS
        Dv = np.empty((self.n, 3, 3)) if with_jacobian else _NO_BLOCKS
        kc.spring_damper_marker_forces(self.m0, self.m1, markers.pos, markers.vel, self.p_referenceLength,
                                       self.p_stiffness, self.p_damping, self.p_force, self.p_velocityOffset,
                                       is_user, fsd_user, with_jacobian, F, S, Dv)
        return F, (S if with_jacobian else None), (Dv if with_jacobian else None)

    def record_parameters(self):
        p = {name: getattr(self, "p_" + name) for name in
             ("referenceLength", "stiffness", "damping", "force", "velocityOffset")}
        return dict(p, user_force=self.user_force, F=self.F, Q=np.zeros((self.n, self.L)), S=self.S, Dv=self.Dv,
                    m0=self.m0, m1=self.m1, is_user=self.user_mask)

    def record_slots(self):
        slots = Group.record_slots(self)
        if self.user:
            slots[kg.FORCE_SLOT] = self.call_back(
                lambda t, index2: self._user_forces(self.markers(), t, self.user_mask, self.user_force))
        return slots

    def _user_forces(self, markers, t, mask=None, out=None):
        """(mask, forces) of the items with a springForceUserFunction (into ``mask``, ``out``
        where given)."""
        if out is None:
            out = np.zeros(self.n)
            mask = np.zeros(self.n, dtype=bool)
        if self.user:
            rows = self.user_rows()
            m = len(rows)
            dl, dl_t = np.empty(m), np.empty(m)
            kc.spring_damper_deflections(self._user_index, self.m0, self.m1, markers.pos, markers.vel,
                                          self.p_referenceLength, self.p_velocityOffset, dl, dl_t)
            # the arguments as Python floats (as Exudyn passes them; indexing NumPy arrays item by
            # item took half of a call)
            dl, dl_t = dl.tolist(), dl_t.tolist()
            k, d, f0 = self.p_stiffness.tolist(), self.p_damping.tolist(), self.p_force.tolist()
            c = self.system
            mbs = c.mbs
            for j, (i, item, f) in enumerate(rows):
                try:
                    value = f(mbs, t, item, dl[j], dl_t[j], k[i], d[i], f0[i])
                except UserFunctionError:
                    raise
                except Exception as exc:
                    raise c.user_error("springForceUserFunction", item, exc) from exc
                out[i] = c.user_real("springForceUserFunction", item, value)
            mask[self.user] = True
        return mask, out

    def outputs(self, markers, t):
        dp, dv, L = self.kinematics(markers)
        e, L_t = kc.unit_and_rate(dp, dv, L)
        F, _, _ = self.forces(markers, t, False)
        fsd = (F * e).sum(axis=1) * self.active
        return dict(Distance=L, Displacement=dp, Velocity=dv, Force=F * self.active[:, None],
                    ForceLocal=fsd,
                    PotentialEnergy=UserRowsRaise((0.5 * self.p_stiffness * (L - self.p_referenceLength) ** 2
                                                   + self.p_force * (L - self.p_referenceLength)) * self.active,
                                                  self.user, self))


@register(CONNECTOR_GROUPS, "ConnectorCartesianSpringDamper")
class CartesianSpringDampers(ConnectorGroup):
    FORCE_FROM_FORCES = True
    marker_reads = ()

    kernel, layout = kg.cartesian_spring_dampers, kg.CARTESIAN_SPRING_DAMPERS

    def read_params(self, records):
        for name in ("stiffness", "damping", "offset"):
            setattr(self, "p_" + name, np.ascontiguousarray(param_array(records, name).reshape(-1, 3)))
        n = len(records)
        self.F, self.S, self.Dv = np.zeros((n, 3)), np.zeros((n, 3, 3)), np.zeros((n, 3, 3))

    def refresh_record(self):
        """dF/d dp = diag(stiffness), dF/d dv = diag(damping) (constant blocks of the kernel)."""
        eye = np.eye(3)[None]
        self.S[:] = self.p_stiffness[:, :, None] * eye
        self.Dv[:] = self.p_damping[:, :, None] * eye

    def record_parameters(self):
        self.refresh_record()
        return dict(stiffness=self.p_stiffness, damping=self.p_damping, offset=self.p_offset, F=self.F,
                    Q=np.zeros((self.n, self.L)), S=self.S, Dv=self.Dv, m0=self.m0, m1=self.m1)

    def forces(self, markers, t, with_jacobian):
        u = markers.pos[self.m1] - markers.pos[self.m0] - self.p_offset
        dv = markers.vel[self.m1] - markers.vel[self.m0]
        F = self.p_stiffness * u + self.p_damping * dv
        if self.user:
            uu, vv = u.tolist(), dv.tolist()
            k, d, off = self.p_stiffness.tolist(), self.p_damping.tolist(), self.p_offset.tolist()
            c = self.system
            mbs = c.mbs
            for i, item, f in self.user_rows():
                try:
                    value = f(mbs, t, item, uu[i], vv[i], k[i], d[i], off[i])
                except UserFunctionError:
                    raise
                except Exception as exc:
                    raise c.user_error("springForceUserFunction", item, exc) from exc
                F[i] = c.user_array("springForceUserFunction", item, value, (3,))
        if not with_jacobian:
            return F, None, None
        eye = np.eye(3)[None]
        return F, self.p_stiffness[:, :, None] * eye, self.p_damping[:, :, None] * eye

    def outputs(self, markers, t):
        u = markers.pos[self.m1] - markers.pos[self.m0] - self.p_offset
        dv = markers.vel[self.m1] - markers.vel[self.m0]
        F, _, _ = self.forces(markers, t, False)
        return dict(Displacement=u, Distance=np.sqrt((u * u).sum(axis=1)), Velocity=dv,
                    Force=F * self.active[:, None],
                    PotentialEnergy=UserRowsRaise(0.5 * (self.p_stiffness * u * u).sum(axis=1) * self.active,
                                                  self.user, self))


@register(CONNECTOR_GROUPS, "ConnectorCoordinateSpringDamper")
class CoordinateSpringDampers(ConnectorGroup):
    marker_kind = "coordinate"
    marker_reads = ()
    kernel, layout = kg.coordinate_spring_dampers, kg.COORDINATE_SPRING_DAMPERS

    def read_params(self, records):
        for name in ("stiffness", "damping", "offset"):
            setattr(self, "p_" + name, param_array(records, name))
        n = len(records)
        self.F, self.S, self.Dv = np.zeros((n, 1)), np.zeros((n, 1, 1)), np.zeros((n, 1, 1))

    def refresh_record(self):
        """dF/d dq = stiffness, dF/d dv = damping (constant blocks of the kernel)."""
        self.S[:, 0, 0] = self.p_stiffness
        self.Dv[:, 0, 0] = self.p_damping

    def record_parameters(self):
        self.refresh_record()
        return dict(stiffness=self.p_stiffness, damping=self.p_damping, offset=self.p_offset, F=self.F,
                    Q=np.zeros((self.n, self.L)), S=self.S, Dv=self.Dv, m0=self.m0, m1=self.m1)

    def forces(self, markers, t, with_jacobian):
        dq = markers.cval[self.m1] - markers.cval[self.m0]
        dv = markers.cvel[self.m1] - markers.cvel[self.m0]
        f = self.p_stiffness * (dq - self.p_offset) + self.p_damping * dv
        if self.user:
            uu, vv = dq.tolist(), dv.tolist()
            k, d, off = self.p_stiffness.tolist(), self.p_damping.tolist(), self.p_offset.tolist()
            c = self.system
            mbs = c.mbs
            for i, item, uf in self.user_rows():
                try:
                    value = uf(mbs, t, item, uu[i], vv[i], k[i], d[i], off[i])
                except UserFunctionError:
                    raise
                except Exception as exc:
                    raise c.user_error("springForceUserFunction", item, exc) from exc
                f[i] = c.user_real("springForceUserFunction", item, value)
        F = f[:, None]
        if not with_jacobian:
            return F, None, None
        return F, self.p_stiffness[:, None, None].copy(), self.p_damping[:, None, None].copy()

    def outputs(self, markers, t):
        dq = markers.cval[self.m1] - markers.cval[self.m0]
        dv = markers.cvel[self.m1] - markers.cvel[self.m0]
        F, _, _ = self.forces(markers, t, False)
        return dict(Displacement=dq, Velocity=dv, Force=F[:, 0] * self.active,
                    PotentialEnergy=UserRowsRaise(0.5 * self.p_stiffness * (dq - self.p_offset) ** 2 * self.active,
                                                  self.user, self))


@register(CONNECTOR_GROUPS, "ConnectorGravity")
class GravityConnectors(ConnectorGroup):
    """ConnectorGravity: the attraction of two masses (kernels/connectors.py gravity_marker_forces)."""
    FORCE_FROM_FORCES = True
    marker_reads = ()
    kernel, layout = kg.gravity_connectors, kg.GRAVITY_CONNECTORS

    def read_params(self, records):
        for name in ("gravitationalConstant", "mass0", "mass1", "minDistanceRegularization"):
            setattr(self, "p_" + name, param_array(records, name))
        n = len(records)
        self.F, self.S, self.Dv = np.zeros((n, 3)), np.zeros((n, 3, 3)), np.zeros((n, 3, 3))

    def record_parameters(self):
        return dict(G=self.p_gravitationalConstant, mass0=self.p_mass0, mass1=self.p_mass1,
                    d_min=self.p_minDistanceRegularization, F=self.F, Q=np.zeros((self.n, self.L)), S=self.S,
                    Dv=self.Dv, m0=self.m0, m1=self.m1)

    def forces(self, markers, t, with_jacobian):
        F, S = np.empty((self.n, 3)), np.empty((self.n, 3, 3))
        kc.gravity_marker_forces(self.m0, self.m1, markers.pos, self.p_gravitationalConstant, self.p_mass0,
                                 self.p_mass1, self.p_minDistanceRegularization, with_jacobian, F, S)
        if not with_jacobian:
            return F, None, None
        return F, S, np.zeros((self.n, 3, 3))

    def outputs(self, markers, t):
        dp = markers.pos[self.m1] - markers.pos[self.m0]
        F, _, _ = self.forces(markers, t, False)
        L = np.sqrt((dp * dp).sum(axis=1))
        return dict(Distance=L, Displacement=dp, Force=F * self.active[:, None],
                    PotentialEnergy=self.potential_energy(L) * self.active)

    def potential_energy(self, L):
        """-G m0 m1 / L, below d_min the integral of the regularized force down from d_min:
        -(G m0 m1 / d)(1 + pi/4 - atan((2 L - d) / d)), as Exudyn 1.13.6 gives it."""
        Gm = self.p_gravitationalConstant * self.p_mass0 * self.p_mass1
        d = self.p_minDistanceRegularization
        inside = L < d
        dd = np.where(inside, d, 1.0)
        regularized = -Gm / dd * (1.0 + np.pi / 4 - np.arctan((2 * L - dd) / dd))
        with np.errstate(divide="ignore"):
            return np.where(inside, regularized, -Gm / L)
