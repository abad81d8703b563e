"""GetNodeOutput, GetObjectOutput, GetObjectOutputBody, GetMarkerOutput: item outputs
evaluated from the frames of the equations layer (not on the solver's hot path)."""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType, OutputVariableType
from ..errors import ExudynValueError, InternalError, ModelError
from ..kernels import markers as _km

CFG = ConfigurationType
OVT = OutputVariableType


def _ovt(v):
    if isinstance(v, OVT):
        return v
    try:
        return OVT(int(v))
    except (TypeError, ValueError):
        raise ExudynValueError(f"invalid OutputVariableType {v!r}") from None


def supported_outputs(c, family, k, body=False):
    rec = c.items[family][k]
    outs = list(rec.spec.outputs)     # (markers: as Exudyn 1.13.6's SensorMarker takes them; none for BodyMass)
    if family == "object" and rec.spec.type_name == "GenericODE2":
        outs = ["CoordinatesTotal", "Coordinates", "Coordinates_t", "Coordinates_tt", "Force",
                "KineticEnergy", "PotentialEnergy"]
    return outs


def _scalar_or_array(v):
    a = np.asarray(v, dtype=float)
    if a.ndim == 0:
        return float(a)
    return a.copy()


class output_batch:
    """``with output_batch(c):`` many outputs at one state (a sensor write): the frames are
    computed once (and again only after something else has computed them), each connector
    group's outputs once. A class, not a generator context manager: 0.5 against 3-5 us a write."""
    __slots__ = ("c", "prev")

    def __init__(self, c):
        self.c = c

    def __enter__(self):
        self.prev, self.c.output_batch = self.c.output_batch, {}

    def __exit__(self, *exc):
        self.c.output_batch = self.prev


def _state(mbs, configuration):
    """(compiled, configuration, its state) for an output; the state's error for a configuration
    the system does not keep."""
    cfg = configuration if configuration.__class__ is CFG else CFG(int(configuration))
    if cfg == CFG.Reference:
        c = mbs._reference_system()
    else:
        c = mbs._require_assembled("output")
        if not mbs.systemIsConsistent:
            raise ModelError(f"output in configuration {cfg.name}: the system was changed after Assemble(); "
                             "call mbs.Assemble() again, or ask for ConfigurationType.Reference")
    st = c.states.get(cfg)
    if st is None:
        st = c.state(cfg)           # (its error)
    return c, cfg, st


# what ConfigurationType.Reference answers (Exudyn 1.13.6; Coordinates only of nodes)
_REFERENCE_OUTPUTS = frozenset((OVT.Position, OVT.Displacement, OVT.Distance, OVT.Rotation,
                                OVT.RotationMatrix, OVT.HomogeneousTransformation))


def _check_reference(what, var, configuration, also=()):
    if int(configuration) == int(CFG.Reference) and var not in _REFERENCE_OUTPUTS and var not in also:
        raise ExudynValueError(f"{what}: ConfigurationType.Reference answers only outputs that exist in the "
                               f"reference configuration (Position, Displacement, Distance, Rotation, "
                               f"RotationMatrix, HomogeneousTransformation; Coordinates of nodes), not {var.name}")


def _kinematics(mbs, configuration):
    """Evaluate frames at a configuration; returns (compiled, equations, state)."""
    c, cfg, st = _state(mbs, configuration)
    eq = c.equations
    batch = c.output_batch
    if batch is not None and batch.get("kinematics") == (cfg, eq._kin_version):
        return c, eq, st
    if cfg == CFG.Reference:
        q = np.zeros(c.n_ode2)
        v = np.zeros(c.n_ode2)
    else:
        q, v = st.q, st.v
    eq.update_kinematics(q, v, st.t)
    if batch is not None:
        batch["kinematics"] = (cfg, eq._kin_version)
    return c, eq, st


def _rotation_xyz(A):
    from ..rigidBodyUtilities import RotationMatrix2RotXYZ
    return np.asarray(RotationMatrix2RotXYZ(A), dtype=float)


def _frame_output(var, p, v, A, w, p_ref=None, acc=None, coords=None, w_local=None):
    """The output ``var`` of a frame (position p, velocity v, rotation A, angular velocity w; the
    local angular velocity w_local where it is not A^T w: with Euler parameters off unit length,
    Exudyn's G_loc theta_t); None for other outputs."""
    if var == OVT.Position:
        return p
    if var == OVT.Displacement:
        return p - p_ref
    if var == OVT.Velocity:
        return v
    if var == OVT.VelocityLocal:
        return A.T @ v
    if var == OVT.Acceleration and acc is not None:
        return acc
    if var == OVT.RotationMatrix:
        return A.ravel()
    if var == OVT.Rotation:
        return _rotation_xyz(A)
    if var == OVT.AngularVelocity:
        return w
    if var == OVT.AngularVelocityLocal:
        return A.T @ w if w_local is None else w_local
    if var == OVT.HomogeneousTransformation:
        H = np.eye(4)
        H[:3, :3], H[:3, 3] = A, p
        return H
    return None


# node outputs made from the node's frame alone (_frame_output, the acceleration by Jpos)
_NODE_FRAME_OUTPUTS = frozenset((OVT.Position, OVT.Displacement, OVT.Velocity, OVT.VelocityLocal, OVT.Acceleration,
                                 OVT.RotationMatrix, OVT.Rotation, OVT.AngularVelocity, OVT.AngularVelocityLocal,
                                 OVT.HomogeneousTransformation))
# nodes whose rotation coordinates are angles: their Rotation output is the coordinates
_ANGLE_NODES = ("RigidBody2D", "RigidBodyRxyz")
_COORDINATE_OUTPUTS = (OVT.Coordinates, OVT.Coordinates_t, OVT.Coordinates_tt, OVT.CoordinatesTotal)


def _node_frames(mbs, configuration):
    """(compiled, node frames, state) at a configuration: inside an output batch (a sensor write)
    those of the whole kinematics, computed once for all its outputs; otherwise (an output asked
    for by a user function, once per call) the node groups' frames alone (own_frames: 2-3 us
    against 13 us for every node, body and marker frame of a 4-body chain)."""
    if mbs._compiled is not None and mbs._compiled.output_batch is not None:
        c, eq, st = _kinematics(mbs, configuration)
        return c, eq.node_frames, st
    c, cfg, st = _state(mbs, configuration)
    q, v = (np.zeros(c.n_ode2),) * 2 if cfg == CFG.Reference else (st.q, st.v)
    return c, own_frames(c, "node_output_frames", c.node_groups, q, v), st


def own_frames(c, name, groups, q, v, parts=None):
    """The frames of the node or body ``groups`` at (q, v) (q without reference values) into
    frames of their own (the CompiledSystem's attribute ``name``: node_output_frames,
    body_output_frames or body_reference_frames, made at the first use), not the equations
    layer's: outputs that need no marker. The groups' kernels of update_kinematics, so the same
    numbers; a body's frame reads its coordinates, not the node frames. ``parts``: id(group) ->
    the parts of its frame method (frame_parts) where only some of its frames are wanted."""
    frames = getattr(c, name)
    if frames is None:
        from ..equations.groups import Frames
        frames = Frames(len(c.items["node" if name.startswith("node") else "object"]), c.K)
        setattr(c, name, frames)
    q_tot = c.q_ref + q if c.n_ode2 else np.zeros(0)
    for g in groups:
        part = parts.get(id(g)) if parts else None
        if part is None:
            g.frame(q_tot, v, frames)
        else:
            g.frame(q_tot, v, frames, part)
    return frames


def node_output(mbs, n, variableType, configuration=CFG.Current):
    var = _ovt(variableType)
    _check_reference(f"GetNodeOutput(node {int(n)})", var, configuration, also=(OVT.Coordinates,))
    if var in _NODE_FRAME_OUTPUTS:
        c, fr, st = _node_frames(mbs, configuration)
        eq = None
    elif var in _COORDINATE_OUTPUTS:
        c, _, st = _state(mbs, configuration)
    else:
        c, eq, st = _kinematics(mbs, configuration)
        fr = eq.node_frames
    rec = c.items["node"][n]
    if var.name not in rec.spec.outputs:
        raise ExudynValueError(f"Invalid OutputVariableType in MainNode::GetOutputVariable: '{var.name}'; "
                               f"{c.describe('node', n)} cannot compute the requested variable type "
                               f"(it provides {', '.join(rec.spec.outputs)})")
    s, k = int(c.node_ode2_start[n]), int(c.node_n_ode2[n])
    if rec.spec.type_name == "GenericODE1":
        return _ode1_coordinates(c, st, int(c.node_ode1_start[n]), int(c.node_n_ode1[n]), var, configuration)
    if var in _COORDINATE_OUTPUTS:
        ref = c.q_ref[s:s + k]
        q = ref if CFG(int(configuration)) == CFG.Reference else st.q[s:s + k]
        if rec.spec.type_name == "GenericData":
            d0 = int(c.node_data_start[n])
            x = st.x[d0:d0 + int(c.node_n_data[n])]
            return float(x[0]) if len(x) == 1 else _scalar_or_array(x)   # 1 coordinate: a float, as Exudyn
        val = {OVT.Coordinates: q, OVT.CoordinatesTotal: ref + q,
               OVT.Coordinates_t: st.v[s:s + k] if len(st.v) else np.zeros(k),
               OVT.Coordinates_tt: st.a[s:s + k] if len(st.a) else np.zeros(k)}[var]
        if k == 1 and rec.spec.type_name in ("1D",):
            return float(val[0])
        return np.asarray(val, dtype=float).copy()
    if var == OVT.Rotation and rec.spec.type_name in _ANGLE_NODES:
        # angle coordinates: the total coordinates themselves, not mapped to (-pi, pi] (Exudyn)
        q = c.q_ref[s:s + k] + (0.0 if CFG(int(configuration)) == CFG.Reference else st.q[s:s + k])
        return np.array([0.0, 0.0, q[2]]) if k == 3 else np.asarray(q[3:6], dtype=float).copy()
    # (views: _scalar_or_array copies what is returned)
    p, v, A, w = fr.pos[n], fr.vel[n], fr.A[n], fr.omega[n]
    p_ref = None
    if var == OVT.Displacement:
        g = c.node_group_of[n]
        p_ref = g.reference_position(n) if hasattr(g, "reference_position") else _ref_position(rec, c, n)
    acc = None
    if var == OVT.Acceleration:
        acc = np.zeros(3)
        a = st.a[s:s + k] if len(st.a) else np.zeros(k)
        J = fr.Jpos[n][:, :k]
        acc = J @ a if k else np.zeros(3)
    out = _frame_output(var, p, v, A, w, p_ref, acc, w_local=fr.omega_local[n])
    if out is None:
        if eq is None:
            _, eq, _ = _kinematics(mbs, configuration)
        out = _extra_node_output(c, eq, st, n, var)
    return _scalar_or_array(out)


def _ode1_coordinates(c, st, s, k, var, configuration):
    """The outputs of first-order coordinates s..s+k: Coordinates (the reference values in the
    reference configuration), Coordinates_t, CoordinatesTotal."""
    ref = c.y_ref[s:s + k]
    if CFG(int(configuration)) == CFG.Reference:
        return ref.copy()
    if var == OVT.Coordinates:
        return st.y[s:s + k].copy()
    if var == OVT.Coordinates_t:
        return st.y_t[s:s + k].copy()
    return ref + st.y[s:s + k]


def _ref_position(rec, c, n):
    ref = np.asarray(rec.values.get("referenceCoordinates", [0, 0, 0]), dtype=float)
    out = np.zeros(3)
    m = min(3, len(ref), 2 if rec.spec.type_name in ("Point2D", "RigidBody2D") else 3)
    out[:m] = ref[:m]
    return out


def _extra_node_output(c, eq, st, n, var):
    g = c.node_group_of[n]
    if hasattr(g, "extra_output"):
        return g.extra_output(eq, st, n, var)
    raise InternalError(f"ERROR: illegal call to GetNodeOutput: {c.describe('node', n)} does not provide {var}")


def _body_frames(mbs, configuration, g, reference=False):
    """(body frames, state) of the body group ``g`` at a configuration (``reference``: at the
    reference configuration, for displacements): inside an output batch the whole kinematics'
    (computed once for all its outputs), otherwise the group's frames alone (own_frames)."""
    c = mbs._compiled
    if not reference and c is not None and c.output_batch is not None:
        c, eq, st = _kinematics(mbs, configuration)
        return eq.body_frames, st
    c, cfg, st = _state(mbs, configuration)
    q, v = (np.zeros(c.n_ode2),) * 2 if reference or cfg == CFG.Reference else (st.q, st.v)
    return own_frames(c, "body_reference_frames" if reference else "body_output_frames", [g], q, v), st


def body_output(mbs, b, variableType, localPosition=(0, 0, 0), configuration=CFG.Current):
    var = _ovt(variableType)
    _check_reference(f"GetObjectOutputBody(object {int(b)})", var, configuration)
    c, _, st = _state(mbs, configuration)
    supported = supported_outputs(c, "object", b, body=True)
    if var.name not in supported:
        raise ExudynValueError(f"{c.describe('object', b)} (a body) has no OutputVariableType '{var.name}'; "
                               f"it provides {', '.join(supported)}")
    if var in (OVT.KineticEnergy, OVT.PotentialEnergy) and np.any(np.asarray(localPosition, dtype=float) != 0):
        raise ExudynValueError(f"{c.describe('object', b)}: the energy is one value for the whole item; "
                               f"localPosition must be [0,0,0], got {list(np.ravel(localPosition))}")
    g, row = c.object_group[b]
    if hasattr(g, "body_output"):       # (from the state: rigid-body accelerations, angles)
        out = g.body_output(c.equations, st, row, var, np.asarray(localPosition, dtype=float))
        if out is not None:
            return _scalar_or_array(out)
    if not getattr(g, "has_frame", False):
        return _scalar_or_array(_generic_body_output(c, c.equations, st, g, row, var))
    if var == OVT.KineticEnergy:
        ltg = g.ltg[row]
        k = int((ltg >= 0).sum())
        _, eq, st = _kinematics(mbs, configuration)
        if hasattr(g, "kinetic_energy"):
            return g.kinetic_energy(eq.body_frames, b, row)
        M = eq.mass_blocks()[c.body_groups.index(g)][row][:k, :k]
        vv = st.v[ltg[:k]]
        return 0.5 * float(vv @ M @ vv)
    if var == OVT.PotentialEnergy:
        return 0.0
    fr, st = _body_frames(mbs, configuration, g)
    b_loc = np.asarray(localPosition, dtype=float).reshape(1, 3)
    A = fr.A[b]
    w = fr.omega[b]
    r, p, v = body_points(fr, [b], b_loc)
    r, p, v = r[0], p[0], v[0]
    p_ref = None
    if var == OVT.Displacement:
        # reference position of the material point
        p_ref = body_points(_body_frames(mbs, configuration, g, reference=True)[0], [b], b_loc)[1][0]
    acc = None
    if var == OVT.Acceleration:
        ltg = g.ltg[row]
        k = int((ltg >= 0).sum())
        acc = fr.Jpos[b][:, :k] @ st.a[ltg[:k]] if k else np.zeros(3)
    out = _frame_output(var, p, v, A, w, p_ref, acc, w_local=fr.omega_local[b])
    if out is None:
        raise InternalError(f"ERROR: illegal call to GetObjectOutputBody: {c.describe('object', b)} "
                            f"does not provide {var}")
    return _scalar_or_array(out)


def body_points(frames, bodies, loc, out=None):
    """r = A b, the position p + r and the velocity v + A (w_loc x b) of the local points loc (m, 3) of
    bodies (m,) with frames: (m, 3) each, by one kernel (kernels/markers.point_outputs), so that
    a sensor plan's rows (output/sensor_plan.py) are the numbers of body_output, bit for bit.
    ``out``: an (3, m, 3) buffer for r, p, v, with bodies an int64 and loc a C-ordered float
    (m, 3) array (a sensor plan's, made once), else all made here."""
    if out is None:
        bodies = np.asarray(bodies, dtype=np.int64)
        loc = np.asarray(loc, dtype=float).reshape(-1, 3)
        out = np.empty((3, bodies.shape[0], 3))
    r, p, v = out
    _km.point_outputs(bodies, loc, frames.A, frames.omega_local, frames.pos, frames.vel, r, p, v)
    return r, p, v


def _generic_body_output(c, eq, st, g, row, var):
    ltg = g.ltg[row]
    ltg = ltg[ltg >= 0]
    q, v, a = st.q[ltg], st.v[ltg], st.a[ltg]
    k = len(ltg)
    if var == OVT.Coordinates:
        return q
    if var == OVT.CoordinatesTotal:
        return c.q_ref[ltg] + q
    if var == OVT.Coordinates_t:
        return v
    if var == OVT.Coordinates_tt:
        return a
    if var == OVT.Force:
        out = np.zeros((g.n, g.width))
        g.lhs_forces(st.q, c.q_ref + st.q, st.v, st.t, out)
        return out[row, :k]
    if var == OVT.KineticEnergy:
        return 0.5 * float(v @ g.M[row, :k, :k] @ v)
    if var == OVT.PotentialEnergy:
        return 0.5 * float(q @ g.K[row, :k, :k] @ q) - float(g.f[row, :k] @ q)
    raise InternalError(f"ERROR: illegal call to GetObjectOutputBody: output {var} not available")


def object_output(mbs, o, variableType, configuration=CFG.Current):
    var = _ovt(variableType)
    c = mbs._require_assembled("GetObjectOutput")
    rec = c.items["object"][o]
    g, row = c.object_group.get(o, (None, None))
    if hasattr(g, "ode1_output"):
        if var.name not in rec.spec.outputs:
            raise InternalError(f"ERROR: illegal call to {rec.spec.class_name}::GetOutputVariable: "
                                f"{c.describe('object', o)} does not provide {var}; supported: "
                                f"{', '.join(rec.spec.outputs)}")
        _, _, st = _state(mbs, configuration)
        return g.ode1_output(row, st, var.name)
    if g is None or not hasattr(g, "outputs"):
        if hasattr(g, "lhs_forces") and not getattr(g, "has_frame", True):
            _, eq, st = _kinematics(mbs, configuration)
            return _scalar_or_array(_generic_body_output(c, eq, st, g, row, var))
        raise InternalError(f"ERROR: illegal call to CObject::GetOutputVariable: {c.describe('object', o)}; "
                            "use GetObjectOutputBody for bodies")
    if CFG(int(configuration)) != CFG.Current:
        raise ExudynValueError("GetObjectOutput: may only be called for connectors with Current configuration")
    if var.name not in rec.spec.outputs:
        raise InternalError(f"ERROR: illegal call to {rec.spec.class_name}::GetOutputVariable: "
                            f"{c.describe('object', o)} does not provide {var}; supported: "
                            f"{', '.join(rec.spec.outputs)}")
    _, eq, st = _kinematics(mbs, configuration)
    val = group_output(c, g, eq, st, var.name)
    return _scalar_or_array(val[row])


def group_outputs(c, g, eq, st):
    """The outputs (dict of (n, ...) arrays) of a connector or constraint group at the frames of
    ``eq``; once per output batch."""
    batch = c.output_batch
    key = ("outputs", id(g), eq._kin_version)
    outs = batch.get(key) if batch is not None else None
    if outs is None:
        if hasattr(g, "ae"):
            outs = g.outputs(eq.markers, st.lam, st.t)
        else:
            outs = g.outputs(eq.markers, st.t)
        if batch is not None:
            batch[key] = outs
    return outs


def group_output(c, g, eq, st, name, alone=True):
    """The output ``name`` (n, ...) of a connector or constraint group: computed alone where the
    group can (``output_alone``) and ``alone`` (no other output of the group is read at this
    state), else from group_outputs; once per output batch."""
    if not (alone and hasattr(g, "output_alone") and g.output_alone(name)):
        return group_outputs(c, g, eq, st)[name]
    batch = c.output_batch
    key = ("output", id(g), name, eq._kin_version)
    out = batch.get(key) if batch is not None else None
    if out is None:
        out = g.output(eq.markers, st.t, name)
        if batch is not None:
            batch[key] = out
    return out


def marker_output(mbs, m, variableType, configuration=CFG.Current):
    var = _ovt(variableType)
    _check_reference(f"GetMarkerOutput(marker {int(m)})", var, configuration)
    c, eq, st = _kinematics(mbs, configuration)
    rec = c.items["marker"][m]
    if var.name not in rec.spec.outputs:
        raise ExudynValueError(f"GetMarkerOutput: {c.describe('marker', m)} cannot compute {var.name}; "
                               f"it provides {', '.join(rec.spec.outputs) or 'no outputs'}")
    fr = eq.markers
    if var in (OVT.Coordinates, OVT.Coordinates_t):
        g, row = c.marker_group[m]
        if hasattr(g, "marker_coordinates"):
            return g.marker_coordinates(row, st, var)
        if hasattr(g, "ltg_of"):
            ltg = g.ltg_of[m]
            vals = (c.q_ref[ltg] + st.q[ltg]) if var == OVT.Coordinates else st.v[ltg]
            return np.asarray(vals, dtype=float)
        return np.array([fr.cval[m] if var == OVT.Coordinates else fr.cvel[m]])
    p, v, A, w = fr.pos[m].copy(), fr.vel[m].copy(), fr.A[m].copy(), fr.omega[m].copy()
    g, row = c.marker_group[m]
    w_local = None
    owner = (eq.body_frames, g.bodies[row]) if hasattr(g, "bodies") else \
        (eq.node_frames, g.nodes[row]) if hasattr(g, "nodes") else None
    if owner is not None:
        # as Exudyn: the angular velocity of the body or node (G theta_t; the marker frame's
        # A G_loc theta_t, which connectors read, differs from it off unit Euler parameters), and
        # locally A_local^T G_loc theta_t with the marker's rotation A_local in the owner's frame
        fo, k = owner
        w = fo.omega[k].copy()
        if var == OVT.AngularVelocityLocal:
            w_local = np.linalg.solve(fo.A[k], A).T @ fo.omega_local[k]
    p_ref = None
    if var == OVT.Displacement:
        eq.update_kinematics(np.zeros(c.n_ode2), np.zeros(c.n_ode2), st.t)
        p_ref = eq.markers.pos[m].copy()
        eq.update_kinematics(st.q, st.v, st.t)
    out = _frame_output(var, p, v, A, w, p_ref, w_local=w_local)
    if out is None:
        raise InternalError(f"ERROR: illegal call to GetMarkerOutput: {c.describe('marker', m)} does not "
                            f"provide {var}")
    return _scalar_or_array(out)


def load_values(mbs, ld):
    c = mbs._require_assembled("GetLoadValues")
    g, row = c.load_group[ld]
    st = c.states[CFG.Current]
    val = g.values(st.t, 1.0)
    return _scalar_or_array(val[row])
