"""Spring-damper groups: marker data -> generalized forces and their Jacobians.

A connector between markers m0 and m1 acts through B = [-J0, J1] (3 x 2K for
position markers, 1 x 2K for coordinate markers): Q_LHS = B^T F,
dQ/dq = B^T (dF/d dp) B, dQ/dq_t = B^T (dF/d dv) B (marker Jacobians taken as
constant, the dominant terms, as spec connectors.md allows).
"""
from __future__ import annotations

import numpy as np

from ..errors import UserFunctionError
from ..kernels import connectors as kc
from .python_kernels import PythonKernels
from .fused import F as F_SYM
from .fused import Call, PythonCall
from ..kernels import assembly as ka
from ..kernels import fused as kf
from .groups import CONNECTOR_GROUPS, Group, param_array, register

_NO_BLOCKS = np.zeros((0, 0, 0))
kcp = PythonKernels(kc)          # called from Python: lean twins (kc: the kernels of the fused calls)


class ConnectorGroup(Group):
    """Connectors with two markers; local width L = 2K."""
    marker_kind = "position"     # or "coordinate"

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

    def evaluate(self, markers, t, out_Q, out_K=None, out_D=None):
        with_jacobian = out_K is not None
        F, S, Dv = self.forces(markers, t, with_jacobian)
        J = markers.Jpos if self.marker_kind == "position" else markers.cJ[:, None, :]
        if not with_jacobian:
            S = Dv = _NO_BLOCKS
            out_K = out_D = _NO_BLOCKS
        kcp.project_to_coordinates(self.m0, self.m1, J, np.ascontiguousarray(F, dtype=float),
                                  np.ascontiguousarray(S, dtype=float), np.ascontiguousarray(Dv, dtype=float),
                                  self.active, with_jacobian, out_Q, out_K, out_D)

    def fused_projection(self, eq, force_kernel, *force_args):
        """Fused calls of a connector: ``force_kernel(*force_args, F)`` writes the marker-space
        forces F (n, d), then Q = B^T F is scattered into the right-hand side. With user functions
        the compiled code calls back for F instead: the group's ``forces`` in Python, the user
        functions called as in the group-by-group path (kernels/user.py)."""
        m = eq.markers
        J = m.Jpos if self.marker_kind == "position" else m.cJ[:, None, :]
        F = np.zeros((self.n, J.shape[1]))
        Q = np.zeros((self.n, self.L))
        first = (self.fused_user_force_calls(m, F, force_kernel, force_args) if self.user
                 else [Call(force_kernel, *force_args, F)])
        return first + [Call(kc.project_to_coordinates, self.m0, self.m1, J, F, _NO_BLOCKS, _NO_BLOCKS,
                             self.active, False, Q, _NO_BLOCKS, _NO_BLOCKS),
                        Call(ka.scatter_add, F_SYM, self.ltg_cache, Q, -1.0)]

    def fused_user_force_calls(self, m, F, force_kernel, force_args):
        """The fused calls that write F where items have user functions: a call back running the
        group's ``forces`` in Python."""
        def forces(t, index2):
            F[...] = self.forces(m, t, False)[0]
        return [PythonCall(forces, reads=[x for x in force_args if isinstance(x, np.ndarray)])]

    def fused_constant_blocks(self, eq, force_kernel, force_args, S, Dv):
        """The compiled refactorization's K and D blocks of a connector whose dF/d dp = S and
        dF/d dv = Dv (n, d, d) are constant: its forces by ``force_kernel(*force_args, F)`` and
        project_to_coordinates, as ``evaluate`` (K and D do not depend on F: with user functions,
        whose Jacobian is that of the parameters as in ``forces``, the same blocks)."""
        m = eq.markers
        n, L = self.n, self.L
        J = m.Jpos if self.marker_kind == "position" else m.cJ[:, None, :]
        F = np.zeros((n, J.shape[1]))
        Q, K, D = np.zeros((n, L)), np.zeros((n, L, L)), np.zeros((n, L, L))
        return [Call(force_kernel, *force_args, F),
                Call(kc.project_to_coordinates, self.m0, self.m1, J, F, S, Dv, self.active, True, Q, K, D)], K, D

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

    # (an actuator force set by a preStep function): the fused force and stiffness calls read these
    # arrays, nothing is derived from them when the fused residual is built
    fused_live_parameters = ("referenceLength", "stiffness", "damping", "force", "velocityOffset")
    def read_params(self, records):
        for name in ("referenceLength", "stiffness", "damping", "force", "velocityOffset"):
            setattr(self, "p_" + name, param_array(records, name))

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
        kcp.spring_damper_marker_forces(self.m0, self.m1, markers.pos, markers.vel, self.p_referenceLength,
                                       self.p_stiffness, self.p_damping, self.p_force, self.p_velocityOffset,
                                       is_user, fsd_user, with_jacobian, F, S, Dv)
        return F, (S if with_jacobian else None), (Dv if with_jacobian else None)

    def _fused_user_forces(self):
        """(mask, forces) of the items with a springForceUserFunction that the fused calls read:
        the residual's call back writes the forces, the compiled refactorization reads those of
        the last residual call (at the same point, as its marker data)."""
        arrays = getattr(self, "_fused_user", None)
        if arrays is None:
            arrays = self._fused_user = (np.zeros(self.n, dtype=bool), np.zeros(self.n))
        return arrays

    def fused_forces(self, eq):
        m = eq.markers
        mask, fsd = self._fused_user_forces() if self.user else (np.zeros(self.n, dtype=bool), np.zeros(self.n))
        return self.fused_projection(eq, kf.spring_damper_forces, self.m0, self.m1, m.pos, m.vel,
                                     self.p_referenceLength, self.p_stiffness, self.p_damping, self.p_force,
                                     self.p_velocityOffset, mask, fsd)

    def fused_user_force_calls(self, m, F, force_kernel, force_args):
        """With user functions: a call back for their forces alone (into the mask and force arrays
        that close ``force_args``; the user functions called as in the group-by-group path), then
        the kernel for F as without."""
        mask, fsd = force_args[-2:]

        def user_forces(t, index2):
            self._user_forces(m, t, mask, fsd)
        return [PythonCall(user_forces, reads=[x for x in force_args[:-2] if isinstance(x, np.ndarray)]),
                Call(force_kernel, *force_args, F)]

    def fused_stiffness(self, eq):
        """K and D blocks of the compiled refactorization: the kernels of ``evaluate`` (with user
        functions: their forces of the last residual call, fused_forces)."""
        m = eq.markers
        n, L = self.n, self.L
        mask, fsd = self._fused_user_forces() if self.user else (np.zeros(n, dtype=bool), np.zeros(n))
        F, S, Dv = np.zeros((n, 3)), np.zeros((n, 3, 3)), np.zeros((n, 3, 3))
        Q, K, D = np.zeros((n, L)), np.zeros((n, L, L)), np.zeros((n, L, L))
        return [Call(kc.spring_damper_marker_forces, self.m0, self.m1, m.pos, m.vel, self.p_referenceLength,
                     self.p_stiffness, self.p_damping, self.p_force, self.p_velocityOffset,
                     mask, fsd, True, F, S, Dv),
                Call(kc.project_to_coordinates, self.m0, self.m1, m.Jpos, F, S, Dv, self.active, True, Q, K, D)], K, D

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
            kcp.spring_damper_deflections(self._user_index, self.m0, self.m1, markers.pos, markers.vel,
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
                out[i] = float(value)
            mask[self.user] = True
        return mask, out

    def outputs(self, markers, t):
        dp, dv, L = self.kinematics(markers)
        e, L_t = kc.unit_and_rate(dp, dv, L)
        F, _, _ = self.forces(markers, t, False)
        fsd = (F * e).sum(axis=1) * self.active
        return dict(Distance=L, Displacement=dp, Velocity=dv, Force=F * self.active[:, None],
                    ForceLocal=fsd,
                    PotentialEnergy=0.5 * self.p_stiffness * (L - self.p_referenceLength) ** 2
                    + self.p_force * (L - self.p_referenceLength))


@register(CONNECTOR_GROUPS, "ConnectorCartesianSpringDamper")
class CartesianSpringDampers(ConnectorGroup):
    FORCE_FROM_FORCES = True

    # the offset only: the compiled refactorization's blocks are made from stiffness and damping
    # when the fused residual is built (fused_constant_blocks)
    fused_live_parameters = ("offset",)
    def read_params(self, records):
        for name in ("stiffness", "damping", "offset"):
            setattr(self, "p_" + name, param_array(records, name).reshape(-1, 3))

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
                F[i] = np.asarray(value, dtype=float)
        if not with_jacobian:
            return F, None, None
        eye = np.eye(3)[None]
        return F, self.p_stiffness[:, :, None] * eye, self.p_damping[:, :, None] * eye

    def fused_forces(self, eq):
        m = eq.markers
        return self.fused_projection(eq, kf.cartesian_spring_forces, self.m0, self.m1, m.pos, m.vel,
                                     self.p_stiffness, self.p_damping, self.p_offset)

    def fused_stiffness(self, eq):
        m = eq.markers
        eye = np.eye(3)[None]
        return self.fused_constant_blocks(eq, kf.cartesian_spring_forces,
                                          (self.m0, self.m1, m.pos, m.vel, self.p_stiffness, self.p_damping,
                                           self.p_offset),
                                          self.p_stiffness[:, :, None] * eye, self.p_damping[:, :, None] * eye)

    def outputs(self, markers, t):
        u = markers.pos[self.m1] - markers.pos[self.m0] - self.p_offset
        dv = markers.vel[self.m1] - markers.vel[self.m0]
        F, _, _ = self.forces(markers, t, False)
        return dict(Displacement=u, Distance=np.sqrt((u * u).sum(axis=1)), Velocity=dv,
                    Force=F * self.active[:, None],
                    PotentialEnergy=0.5 * (self.p_stiffness * u * u).sum(axis=1))


@register(CONNECTOR_GROUPS, "ConnectorCoordinateSpringDamper")
class CoordinateSpringDampers(ConnectorGroup):
    fused_live_parameters = ("offset",)     # (as CartesianSpringDampers)
    marker_kind = "coordinate"

    def read_params(self, records):
        for name in ("stiffness", "damping", "offset"):
            setattr(self, "p_" + name, param_array(records, name))

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
                f[i] = float(value)
        F = f[:, None]
        if not with_jacobian:
            return F, None, None
        return F, self.p_stiffness[:, None, None].copy(), self.p_damping[:, None, None].copy()

    def fused_forces(self, eq):
        m = eq.markers
        return self.fused_projection(eq, kf.coordinate_spring_forces, self.m0, self.m1, m.cval, m.cvel,
                                     self.p_stiffness, self.p_damping, self.p_offset)

    def fused_stiffness(self, eq):
        m = eq.markers
        return self.fused_constant_blocks(eq, kf.coordinate_spring_forces,
                                          (self.m0, self.m1, m.cval, m.cvel, self.p_stiffness, self.p_damping,
                                           self.p_offset),
                                          self.p_stiffness[:, None, None].copy(), self.p_damping[:, None, None].copy())

    def outputs(self, markers, t):
        dq = markers.cval[self.m1] - markers.cval[self.m0]
        dv = markers.cvel[self.m1] - markers.cvel[self.m0]
        F, _, _ = self.forces(markers, t, False)
        return dict(Displacement=dq, Velocity=dv, Force=F[:, 0] * self.active,
                    PotentialEnergy=0.5 * self.p_stiffness * (dq - self.p_offset) ** 2)
