"""Groups of the point-mass family: point nodes, generic nodes, ground, mass points,
1D masses, GenericODE2 bodies, and the markers on them."""
from __future__ import annotations

import numpy as np

from ..errors import AssemblyError
from ..items.frames import ground_reference_frame, marker_local_point
from ..kernels import assembly as ka
from ..kernels import constraints as _constraints
from ..kernels import fused as kf
from ..kernels import markers as _markers
from .fused import F as F_SYM
from .fused import Q, Q_TOT, V, Call
from .python_kernels import PythonKernels
from .groups import (BODY_GROUPS, MARKER_GROUPS, NODE_GROUPS, Group, param_array, register)

# called from Python: lean twins (python_kernels.py)
km, kc, kfp = PythonKernels(_markers), PythonKernels(_constraints), PythonKernels(kf)


# ---------------------------------------------------------------- nodes

class NodeGroup(Group):
    """Nodes of one type. ``n_ode2`` coordinates each; ``frame`` writes node frames.
    ``position_coordinates`` k > 0: the frames' position is the first k coordinates (with their
    reference values; components k..2 zero), their velocity those coordinates' velocities; the
    sensor plan (output/sensor_plan.py) reads them from the state without the frames."""
    n_ode2 = 0
    has_frame = True
    position_coordinates = 0

    @classmethod
    def counts(cls, record):
        """(n_ode2, n_ode1, n_ae, n_data) of one node."""
        return cls.n_ode2, 0, 0, 0

    def setup(self, records):
        c = self.system
        self.start = c.node_ode2_start[self.items]
        self.width = self.n_ode2
        self.ltg = self.start[:, None] + np.arange(self.width)[None, :]

    def frame(self, q_tot, v, frames):
        """Write the frames of the group's nodes (rows ``self.items`` of ``frames``)."""


def _check_length(spec_name, rec, param, n):
    v = rec.values[param]
    if len(v) != n:
        raise AssemblyError(f"{spec_name} '{rec.name}': parameter '{param}' must have "
                            f"{n} entries; received {len(v)}")


@register(NODE_GROUPS, "Point")
class PointNodes(NodeGroup):
    n_ode2 = 3
    position_coordinates = 3

    def setup(self, records):
        super().setup(records)
        self.rows = self.items

    def frame(self, q_tot, v, frames):
        km.point_frames(self.items, self.ltg, q_tot, v, frames.pos, frames.vel, frames.Jpos, frames.ltg)

    def fused_frame(self, eq):
        f = eq.node_frames
        return [Call(km.point_frames, self.items, self.ltg, Q_TOT, V, f.pos, f.vel, f.Jpos, f.ltg)]


@register(NODE_GROUPS, "Point2D")
class Point2DNodes(NodeGroup):
    n_ode2 = 2
    position_coordinates = 2

    def frame(self, q_tot, v, frames):
        km.point_frames(self.items, self.ltg, q_tot, v, frames.pos, frames.vel, frames.Jpos, frames.ltg)

    fused_frame = PointNodes.fused_frame


@register(NODE_GROUPS, "PointGround")
class PointGroundNodes(NodeGroup):
    n_ode2 = 0

    def setup(self, records):
        super().setup(records)
        self.ref = param_array(records, "referenceCoordinates").reshape(-1, 3)

    def frame(self, q_tot, v, frames):
        frames.pos[self.items] = self.ref

    def fused_frame(self, eq):
        return []       # constant: written by every update_kinematics, parameters need Assemble()


@register(NODE_GROUPS, "1D")
class Node1DGroup(NodeGroup):
    n_ode2 = 1
    has_frame = False

    def frame(self, q_tot, v, frames):
        # a generic scalar coordinate: no position, but coordinate markers read cval
        frames.ltg[self.items, :1] = self.ltg

    def fused_frame(self, eq):
        return []       # constant: written by every update_kinematics


@register(NODE_GROUPS, "GenericODE2")
class GenericODE2Nodes(NodeGroup):
    has_frame = False

    @classmethod
    def counts(cls, record):
        return int(record.values["numberOfODE2Coordinates"]), 0, 0, 0

    def setup(self, records):
        c = self.system
        self.start = c.node_ode2_start[self.items]
        self.sizes = c.node_n_ode2[self.items]

    def fused_frame(self, eq):
        return []       # no frame: markers and objects read the coordinates


@register(NODE_GROUPS, "GenericData")
class GenericDataNodes(NodeGroup):
    has_frame = False

    @classmethod
    def counts(cls, record):
        return 0, 0, 0, int(record.values["numberOfDataCoordinates"])

    def setup(self, records):
        pass

    def fused_frame(self, eq):
        return []       # no frame; the items that read data coordinates decide on their fused form


# ---------------------------------------------------------------- bodies

class BodyGroup(Group):
    """Bodies of one type: mass matrix blocks, LHS forces, body frames."""
    has_frame = True
    constant_mass = True
    width = 0                # coordinates per body

    def node_numbers(self, records):
        return np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)

    def ltg_of_nodes(self, nodes):
        c = self.system
        return c.node_ode2_start[nodes][:, None] + np.arange(self.width)[None, :]

    def mass_blocks(self, q_tot, v, out):
        """Write (n, w, w) mass blocks."""

    def lhs_forces(self, q, q_tot, v, t, out):
        """Add the (n, w) LHS force vectors (elastic, gyroscopic, ...); default none."""
        return False

    def stiffness_blocks(self, q, q_tot, v, t, out_K, out_D):
        """Write (n, w, w) blocks of dLHS/dq and dLHS/dv; default zero."""
        return False

    def fused_stiffness(self, eq):
        """The compiled refactorization's K and D blocks (equations/fused.py): (calls, K, D), False
        for none (stiffness_blocks returns False), None where there is no fused form."""
        if type(self).stiffness_blocks is BodyGroup.stiffness_blocks:
            return False
        return None

    def frame(self, q_tot, v, frames):
        """Write body frames (reference point of the body)."""


@register(BODY_GROUPS, "Ground")
class GroundBodies(BodyGroup):
    width = 0

    def setup(self, records):
        self.ltg = np.zeros((self.n, 0), dtype=np.int64)
        frames = [ground_reference_frame(r.values) for r in records]
        self.p = np.array([p for p, _ in frames], dtype=float).reshape(-1, 3)
        self.A = np.array([A for _, A in frames], dtype=float).reshape(-1, 3, 3)

    def frame(self, q_tot, v, frames):
        frames.pos[self.items] = self.p
        frames.A[self.items] = self.A

    def fused_frame(self, eq):
        return []       # constant: written by every update_kinematics, parameters need Assemble()


class _SingleNodeBodies(BodyGroup):
    node_type_names: tuple = ()

    def setup(self, records):
        c = self.system
        self.nodes = self.node_numbers(records)
        for r, nd, item in zip(records, self.nodes, self.items):
            c.check_node(self, int(item), r, nd, self.node_type_names)
        self.ltg = self.ltg_of_nodes(self.nodes)
        self.mass = param_array(records, "mass")

    def update_parameter(self, row, name, value):
        if name == "mass":
            self.mass[row] = value
            self.system.mass_changed = True
            return True
        return False


@register(BODY_GROUPS, "MassPoint")
class MassPoints(_SingleNodeBodies):
    width = 3
    node_type_names = ("Point",)

    def mass_blocks(self, q_tot, v, out):
        out[:] = self.mass[:, None, None] * np.eye(3)[None]

    def frame(self, q_tot, v, frames):
        km.point_frames(self.items, self.ltg, q_tot, v, frames.pos, frames.vel, frames.Jpos, frames.ltg)

    def fused_frame(self, eq):
        f = eq.body_frames
        return [Call(km.point_frames, self.items, self.ltg, Q_TOT, V, f.pos, f.vel, f.Jpos, f.ltg)]

    def fused_forces(self, eq):
        return []       # no LHS forces


@register(BODY_GROUPS, "MassPoint2D")
class MassPoints2D(_SingleNodeBodies):
    width = 2
    node_type_names = ("Point2D",)

    def mass_blocks(self, q_tot, v, out):
        out[:] = self.mass[:, None, None] * np.eye(2)[None]

    def frame(self, q_tot, v, frames):
        km.point_frames(self.items, self.ltg, q_tot, v, frames.pos, frames.vel, frames.Jpos, frames.ltg)

    fused_frame = MassPoints.fused_frame
    fused_forces = MassPoints.fused_forces


@register(BODY_GROUPS, "Mass1D")
class Masses1D(_SingleNodeBodies):
    width = 1
    node_type_names = ("1D", "GenericODE2")

    def setup(self, records):
        super().setup(records)
        self.p0 = param_array(records, "referencePosition").reshape(-1, 3)
        self.A0 = np.array([r.values["referenceRotation"] for r in records], dtype=float).reshape(-1, 3, 3)

    def mass_blocks(self, q_tot, v, out):
        out[:, 0, 0] = self.mass

    def frame(self, q_tot, v, frames):
        idx = self.ltg[:, 0]
        ex = self.A0[:, :, 0]
        frames.pos[self.items] = self.p0 + ex * q_tot[idx][:, None]
        frames.vel[self.items] = ex * v[idx][:, None]
        frames.A[self.items] = self.A0
        frames.Jpos[self.items, :, 0] = ex
        frames.ltg[self.items, 0] = idx

    def fused_frame(self, eq):
        f = eq.body_frames
        return [Call(kf.mass_1d_frames, self.items, np.ascontiguousarray(self.ltg[:, 0]), Q_TOT, V, self.p0, self.A0,
                     f.pos, f.vel, f.A, f.Jpos, f.ltg)]

    def fused_forces(self, eq):
        return []       # no LHS forces


@register(BODY_GROUPS, "GenericODE2")
class GenericODE2Bodies(BodyGroup):
    """ObjectGenericODE2: M q_tt + D q_t + K q = f (constant matrices), padded to the widest."""
    has_frame = False

    def setup(self, records):
        c = self.system
        ltgs = []
        for r, item in zip(records, self.items):
            nodes = [int(nd) for nd in r.values["nodeNumbers"]]
            for nd in nodes:
                c.check_node(self, int(item), r, nd, ("GenericODE2", "Point", "Point2D", "1D",
                                                       "RigidBody2D", "RigidBodyEP", "RigidBodyRxyz",
                                                       "RigidBodyRotVecLG"))
            ltgs.append(np.concatenate([c.node_ode2_start[nd] + np.arange(c.node_n_ode2[nd])
                                        for nd in nodes]) if nodes else np.zeros(0, dtype=np.int64))
        self.width = max((len(x) for x in ltgs), default=0)
        self.ltg = -np.ones((self.n, self.width), dtype=np.int64)
        self.M = np.zeros((self.n, self.width, self.width))
        self.K = np.zeros_like(self.M)
        self.D = np.zeros_like(self.M)
        self.f = np.zeros((self.n, self.width))
        self.user = []
        for i, (r, ltg) in enumerate(zip(records, ltgs)):
            k = len(ltg)
            self.ltg[i, :k] = ltg
            for name, target in (("massMatrix", self.M), ("stiffnessMatrix", self.K),
                                 ("dampingMatrix", self.D)):
                mat = _dense(r.values[name])
                if mat is not None and mat.size:
                    if mat.shape != (k, k):
                        c.parameter_error(self, int(self.items[i]), r, name, mat.shape,
                                          f"must be a {k}x{k} matrix (the nodes have {k} coordinates)")
                    target[i, :k, :k] = mat
            fv = np.asarray(r.values["forceVector"], dtype=float)
            if fv.size:
                if fv.size != k:
                    c.parameter_error(self, int(self.items[i]), r, "forceVector", fv.size,
                                      f"must have {k} entries")
                self.f[i, :k] = fv
            if r.values["forceUserFunction"] or r.values["massMatrixUserFunction"]:
                self.user.append((i, r.values["forceUserFunction"], r.values["massMatrixUserFunction"]))
        self.constant_mass = not any(m for _, _, m in self.user)

    def mass_blocks(self, q_tot, v, out):
        out[:] = self.M
        if self.user:
            c = self.system
            for i, _, muf in self.user:
                if muf:
                    k = int((self.ltg[i] >= 0).sum())
                    q = c.current_q[self.ltg[i, :k]]
                    qt = v[self.ltg[i, :k]]
                    out[i, :k, :k] = c.call_user("massMatrixUserFunction", int(self.items[i]),
                                                 muf, c.current_t, int(self.items[i]), q, qt)

    def lhs_forces(self, q, q_tot, v, t, out):
        Qb = np.empty((self.n, self.width))
        kfp.generic_ode2_lhs(self.ltg, q, v, self.K, self.D, self.f, Qb)     # the fused residual's kernel
        out += Qb
        if not self.user:
            return True
        qq = np.where(self.ltg >= 0, q[np.maximum(self.ltg, 0)], 0.0)
        vv = np.where(self.ltg >= 0, v[np.maximum(self.ltg, 0)], 0.0)
        c = self.system
        for i, fuf, _ in self.user:
            if fuf:
                k = int((self.ltg[i] >= 0).sum())
                out[i, :k] -= np.asarray(c.call_user("forceUserFunction", int(self.items[i]), fuf,
                                                     t, int(self.items[i]), qq[i, :k], vv[i, :k]),
                                         dtype=float)
        return True

    def stiffness_blocks(self, q, q_tot, v, t, out_K, out_D):
        out_K[:] = self.K
        out_D[:] = self.D
        return True

    def fused_forces(self, eq):
        """Q = K q + D q_t - f by the kernel of ``lhs_forces``; none with user functions."""
        if self.user:
            return None
        self._fused_Q = np.zeros((self.n, self.width))
        return [Call(kf.generic_ode2_lhs, self.ltg, Q, V, self.K, self.D, self.f, self._fused_Q),
                Call(ka.scatter_add, F_SYM, self.ltg, self._fused_Q, -1.0)]

    def fused_stiffness(self, eq):
        """The constant K and D (no calls); none with user functions."""
        if self.user:
            return None
        return [], self.K, self.D

    def numeric_user_jacobian(self):
        return bool(any(f for _, f, _ in self.user))


_NO_ROTATIONS = np.zeros((0, 3, 3))


def _rotations_or_empty(A_local):
    return _NO_ROTATIONS if A_local is None else A_local


def _dense(m):
    if m is None:
        return None
    if hasattr(m, "GetInternalDenseMatrix"):
        return np.asarray(m.GetInternalDenseMatrix(), dtype=float)
    a = np.asarray(m, dtype=float)
    return a if a.size else None


# ---------------------------------------------------------------- markers

class MarkerGroup(Group):
    """Markers of one type: read node/body frames, write marker frames."""

    def evaluate(self, nodes, bodies, q_tot, v, markers):
        """Write rows ``self.items`` of ``markers``."""


def _local_position(rec):
    """Marker point b: localPosition, else the translation of localHT, else 0."""
    return marker_local_point(rec.values)


def _local_rotations(records):
    """(n, 3, 3) marker rotations A_local from localHT (A_marker = A_body A_local); None if all identity."""
    hts = [r.values.get("localHT") for r in records]
    if all(h is None for h in hts):
        return None
    return np.array([np.eye(3) if h is None else np.asarray(h, dtype=float)[:3, :3] for h in hts])


@register(MARKER_GROUPS, "NodePosition", "NodeRigid")
class NodeFrameMarkers(MarkerGroup):
    def setup(self, records):
        c = self.system
        self.nodes = np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)
        for r, nd, item in zip(records, self.nodes, self.items):
            c.check_marker_node(self, int(item), r, nd, need_frame=True)
        self.A_local = _local_rotations(records)

    def evaluate(self, nodes, bodies, q_tot, v, m):
        km.copy_frames(self.nodes, self.items, _rotations_or_empty(self.A_local),
                       nodes.pos, nodes.vel, nodes.A, nodes.omega, nodes.Jpos, nodes.Jrot, nodes.ltg,
                       m.pos, m.vel, m.A, m.omega, m.Jpos, m.Jrot, m.ltg)

    def fused_evaluate(self, eq):
        n, m = eq.node_frames, eq.markers
        return [Call(km.copy_frames, self.nodes, self.items, _rotations_or_empty(self.A_local),
                     n.pos, n.vel, n.A, n.omega, n.Jpos, n.Jrot, n.ltg,
                     m.pos, m.vel, m.A, m.omega, m.Jpos, m.Jrot, m.ltg)]


@register(MARKER_GROUPS, "BodyPosition", "BodyRigid")
class BodyPointMarkers(MarkerGroup):
    """Marker at a body-fixed point b: p + A b, v + w x (A b), Jpos - skew(A b) Jrot."""

    def setup(self, records):
        c = self.system
        self.bodies = np.array([int(r.values["bodyNumber"]) for r in records], dtype=np.int64)
        for r, b, item in zip(records, self.bodies, self.items):
            c.check_marker_body(self, int(item), r, b)
        self.local = np.array([_local_position(r) for r in records], dtype=float).reshape(-1, 3)
        self.A_local = _local_rotations(records)

    def evaluate(self, nodes, bodies, q_tot, v, m):
        km.body_points(self.bodies, self.items, self.local, _rotations_or_empty(self.A_local),
                       bodies.pos, bodies.vel, bodies.A, bodies.omega, bodies.omega_local, bodies.Jpos,
                       bodies.Jrot, bodies.Jrot_local, bodies.ltg,
                       m.pos, m.vel, m.A, m.omega, m.Jpos, m.Jrot, m.ltg)

    def fused_evaluate(self, eq):
        b, m = eq.body_frames, eq.markers
        return [Call(km.body_points, self.bodies, self.items, self.local, _rotations_or_empty(self.A_local),
                     b.pos, b.vel, b.A, b.omega, b.omega_local, b.Jpos, b.Jrot, b.Jrot_local, b.ltg,
                     m.pos, m.vel, m.A, m.omega, m.Jpos, m.Jrot, m.ltg)]


@register(MARKER_GROUPS, "BodyMass")
class BodyMassMarkers(MarkerGroup):
    """Mass-proportional loads: the body's mass and its position Jacobian at the center of mass."""

    def setup(self, records):
        c = self.system
        self.bodies = np.array([int(r.values["bodyNumber"]) for r in records], dtype=np.int64)
        for r, b, item in zip(records, self.bodies, self.items):
            c.check_marker_body(self, int(item), r, b)
        self.body_mass = np.array([c.body_mass(int(b)) for b in self.bodies])
        self.com = np.array([c.body_com(int(b)) for b in self.bodies]).reshape(-1, 3)

    def evaluate(self, nodes, bodies, q_tot, v, m):
        # the center of mass as a body point (same kinematics as MarkerBodyPosition)
        km.body_points(self.bodies, self.items, self.com, _NO_ROTATIONS,
                       bodies.pos, bodies.vel, bodies.A, bodies.omega, bodies.omega_local, bodies.Jpos,
                       bodies.Jrot, bodies.Jrot_local, bodies.ltg,
                       m.pos, m.vel, m.A, m.omega, m.Jpos, m.Jrot, m.ltg)
        m.mass[self.items] = self.body_mass

    def fused_evaluate(self, eq):
        b, m = eq.body_frames, eq.markers
        m.mass[self.items] = self.body_mass
        return [Call(km.body_points, self.bodies, self.items, self.com, _NO_ROTATIONS,
                     b.pos, b.vel, b.A, b.omega, b.omega_local, b.Jpos, b.Jrot, b.Jrot_local, b.ltg,
                     m.pos, m.vel, m.A, m.omega, m.Jpos, m.Jrot, m.ltg)]


@register(MARKER_GROUPS, "NodeCoordinate")
class NodeCoordinateMarkers(MarkerGroup):
    """Scalar coordinate i of a node, without reference value; ground nodes give 0."""

    def setup(self, records):
        c = self.system
        self.nodes = np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)
        self.coord = np.array([int(r.values["coordinate"]) for r in records], dtype=np.int64)
        self.index = -np.ones(self.n, dtype=np.int64)
        for i, (r, nd, item) in enumerate(zip(records, self.nodes, self.items)):
            c.check_marker_node(self, int(item), r, nd, need_frame=False)
            n_node = int(c.node_n_ode2[nd])
            if n_node == 0:
                continue  # ground node: value 0, empty Jacobian
            if not 0 <= self.coord[i] < n_node:
                c.parameter_error(self, int(item), r, "coordinate", int(self.coord[i]),
                                  f"must be a coordinate of node {int(nd)} (0..{n_node - 1})")
            self.index[i] = c.node_ode2_start[nd] + self.coord[i]
        self.valid = self.index >= 0

    def evaluate(self, nodes, bodies, q_tot, v, m):
        kc.coordinate_markers(self.items, self.index, self.system.current_q, v, m.cval, m.cvel, m.cJ, m.ltg)

    def fused_evaluate(self, eq):
        m = eq.markers
        return [Call(kc.coordinate_markers, self.items, self.index, Q, V, m.cval, m.cvel, m.cJ, m.ltg)]


@register(MARKER_GROUPS, "NodeCoordinates", "ObjectODE2Coordinates")
class CoordinateVectorMarkers(MarkerGroup):
    """Coordinate-vector markers: read directly by the constraints that use them."""

    def setup(self, records):
        c = self.system
        self.ltgs = []
        for r, item in zip(records, self.items):
            if "nodeNumber" in r.values:
                nd = int(r.values["nodeNumber"])
                c.check_marker_node(self, int(item), r, nd, need_frame=False)
                s, k = int(c.node_ode2_start[nd]), int(c.node_n_ode2[nd])
                self.ltgs.append(np.arange(s, s + k))
            else:
                b = int(r.values["objectNumber"])
                c.check_object_exists(self, int(item), r, "objectNumber", b)
                self.ltgs.append(np.asarray(c.object_ltg_ode2[b], dtype=np.int64))
        self.ltg_of = {int(item): l for item, l in zip(self.items, self.ltgs)}

    def fused_evaluate(self, eq):
        """Nothing to compute: the constraints read the coordinates themselves (q_tot, v)."""
        return []
