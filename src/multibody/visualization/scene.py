"""The renderer-independent scene: what is drawn, as arrays (spec/visualization.md).

``build_scene(systems, settings)`` reads the item records, the frames of the current state (or of a
given state) and the VisualizationSettings, and returns Exudyn's ``GetGraphicsData`` dict: keys
``lines``, ``spheres``, ``circles``, ``texts``, ``triangles``, ``triangles6``, ``lines3`` and
``formatVersion``; each kind holds ``items`` (n, 3) int32 = [system, ItemType, index] and float32
``points``/``colors`` (per vertex for lines and triangles) plus its own fields.

It never writes the state: the frames are evaluated into fresh arrays and the system's cached
kinematics are restored afterwards.
"""
import numpy as np

from ..graphics import ComputeOrthonormalBasisVectors
from .connectors import CONNECTOR_DRAW, OBJECT, draw_connector, own_color, shown_object
from .flexible import FLEXIBLE_DRAW, draw_flexible, node_coordinates
from .shapes import BASIS_COLORS, add_triangles, arrow, cube, face_normals, number_color, resolution, small_sphere

NODE, MARKER, LOAD, SENSOR = 1, 3, 4, 5
MARKER_COLOR = (0.1, 0.5, 0.1, 1.0)
# cross size of markers with markers.defaultSize = -1, and node sphere radius with nodes.defaultSize = -1
MARKER_SIZE_UNSET = 0.002
NODE_RADIUS_UNSET = 0.001
# the numbers of an object's nodes (ObjectGenericODE2.showNodes)
OBJECT_NODE_NUMBER_COLOR = (0.7, 0.7, 0.7, 1.0)
# arrow length of loads with loads.defaultSize = -1
LOAD_SIZE_UNSET = 0.002
# octahedron size of sensors with sensors.defaultSize = -1
SENSOR_SIZE_UNSET = 0.003
# arrow head length and cone radius per loads.defaultRadius (shaft radius)
LOAD_HEAD_LENGTH = 7.5
LOAD_HEAD_RADIUS = 2.5
# basis texts of nodes (nodes.showBasis) at this many basisSize along each axis
BASIS_TEXT_DISTANCE = 1.1875
# solid bases (nodes.drawNodesAsPoint / markers.drawSimplified False): shaft radius basisSize / 40,
# cone length per shaft radius of nodes and of markers
BASIS_ARROW_RADIUS = 40.0
NODE_BASIS_HEAD, MARKER_BASIS_HEAD = 7.5, 3.75


class Scene(dict):
    """The scene dict; ``tracked``: (position, rotation matrix) of the marker view0.camera.trackMarker
    names in the configuration drawn, or None."""
    tracked = None


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
            store[2].append(N[T] if N is not None else face_normals(P[T]))
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
            st = c.state(ConfigurationType.Current)
        # data coordinates: of the state drawn, or the current ones with a given state
        self.x = np.asarray(st.x, dtype=float)
        self.q = np.asarray(q, dtype=float)
        self.nodes, self.bodies, self.markers = eq.frames_at(np.asarray(q, dtype=float), np.asarray(v, dtype=float),
                                                             float(t))
        self.body_has_frame = np.zeros(eq.body_frames.n, dtype=bool)
        # a Node1D is at (its total coordinate, 0, 0) (measured with Exudyn 1.13.6)
        for n, rec in enumerate(c.items["node"]):
            if rec.spec.type_name == "1D":
                s = int(c.node_ode2_start[n])
                self.nodes.pos[n] = (c.q_ref[s] + self.q[s], 0.0, 0.0)
        for g in c.body_groups:
            if g.has_frame:
                self.body_has_frame[g.items] = True


# ---------------------------------------------------------------- the builder

# nodes drawn as circles (2 * nodes.tiling segments) whatever nodes.drawNodesAsPoint says
_CIRCLE_NODES = ("Point2DSlope1",)
# nodes drawn with a slope line with nodes.showNodalSlopes
_SLOPE_NODES = ("Point2DSlope1", "PointSlope1")
_COORDINATE_MARKERS = ("NodeCoordinate", "NodeCoordinates", "NodeRotationCoordinate")
# markers at the point localPosition0 of body 0, drawn there and at localPosition1 of body 1
_RELATIVE_MARKERS = ("BodiesRelativeTranslationCoordinate", "BodiesRelativeRotationCoordinate")
# markers at the first node of their cable, drawn as 2D markers (an x and a circle; BeamShape: an x and a sphere)
_CABLE_MARKERS = ("BodyCable2DShape", "BodyCable2DCoordinates", "BodyBeamShape")


class _DrawingEnds(Exception):
    """Where Exudyn 1.13.6 ends the drawing of a system (measured): the number of an
    ObjectGenericODE2 (bodies.showNumbers) and a SensorBody of one; what follows is not drawn."""


class _Context:
    def __init__(self, builder, vs, system_number, mbs, frames):
        self.b, self.vs, self.s = builder, vs, system_number
        self.mbs, self.records, self.f = mbs, mbs._items, frames

    def mpos(self, m):
        rec = self.records["marker"][m]
        name, v = rec.spec.type_name, rec.values
        if name in _COORDINATE_MARKERS:
            return self.f.nodes.pos[int(v["nodeNumber"])].copy()
        if name in _RELATIVE_MARKERS:
            return self.body_point(int(v["bodyNumbers"][0]), v["localPosition0"])
        if name in _CABLE_MARKERS:
            return self.f.nodes.pos[int(self.records["object"][int(v["bodyNumber"])].values["nodeNumbers"][0])].copy()
        if name == "BodyMass":
            body = self.records["object"][int(v["bodyNumber"])]
            if body.spec.type_name in FLEXIBLE_DRAW:
                # measured: drawn at the element's axis midpoint, not at its center of mass
                return self.cable_point(int(v["bodyNumber"]), 0.5 * float(body.values["length"]))
        return self.f.markers.pos[m].copy()

    def cable_point(self, b, x):
        """The axis point of the flexible body b (FLEXIBLE_DRAW) at local coordinate x."""
        body = self.records["object"][int(b)]
        return FLEXIBLE_DRAW[body.spec.type_name](self, body, np.array([float(x)]))[0][0]

    def node_coordinates(self, n, count):
        return node_coordinates(self, n, count)

    def data_coordinates(self, n):
        """Data coordinates of node n in the drawn configuration."""
        c = self.mbs._compiled
        s = int(c.node_data_start[n])
        return self.f.x[s:s + int(c.node_n_data[n])]

    def body_point(self, b, local):
        return self.f.bodies.pos[b] + self.f.bodies.A[b] @ np.asarray(local, dtype=float)

    def mA(self, m):
        return self.f.markers.A[m].copy()


def build_scene(systems, settings, states=None, flat_shapes=False):
    """Scene dict of the assembled systems (list of MainSystem) under VisualizationSettings."""
    b = SceneBuilder()
    cam = settings.view0.camera
    tracked = None
    for s, mbs in enumerate(systems):
        if mbs._compiled is None or not getattr(mbs, "systemIsConsistent", True):
            continue
        frames = _Frames(mbs, None if states is None else states[s])
        ctx = _Context(b, settings, s, mbs, frames)
        try:
            _draw_nodes(ctx)
            _draw_objects(ctx)
            _draw_markers(ctx)
            _draw_loads(ctx)
            _draw_sensors(ctx)
        except _DrawingEnds:
            pass
        _draw_user_graphics(ctx)
        if s == int(cam.trackMarkerMbsNumber) and 0 <= int(cam.trackMarker) < len(ctx.records["marker"]):
            tracked = (ctx.mpos(int(cam.trackMarker)), ctx.mA(int(cam.trackMarker)))
    scene = Scene(b.result(flat_shapes))
    scene.tracked = tracked
    return scene


def _draw_nodes(ctx):
    ns = ctx.vs.nodes
    if not ns.show:
        return
    for i, rec in enumerate(ctx.records["node"]):
        vv = rec.vvalues
        if "show" not in vv or not vv["show"]:
            continue
        item = [ctx.s, NODE, i]
        col = own_color(vv, ns.defaultColor)
        pos = ctx.f.nodes.pos[i]
        name = rec.spec.type_name
        radius = _node_sphere(ctx, item, pos, col, vv.get("drawSize", -1.0), name in _CIRCLE_NODES)
        if ns.showNodalSlopes and name in _SLOPE_NODES:
            # the unit slope vector, 8 node radii long (measured); a NodePointSlope1's along the
            # global x axis whatever its slope (measured)
            slope = node_coordinates(ctx, i, 4)[2:4] if name == "Point2DSlope1" else np.array([1.0, 0.0])
            norm = np.linalg.norm(slope)
            if norm > 0:
                ctx.b.line(item, pos, pos + 8 * radius * np.array([slope[0], slope[1], 0.]) / norm, col)
        if ns.showBasis and name.startswith("RigidBody"):
            _basis(ctx, item, pos, ctx.f.nodes.A[i], float(ns.basisSize), "N%d" % i if ns.showNumbers else "",
                   None if ns.drawNodesAsPoint else NODE_BASIS_HEAD)
        if ns.showNumbers:
            ctx.b.text(item, pos, number_color(np.asarray(ns.defaultColor, dtype=float)), "N%d" % i)


def _node_sphere(ctx, item, pos, col, size, circle=False):
    """A node: a point (nodes.drawNodesAsPoint) or a sphere of diameter size (-1: nodes.defaultSize,
    both -1: NODE_RADIUS_UNSET) with nodes.tiling; ``circle``: a circle of 2 nodes.tiling segments.
    Returns the radius."""
    ns = ctx.vs.nodes
    size = ns.defaultSize if size == -1 else size
    radius = NODE_RADIUS_UNSET if size == -1 else 0.5 * size
    if circle:
        ctx.b.circle(item, pos, col, radius, 2 * int(ns.tiling))
    elif ns.drawNodesAsPoint:
        ctx.b.sphere(item, pos, col, -1.0, -1)
    else:
        ctx.b.sphere(item, pos, col, radius, resolution(ns.tiling))
    return radius


def _basis(ctx, item, p, A, size, texts=None, head=None):
    """The frame A at p as three lines of length size (x, y, z colors), or with ``head`` three
    arrows (axesTiling tiles): shaft radius rho = size / 40 and length size, a cone of radius
    2.5 rho and length head * rho; ``texts``: the text beyond each axis (node bases: the node's
    number text, empty without nodes.showNumbers; measured)."""
    rho = size / BASIS_ARROW_RADIUS
    for k in range(3):
        if head is None:
            ctx.b.line(item, p, p + size * A[:, k], BASIS_COLORS[k])
        else:
            add_triangles(ctx.b, item, arrow(p, A[:, k], size, rho, 2.5 * rho, head * rho,
                                             int(ctx.vs.general.axesTiling)), BASIS_COLORS[k])
    if texts is not None:
        for k in range(3):
            ctx.b.text(item, p + BASIS_TEXT_DISTANCE * size * A[:, k], np.array(BASIS_COLORS[k]), texts)


def _draw_markers(ctx):
    """Each shown marker: a cross of six lines (drawSimplified False: a cube) of markers.defaultSize
    (-1: MARKER_SIZE_UNSET) at its position; cable markers as 2D markers, relative markers at both
    bodies' points with a line along their axis; the basis of rigid markers and the numbers."""
    ms = ctx.vs.markers
    if not ms.show:
        return
    size = ms.defaultSize if ms.defaultSize != -1 else MARKER_SIZE_UNSET
    col = np.asarray(ms.defaultColor, dtype=float) if ms.defaultColor is not None else np.array(MARKER_COLOR)
    for i, rec in enumerate(ctx.records["marker"]):
        vv = rec.vvalues
        if "show" not in vv or not vv["show"]:
            continue
        item = [ctx.s, MARKER, i]
        name = rec.spec.type_name
        points = [ctx.mpos(i)]
        if name in _CABLE_MARKERS:
            _marker_2d(ctx, item, points[0], 0.5 * size, col, name == "BodyBeamShape")
        else:
            if name in _RELATIVE_MARKERS:
                points.append(ctx.body_point(int(rec.values["bodyNumbers"][1]), rec.values["localPosition1"]))
            for p in points:
                _marker_3d(ctx, item, p, 0.25 * size, col, ms.drawSimplified)
        if name in _RELATIVE_MARKERS:
            # the axis of marker 0 in the frame of body 0, 5 marker sizes each side (measured)
            a = ctx.f.bodies.A[int(rec.values["bodyNumbers"][0])] @ np.asarray(rec.values["axis0"], dtype=float)
            ctx.b.line(item, points[0] - 5 * size * a, points[0] + 5 * size * a, col)
        if ms.showBasis and name.endswith("Rigid"):
            _basis(ctx, item, points[0], ctx.mA(i), float(ms.basisSize),
                   head=None if ms.drawSimplified else MARKER_BASIS_HEAD)
        if ms.showNumbers:
            for p in points:
                ctx.b.text(item, p, number_color(col), "M%d" % i)


def _marker_3d(ctx, item, p, d, col, simplified):
    """Six lines of half-length d * sqrt(2) in the coordinate planes, or a cube of half-size d."""
    if simplified:
        for k0, k1 in ((0, 1), (0, 2), (1, 2)):
            for sign in (1, -1):
                a = np.zeros(3)
                a[k0], a[k1] = sign * d, d
                ctx.b.line(item, p + a, p - a, col)
    else:
        add_triangles(ctx.b, item, cube(p, d), col)


def _marker_2d(ctx, item, p, r, col, sphere=False):
    """An x of two lines inside the circle of radius r at p (x-y plane); ``sphere``: a sphere of
    radius r (resolution -1) instead of the circle."""
    c = r * np.sqrt(0.5)
    ctx.b.line(item, p + (c, c, 0.), p - (c, c, 0.), col)
    ctx.b.line(item, p + (-c, c, 0.), p - (-c, c, 0.), col)
    if sphere:
        ctx.b.sphere(item, p, col, r, -1)
    else:
        ctx.b.circle(item, p, col, r)


_FORCE_LOADS = ("ForceVector", "MassProportional")


def _draw_loads(ctx):
    """Force and mass-proportional loads as arrows, torques as double arrows (Coordinate loads not drawn)."""
    ls = ctx.vs.loads
    if not ls.show:
        return
    col = np.asarray(ls.defaultColor, dtype=float)
    w = float(ls.defaultRadius)
    h = LOAD_HEAD_LENGTH * w
    default = LOAD_SIZE_UNSET if ls.defaultSize == -1 else float(ls.defaultSize)
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
        size = default if ls.fixedLoadSize or name == "MassProportional" else ls.loadSizeFactor * norm
        p = ctx.mpos(m)
        tip = p + size * u
        item = [ctx.s, LOAD, i]
        heads = 1 if name in _FORCE_LOADS else 2
        if ls.drawSimplified:
            _load_lines(ctx, item, p, tip, u, w, h, heads, col)
        else:
            # a shaft of radius w to the first cone, the cones (radius 2.5 w, length h) ending at the tip
            add_triangles(ctx.b, item, arrow(p, u, size - heads * h, w, LOAD_HEAD_RADIUS * w, h,
                                             int(ctx.vs.general.axesTiling), heads), col)
        if ls.showNumbers:
            ctx.b.text(item, tip, number_color(col), "L%d" % i)


def _load_lines(ctx, item, p, tip, u, w, h, heads, col):
    """A line from p to the tip and per head four lines back from it (half-width w, length h)."""
    ctx.b.line(item, p, tip, col)
    _, n1, n2 = ComputeOrthonormalBasisVectors(u)
    for k in range(heads):
        t = tip - k * h * u
        for side in (w * n1, -w * n1, w * n2, -w * n2):
            ctx.b.line(item, t, t - h * u + side, col)


_NODES_WITHOUT_SENSOR = ("RigidBodyEP", "GenericODE1", "GenericData")


def _sensor_position(ctx, rec):
    """Where a sensor is drawn: its node, body point, marker, connector midpoint or load marker."""
    v, name = rec.values, rec.spec.type_name
    if name == "Node":
        n = int(v["nodeNumber"])
        # measured: Exudyn 1.13.6 draws no sensor of a NodeRigidBodyEP, NodeGenericODE1 or NodeGenericData
        return None if ctx.records["node"][n].spec.type_name in _NODES_WITHOUT_SENSOR else ctx.f.nodes.pos[n]
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
        load = ctx.records["load"][int(v["loadNumber"])]
        # measured: no sensor drawn for a LoadCoordinate
        return None if load.spec.type_name == "Coordinate" else ctx.mpos(int(load.values["markerNumber"]))
    return None


def _draw_sensors(ctx):
    """Each shown sensor: the 12 edges of an octahedron at its position (drawSimplified False: a
    sphere of 4 tiles); the drawing ends at a SensorBody of an ObjectGenericODE2 (_DrawingEnds)."""
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
        if rec.spec.type_name == "Body" and \
                ctx.records["object"][int(rec.values["bodyNumber"])].spec.type_name == "GenericODE2":
            raise _DrawingEnds
        p = _sensor_position(ctx, rec)
        if p is None:
            continue
        item = [ctx.s, SENSOR, i]
        if ss.drawSimplified:
            for a, b in edges:
                ctx.b.line(item, p + a, p + b, col)
        else:
            add_triangles(ctx.b, item, small_sphere(p, d), col)
        if ss.showNumbers:
            ctx.b.text(item, p, number_color(col), "S%d" % i)


def _body_frame(ctx, i, rec):
    """Position and rotation matrix in which body i's graphics data are drawn."""
    if rec.spec.type_name == "GenericODE2":
        return np.zeros(3), np.eye(3)   # measured: its user graphics in global coordinates
    if not ctx.f.body_has_frame[i]:
        return np.asarray(rec.values.get("referencePosition") or np.zeros(3), dtype=float), np.eye(3)
    if rec.spec.type_name == "Mass1D":
        return ctx.f.bodies.pos[i], np.eye(3)   # measured: Exudyn 1.13.6 draws a Mass1D's graphics unrotated
    return ctx.f.bodies.pos[i], ctx.f.bodies.A[i]


def _draw_body(ctx, i, rec):
    bs = ctx.vs.bodies
    if not bs.show or not rec.vvalues.get("show", True):
        return
    pos, A = _body_frame(ctx, i, rec)
    item = [ctx.s, OBJECT, i]
    _add_graphics_data(ctx.b, item, list(rec.vvalues.get("graphicsData") or []), pos, A, bs.defaultColor,
                       resolution(ctx.vs.general.sphereTiling))
    if bs.showNumbers:
        ctx.b.text(item, pos, number_color(np.asarray(bs.defaultColor, dtype=float)), str(i))


def _draw_user_graphics(ctx):
    """The graphicsDataUserFunction graphics of the shown bodies, in a pass after the rest of the
    system, which the end of its drawing (_DrawingEnds) does not stop (measured)."""
    bs = ctx.vs.bodies
    if not bs.show:
        return
    for i, rec in enumerate(ctx.records["object"]):
        user = rec.vvalues.get("graphicsDataUserFunction", 0)
        if callable(user) and rec.vvalues.get("show", True):
            pos, A = _body_frame(ctx, i, rec)
            _add_graphics_data(ctx.b, [ctx.s, OBJECT, i], list(user(ctx.mbs, i) or []), pos, A, bs.defaultColor,
                               resolution(ctx.vs.general.sphereTiling))


def _draw_objects(ctx):
    """Connectors, then bodies' graphics data, each in object order (Exudyn's order of elements)."""
    objects = list(enumerate(ctx.records["object"]))
    for i, rec in objects:
        if rec.spec.type_name in CONNECTOR_DRAW:
            draw_connector(ctx, i, rec)
    for i, rec in objects:
        if rec.spec.type_name in FLEXIBLE_DRAW:
            draw_flexible(ctx, i, rec)
        elif "graphicsData" in rec.vvalues:
            _draw_body(ctx, i, rec)
        elif rec.spec.type_name == "GenericODE2":
            _draw_generic_ode2(ctx, i, rec)


def _draw_generic_ode2(ctx, i, rec):
    """An ObjectGenericODE2: its triangleMesh over its nodes' positions (displacements times
    bodies.deformationScaleFactor) and, with showNodes (and
    nodes.show), its nodes as node spheres in its color or bodies.defaultColor, numbered with
    nodes.showNumbers; with bodies.showNumbers the system's drawing ends there (_DrawingEnds)."""
    item, col = shown_object(ctx, ctx.vs.bodies, i, rec)
    if item is None:
        return
    P = np.array([_scaled_node_position(ctx, int(n)) for n in rec.values["nodeNumbers"]]).reshape(-1, 3)
    mesh = np.asarray(rec.vvalues.get("triangleMesh", []), dtype=int)
    if mesh.size:
        # rows of 3 node indices: triangles; of 6: 6-node triangles (measured)
        T = P[mesh.reshape(len(mesh), -1)]
        store = ctx.b.triangles6 if T.shape[1] == 6 else ctx.b.triangles
        store[0].extend([item] * len(T))
        for lst, v in zip(store[1:], (T, face_normals(T), np.tile(col, (len(T), T.shape[1], 1)))):
            lst.append(v)
    if rec.vvalues.get("showNodes", False) and ctx.vs.nodes.show:
        for k, p in enumerate(P):
            _node_sphere(ctx, item, p, col, -1.0)
            if ctx.vs.nodes.showNumbers:
                # measured: item [system, 0, k] and text "NF<k>" with k the node's index in the object
                ctx.b.text([ctx.s, 0, k], p, np.array(OBJECT_NODE_NUMBER_COLOR), "NF%d" % k)
    if ctx.vs.bodies.showNumbers:
        raise _DrawingEnds


# node type -> number of its first ODE2 coordinates that displace its position (x, y[, z])
_DISPLACEMENT_DIMENSION = {"Point": 3, "Point2D": 2, "Point2DSlope1": 2, "RigidBody2D": 2, "RigidBodyEP": 3,
                           "RigidBodyRxyz": 3, "RigidBodyRotVecLG": 3, "1D": 1}


def _scaled_node_position(ctx, n):
    """Node n's position with its displacement times bodies.deformationScaleFactor."""
    pos = ctx.f.nodes.pos[n].copy()
    k = _DISPLACEMENT_DIMENSION.get(ctx.records["node"][n].spec.type_name, 0)
    factor = float(ctx.vs.bodies.deformationScaleFactor)
    if k and factor != 1.0:
        s = int(ctx.mbs._compiled.node_ode2_start[n])
        pos[:k] += (factor - 1.0) * ctx.f.q[s:s + k]
    return pos


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
            res = sphere_res if res < 0 else resolution(res)
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
