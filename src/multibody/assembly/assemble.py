"""Assemble(): from item lists to a CompiledSystem of arrays.

Order (spec system.md section 3): check references and types, number the
node coordinates (ODE2, AE of nodes, data) in node order, then the
constraint multipliers in object order; build one group per item type;
compute the local-to-global lists; set the initial state of every
configuration.
"""
from __future__ import annotations

import math

import numpy as np

from . import user_results as ur
from .. import equations as _eq  # noqa: F401  (registers the groups)
from ..enums import ConfigurationType
from ..errors import AssemblyError, ItemParameterError, NotImplementedFeatureError, UserFunctionError
from ..equations.groups import (BODY_GROUPS, CONNECTOR_GROUPS, CONSTRAINT_GROUPS, LOAD_GROUPS,
                                MARKER_GROUPS, NODE_GROUPS, ODE1_GROUPS)
from ..items.spec import describe_item

CFG = ConfigurationType


class State:
    """All coordinates of one configuration (values without reference)."""
    __slots__ = ("q", "v", "a", "y", "y_t", "lam", "x", "t", "a_alg")

    def __init__(self, n_ode2, n_ode1, n_ae, n_data):
        self.q, self.v, self.a = np.zeros(n_ode2), np.zeros(n_ode2), np.zeros(n_ode2)
        self.a_alg = np.zeros(n_ode2)
        self.y, self.y_t = np.zeros(n_ode1), np.zeros(n_ode1)
        self.lam, self.x = np.zeros(n_ae), np.zeros(n_data)
        self.t = 0.0

    def copy_from(self, other):
        self.q[:] = other.q
        self.v[:] = other.v
        self.a[:] = other.a
        self.a_alg[:] = other.a_alg
        self.lam[:] = other.lam
        if self.y.size:
            self.y[:] = other.y
            self.y_t[:] = other.y_t
        if self.x.size:
            self.x[:] = other.x
        self.t = other.t


class CompiledSystem:
    """The assembled system: coordinate numbering, item groups, states."""
    output_batch = None     # the caches of output/item_outputs.py output_batch while one runs
    node_output_frames = None   # the node frames of outputs outside a batch (item_outputs._node_frames)
    body_output_frames = None   # body frames of outputs outside a batch, at the reference (_body_frames)
    body_reference_frames = None

    def __init__(self, mbs):
        self.mbs = mbs
        self.items = mbs._items
        self.mass_changed = False
        self.parameter_version = 0     # counts parameter changes after Assemble (sensor plans)
        self.current_q = self.current_q_tot = self.current_v = None
        self.current_t = 0.0

    # ------------------------------------------------------------ messages
    def describe(self, family, i):
        rec = self.items[family][i]
        return describe_item(rec.spec, i, rec.name)

    def parameter_error(self, group, item, rec, name, received, expected):
        raise ItemParameterError(describe_item(rec.spec, item, rec.name), name, received, expected)

    def _check_index(self, family, item_family, item, rec, parameter, index):
        lst = self.items[family]
        if not 0 <= int(index) < len(lst):
            raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: parameter '{parameter}' "
                                f"refers to {family} {int(index)}, which does not exist "
                                f"(the system has {len(lst)} {family}s)")

    def check_node(self, group, item, rec, node, allowed_types):
        self._check_index("node", "object", item, rec, "nodeNumber", node)
        nrec = self.items["node"][int(node)]
        if allowed_types and nrec.spec.type_name not in allowed_types:
            raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: node "
                                f"{self.describe('node', int(node))} has the wrong type; expected one of "
                                f"{', '.join('Node' + t for t in allowed_types)}")

    def check_marker_node(self, group, item, rec, node, need_frame):
        self._check_index("node", "marker", item, rec, "nodeNumber", node)
        if need_frame:
            g = self.node_group_of[int(node)]
            if not g.has_frame:
                raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: node "
                                    f"{self.describe('node', int(node))} has no position; "
                                    f"{rec.spec.class_name} needs a position node")
            if rec.spec.type_name == "NodeRigid" and "Orientation" not in self.items["node"][int(node)].spec.flags:
                raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: node "
                                    f"{self.describe('node', int(node))} has no orientation; "
                                    "MarkerNodeRigid needs a rigid-body node")

    def check_marker_body(self, group, item, rec, body):
        self._check_index("object", "marker", item, rec, "bodyNumber", body)
        brec = self.items["object"][int(body)]
        g = self.object_group.get(int(body), (None, None))[0]
        if "Body" not in brec.spec.flags or g is None or not getattr(g, "has_frame", False):
            raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: object "
                                f"{self.describe('object', int(body))} is not a body with a position; "
                                f"{rec.spec.class_name} needs a body")
        if rec.spec.type_name == "BodyRigid" and "Orientation" not in _object_marker_flags(brec):
            raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: body "
                                f"{self.describe('object', int(body))} has no orientation; "
                                "MarkerBodyRigid needs a rigid body or ground")

    def check_marker_oriented_body(self, group, item, rec, parameter, k, body):
        """Body ``k`` (0 or 1) of a marker on two bodies: a body with position and orientation."""
        self._check_index("object", "marker", item, rec, parameter, body)
        brec = self.items["object"][int(body)]
        g = self.object_group.get(int(body), (None, None))[0]
        if "Body" not in brec.spec.flags or g is None or not getattr(g, "has_frame", False) \
                or "Orientation" not in _object_marker_flags(brec):
            raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: body {k} "
                                f"({self.describe('object', int(body))}) of parameter '{parameter}' must "
                                "provide position and orientation at a local point (a rigid body or ground)")

    def check_object_exists(self, group, item, rec, parameter, obj):
        self._check_index("object", "marker", item, rec, parameter, obj)

    def object_ae_array(self, items, E):
        ae = -np.ones((len(items), E), dtype=np.int64)
        for r, i in enumerate(items):
            a = self.object_ltg_ae[int(i)]
            ae[r, :len(a)] = a
        return ae

    def body_mass(self, b):
        g, row = self.object_group[b]
        m = getattr(g, "mass", None)
        return float(m[row]) if m is not None else 0.0

    def body_com(self, b):
        g, row = self.object_group[b]
        com = getattr(g, "com", None)
        return com[row] if com is not None else np.zeros(3)

    def marker_group_of(self, m):
        return self.marker_group[int(m)][0]

    def call_user(self, what, item, function, *args, family="object"):
        """Call a Python user function; wrap its exception with the item's name."""
        try:
            return function(self.mbs, *args)
        except UserFunctionError:
            raise
        except Exception as exc:
            raise self.user_error(what, item, exc, family) from exc

    def user_error(self, what, item, exc, family="object"):
        """The UserFunctionError (raise it from ``exc``) of ``exc`` raised by the user function
        ``what`` of an item, as call_user's; for loops that call user functions without call_user's
        frame per call."""
        return UserFunctionError(f"{self.describe(family, item)}: user function '{what}' raised "
                                 f"{type(exc).__name__}: {exc}")

    # ------------------------------------------------------------ user functions' values
    user_nonfinite = None   # the first non-finite value of a user function since the solve began

    def user_real(self, what, item, value, family="object"):
        """A user function's value as a float; refused unless a real number (as Exudyn casts)."""
        x = value if type(value) is float else ur.real_or_none(value)
        if x is None:
            raise ur.result_error(self.describe(family, item), what, value, ())
        if not math.isfinite(x):
            self.note_nonfinite(what, item, value, family)
        return x

    def user_array(self, what, item, value, shape, family="object", finite=True):
        """A user function's value as a float array of ``shape`` (-1: any size; a finite list or
        tuple of one dimension as it is); refused if not convertible or of another shape;
        non-finite entries noted unless ``finite`` is False."""
        if finite and len(shape) == 1:
            fast = ur.finite_vector(value, shape)
            if fast is not None:
                return fast
        a = ur.array_or_none(value, shape)
        if a is None:
            raise ur.result_error(self.describe(family, item), what, value, shape)
        if finite and not ur.is_finite(a):
            self.note_nonfinite(what, item, value, family)
        return a

    def note_nonfinite(self, what, item, value, family="object"):
        """Remember the first non-finite user function value (named in the solver's NaN error)."""
        if self.user_nonfinite is None:
            self.user_nonfinite = ur.nonfinite_text(self.describe(family, item), what, value)

    def take_user_nonfinite(self):
        """The noted non-finite user function value's text (or None), cleared."""
        text, self.user_nonfinite = self.user_nonfinite, None
        return text

    # ------------------------------------------------------------ state
    def state(self, configuration):
        cfg = CFG(int(configuration))
        st = self.states.get(cfg)
        if st is None:
            raise AssemblyError(f"configuration {cfg} is not available")
        return st

    def initialize_state(self):
        init = self.states[CFG.Initial]
        for cfg in (CFG.Current, CFG.StartOfStep, CFG.Visualization):
            self.states[cfg].copy_from(init)

    def update_parameter(self, family, i, name, value):
        """A parameter changed after Assemble(): update its group in place if possible."""
        self.parameter_version += 1
        if family == "object":
            g, row = self.object_group.get(i, (None, None))
        elif family == "load":
            g, row = self.load_group.get(i, (None, None))
        elif family == "marker":
            g, row = self.marker_group.get(i, (None, None))
        else:
            g, row = None, None
        if g is not None and g.update_parameter(row, name, value):
            # the group's arrays changed in place; its record refers to them (what derives from
            # them is made again: SystemEquations.refresh)
            self.equations.refresh(g)
            return
        if name in ("initialCoordinates", "initialVelocities", "initialCoordinates_t",
                    "referenceCoordinates") or family in ("sensor",):
            return  # takes effect at the next Assemble() (as in Exudyn)
        # anything else: the groups are out of date
        self.mbs.systemIsConsistent = False


def _object_marker_flags(rec):
    flags = set(rec.spec.flags)
    if rec.spec.type_name in ("Ground", "RigidBody", "RigidBody2D", "RotationalMass1D", "ANCFCable2D", "ALEANCFCable2D"):
        flags.add("Orientation")
    return flags


def _group_by_type(records, registry, family, selector=None):
    groups = {}
    for i, r in enumerate(records):
        if selector is not None and not selector(r):
            continue
        groups.setdefault(r.spec.type_name, []).append(i)
    for t, idx in groups.items():
        if t not in registry:
            r = records[idx[0]]
            raise NotImplementedFeatureError(f"{describe_item(r.spec, idx[0], r.name)}: item type "
                                             f"{r.spec.class_name} is not implemented in multibody")
    return groups


def assemble(mbs):
    """Build the CompiledSystem of a MainSystem (mbs.Assemble())."""
    c = CompiledSystem(mbs)
    _check_values(c)
    _number_coordinates(c)
    _build_node_and_body_groups(c)
    _build_marker_groups(c)
    _build_connector_and_constraint_groups(c)
    _build_load_groups(c)
    # sensors: references only (values are evaluated by output/)
    from ..output.sensors import check_sensors
    check_sensors(c)
    _initial_states(c)
    # equations (frames, LTG lists of connectors, Jacobian pattern), and the solvers' compiled
    # engine loaded (once per process)
    from ..engine import driver
    from ..equations.system import SystemEquations
    c.equations = SystemEquations(c)
    driver.load(c.n_ode2 + c.n_ae)
    return c


def _plane_normal(v):
    """Longer than 1 (Exudyn 1.13.6 refuses |n|^2 > 1 + 1e-12; shorter ones, 0 too, are taken)."""
    n = np.asarray(v, dtype=float)
    return float(n @ n) - 1.0 > 1e-12


# values Exudyn 1.13.6 refuses at Assemble: (family, type name) -> [(parameter, refused(value), expected)]
_REFUSED_AT_ASSEMBLE = {
    ("object", "JointRollingDisc"): [("planeNormal", _plane_normal, "must have length 1 (normalize it)")],
    ("object", "ConnectorCoordinateSpringDamperExt"): [("factor0", lambda v: v == 0, "may not be zero"),
                                                       ("factor1", lambda v: v == 0, "may not be zero")],
    ("sensor", "UserFunction"): [("sensorUserFunction", lambda v: v == 0, "must be a Python function")],
}


_INDEX_KINDS = {"NodeIndex": "node", "ObjectIndex": "object", "MarkerIndex": "marker", "LoadIndex": "load",
                "SensorIndex": "sensor", "ArrayMarkerIndex": "marker", "ArrayNodeIndex": "node",
                "NodeIndex2": "node", "NodeIndex3": "node", "ArrayObjectIndex": "object", "ArraySensorIndex": "sensor"}


def _check_indices(c):
    """Every item reference is -1 (none) or an item that exists."""
    for family, records in c.items.items():
        for i, r in enumerate(records):
            for p in r.spec.params:
                target = _INDEX_KINDS.get(p.kind)
                v = r.values[p.name] if target else None
                if v is None:
                    continue
                n = len(c.items[target])
                for k in (v if isinstance(v, list) else [v]):
                    if not -1 <= int(k) < n:
                        raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter '{p.name}' refers to "
                                            f"{target} {int(k)}, which does not exist (the system has {n} "
                                            f"{target}s; -1: none)")


def _check_values(c):
    """Item references (_check_indices) and the parameter values that are valid alone but refused
    at Assemble (_REFUSED_AT_ASSEMBLE)."""
    _check_indices(c)
    for family in ("object", "sensor"):
        for i, r in enumerate(c.items[family]):
            for name, refused, expected in _REFUSED_AT_ASSEMBLE.get((family, r.spec.type_name), ()):
                v = r.values[name]
                if not callable(v) and refused(v):
                    raise ItemParameterError(describe_item(r.spec, i, r.name), name, v, expected)


def _number_coordinates(c):
    """Node coordinates in node order (ODE2, AE, data), then the constraint multipliers in object
    order."""
    nodes, objects = c.items["node"], c.items["object"]
    n = len(nodes)
    for name in ("node_ode2_start", "node_n_ode2", "node_ae_start", "node_n_ae", "node_data_start", "node_n_data",
                 "node_ode1_start", "node_n_ode1"):
        setattr(c, name, np.zeros(n, dtype=np.int64))
    n_ode2 = n_ode1 = n_ae = n_data = 0
    _group_by_type(nodes, NODE_GROUPS, "node")      # (a node type without equations: its error)
    for i, r in enumerate(nodes):
        k2, k1, kae, kd = NODE_GROUPS[r.spec.type_name].counts(r)
        c.node_ode2_start[i], c.node_n_ode2[i] = n_ode2, k2
        c.node_ode1_start[i], c.node_n_ode1[i] = n_ode1, k1
        c.node_ae_start[i], c.node_n_ae[i] = n_ae, kae
        c.node_data_start[i], c.node_n_data[i] = n_data, kd
        n_ode2, n_ode1, n_ae, n_data = n_ode2 + k2, n_ode1 + k1, n_ae + kae, n_data + kd
    c.object_ltg_ae = [[] for _ in objects]
    for i, r in enumerate(objects):
        gcls = CONSTRAINT_GROUPS.get(r.spec.type_name)
        if gcls is not None:
            k = gcls.count(r)
            c.object_ltg_ae[i] = list(range(n_ae, n_ae + k))
            n_ae += k
    c.n_ode2, c.n_ode1, c.n_ae, c.n_data = n_ode2, n_ode1, n_ae, n_data


def _build_node_and_body_groups(c):
    """Node groups (node frames), body groups and the marker width K."""
    nodes, objects = c.items["node"], c.items["object"]
    c.node_groups, c.node_group_of = [], {}
    for t, idx in _group_by_type(nodes, NODE_GROUPS, "node").items():
        g = NODE_GROUPS[t].build(c, idx, [nodes[i] for i in idx])
        c.node_groups.append(g)
        for i in idx:
            c.node_group_of[i] = g
    c.object_types = _group_by_type(objects, {**BODY_GROUPS, **CONNECTOR_GROUPS, **CONSTRAINT_GROUPS, **ODE1_GROUPS},
                                    "object")
    widths = [int(c.node_n_ode2[i]) for i in range(len(nodes)) if c.node_group_of[i].has_frame]
    c.object_group = {}
    c.body_groups = []
    for t, idx in c.object_types.items():
        if t in BODY_GROUPS:
            for g in _built_groups(c, BODY_GROUPS[t], idx, objects, c.object_group):
                c.body_groups.append(g)
                if g.has_frame:
                    widths.append(g.width)
    c.ode1_groups = []
    for t, idx in c.object_types.items():
        if t in ODE1_GROUPS:
            g = ODE1_GROUPS[t].build(c, idx, [objects[i] for i in idx])
            c.ode1_groups.append(g)
            for row, i in enumerate(idx):
                c.object_group[i] = (g, row)
    c.object_ltg_ode2 = [[] for _ in objects]
    for g in c.body_groups:
        for row, i in enumerate(g.items):
            c.object_ltg_ode2[int(i)] = [int(x) for x in g.ltg[row] if x >= 0]
    c.K = max([1] + widths + _two_body_marker_widths(c))


def _two_body_marker_widths(c):
    """The Jacobian widths of the markers on two bodies (the columns of both bodies)."""
    n_obj = len(c.items["object"])
    widths = []
    for r in c.items["marker"]:
        if "bodyNumbers" in r.values:
            bodies = [int(b) for b in r.values["bodyNumbers"]]
            widths.append(sum(len(c.object_ltg_ode2[b]) for b in bodies if 0 <= b < n_obj))
    return widths


def _build_marker_groups(c):
    markers = c.items["marker"]
    c.marker_groups, c.marker_group = [], {}
    for t, idx in _group_by_type(markers, MARKER_GROUPS, "marker").items():
        c.marker_groups.extend(_built_groups(c, MARKER_GROUPS[t], idx, markers, c.marker_group))


def _build_connector_and_constraint_groups(c):
    """Connectors and constraints (their marker references and marker types checked first); nodes
    with algebraic equations (Euler-parameter normalization) act as constraint groups, their
    multipliers node AE coordinates (numbered before all object multipliers)."""
    objects = c.items["object"]
    for i, r in enumerate(objects):
        if r.spec.type_name in CONNECTOR_GROUPS or r.spec.type_name in CONSTRAINT_GROUPS:
            _check_connector_markers(c, i, r)
    c.connector_groups, c.constraint_groups = [], []
    for t, idx in c.object_types.items():
        registry = CONNECTOR_GROUPS if t in CONNECTOR_GROUPS else CONSTRAINT_GROUPS if t in CONSTRAINT_GROUPS else None
        if registry is None:
            continue
        g = registry[t].build(c, idx, [objects[i] for i in idx])
        (c.connector_groups if registry is CONNECTOR_GROUPS else c.constraint_groups).append(g)
        for row, i in enumerate(idx):
            c.object_group[i] = (g, row)
    for g in c.node_groups:
        if getattr(g, "is_constraint", False):
            c.constraint_groups.insert(0, g)


def _build_load_groups(c):
    markers, loads = c.items["marker"], c.items["load"]
    for i, r in enumerate(loads):
        m = int(r.values["markerNumber"])
        if not 0 <= m < len(markers):
            raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter 'markerNumber' refers to "
                                f"marker {m}, which does not exist (the system has {len(markers)} markers)")
        _check_marker_flags(c, r, i, "markerNumber", m, r.spec.requested_markers[0]
                            if r.spec.requested_markers else ())
    c.load_groups, c.load_group = [], {}
    for t, idx in _group_by_type(loads, LOAD_GROUPS, "load").items():
        c.load_groups.extend(_built_groups(c, LOAD_GROUPS[t], idx, loads, c.load_group))


def _built_groups(c, cls, idx, records, group_of):
    """The groups of the items idx of one type (cls.split's parts, each built by cls.build),
    with each item's (group, row) in ``group_of``."""
    out = []
    for part in cls.split(c, idx, [records[i] for i in idx]):
        part = [idx[k] for k in part]
        g = cls.build(c, part, [records[i] for i in part])
        out.append(g)
        for row, i in enumerate(part):
            group_of[i] = (g, row)
    return out


def _node_values(r, i, name, k):
    """A node's parameter ``name`` as k floats (Exudyn 1.13.6 refuses any other size, empty too);
    empty where the node type has no such parameter."""
    if name not in r.values:
        return np.zeros(0)
    vals = np.asarray(r.values[name], dtype=float)
    if vals.size != k:
        raise ItemParameterError(describe_item(r.spec, i, r.name), name, list(vals),
                                 f"must have {k} entries (the node's coordinates)")
    return vals


EP_NORM_TOLERANCE = 1e-13   # |p.p - 1| of a NodeRigidBodyEP's reference Euler parameters (Exudyn 1.13.6)


def _check_euler_parameters(r, i, ref):
    """Exudyn refuses reference Euler parameters of a norm other than 1 (measured: 1 +- 1e-13 is
    refused, 1 +- 1e-14 taken)."""
    p = ref[3:7]
    if abs(float(p @ p) - 1.0) > EP_NORM_TOLERANCE:
        raise ItemParameterError(describe_item(r.spec, i, r.name), "referenceCoordinates", list(ref),
                                 f"must hold Euler parameters of norm 1 (entries 3-6; norm {np.sqrt(p @ p):g})")


def _initial_states(c):
    """The reference coordinates and the states of every configuration (the initial values)."""
    nodes = c.items["node"]
    c.q_ref = np.zeros(c.n_ode2)
    c.y_ref = np.zeros(c.n_ode1)
    init = State(c.n_ode2, c.n_ode1, c.n_ae, c.n_data)
    for i, r in enumerate(nodes):
        s, k = int(c.node_ode2_start[i]), int(c.node_n_ode2[i])
        if k:
            ref = _node_values(r, i, "referenceCoordinates", k)
            if ref.size == 0:
                raise ItemParameterError(describe_item(r.spec, i, r.name), "referenceCoordinates", [],
                                         f"must have {k} entries (the node's coordinates)")
            if r.spec.type_name == "RigidBodyEP":
                _check_euler_parameters(r, i, ref)
            c.q_ref[s:s + k] = ref
            vals = _node_values(r, i, "initialCoordinates", k)
            if vals.size:
                init.q[s:s + k] = vals
            vel_name = "initialVelocities" if "initialVelocities" in r.values else "initialCoordinates_t"
            vals = _node_values(r, i, vel_name, k)
            if vals.size:
                init.v[s:s + k] = vals
        k1 = int(c.node_n_ode1[i])
        if k1:
            s1 = int(c.node_ode1_start[i])
            c.y_ref[s1:s1 + k1] = _node_values(r, i, "referenceCoordinates", k1)
            vals = _node_values(r, i, "initialCoordinates", k1)
            if vals.size:
                init.y[s1:s1 + k1] = vals
        kd = int(c.node_n_data[i])
        if r.spec.type_name == "GenericData" or kd:
            vals = _node_values(r, i, "initialCoordinates", kd)
            if kd:
                init.x[int(c.node_data_start[i]):int(c.node_data_start[i]) + kd] = vals
    c.states = {CFG.Initial: init}
    for cfg in (CFG.Current, CFG.StartOfStep, CFG.Visualization):
        c.states[cfg] = State(c.n_ode2, c.n_ode1, c.n_ae, c.n_data)
        c.states[cfg].copy_from(init)
    ref = State(c.n_ode2, c.n_ode1, 0, 0)
    ref.q = c.q_ref.copy()
    ref.y = c.y_ref.copy()
    ref.y_t = np.zeros(0)
    ref.v = np.zeros(0)
    ref.a = np.zeros(0)
    c.states[CFG.Reference] = ref


def _check_marker_flags(c, rec, item, parameter, m, required):
    mrec = c.items["marker"][m]
    flags = set(mrec.spec.flags)
    if mrec.spec.type_name in ("BodyRigid", "NodeRigid", "BodyPosition", "NodePosition"):
        flags.add("Position")
    for flag in required:
        if flag not in flags:
            raise AssemblyError(f"{describe_item(rec.spec, item, rec.name)}: {parameter} {m} is "
                                f"{describe_item(mrec.spec, m, mrec.name)}, which does not provide "
                                f"'{flag}'; this item needs a {' + '.join(required)} marker")


def _check_connector_markers(c, i, r):
    ms = r.values["markerNumbers"]
    if len(ms) != 2:
        raise ItemParameterError(describe_item(r.spec, i, r.name), "markerNumbers", ms,
                                 "must be a list of 2 marker indices")
    for k, m in enumerate(ms):
        m = int(m)
        if not 0 <= m < len(c.items["marker"]):
            raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter 'markerNumbers' refers to "
                                f"marker {m}, which does not exist (the system has "
                                f"{len(c.items['marker'])} markers)")
        req = r.spec.requested_markers[k] if k < len(r.spec.requested_markers) else ()
        _check_marker_flags(c, r, i, f"marker m{k}", m, req)
