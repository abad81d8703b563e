"""Rigid-body family: rigid nodes (2D, Euler parameters, Rxyz, rotation vector), rigid bodies,
rotational masses and the rotation-coordinate marker (spec nodes.md, bodies.md, markers.md).

Rotation parameters theta (total) and their rates theta_t give, per node type (``kind``),
the rotation matrix A, the local and global G matrices (omega_local = G_local theta_t,
omega = G theta_t) and the term G_local_t theta_t; all through the batch kernels of
kernels/rotations.py, one call per group.

The NodeRigidBodyRotVecLG rotation coordinates are updated on SO(3) by the implicit solver
(``lie_group_rows``, ``compose``; spec solvers.md 4.9).
"""
from __future__ import annotations

import numpy as np

from ..enums import OutputVariableType as OVT
from ..kernels import records as kr
from ..kernels import rigid as krig
from ..kernels import rotations as rk
from ..kernels.groups import points as kgp
from ..kernels.groups import rigid as kg
from .groups import BODY_GROUPS, MARKER_GROUPS, NODE_GROUPS, param_array, register
from .points import BodyGroup, MarkerGroup, NodeGroup

KIND_OF_NODE = {"RigidBodyEP": "EP", "RigidBodyRxyz": "Rxyz", "RigidBodyRotVecLG": "RotVecLG"}
N_ROT = {"EP": 4, "Rxyz": 3, "RotVecLG": 3}
EYE3 = np.eye(3)
# relative step of the central differences of the gyroscopic terms w.r.t. the coordinates
FD_STEP = kg.FD_STEP


def rotation_kinematics(kind, theta, theta_t):
    """Rotation data of n nodes of one parametrization.

    Parameters
    ----------
    kind : {'EP', 'Rxyz', 'RotVecLG'}
    theta, theta_t : ndarray, shape (n, nr)
        Total rotation parameters and their rates.

    Returns
    -------
    A : (n, 3, 3); G_local, G : (n, 3, nr); gl_t : (n, 3) = G_local_t theta_t;
    g_t : (n, 3) = G_t theta_t (global).
    """
    theta = np.ascontiguousarray(theta, dtype=float)
    theta_t = np.ascontiguousarray(theta_t, dtype=float)
    n, nr = theta.shape[0], N_ROT[kind]
    A = np.empty((n, 3, 3))
    Gl = np.empty((n, 3, nr))
    G = np.empty((n, 3, nr))
    gl_t = np.zeros((n, 3))
    g_t = np.zeros((n, 3))
    rotation_and_g(kind, theta, A, G)
    if kind == "EP":
        # G(ep_t) ep_t = 0 for both G matrices (nodes.md)
        rk.ep_g_local_batch(theta, Gl)
    elif kind == "Rxyz":
        rk.rxyz_g_local_batch(theta, Gl)
        tmp = np.empty((n, 3, 3))
        gl_t = np.einsum("nij,nj->ni", rk.rxyz_g_local_t_batch(theta, theta_t, tmp), theta_t)
        g_t = np.einsum("nij,nj->ni", rk.rxyz_g_t_batch(theta, theta_t, tmp), theta_t)
    else:
        # rotation vector, Lie group node: velocity coordinates are the local angular velocity
        Gl[:] = EYE3
    return A, Gl, G, gl_t, g_t


def rotation_and_g(kind, theta, A, G):
    """The rotation matrices A (n, 3, 3) and global G matrices (n, 3, nr) of rotation_kinematics
    into the given arrays (theta (n, nr) C-ordered)."""
    if kind == "EP":
        rk.ep_rotation_matrix_batch(theta, A)
        rk.ep_g_batch(theta, G)
    elif kind == "Rxyz":
        rk.rxyz_rotation_matrix_batch(theta, A)
        rk.rxyz_g_batch(theta, G)
    else:
        rk.rotvec_rotation_matrix_batch(theta, A)
        G[:] = A


def _mv(M, x):
    return np.einsum("nij,nj->ni", M, x)


def _scratch(idx):
    """The gathers' scratch arrays (qs, vs) of an index array's shape (kernels/groups/rigid.py)."""
    return dict(qs=np.zeros(np.shape(idx)), vs=np.zeros(np.shape(idx)))


# ---------------------------------------------------------------- nodes

@register(NODE_GROUPS, "RigidBody2D")
class NodeRigidBody2DGroup(NodeGroup):
    """[u_x, u_y, psi]: A = Rz(theta), omega = [0, 0, psi_t]."""
    n_ode2 = 3
    position_coordinates = 2
    kernel, layout = kg.rigid_2d_nodes, kg.RIGID_NODES

    def record_parameters(self):
        return _scratch(self.ltg)

    def frame(self, q_tot, v, frames):
        it, idx = self.items, self.ltg
        write_frame_2d(it, q_tot[idx], v[idx], idx, frames)

    def extra_output(self, eq, st, n, var):
        s = int(self.system.node_ode2_start[n])
        if var == OVT.AngularAcceleration:
            return np.array([0.0, 0.0, st.a[s + 2]])
        raise KeyError(var)


def write_frame_2d(it, q, v, idx, frames):
    """Planar frames of the rows ``it`` from [x, y, theta] and their rates (one kernel call)."""
    f = frames
    krig.frames_2d(np.ascontiguousarray(it, dtype=np.int64), np.ascontiguousarray(q), np.ascontiguousarray(v),
                   np.ascontiguousarray(idx, dtype=np.int64), f.pos, f.vel, f.A, f.omega, f.Jpos, f.Jrot,
                   f.omega_local, f.Jrot_local, f.ltg)


class _Rigid3DNodes(NodeGroup):
    """[u, theta]: p = q_ref + u, A(theta), omega = G theta_t, Jpos = [I, 0], Jrot = [0, G]."""
    kind = ""
    position_coordinates = 3

    layout = kg.RIGID_NODES

    def setup(self, records):
        super().setup(records)
        self.ltg_nodes = self.ltg

    def record_parameters(self):
        return _scratch(self.ltg)

    def frame(self, q_tot, v, frames):
        idx = self.ltg_nodes
        write_frame_3d(self.kind, self.items, q_tot[idx], v[idx], idx, frames)

    def extra_output(self, eq, st, n, var):
        if var == OVT.AngularAcceleration:
            c = self.system
            s, k = int(c.node_ode2_start[n]), self.n_ode2
            tot = c.q_ref[s:s + k] + st.q[s:s + k]
            _, _, G, _, g_t = rotation_kinematics(self.kind, tot[None, 3:], st.v[None, s + 3:s + k])
            return G[0] @ st.a[s + 3:s + k] + g_t[0]
        raise KeyError(var)


# the kernels of a node type: frames (outputs), and the group kernels of its nodes and bodies
_FRAMES = {"EP": krig.ep_frames, "Rxyz": krig.rxyz_frames, "RotVecLG": krig.rotvec_frames}
_BODY_KERNELS = {"EP": kg.ep_bodies, "Rxyz": kg.rxyz_bodies, "RotVecLG": kg.rotvec_bodies}


def write_frame_3d(kind, it, q, v, idx, frames):
    """Frames of 3D rigid nodes/bodies: q, v (n, 3 + nr) total coordinates and rates."""
    if kind in _FRAMES:
        kernel = _FRAMES[kind]
        kernel(np.ascontiguousarray(it, dtype=np.int64), np.ascontiguousarray(idx), np.ascontiguousarray(q),
               np.ascontiguousarray(v), frames.pos, frames.vel, frames.A, frames.omega, frames.omega_local,
               frames.Jpos, frames.Jrot, frames.Jrot_local, frames.ltg)
        return
    k = q.shape[1]
    A, Gl, G, _, _ = rotation_kinematics(kind, q[:, 3:], v[:, 3:])
    frames.pos[it] = q[:, :3]
    frames.vel[it] = v[:, :3]
    frames.A[it] = A
    frames.omega[it] = _mv(G, v[:, 3:])
    frames.omega_local[it] = _mv(Gl, v[:, 3:])
    frames.Jpos[it] = 0.0
    frames.Jpos[it, :, :3] = EYE3
    frames.Jrot[it] = 0.0
    frames.Jrot[it, :, 3:k] = G
    frames.Jrot_local[it] = 0.0
    frames.Jrot_local[it, :, 3:k] = Gl
    frames.ltg[it] = -1
    frames.ltg[it, :k] = idx


@register(NODE_GROUPS, "RigidBodyEP")
class NodeRigidBodyEPGroup(_Rigid3DNodes):
    """Euler-parameter nodes: 7 ODE2 and (addConstraintEquation) the AE theta^T theta - 1 = 0.

    Acts as a constraint group (docs/engine.md): index 3 g = theta^T theta - 1, index 2
    g = 2 theta^T theta_t, Jacobian C = [0, 0, 0, 2 theta] on the node's 7 coordinates.
    """
    kind = "EP"
    n_ode2 = 7
    is_constraint = True
    kernel = kg.ep_nodes
    role = kr.ROLE_CONSTRAINT

    @classmethod
    def counts(cls, record):
        return 7, 0, 1 if record.values.get("addConstraintEquation", True) else 0, 0

    def setup(self, records):
        super().setup(records)
        c = self.system
        has = param_array(records, "addConstraintEquation", bool)
        self.ae = np.where(has, c.node_ae_start[self.items], -1)[:, None].astype(np.int64)
        self.active = np.ones(self.n, dtype=bool)
        self.velocity_level = np.zeros(self.n, dtype=bool)
        self.L = 7

    def record_phases(self):
        return ("FRAMES", "CONSTRAINTS")

    def position_residual(self, markers, t):
        """|ep|^2 - 1 (the ConstraintEquation output)."""
        c = self.system
        g = np.empty((self.n, 1))
        krig.ep_normalization(self.ltg_nodes, c.current_q_tot, c.current_v, False, False, g,
                              np.zeros((1, 1, 1)))
        return g

    def outputs(self, markers, lam, t):
        return {}


@register(NODE_GROUPS, "RigidBodyRxyz")
class NodeRigidBodyRxyzGroup(_Rigid3DNodes):
    kind = "Rxyz"
    n_ode2 = 6
    kernel = kg.rxyz_nodes


def lie_group_packed(c):
    """The rotation rows of the system's Lie-group nodes (3 per node, node group by node group, as
    floats) and their reference values, concatenated: the ``lie`` array of the kernels
    lie_newton / lie_store / lie_predict (implicit solvers and their compiled iterations)."""
    rows = [g.lie_group_rows.reshape(-1) for g in c.node_groups
            if getattr(g, "lie_group_rows", None) is not None and g.n]
    if not rows:
        return np.zeros(0)
    r = np.concatenate(rows)
    return np.concatenate([r.astype(float), c.q_ref[r]])


@register(NODE_GROUPS, "RigidBodyRotVecLG")
class NodeRigidBodyRotVecLGGroup(_Rigid3DNodes):
    """Lie-group node: the implicit solvers update the rotation coordinates ``lie_group_rows`` by
    composition, q o exp(-dq) (kernels.integration lie_newton / lie_predict with ``lie_group_packed``;
    nodes.md, solvers.md 4.9); displacements are updated additively."""
    kind = "RotVecLG"
    n_ode2 = 6
    kernel = kg.rotvec_nodes

    def setup(self, records):
        super().setup(records)
        self.lie_group_rows = self.ltg_nodes[:, 3:6]     # (n, 3) global ODE2 indices


# ---------------------------------------------------------------- bodies

ACCELERATION_OUTPUTS = (OVT.Acceleration, OVT.AccelerationLocal, OVT.AngularAcceleration,
                        OVT.AngularAccelerationLocal)


def acceleration_rows(var, A, G, g_t, vr, ar, acc_ref, b):
    """Acceleration outputs (m, 3) of rigid bodies at their local points b (m, 3)
    (kernels/rigid.py acceleration_outputs: omega = G vr, alpha = G ar + g_t); None for another
    output variable."""
    if var not in ACCELERATION_OUTPUTS:
        return None
    out = np.empty((A.shape[0], 3))
    krig.acceleration_outputs(ACCELERATION_OUTPUTS.index(var), A, np.ascontiguousarray(G), g_t,
                              np.ascontiguousarray(vr), np.ascontiguousarray(ar), np.ascontiguousarray(acc_ref),
                              np.ascontiguousarray(b, dtype=float), out)
    return out


_EZ = np.array([[[0.0], [0.0], [1.0]]])          # G of a planar body: omega = e_z theta_t
_ZERO_3 = np.zeros((1, 3))


def inertia_tensor(i6):
    """(n, 6) [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] -> (n, 3, 3)."""
    J = np.empty((i6.shape[0], 3, 3))
    J[:, 0, 0], J[:, 1, 1], J[:, 2, 2] = i6[:, 0], i6[:, 1], i6[:, 2]
    J[:, 1, 2] = J[:, 2, 1] = i6[:, 3]
    J[:, 0, 2] = J[:, 2, 0] = i6[:, 4]
    J[:, 0, 1] = J[:, 1, 0] = i6[:, 5]
    return J


@register(BODY_GROUPS, "RigidBody")
class RigidBodies(BodyGroup):
    """ObjectRigidBody on EP, Rxyz or RotVecLG nodes (bodies.md): coordinates [u; theta],

    M = [[m I, -m A b~ G], [m G^T b~ A^T, G^T J G]] (G = G_local),
    Q_LHS = -[m A (w~ b~ w + b~ G_t theta_t); -G^T (w~ J w + J G_t theta_t)], w = omega_local.
    """
    constant_mass = False
    node_type_names = ("RigidBodyEP", "RigidBodyRxyz", "RigidBodyRotVecLG")
    layout = kg.RIGID_BODIES
    force_phases = ("FORCES", "STIFFNESS")

    @classmethod
    def split(cls, system, items, records):
        """One group per node type (in the order of their first body): a group kernel takes the
        bodies of one parametrization. With a body whose node is not a rigid-body node, one
        group, whose setup reports it."""
        nodes = system.items["node"]
        parts = {}
        for k, r in enumerate(records):
            try:
                nd = int(r.values["nodeNumber"])
                kind = KIND_OF_NODE.get(nodes[nd].spec.type_name) if 0 <= nd < len(nodes) else None
            except (KeyError, TypeError, ValueError):
                kind = None
            if kind is None:
                return [list(range(len(records)))]
            parts.setdefault(kind, []).append(k)
        return list(parts.values())

    def setup(self, records):
        c = self.system
        self.nodes = self.node_numbers(records)
        kinds = []
        for r, nd, item in zip(records, self.nodes, self.items):
            c.check_node(self, int(item), r, nd, self.node_type_names)
            kinds.append(KIND_OF_NODE[c.items["node"][int(nd)].spec.type_name])
        kinds = np.array(kinds)
        self.parts = [(k, np.nonzero(kinds == k)[0]) for k in ("EP", "Rxyz", "RotVecLG") if (kinds == k).any()]
        self.width = max(3 + N_ROT[k] for k, _ in self.parts) if self.parts else 6
        self.ltg = -np.ones((self.n, self.width), dtype=np.int64)
        for k, rows in self.parts:
            w = 3 + N_ROT[k]
            self.ltg[rows, :w] = c.node_ode2_start[self.nodes[rows]][:, None] + np.arange(w)[None, :]
        self.mass = param_array(records, "mass")
        self.i6 = param_array(records, "inertia").reshape(-1, 6)
        self.com = param_array(records, "centerOfMass").reshape(-1, 3)
        self.J = inertia_tensor(self.i6)
        self._check_inertia(records)
        self.Q = np.zeros((self.n, self.width))
        self.kernel = _BODY_KERNELS[self.kind]

    def _check_inertia(self, records):
        """Every inertia tensor positive semi-definite (eigenvalues of all bodies in one call)."""
        if not self.n:
            return
        ev = np.linalg.eigvalsh(self.J)
        scale = np.maximum(1.0, np.abs(self.J).max(axis=(1, 2)))
        bad = np.nonzero(ev.min(axis=1) < -1e-12 * scale)[0]
        if bad.size:
            i = int(bad[0])
            self.system.parameter_error(self, int(self.items[i]), records[i], "inertia", list(self.i6[i]),
                                        "must be a positive semi-definite inertia tensor "
                                        f"(eigenvalues {np.round(ev[i], 12).tolist()})")

    def update_parameter(self, row, name, value):
        if name == "mass":
            self.mass[row] = value
        elif name == "inertia":
            self.i6[row] = value
            self.J[row] = inertia_tensor(self.i6[row:row + 1])[0]
        elif name == "centerOfMass":
            self.com[row] = value
        else:
            return False
        self.system.mass_changed = True
        return True

    def _part_state(self, rows, k, q_tot, v):
        w = 3 + N_ROT[k]
        idx = self.ltg[rows, :w]
        return idx, q_tot[idx], v[idx]

    def frame(self, q_tot, v, frames, parts=None):
        """The frames of the bodies, or of those in ``parts`` (frame_parts) alone."""
        for k, rows in (self.parts if parts is None else parts):
            idx, q, vv = self._part_state(rows, k, q_tot, v)
            write_frame_3d(k, self.items[rows], q, vv, idx, frames)

    def frame_parts(self, objects):
        """The parts (node type, rows) of ``frame`` for the bodies ``objects`` (object numbers)
        alone: a sensor plan's body sensors need the frames of their bodies, not of all."""
        keep = np.isin(self.items, np.asarray(objects, dtype=np.int64))
        return [(k, rows[keep[rows]]) for k, rows in self.parts if keep[rows].any()]

    @property
    def kind(self):
        """'EP', 'Rxyz' or 'RotVecLG': the node type of the group's bodies (``split`` makes one
        group per node type)."""
        return self.parts[0][0] if self.parts else "EP"

    def record_parameters(self):
        return dict(mass=self.mass, J=self.J, com=self.com, Q=self.Q, **_scratch(self.ltg))

    def body_output(self, eq, st, row, var, b):
        if var not in ACCELERATION_OUTPUTS:
            return None
        return self.acceleration_outputs(st, np.array([row]), var, np.reshape(b, (1, 3)))[0]

    def kinetic_energy(self, frames, b, row):
        """1/2 m v.v + m v.(w x A c) + 1/2 w_loc^T J w_loc of body ``b`` (group row ``row``) with J at
        the reference point: Exudyn's form, 1/2 q_t^T M q_t where A is orthonormal (not with Euler
        parameters off unit length)."""
        v, w, wl, A = frames.vel[b], frames.omega[b], frames.omega_local[b], frames.A[b]
        m = float(self.mass[row])
        return float(0.5 * m * (v @ v) + m * (v @ np.cross(w, A @ self.com[row])) + 0.5 * (wl @ self.J[row] @ wl))

    def node_kind(self, row):
        """'EP', 'Rxyz' or 'RotVecLG': the node type of body ``row``."""
        return next(k for k, rows in self.parts if row in rows)

    def acceleration_outputs(self, st, rows, var, b, kind=None):
        """Acceleration outputs (m, 3) of the bodies ``rows`` (m,), all on nodes of one type
        (``kind``, if known: node_kind), at their local points b (m, 3): for one row or many, the
        same numbers."""
        c = self.system
        k = kind or self.node_kind(int(rows[0]))
        w = 3 + N_ROT[k]
        idx = self.ltg[rows, :w]
        tot = c.q_ref[idx] + st.q[idx]
        vr = st.v[idx[:, 3:]]
        A, _, G, _, g_t = rotation_kinematics(k, tot[:, 3:], vr)
        return acceleration_rows(var, A, G, g_t, vr, st.a[idx[:, 3:]], st.a[idx[:, :3]], b)

    def acceleration_reader(self, rows, var, b, kind):
        """A function of the state, st -> acceleration_outputs(st, rows, var, b, kind), for reading
        the same bodies and points again and again (a sensor plan's output steps): the indices
        and buffers made once, then per read five takes and the kernels of acceleration_outputs
        (rotation_and_g, acceleration_outputs) on the same numbers (bit for bit), about 8 against
        25 us. The array it returns is
        written again by the next read. Rxyz nodes (their G_t theta_t by NumPy) read through
        acceleration_outputs itself."""
        rows = np.asarray(rows, dtype=np.int64)
        b = np.ascontiguousarray(np.reshape(b, (-1, 3)), dtype=float)
        if kind not in ("EP", "RotVecLG") or var not in ACCELERATION_OUTPUTS:
            return lambda st: self.acceleration_outputs(st, rows, var, b, kind)
        c, nr, m = self.system, N_ROT[kind], rows.shape[0]
        idx = self.ltg[rows, :3 + nr]
        rot, trans = np.ascontiguousarray(idx[:, 3:]), np.ascontiguousarray(idx[:, :3])
        ref, theta, vr, ar = (np.empty((m, nr)) for _ in range(4))
        acc_ref, out, g_t = np.empty((m, 3)), np.empty((m, 3)), np.zeros((m, 3))
        A, G = np.empty((m, 3, 3)), np.empty((m, 3, nr))
        code = ACCELERATION_OUTPUTS.index(var)

        def read(st):
            # (q_ref + q as acceleration_outputs forms it; the indices are in range: mode "clip"
            # takes without a buffered copy)
            c.q_ref.take(rot, out=ref, mode="clip")
            st.q.take(rot, out=theta, mode="clip")
            np.add(ref, theta, out=theta)
            st.v.take(rot, out=vr, mode="clip")
            st.a.take(rot, out=ar, mode="clip")
            st.a.take(trans, out=acc_ref, mode="clip")
            rotation_and_g(kind, theta, A, G)
            krig.acceleration_outputs(code, A, G, g_t, vr, ar, acc_ref, b, out)
            return out
        return read


@register(BODY_GROUPS, "RigidBody2D")
class RigidBodies2D(BodyGroup):
    """ObjectRigidBody2D (bodies.md): M = [[m, 0, g_x], [0, m, g_y], [g_x, g_y, J]],
    g = m A [-b_y, b_x]; Q_LHS = [-m psi_t^2 A b; 0]."""
    width = 3
    kernel, layout = kg.rigid_bodies_2d, kg.RIGID_BODIES_2D
    force_phases = ("FORCES", "STIFFNESS")

    def setup(self, records):
        c = self.system
        self.nodes = self.node_numbers(records)
        for r, nd, item in zip(records, self.nodes, self.items):
            c.check_node(self, int(item), r, nd, ("RigidBody2D",))
        self.ltg = self.ltg_of_nodes(self.nodes)
        self.mass = param_array(records, "mass")
        self.inertia = param_array(records, "inertia")
        b = param_array(records, "centerOfMass").reshape(-1, 2)
        self.com = np.zeros((self.n, 3))
        self.com[:, :2] = b
        self.constant_mass = not np.any(b)
        self.Q = np.zeros((self.n, 3))

    def update_parameter(self, row, name, value):
        if name == "mass":
            self.mass[row] = value
        elif name == "inertia":
            self.inertia[row] = value
        else:
            return False
        self.system.mass_changed = True
        return True

    def _Ab(self, q_tot):
        th = q_tot[self.ltg[:, 2]]
        c, s = np.cos(th), np.sin(th)
        bx, by = self.com[:, 0], self.com[:, 1]
        return np.stack([c * bx - s * by, s * bx + c * by], axis=1)

    def frame(self, q_tot, v, frames):
        write_frame_2d(self.items, q_tot[self.ltg], v[self.ltg], self.ltg, frames)

    def record_parameters(self):
        return dict(mass=self.mass, inertia=self.inertia, com=self.com, Q=self.Q, **_scratch(self.ltg))

    def constant_mass_blocks(self, out):
        """M of bodies whose center of mass is at the node: [[m, 0, 0], [0, m, 0], [0, 0, J]]."""
        out[:] = 0.0
        out[:, 0, 0] = out[:, 1, 1] = self.mass
        out[:, 2, 2] = self.inertia

    def body_output(self, eq, st, row, var, b):
        idx = self.ltg[row]
        if var == OVT.Rotation:
            return float(st.q[idx[2]])   # current angle without reference (bodies.md pitfall)
        if var not in (OVT.Acceleration, OVT.AccelerationLocal, OVT.AngularAcceleration,
                       OVT.AngularAccelerationLocal):
            return None
        th = self.system.q_ref[idx[2]] + st.q[idx[2]]
        A = np.array([[[np.cos(th), -np.sin(th), 0.0], [np.sin(th), np.cos(th), 0.0], [0.0, 0.0, 1.0]]])
        acc = np.array([[st.a[idx[0]], st.a[idx[1]], 0.0]])
        return acceleration_rows(var, A, _EZ, _ZERO_3, np.array([[st.v[idx[2]]]]), np.array([[st.a[idx[2]]]]), acc,
                                 np.reshape(b, (1, 3)))[0]


@register(BODY_GROUPS, "RotationalMass1D")
class RotationalMasses1D(BodyGroup):
    """ObjectRotationalMass1D: J psi_tt = tau, A = A0 Rz(theta), omega = A0 e_z psi_t."""
    width = 1
    kernel, layout = kg.rotational_masses_1d, kg.ROTATIONAL_MASSES_1D

    def setup(self, records):
        c = self.system
        self.nodes = self.node_numbers(records)
        for r, nd, item in zip(records, self.nodes, self.items):
            c.check_node(self, int(item), r, nd, ("1D", "GenericODE2"))
        self.ltg = self.ltg_of_nodes(self.nodes)
        self.idx = np.ascontiguousarray(self.ltg[:, 0])
        self.inertia = param_array(records, "inertia")
        self.p0 = np.ascontiguousarray(param_array(records, "referencePosition").reshape(-1, 3))
        self.A0 = np.array([r.values["referenceRotation"] for r in records], dtype=float).reshape(-1, 3, 3)
        self.mass = np.zeros(self.n)
        self.com = np.zeros((self.n, 3))

    def update_parameter(self, row, name, value):
        if name == "inertia":
            self.inertia[row] = value
            self.system.mass_changed = True
            return True
        return False

    def constant_mass_blocks(self, out):
        out[:, 0, 0] = self.inertia

    def record_parameters(self):
        return dict(p0=self.p0, A0=self.A0, idx=self.idx)

    def _frame_args(self, frames):
        return (frames.pos, frames.vel, frames.A, frames.omega, frames.omega_local, frames.Jpos, frames.Jrot,
                frames.Jrot_local, frames.ltg)

    def frame(self, q_tot, v, frames):
        krig.rotational_mass_1d_frames(self.items, self.idx, q_tot, v, self.p0, self.A0, *self._frame_args(frames))

    def body_output(self, eq, st, row, var, b):
        idx = int(self.ltg[row, 0])
        if var == OVT.Rotation:
            return float(self.system.q_ref[idx] + st.q[idx])
        if var == OVT.KineticEnergy:
            return 0.5 * float(self.inertia[row]) * float(st.v[idx]) ** 2
        return None


# ---------------------------------------------------------------- markers

@register(MARKER_GROUPS, "NodeRotationCoordinate")
class NodeRotationCoordinateMarkers(MarkerGroup):
    """Tait-Bryan angle k of the node rotation; rate = global omega_k; Jacobian = row k of Jrot."""
    kernel, layout = kgp.rotation_coordinate_markers_group, kgp.ROTATION_COORDINATE_MARKERS
    reads_node_frames = True

    def setup(self, records):
        c = self.system
        self.nodes = np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)
        self.coord = np.array([int(r.values["rotationCoordinate"]) for r in records], dtype=np.int64)
        for i, (r, nd, item) in enumerate(zip(records, self.nodes, self.items)):
            c.check_marker_node(self, int(item), r, nd, need_frame=True)
            if "Orientation" not in c.items["node"][int(nd)].spec.flags:
                c.parameter_error(self, int(item), r, "nodeNumber", int(nd),
                                  "must be a node with orientation (rigid-body node)")
            if not 0 <= self.coord[i] <= 2:
                c.parameter_error(self, int(item), r, "rotationCoordinate", int(self.coord[i]),
                                  "must be 0, 1 or 2 (x, y, z)")

    def record_parameters(self):
        return dict(nodes=self.nodes, coordinate=self.coord)
