"""Groups of the point-mass family: point nodes, generic nodes, ground, mass points,
1D masses, GenericODE2 bodies, and the markers on them (their group kernels:
kernels/groups/points.py)."""
from __future__ import annotations

import numpy as np

from ..errors import AssemblyError
from ..items.frames import ground_reference_frame, marker_local_point
from ..kernels import markers as km
from ..kernels import records as kr
from ..kernels import assembly as ka
from ..kernels.groups import points as kg
from .groups import BODY_GROUPS, MARKER_GROUPS, NODE_GROUPS, Group, param_array, register


class SplitOff:
    """A group type some of whose items form groups of other classes: ``split_group(system,
    record)`` is the class of the item's group, None for this class (mass points on ground nodes,
    body markers on cables)."""

    @classmethod
    def split(cls, system, items, records):
        keys = [cls.split_group(system, r) for r in records]
        order = [None] + [k for k in dict.fromkeys(keys) if k is not None]
        parts = [[i for i, k in enumerate(keys) if k is key] for key in order]
        return [p for p in parts if p]

    @classmethod
    def build(cls, system, items, records):
        keys = {cls.split_group(system, r) for r in records}
        if len(keys) == 1 and None not in keys:
            return keys.pop().build(system, items, records)
        return super().build(system, items, records)


# ---------------------------------------------------------------- nodes

class NodeGroup(Group):
    """Nodes of one type. ``n_ode2`` coordinates each; ``frame`` writes node frames (outputs: the
    compiled FRAMES phase writes the system's). ``position_coordinates`` k > 0: the frames'
    position is the first k coordinates (with their reference values; components k..2 zero),
    their velocity those coordinates' velocities; the sensor plan (output/sensor_plan.py) reads
    them from the state without the frames."""
    n_ode2 = 0
    has_frame = True
    position_coordinates = 0
    role = kr.ROLE_NODE

    @classmethod
    def counts(cls, record):
        """(n_ode2, n_ode1, n_ae, n_data) of one node."""
        return cls.n_ode2, 0, 0, 0

    def setup(self, records):
        c = self.system
        self.start = c.node_ode2_start[self.items]
        self.width = self.n_ode2
        self.ltg = np.ascontiguousarray(self.start[:, None] + np.arange(self.width)[None, :])

    def record_phases(self):
        return ("FRAMES",) if self.record_kernel() is not None else ()

    def frame(self, q_tot, v, frames):
        """Write the frames of the group's nodes (rows ``self.items`` of ``frames``)."""

    def constant_frames(self, frames):
        """Write the rows of ``frames`` that do not change with the coordinates (at Assemble)."""


def _check_length(spec_name, rec, param, n):
    v = rec.values[param]
    if len(v) != n:
        raise AssemblyError(f"{spec_name} '{rec.name}': parameter '{param}' must have "
                            f"{n} entries; received {len(v)}")


@register(NODE_GROUPS, "Point")
class PointNodes(NodeGroup):
    n_ode2 = 3
    position_coordinates = 3
    kernel, layout = kg.point_nodes, kg.POINT_NODES

    def frame(self, q_tot, v, frames):
        km.point_frames(self.items, self.ltg, q_tot, v, frames.pos, frames.vel, frames.Jpos, frames.ltg)


@register(NODE_GROUPS, "Point2D")
class Point2DNodes(PointNodes):
    n_ode2 = 2
    position_coordinates = 2


@register(NODE_GROUPS, "PointGround")
class PointGroundNodes(NodeGroup):
    n_ode2 = 0

    def setup(self, records):
        super().setup(records)
        self.ref = param_array(records, "referenceCoordinates").reshape(-1, 3)

    def frame(self, q_tot, v, frames):
        frames.pos[self.items] = self.ref

    def constant_frames(self, frames):
        self.frame(None, None, frames)


@register(NODE_GROUPS, "1D")
class Node1DGroup(NodeGroup):
    n_ode2 = 1
    has_frame = False

    def frame(self, q_tot, v, frames):
        # a generic scalar coordinate: no position, but coordinate markers read cval
        frames.ltg[self.items, :1] = self.ltg

    def constant_frames(self, frames):
        self.frame(None, None, frames)


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


@register(NODE_GROUPS, "GenericODE1")
class GenericODE1Nodes(NodeGroup):
    """First-order coordinates (their equations: ObjectGenericODE1, equations/ode1.py)."""
    has_frame = False

    @classmethod
    def counts(cls, record):
        return 0, int(record.values["numberOfODE1Coordinates"]), 0, 0

    def setup(self, records):
        c = self.system
        self.start = c.node_ode1_start[self.items]
        self.sizes = c.node_n_ode1[self.items]


@register(NODE_GROUPS, "GenericData")
class GenericDataNodes(NodeGroup):
    has_frame = False

    @classmethod
    def counts(cls, record):
        return 0, 0, 0, int(record.values["numberOfDataCoordinates"])

    def setup(self, records):
        pass


# ---------------------------------------------------------------- bodies

class BodyGroup(Group):
    """Bodies of one type: mass matrix blocks, LHS forces, body frames. A group with a constant
    mass matrix fills its blocks in ``constant_mass`` (at Assemble, and after a parameter of it
    changed); the others compute them in the MASS phase of their kernel."""
    has_frame = True
    constant_mass = True
    width = 0                # coordinates per body
    role = kr.ROLE_BODY

    def node_numbers(self, records):
        return np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)

    def ltg_of_nodes(self, nodes):
        c = self.system
        return np.ascontiguousarray(c.node_ode2_start[nodes][:, None] + np.arange(self.width)[None, :])

    def record_phases(self):
        if self.record_kernel() is None:
            return ()
        phases = ["FRAMES"] if self.has_frame else []
        if not self.constant_mass:
            phases.append("MASS")
        return tuple(phases) + self.force_phases

    force_phases = ()   # ("FORCES", "STIFFNESS") of groups with LHS terms

    def constant_mass_blocks(self, out):
        """Write the (n, w, w) constant mass blocks."""

    def frame(self, q_tot, v, frames):
        """Write body frames (reference point of the body; outputs)."""

    def constant_frames(self, frames):
        """Write the rows of ``frames`` that do not change with the coordinates (at Assemble)."""


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

    def constant_frames(self, frames):
        self.frame(None, None, frames)


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


class GroundMassPoints(BodyGroup):
    """Mass points on a NodePointGround: at the node's reference position, without coordinates
    (their mass takes no part in the equations; loads on them act on nothing)."""
    width = 0

    def setup(self, records):
        c = self.system
        self.nodes = np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)
        self.ltg = np.zeros((self.n, 0), dtype=np.int64)
        self.mass = param_array(records, "mass")
        self.p = np.array([c.items["node"][int(nd)].values["referenceCoordinates"] for nd in self.nodes],
                          dtype=float).reshape(-1, 3)

    def update_parameter(self, row, name, value):
        if name == "mass":
            self.mass[row] = value
            return True
        return False

    def frame(self, q_tot, v, frames):
        frames.pos[self.items] = self.p
        frames.vel[self.items] = 0.0

    def constant_frames(self, frames):
        self.frame(None, None, frames)


def _refers_to(system, record, parameter, family, type_names):
    """Whether the parameter of ``record`` names an existing item of ``family`` of one of the
    types ``type_names``."""
    items = system.items[family]
    try:
        k = int(record.values[parameter])
    except (KeyError, TypeError, ValueError):
        return False
    return 0 <= k < len(items) and items[k].spec.type_name in type_names


def _on_ground_node(system, record):
    return _refers_to(system, record, "nodeNumber", "node", ("PointGround",))


@register(BODY_GROUPS, "MassPoint")
class MassPoints(SplitOff, _SingleNodeBodies):
    """Mass points on point nodes; those on a NodePointGround form a GroundMassPoints group."""
    width = 3
    node_type_names = ("Point",)
    kernel, layout = kg.mass_points, kg.MASS_POINTS
    split_group = staticmethod(lambda system, r: GroundMassPoints if _on_ground_node(system, r) else None)

    def constant_mass_blocks(self, out):
        out[:] = self.mass[:, None, None] * np.eye(self.width)[None]

    def frame(self, q_tot, v, frames):
        km.point_frames(self.items, self.ltg, q_tot, v, frames.pos, frames.vel, frames.Jpos, frames.ltg)


@register(BODY_GROUPS, "MassPoint2D")
class MassPoints2D(MassPoints):
    width = 2
    node_type_names = ("Point2D",)


@register(BODY_GROUPS, "Mass1D")
class Masses1D(_SingleNodeBodies):
    width = 1
    node_type_names = ("1D", "GenericODE2")
    kernel, layout = kg.masses_1d, kg.MASSES_1D

    def setup(self, records):
        super().setup(records)
        self.p0 = param_array(records, "referencePosition").reshape(-1, 3)
        self.A0 = np.array([r.values["referenceRotation"] for r in records], dtype=float).reshape(-1, 3, 3)
        self.idx = np.ascontiguousarray(self.ltg[:, 0])

    def record_parameters(self):
        return dict(p0=self.p0, A0=self.A0, idx=self.idx)

    def constant_mass_blocks(self, out):
        out[:, 0, 0] = self.mass

    def frame(self, q_tot, v, frames):
        km.mass_1d_frames(self.items, self.idx, q_tot, v, self.p0, self.A0, frames.pos, frames.vel, frames.A,
                          frames.Jpos, frames.ltg)


@register(BODY_GROUPS, "GenericODE2")
class GenericODE2Bodies(BodyGroup):
    """ObjectGenericODE2: M q_tt + D q_t + K q = f (constant matrices), padded to the widest; the
    user functions by call backs from its kernel (kernels/groups/points.py generic_ode2)."""
    has_frame = False
    kernel, layout = kg.generic_ode2, kg.GENERIC_ODE2
    force_phases = ("FORCES", "STIFFNESS")
    FD_EPS = 1e-7           # relative step of the user forces' forward differences

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
        self.Q = np.zeros((self.n, self.width))
        self.user_force = np.zeros((self.n, self.width))
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
            functions = [r.values[name] for name in ("forceUserFunction", "massMatrixUserFunction",
                                                     "jacobianUserFunction")]
            if any(functions):
                self.user.append((i, *functions))
        self.constant_mass = not any(m for _, _, m, _ in self.user)

    def record_parameters(self):
        return dict(force=self.f, Q=self.Q, user_force=self.user_force, M=self.M, K=self.K, D=self.D)

    def record_slots(self):
        slots = super().record_slots()
        if any(f for _, f, _, _ in self.user):
            slots[kg.GENERIC_FORCE_SLOT] = self.call_back(self._user_forces_into)
        if any(f or j for _, f, _, j in self.user):
            slots[kg.GENERIC_JACOBIAN_SLOT] = self.call_back(self._user_jacobian_into)
        if any(m for _, _, m, _ in self.user):
            slots[kg.GENERIC_MASS_SLOT] = self.call_back(self._user_mass_into)
        return slots

    def constant_mass_blocks(self, out):
        out[:] = self.M

    def _coordinates(self, i):
        """(global indices, q, q_t) of item i (without reference values), at the point of the
        compiled call (CompiledSystem.current_q, current_v)."""
        c = self.system
        idx = self.ltg[i][self.ltg[i] >= 0]
        return idx, c.current_q[idx], c.current_v[idx]

    def _user_force(self, t, i, f, q, v):
        c = self.system
        item = int(self.items[i])
        return np.asarray(c.user_array("forceUserFunction", item, c.call_user("forceUserFunction", item, f, t, item,
                                                                             q, v), (q.size,)))

    def _user_forces_into(self, t, index2):
        """user_force[i] = the forceUserFunction's values (its kernel subtracts them from Q)."""
        for i, f, _, _ in self.user:
            if f:
                idx, q, v = self._coordinates(i)
                self.user_force[i, :idx.size] = self._user_force(t, i, f, q, v)

    def _user_mass_into(self, t, index2):
        """The massMatrixUserFunction's blocks over the constant ones (in the record's M)."""
        c = self.system
        M = self.block_M
        for i, _, f, _ in self.user:
            if f:
                idx, q, v = self._coordinates(i)
                item = int(self.items[i])
                value = c.call_user("massMatrixUserFunction", item, f, c.current_t, item, q, v)
                # None or an empty matrix: no mass (Exudyn's empty MatrixContainer)
                value = _dense(value) if value is None or hasattr(value, "GetInternalDenseMatrix") else value
                k = idx.size
                M[i, :k, :k] = 0.0 if value is None else c.user_array("massMatrixUserFunction", item, value, (k, k))

    def _user_jacobian_into(self, t, index2):
        """The Jacobian of -forceUserFunction added to the record's K and D (its kernel copies the
        constant ones first): the jacobianUserFunction's, or forward differences by each coordinate
        and velocity."""
        c = self.system
        for i, f, _, j in self.user:
            if j:
                self._user_jacobian_function(t, i, j)
                continue
            if not f:
                continue
            idx, q, v = self._coordinates(i)
            k = idx.size
            base = self._user_force(t, i, f, q, v)
            for which, block in ((0, self.block_K), (1, self.block_D)):
                for j in range(k):
                    qq, vv = q.copy(), v.copy()
                    size = c.q_ref[idx[j]] + q[j] if which == 0 else v[j]
                    h = self.FD_EPS * max(1e-2, abs(size))
                    (qq if which == 0 else vv)[j] += h
                    block[i, :k, j] -= (self._user_force(t, i, f, qq, vv) - base) / h

    def _user_jacobian_function(self, t, i, function):
        """The jacobianUserFunction, called as Exudyn with the Newton matrix's factors of K and D
        (fODE2, fODE2_t; not called where both are zero): its value fODE2 K_u + fODE2_t D_u added
        to the K block divided by fODE2 (the engine multiplies K by fODE2), or to D by fODE2_t."""
        c = self.system
        coef = getattr(c, "newton_coef", None)
        f_q, f_v = (float(coef[4]), float(coef[5])) if coef is not None else (1.0, 0.0)
        if f_q == 0.0 and f_v == 0.0:
            return                      # (a matrix without K and D: the function is not called)
        idx, q, v = self._coordinates(i)
        k, item = idx.size, int(self.items[i])
        J = c.user_array("jacobianUserFunction", item,
                         c.call_user("jacobianUserFunction", item, function, t, item, q.tolist(), v.tolist(), f_q, f_v),
                         (k, k))
        if f_q != 0.0:
            self.block_K[i, :k, :k] += J / f_q
        elif f_v != 0.0:
            self.block_D[i, :k, :k] += J / f_v

    def lhs_forces(self, q, q_tot, v, t, out):
        """Q_LHS = K q + D q_t - f - the user forces (the output Force)."""
        Qb = np.empty((self.n, self.width))
        ka.generic_ode2_lhs(self.ltg, q, v, self.K, self.D, self.f, Qb)
        out += Qb
        qq = np.where(self.ltg >= 0, q[np.maximum(self.ltg, 0)], 0.0)
        vv = np.where(self.ltg >= 0, v[np.maximum(self.ltg, 0)], 0.0)
        for i, f, _, _ in self.user:
            if f:
                k = int((self.ltg[i] >= 0).sum())
                out[i, :k] -= self._user_force(t, i, f, qq[i, :k], vv[i, :k])
        return True


def _dense(m):
    if m is None:
        return None
    if hasattr(m, "GetInternalDenseMatrix"):
        return np.asarray(m.GetInternalDenseMatrix(), dtype=float)
    a = np.asarray(m, dtype=float)
    return a if a.size else None


# ---------------------------------------------------------------- markers

class MarkerGroup(Group):
    """Markers of one type: read node/body frames, write marker frames (the MARKERS phase)."""
    role = kr.ROLE_MARKER
    reads_node_frames = False
    reads_body_frames = False

    def record_phases(self):
        return ("MARKERS",) if self.record_kernel() is not None else ()


def _local_position(rec):
    """Marker point b: localPosition, else the translation of localHT, else 0."""
    return marker_local_point(rec.values)


def _local_rotations(records):
    """(n, 3, 3) marker rotations A_local from localHT (A_marker = A_body A_local); empty if all
    identity."""
    hts = [r.values.get("localHT") for r in records]
    if all(h is None for h in hts):
        return np.zeros((0, 3, 3))
    return np.array([np.eye(3) if h is None else np.asarray(h, dtype=float)[:3, :3] for h in hts])


@register(MARKER_GROUPS, "NodePosition", "NodeRigid")
class NodeFrameMarkers(MarkerGroup):
    kernel, layout = kg.node_frame_markers, kg.NODE_FRAME_MARKERS
    reads_node_frames = True

    def setup(self, records):
        c = self.system
        self.nodes = np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)
        for r, nd, item in zip(records, self.nodes, self.items):
            c.check_marker_node(self, int(item), r, nd, need_frame=True)
        self.A_local = _local_rotations(records)

    def record_parameters(self):
        return dict(A_local=self.A_local, nodes=self.nodes)


# bodies whose markers are points of a deformable axis (equations/cables.py CableMarkers,
# equations/cables3d.py Cable3DMarkers, equations/cables_ale.py ALECableMarkers)
CABLE_BODY_TYPES = ("ANCFCable2D", "ANCFCable", "ALEANCFCable2D")


def _cable_markers(system, record):
    """The marker group class of a marker on a cable; None for other bodies."""
    if not _refers_to(system, record, "bodyNumber", "object", CABLE_BODY_TYPES):
        return None
    body_type = system.items["object"][int(record.values["bodyNumber"])].spec.type_name
    if body_type == "ANCFCable":
        from .cables3d import Cable3DMarkers
        return Cable3DMarkers
    if body_type == "ALEANCFCable2D":
        from .cables_ale import ALECableMarkers
        return ALECableMarkers
    from .cables import CableMarkers
    return CableMarkers


@register(MARKER_GROUPS, "BodyPosition", "BodyRigid")
class BodyPointMarkers(SplitOff, MarkerGroup):
    """Marker at a body-fixed point b: p + A b, v + w x (A b), Jpos - skew(A b) Jrot (those on
    cables: CableMarkers)."""
    kernel, layout = kg.body_point_markers, kg.BODY_POINT_MARKERS
    split_group = staticmethod(_cable_markers)
    reads_body_frames = True

    def setup(self, records):
        c = self.system
        self.bodies = np.array([int(r.values["bodyNumber"]) for r in records], dtype=np.int64)
        for r, b, item in zip(records, self.bodies, self.items):
            c.check_marker_body(self, int(item), r, b)
        self.local = np.array([_local_position(r) for r in records], dtype=float).reshape(-1, 3)
        self.A_local = _local_rotations(records)

    def record_parameters(self):
        return dict(local=self.local, A_local=self.A_local, bodies=self.bodies)


@register(MARKER_GROUPS, "BodyMass")
class BodyMassMarkers(SplitOff, MarkerGroup):
    """Mass-proportional loads: the body's mass and its position Jacobian at the center of mass
    (the kernel of a body-fixed point at the center of mass; the masses set at Assemble; those on
    cables: CableMarkers)."""
    kernel, layout = kg.body_point_markers, kg.BODY_POINT_MARKERS
    split_group = staticmethod(_cable_markers)
    reads_body_frames = True

    def setup(self, records):
        c = self.system
        self.bodies = np.array([int(r.values["bodyNumber"]) for r in records], dtype=np.int64)
        for r, b, item in zip(records, self.bodies, self.items):
            c.check_marker_body(self, int(item), r, b)
        self.body_mass = np.array([c.body_mass(int(b)) for b in self.bodies])
        self.com = np.array([c.body_com(int(b)) for b in self.bodies]).reshape(-1, 3)

    def record_parameters(self):
        return dict(local=self.com, bodies=self.bodies)

    def constant_frames(self, frames):
        frames.mass[self.items] = self.body_mass


@register(MARKER_GROUPS, "NodeCoordinate")
class NodeCoordinateMarkers(MarkerGroup):
    """Scalar coordinate i of a node, without reference value; ground nodes give 0."""
    kernel, layout = kg.node_coordinate_markers, kg.NODE_COORDINATE_MARKERS

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

    def record_parameters(self):
        return dict(index=self.index)


@register(MARKER_GROUPS, "NodeCoordinates", "ObjectODE2Coordinates")
class CoordinateVectorMarkers(MarkerGroup):
    """Coordinate-vector markers: read directly by the constraints that use them (no kernel)."""

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
