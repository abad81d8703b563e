"""The renderer-independent scene: what is drawn, as arrays (spec/visualization.md).

``build_scene(systems, settings)`` reads the item records, the frames of the current state (or of a
given state) and the VisualizationSettings, and returns Exudyn's ``GetGraphicsData`` dict: keys
``lines``, ``spheres``, ``circles``, ``texts``, ``triangles``, ``triangles6``, ``lines3`` and
``formatVersion``; each kind holds ``items`` (n, 3) int32 = [system, ItemType, index] and float32
``points``/``colors`` (per vertex for lines and triangles) plus its own fields.

It never writes the state: the frames are evaluated into fresh arrays and the system's cached
kinematics are restored afterwards.
"""
from math import floor, log2

import numpy as np

from ..graphics import ComputeOrthonormalBasisVectors

NODE, OBJECT, MARKER, LOAD, SENSOR = 1, 2, 3, 4, 5
DEFAULT_COLOR = (-1.0, -1.0, -1.0, -1.0)
MARKER_COLOR = (0.1, 0.5, 0.1, 1.0)
RED = (1.0, 0.0, 0.0, 1.0)
# cross size of markers with markers.defaultSize = -1, and node sphere radius with nodes.defaultSize = -1
MARKER_SIZE_UNSET = 0.002
NODE_RADIUS_UNSET = 0.001
# octahedron size of sensors with sensors.defaultSize = -1
SENSOR_SIZE_UNSET = 0.003
# arrow head length per loads.defaultRadius (head half-width)
LOAD_HEAD_LENGTH = 7.5


class SceneBuilder:
    """Collects drawing elements per kind; ``result()`` returns the dict of arrays."""

    def __init__(self):
        self.lines = ([], [], [])          # items, points (2, 3), colors (2, 4)
        self.lines3 = ([], [], [])
        self.spheres = ([], [], [], [], [])  # items, points, colors, radius, resolution
        self.circles = ([], [], [], [], [])  # items, points, colors, radius, numberOfSegments
        self.texts = ([], [], [], [], [], [])  # items, points, colors, fontSize, offset, text
        self.triangles = ([], [], [], [])  # items, points (3, 3), normals, colors (3, 4)
        self.triangles6 = ([], [], [], [])

    def line(self, item, p0, p1, color):
        self.lines[0].append(item)
        self.lines[1].append([p0, p1])
        self.lines[2].append([color, color])

    def polyline(self, item, points, color):
        for a, b in zip(points[:-1], points[1:]):
            self.line(item, a, b, color)

    def sphere(self, item, p, color, radius, resolution):
        for lst, v in zip(self.spheres, (item, p, color, radius, resolution)):
            lst.append(v)

    def circle(self, item, p, color, radius, segments=0):
        for lst, v in zip(self.circles, (item, p, color, radius, segments)):
            lst.append(v)

    def text(self, item, p, color, text, fontSize=0.0, offset=(0.25, 0.25)):
        for lst, v in zip(self.texts, (item, p, color, fontSize, offset, text)):
            lst.append(v)

    def triangle_list(self, item, g, pos=None, A=None, default_color=None):
        """Add a TriangleList graphics dict placed by (pos, A)."""
        P = np.asarray(g["points"], dtype=float).reshape(-1, 3)
        if A is not None:
            P = P @ np.asarray(A).T
        if pos is not None:
            P = P + pos
        C = np.asarray(g["colors"], dtype=float).reshape(-1, 4)
        if default_color is not None and len(C) and C[0, 0] < 0:
            C = np.tile(default_color, (len(P), 1))
        if "normals" in g and len(g["normals"]) == len(P):
            N = np.asarray(g["normals"], dtype=float).reshape(-1, 3)
            if A is not None:
                N = N @ np.asarray(A).T
        else:
            N = None
        for key, store, width in (("triangles", self.triangles, 3), ("triangles6", self.triangles6, 6)):
            T = np.asarray(g.get(key, np.zeros((0, width), dtype=int)), dtype=int).reshape(-1, width)
            if not len(T):
                continue
            store[0].extend([item] * len(T))
            store[1].append(P[T])
            store[2].append(N[T] if N is not None else _face_normals(P[T]))
            store[3].append(C[T])
        if "edges" in g:
            ec = np.asarray(g.get("edgeColor", (0., 0., 0., 1.)), dtype=float)
            for a, b in np.asarray(g["edges"], dtype=int).reshape(-1, 2):
                self.line(item, P[a], P[b], ec)

    def result(self, flat_shapes=False):
        if flat_shapes:
            self._flatten()
        f32, i32 = np.float32, np.int32

        def items(lst):
            return np.array(lst, dtype=i32).reshape(-1, 3)

        def arr(lst, shape):
            if lst and isinstance(lst[0], np.ndarray) and lst[0].ndim == len(shape) + 1:
                return np.concatenate(lst).astype(f32).reshape((-1,) + shape)
            return np.array(lst, dtype=f32).reshape((-1,) + shape)

        L, L3, S, Ci, T, Tr, T6 = self.lines, self.lines3, self.spheres, self.circles, self.texts, self.triangles, self.triangles6
        return {
            "formatVersion": 1,
            "lines": {"items": items(L[0]), "points": arr(L[1], (2, 3)), "colors": arr(L[2], (2, 4))},
            "spheres": {"items": items(S[0]), "points": arr(S[1], (3,)), "colors": arr(S[2], (4,)),
                        "radius": np.array(S[3], dtype=f32), "resolution": np.array(S[4], dtype=i32)},
            "circles": {"items": items(Ci[0]), "points": arr(Ci[1], (3,)), "colors": arr(Ci[2], (4,)),
                        "radius": np.array(Ci[3], dtype=f32), "numberOfSegments": np.array(Ci[4], dtype=i32)},
            "texts": {"items": items(T[0]), "points": arr(T[1], (3,)), "colors": arr(T[2], (4,)),
                      "fontSize": np.array(T[3], dtype=f32), "offset": arr(T[4], (2,)), "text": list(T[5])},
            "triangles": {"items": items(Tr[0]), "points": arr(Tr[1], (3, 3)), "normals": arr(Tr[2], (3, 3)),
                          "colors": arr(Tr[3], (3, 4))},
            "triangles6": {"items": items(T6[0]), "points": arr(T6[1], (6, 3)), "normals": arr(T6[2], (6, 3)),
                           "colors": arr(T6[3], (6, 4))},
            "lines3": {"items": items(L3[0]), "points": arr(L3[1], (3, 3)), "colors": arr(L3[2], (3, 4))},
        }

    def _flatten(self):
        """Refine curved shapes once: 4 triangles per 6-node triangle, 2 lines per 3-node line."""
        it, P, N, C = self.triangles6
        if it:
            P, N, C = (np.concatenate(x) for x in (P, N, C))
            sub = np.array([[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]])
            self.triangles[0].extend([i for i in it for _ in range(4)])
            for store, a in zip(self.triangles[1:], (P, N, C)):
                store.append(a[:, sub].reshape(-1, 3, a.shape[-1]))
        self.triangles6 = ([], [], [], [])
        for item, p, c in zip(*self.lines3):
            self.line(item, p[0], p[2], c[0])
            self.line(item, p[2], p[1], c[2])
        self.lines3 = ([], [], [])


def _face_normals(P):
    """Normals (n, k, 3) of triangles whose corners are P[:, :3]."""
    n = np.cross(P[:, 1] - P[:, 0], P[:, 2] - P[:, 0])
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
    return np.repeat(n[:, None, :], P.shape[1], axis=1)


# ---------------------------------------------------------------- state

class _Frames:
    """Node, body and marker frames of one system, evaluated without touching its cached state."""

    def __init__(self, mbs, state=None):
        c = mbs._compiled
        eq = c.equations
        from ..enums import ConfigurationType
        if state is None:
            st = c.state(ConfigurationType.Visualization) if hasattr(ConfigurationType, "Visualization") else None
            st = st if st is not None else c.state(ConfigurationType.Current)
            q, v, t = st.q, st.v, st.t
        else:
            q, v, t = state
        self.nodes, self.bodies, self.markers = eq.frames_at(np.asarray(q, dtype=float), np.asarray(v, dtype=float),
                                                             float(t))
        self.body_has_frame = np.zeros(eq.body_frames.n, dtype=bool)
        for g in c.body_groups:
            if g.has_frame:
                self.body_has_frame[g.items] = True


# ---------------------------------------------------------------- colors and sizes

def _own_color(vvalues, default):
    col = vvalues.get("color", DEFAULT_COLOR)
    col = np.asarray(col, dtype=float)
    return np.asarray(default, dtype=float) if col[0] < 0 else col


def _marker0_color(c):
    m = c.copy()
    m[:3] = 0.25 * c[:3] + 0.375
    return m


def _number_color(c):
    t = c.copy()
    t[:3] = 0.5 * c[:3] + 0.5 * np.mean(c[:3])
    return t


def _resolution(tiling):
    return int(floor(log2(max(tiling, 1))))


# ---------------------------------------------------------------- the builder

_COORDINATE_MARKERS = ("NodeCoordinate", "NodeCoordinates", "NodeRotationCoordinate")


class _Context:
    def __init__(self, builder, vs, system_number, mbs, frames):
        self.b, self.vs, self.s = builder, vs, system_number
        self.mbs, self.records, self.f = mbs, mbs._items, frames

    def mpos(self, m):
        rec = self.records["marker"][m]
        if rec.spec.type_name in _COORDINATE_MARKERS:
            return self.f.nodes.pos[int(rec.values["nodeNumber"])].copy()
        if rec.spec.type_name == "BodyCable2DCoordinates":     # (the element's start, as Exudyn 1.13.6)
            return self.f.bodies.pos[int(rec.values["bodyNumber"])].copy()
        return self.f.markers.pos[m].copy()

    def mA(self, m):
        return self.f.markers.A[m].copy()


def build_scene(systems, settings, states=None, flat_shapes=False):
    """Scene dict of the assembled systems (list of MainSystem) under VisualizationSettings."""
    b = SceneBuilder()
    for s, mbs in enumerate(systems):
        if mbs._compiled is None or not getattr(mbs, "systemIsConsistent", True):
            continue
        frames = _Frames(mbs, None if states is None else states[s])
        ctx = _Context(b, settings, s, mbs, frames)
        _draw_nodes(ctx)
        _draw_objects(ctx)
        _draw_markers(ctx)
        _draw_loads(ctx)
        _draw_sensors(ctx)
    return b.result(flat_shapes)


def _draw_nodes(ctx):
    ns = ctx.vs.nodes
    if not ns.show:
        return
    for i, rec in enumerate(ctx.records["node"]):
        vv = rec.vvalues
        if "show" not in vv or not vv["show"]:
            continue
        item = [ctx.s, NODE, i]
        col = _own_color(vv, ns.defaultColor)
        pos = ctx.f.nodes.pos[i]
        if ns.drawNodesAsPoint:
            ctx.b.sphere(item, pos, col, -1.0, -1)
        else:
            size = vv.get("drawSize", -1.0)
            size = ns.defaultSize if size == -1 else size
            radius = NODE_RADIUS_UNSET if size == -1 else 0.5 * size
            ctx.b.sphere(item, pos, col, radius, _resolution(ns.tiling))
        if ns.showNumbers:
            ctx.b.text(item, pos, _number_color(np.asarray(ns.defaultColor, dtype=float)), "N%d" % i)


def _draw_markers(ctx):
    ms = ctx.vs.markers
    if not ms.show:
        return
    size = ms.defaultSize if ms.defaultSize != -1 else MARKER_SIZE_UNSET
    d = 0.25 * size
    pairs = np.array([[[d, d, 0], [-d, -d, 0]], [[-d, d, 0], [d, -d, 0]],
                      [[d, 0, d], [-d, 0, -d]], [[-d, 0, d], [d, 0, -d]],
                      [[0, d, d], [0, -d, -d]], [[0, -d, d], [0, d, -d]]])
    col = np.asarray(ms.defaultColor, dtype=float) if ms.defaultColor is not None else np.array(MARKER_COLOR)
    for i, rec in enumerate(ctx.records["marker"]):
        vv = rec.vvalues
        if "show" not in vv or not vv["show"]:
            continue
        item = [ctx.s, MARKER, i]
        p = ctx.mpos(i)
        for a, e in pairs:
            ctx.b.line(item, p + a, p + e, col)
        if ms.showNumbers:
            ctx.b.text(item, p, _number_color(col), "M%d" % i)


_FORCE_LOADS = ("ForceVector", "MassProportional")


def _draw_loads(ctx):
    """Force and mass-proportional loads as arrows, torques as double arrows (Coordinate loads not drawn)."""
    ls = ctx.vs.loads
    if not ls.show:
        return
    col = np.asarray(ls.defaultColor, dtype=float)
    w = float(ls.defaultRadius)
    h = LOAD_HEAD_LENGTH * w
    for i, rec in enumerate(ctx.records["load"]):
        name = rec.spec.type_name
        if name not in _FORCE_LOADS + ("TorqueVector",) or not rec.vvalues.get("show", True):
            continue
        m = int(rec.values["markerNumber"])
        v = np.asarray(rec.values["loadVector"], dtype=float)
        if rec.values.get("bodyFixed", False):
            v = ctx.mA(m) @ v
        norm = np.linalg.norm(v)
        if norm == 0:
            continue
        u = v / norm
        size = float(ls.defaultSize) if ls.fixedLoadSize or name == "MassProportional" else ls.loadSizeFactor * norm
        p = ctx.mpos(m)
        tip = p + size * u
        item = [ctx.s, LOAD, i]
        ctx.b.line(item, p, tip, col)
        _, n1, n2 = ComputeOrthonormalBasisVectors(u)
        for k in range(1 if name in _FORCE_LOADS else 2):
            t = tip - k * h * u
            for side in (w * n1, -w * n1, w * n2, -w * n2):
                ctx.b.line(item, t, t - h * u + side, col)
        if ls.showNumbers:
            ctx.b.text(item, tip, _number_color(col), "L%d" % i)


def _sensor_position(ctx, rec):
    """Where a sensor is drawn: its node, body point, marker, connector midpoint or load marker."""
    v, name = rec.values, rec.spec.type_name
    if name == "Node":
        n = int(v["nodeNumber"])
        # measured: Exudyn 1.13.6 draws no sensor of a NodeRigidBodyEP
        return None if ctx.records["node"][n].spec.type_name == "RigidBodyEP" else ctx.f.nodes.pos[n]
    if name == "Body":
        b = int(v["bodyNumber"])
        local = np.asarray(v.get("localPosition", np.zeros(3)), dtype=float)
        if ctx.f.body_has_frame[b]:
            return ctx.f.bodies.pos[b] + ctx.f.bodies.A[b] @ local
        return np.asarray(ctx.records["object"][b].values.get("referencePosition") or np.zeros(3), float) + local
    if name == "Marker":
        return ctx.mpos(int(v["markerNumber"]))
    if name == "Object":
        m = ctx.records["object"][int(v["objectNumber"])].values.get("markerNumbers")
        return None if m is None else 0.5 * (ctx.mpos(int(m[0])) + ctx.mpos(int(m[1])))
    if name == "Load":
        return ctx.mpos(int(ctx.records["load"][int(v["loadNumber"])].values["markerNumber"]))
    return None


def _draw_sensors(ctx):
    """Each shown sensor: the 12 edges of an octahedron at its position."""
    ss = ctx.vs.sensors
    if not ss.show:
        return
    col = np.asarray(ss.defaultColor, dtype=float)
    d = 0.5 * (ss.defaultSize if ss.defaultSize != -1 else SENSOR_SIZE_UNSET)
    e = np.eye(3) * d
    edges = [(s0 * e[a], s1 * e[b]) for a, b in ((0, 1), (0, 2), (1, 2)) for s0 in (1, -1) for s1 in (-1, 1)]
    for i, rec in enumerate(ctx.records["sensor"]):
        if not rec.vvalues.get("show", True):
            continue
        p = _sensor_position(ctx, rec)
        if p is None:
            continue
        item = [ctx.s, SENSOR, i]
        for a, b in edges:
            ctx.b.line(item, p + a, p + b, col)
        if ss.showNumbers:
            ctx.b.text(item, p, _number_color(col), "S%d" % i)


def _draw_body(ctx, i, rec):
    bs = ctx.vs.bodies
    vv = rec.vvalues
    if not bs.show or not vv.get("show", True):
        return
    if ctx.f.body_has_frame[i]:
        pos, A = ctx.f.bodies.pos[i], ctx.f.bodies.A[i]
    else:
        pos = np.asarray(rec.values.get("referencePosition") or np.zeros(3), dtype=float)
        A = np.eye(3)
    item = [ctx.s, OBJECT, i]
    gdata = list(vv.get("graphicsData") or [])
    user = vv.get("graphicsDataUserFunction", 0)
    if callable(user):
        gdata += list(user(ctx.mbs, i) or [])
    _add_graphics_data(ctx.b, item, gdata, pos, A, bs.defaultColor, _resolution(ctx.vs.general.sphereTiling))
    if bs.showNumbers:
        ctx.b.text(item, pos, _number_color(np.asarray(bs.defaultColor, dtype=float)), str(i))


def _draw_objects(ctx):
    """Connectors, then bodies' graphics data, each in object order (Exudyn's order of elements)."""
    objects = list(enumerate(ctx.records["object"]))
    for i, rec in objects:
        if rec.spec.type_name in _CONNECTOR_DRAW:
            _draw_connector(ctx, i, rec)
    for i, rec in objects:
        if "graphicsData" in rec.vvalues:
            _draw_body(ctx, i, rec)


def _add_graphics_data(b, item, gdata, pos, A, default_color, sphere_res):
    default_color = np.asarray(default_color, dtype=float)

    def col(c):
        c = np.asarray(c, dtype=float)
        return default_color if c[0] < 0 else c

    for g in gdata:
        t = g.get("type")
        if t == "TriangleList":
            b.triangle_list(item, g, pos, A, default_color)
        elif t == "Spheres":
            P = np.asarray(g["points"], dtype=float).reshape(-1, 3) @ A.T + pos
            R = np.broadcast_to(np.asarray(g["radii"], dtype=float), (len(P),))
            C = np.asarray(g["colors"], dtype=float).reshape(-1, 4)
            C = np.broadcast_to(C, (len(P), 4)) if len(C) == 1 else C
            res = int(g.get("resolution", -1))
            res = sphere_res if res < 0 else _resolution(res)
            for p, r, c in zip(P, R, C):
                b.sphere(item, p, col(c), float(r), res)
        elif t == "Line":
            P = np.asarray(g["data"], dtype=float).reshape(-1, 3) @ A.T + pos
            b.polyline(item, P, col(g["color"]))
        elif t == "Circle":
            b.circle(item, A @ np.asarray(g["position"], dtype=float) + pos, col(g["color"]), float(g["radius"]))
        elif t == "Text":
            b.text(item, A @ np.asarray(g["position"], dtype=float) + pos, col(g["color"]), str(g["text"]),
                   float(g.get("fontSize", 0.0)), tuple(g.get("offset", (0.0, 0.0))))


# ---------------------------------------------------------------- connectors

def _draw_connector(ctx, i, rec):
    cs = ctx.vs.connectors
    vv = rec.vvalues
    if not cs.show or not vv.get("show", True):
        return
    item = [ctx.s, OBJECT, i]
    c = _own_color(vv, cs.defaultColor)
    size = vv.get("drawSize", -1.0)
    r = 0.5 * (cs.defaultSize if size == -1 else size)
    m0, m1 = (int(m) for m in rec.values["markerNumbers"])
    _CONNECTOR_DRAW[rec.spec.type_name](ctx, item, rec, c, r, m0, m1)
    if cs.showNumbers:
        # the number at the markers' midpoint; a rolling disc's at its center (marker 1)
        p = ctx.mpos(m1) if rec.spec.type_name == "JointRollingDisc" else 0.5 * (ctx.mpos(m0) + ctx.mpos(m1))
        ctx.b.text(item, p, _number_color(c), str(i))


def _draw_two_circles(ctx, item, rec, c, r, m0, m1):
    ctx.b.circle(item, ctx.mpos(m0), np.array(RED), r)
    ctx.b.circle(item, ctx.mpos(m1), c, r)


def _draw_prismatic_2d(ctx, item, rec, c, r, m0, m1):
    _draw_two_circles(ctx, item, rec, c, r, m0, m1)
    ctx.b.line(item, ctx.mpos(m0), ctx.mpos(m1), c)


def _draw_distance(ctx, item, rec, c, r, m0, m1):
    p0, p1 = ctx.mpos(m0), ctx.mpos(m1)
    if ctx.vs.connectors.drawSimplified:
        ctx.b.line(item, p0, p1, c)
    else:
        L = np.linalg.norm(p1 - p0)
        if L > 0:
            # tube radius: 0.05 * connectors.defaultSize (measured with Exudyn 1.13.6; drawSize not used)
            _solid_axis(ctx, item, 0.5 * (p0 + p1), (p1 - p0) / L, 0.05 * ctx.vs.connectors.defaultSize, L, c)


def _draw_spring(ctx, item, rec, c, r, m0, m1):
    _helix(ctx, item, ctx.mpos(m0), ctx.mpos(m1), r, c)


def _draw_cartesian_spring(ctx, item, rec, c, r, m0, m1):
    """One helix per global axis, x then y then z, from marker 0 to marker 1."""
    p = ctx.mpos(m0)
    d = ctx.mpos(m1) - p
    for k in range(3):
        q = p.copy()
        q[k] += d[k]
        _helix(ctx, item, p, q, r, c)
        p = q


def _draw_two_spheres(ctx, item, rec, c, r, m0, m1):
    res = _resolution(ctx.vs.general.sphereTiling)
    ctx.b.sphere(item, ctx.mpos(m0), c, r, res)
    ctx.b.sphere(item, ctx.mpos(m1), c, r, res)


def _draw_rigid_spring(ctx, item, rec, c, r, m0, m1):
    """Spheres at marker 0 (c) and marker 1 (m), joined by a solid cylinder of radius 0.8 r."""
    p0, p1 = ctx.mpos(m0), ctx.mpos(m1)
    res = _resolution(ctx.vs.general.sphereTiling)
    ctx.b.sphere(item, p0, c, r, res)
    ctx.b.sphere(item, p1, _marker0_color(c), r, res)
    L = np.linalg.norm(p1 - p0)
    if L > 0:
        _solid_axis(ctx, item, 0.5 * (p0 + p1), (p1 - p0) / L, 0.8 * r, L, c)


def _revolved(p, A, profile, n):
    """Triangles (k, 3, 3) of a solid of revolution about A's z axis through p, n tiles starting at A's x
    axis; profile: ("cylinder", z0, z1, radius) -> 4n triangles, ("cone", z_base, z_tip, radius) -> 2n."""
    ang = 2 * np.pi * np.arange(n + 1) / n
    ring = np.outer(np.cos(ang), A[:, 0]) + np.outer(np.sin(ang), A[:, 1])
    kind, z0, z1, radius = profile
    c0, c1 = p + z0 * A[:, 2], p + z1 * A[:, 2]
    tri = []
    for i in range(n):
        a, b = radius * ring[i], radius * ring[i + 1]
        if kind == "cylinder":
            tri += [[c0 + a, c0 + b, c1 + b], [c0 + a, c1 + b, c1 + a], [c0, c0 + b, c0 + a], [c1, c1 + a, c1 + b]]
        else:
            tri += [[c0, c0 + b, c0 + a], [c0 + a, c0 + b, c1]]
    return np.array(tri)


def _add_triangles(ctx, item, P, color):
    b = ctx.b
    b.triangles[0].extend([item] * len(P))
    b.triangles[1].append(P)
    b.triangles[2].append(_face_normals(P))
    b.triangles[3].append(np.tile(np.asarray(color, dtype=float), (len(P), 3, 1)))


# torsional spring per marker, in units of r along the marker's z axis: a disc (2 axesTiling tiles) and
# a double arrow (axesTiling tiles): shaft, then two cones
_TORSIONAL_PARTS = (("cylinder", 0., 0.25, 0.5, 2), ("cylinder", 0., 0.625, 0.025, 1),
                    ("cone", 0.625, 0.8125, 0.0625, 1), ("cone", 0.8125, 1., 0.0625, 1))


def _draw_torsional_spring(ctx, item, rec, c, r, m0, m1):
    """At each marker a disc and a double arrow along its z axis; marker 0 in c, marker 1 in 0.5 c + 0.25."""
    n = int(ctx.vs.general.axesTiling)
    c1 = c.copy()
    c1[:3] = 0.5 * c[:3] + 0.25
    for m, col in ((m0, c), (m1, c1)):
        p, A = ctx.mpos(m), ctx.mA(m)
        for kind, z0, z1, radius, tiles in _TORSIONAL_PARTS:
            _add_triangles(ctx, item, _revolved(p, A, (kind, z0 * r, z1 * r, radius * r), tiles * n), col)


def _draw_rolling_disc(ctx, item, rec, c, r, m0, m1):
    """At marker 1, about its discAxis: the disc (discRadius, discWidth; 4 cylinderTiling tiles, c) and an
    axle (radius 0.1 discRadius, length 2 discWidth; cylinderTiling tiles, m)."""
    n = int(ctx.vs.general.cylinderTiling)
    axis = ctx.mA(m1) @ np.asarray(rec.values.get("discAxis", (1., 0., 0.)), dtype=float)
    norm = np.linalg.norm(axis)
    if norm == 0:
        return
    axis /= norm
    p = ctx.mpos(m1)
    radius, width = float(rec.values["discRadius"]), float(rec.vvalues.get("discWidth", 0.1))
    _add_triangles(ctx, item, _flat_cylinder(p - 0.5 * width * axis, width * axis, radius, None, 4 * n), c)
    _add_triangles(ctx, item, _flat_cylinder(p - width * axis, 2 * width * axis, 0.1 * radius, None, n),
                   _marker0_color(c))


def _helix(ctx, item, p0, p1, r, c):
    """springNumberOfWindings * curveTiling + 1 lines: a helix of radius r from p0 to p1."""
    d = p1 - p0
    L = np.linalg.norm(d)
    if L == 0:
        return
    cs = ctx.vs.connectors
    n = int(cs.springNumberOfWindings) * int(cs.curveTiling)
    _, n1, n2 = ComputeOrthonormalBasisVectors(d)
    k = np.arange(n)
    phi = 2 * np.pi * k / int(cs.curveTiling)
    helix = p0 + np.outer(k * L / n, d / L) + r * (np.outer(np.cos(phi), n2) + np.outer(np.sin(phi), n1))
    ctx.b.polyline(item, np.vstack([p0, helix, p1]), c)


def _draw_spherical(ctx, item, rec, c, r, m0, m1):
    radius = float(rec.vvalues.get("jointRadius", 0.1))
    res = _resolution(ctx.vs.general.sphereTiling)
    ctx.b.sphere(item, ctx.mpos(m0), _marker0_color(c), radius, res)
    ctx.b.sphere(item, ctx.mpos(m1), c, radius, res)


def _flat_cylinder(p0, v, radius, inner, n):
    """Triangles (k, 3, 3) of a cylinder from p0 along v with n tiles: solid 4n (side 2n, caps n each),
    hollow (inner radius) 8n (outer and inner side, two annuli)."""
    _, n1, n2 = ComputeOrthonormalBasisVectors(v)
    ang = 2 * np.pi * np.arange(n + 1) / n
    ring = np.outer(np.cos(ang), n1) + np.outer(np.sin(ang), n2)
    p1 = p0 + v
    tri = []
    for i in range(n):
        a, b = ring[i], ring[i + 1]
        o0, o1, t0, t1 = p0 + radius * a, p0 + radius * b, p1 + radius * a, p1 + radius * b
        tri += [[o0, o1, t1], [o0, t1, t0]]
        if inner is None:
            tri += [[p0, o1, o0], [p1, t0, t1]]
        else:
            i0, i1, j0, j1 = p0 + inner * a, p0 + inner * b, p1 + inner * a, p1 + inner * b
            tri += [[i0, j1, i1], [i0, j0, j1], [o0, i1, o1], [o0, i0, i1], [t0, t1, j1], [t0, j1, j0]]
    return np.array(tri)


def _cylinder_triangles(ctx, item, p, axis, radius, inner, length, color):
    P = _flat_cylinder(p - 0.5 * length * axis, length * axis, radius, inner, int(ctx.vs.general.cylinderTiling))
    _add_triangles(ctx, item, P, color)


def _solid_axis(ctx, item, p, axis, radius, length, color):
    _cylinder_triangles(ctx, item, p, axis, radius, None, length, color)


def _hollow_axis(ctx, item, p, axis, radius, inner, length, color):
    _cylinder_triangles(ctx, item, p, axis, radius, inner, length, color)


def _revolute(ctx, item, c, m0, m1, k, radius, length):
    """Solid cylinder along marker 0's axis k (color m) and hollow cylinder at marker 1 (color c)."""
    axis = ctx.mA(m0)[:, k]
    _solid_axis(ctx, item, ctx.mpos(m0), axis, 0.5 * radius, 1.2 * length, _marker0_color(c))
    _hollow_axis(ctx, item, ctx.mpos(m1), axis, radius, 0.75 * radius, length, c)


def _draw_revolute_z(ctx, item, rec, c, r, m0, m1):
    vv = rec.vvalues
    _revolute(ctx, item, c, m0, m1, 2, float(vv.get("axisRadius", 0.1)), float(vv.get("axisLength", 0.4)))


def _draw_prismatic_x(ctx, item, rec, c, r, m0, m1):
    vv = rec.vvalues
    radius, length = float(vv.get("axisRadius", 0.1)), float(vv.get("axisLength", 0.4))
    _solid_axis(ctx, item, ctx.mpos(m0), ctx.mA(m0)[:, 0], 0.5 * radius, 1.5 * length, _marker0_color(c))
    _hollow_axis(ctx, item, ctx.mpos(m1), ctx.mA(m1)[:, 0], radius, 0.5 * radius, length, c)


def _draw_generic(ctx, item, rec, c, r, m0, m1):
    vv = rec.vvalues
    radius, length = float(vv.get("axesRadius", 0.1)), float(vv.get("axesLength", 0.4))
    rot = [int(a) for a in rec.values["constrainedAxes"][3:6]]
    free = [k for k in range(3) if not rot[k]]
    n_constrained = 3 - len(free)
    if n_constrained == 3:
        res = _resolution(ctx.vs.general.sphereTiling)
        ctx.b.sphere(item, ctx.mpos(m0), _marker0_color(c), 0.5 * radius, res)
        ctx.b.sphere(item, ctx.mpos(m1), c, 0.5 * radius, res)
    elif n_constrained == 2:
        _revolute(ctx, item, c, m0, m1, free[0], radius, length)
    elif n_constrained == 1:
        # the two free axes: the first in marker 0's frame (color c), the second in marker 1's (color m)
        _solid_axis(ctx, item, ctx.mpos(m0), ctx.mA(m0)[:, free[0]], 0.5 * radius, 1.2 * length, c)
        _solid_axis(ctx, item, ctx.mpos(m1), ctx.mA(m1)[:, free[1]], 0.5 * radius, 1.2 * length,
                    _marker0_color(c))


_CONNECTOR_DRAW = {
    "ConnectorCoordinate": _draw_two_circles,
    "JointRevolute2D": _draw_two_circles,
    "JointPrismatic2D": _draw_prismatic_2d,
    "JointSliding2D": _draw_two_circles,
    "ConnectorDistance": _draw_distance,
    "ConnectorSpringDamper": _draw_spring,
    "ConnectorCoordinateSpringDamper": _draw_spring,
    "ConnectorCartesianSpringDamper": _draw_cartesian_spring,
    "ConnectorLinearSpringDamper": _draw_two_spheres,
    "ConnectorRigidBodySpringDamper": _draw_rigid_spring,
    "ConnectorTorsionalSpringDamper": _draw_torsional_spring,
    "JointRollingDisc": _draw_rolling_disc,
    "ConnectorGravity": _draw_distance,
    "JointSpherical": _draw_spherical,
    "JointRevoluteZ": _draw_revolute_z,
    "JointPrismaticX": _draw_prismatic_x,
    "JointGeneric": _draw_generic,
}
