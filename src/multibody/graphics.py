"""``multibody.graphics``: Exudyn's ``exudyn.graphics`` module (graphics data for bodies and ground).

Every function returns a *graphics data* dict in Exudyn's format, which bodies take as
``graphicsData`` and the scene builder (visualization/scene.py) places by the body's frame:

* ``{'type': 'TriangleList', 'points': (n, 3), 'colors': (n, 4), 'triangles': (m, 3)}`` with
  optional ``'normals'`` (n, 3), ``'triangles6'`` (m6, 6) (curved 6-node triangles: corners, then
  the mid nodes of edges 0-1, 1-2, 2-0), ``'edges'`` (k, 2) and ``'edgeColor'``;
* ``{'type': 'Spheres', 'points', 'radii', 'colors', 'resolution'}``;
* ``{'type': 'Line', 'color', 'data'}``, ``{'type': 'Circle', 'color', 'radius', 'position'}``,
  ``{'type': 'Text', 'color', 'text', 'position', 'fontSize', 'offset'}``.

Point, triangle and color layouts of Brick, BrickXYZ, Cylinder, Quad, CheckerBoard, Sphere, Lines,
Circle and Text follow Exudyn 1.13.6 (tests/reference/visualization/graphics.json).
"""
from __future__ import annotations

import copy
from math import asin, cos, pi, radians, sin, tan
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from ._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from .kernels import rotations as _rot

__all__ = ["color", "colorList", "material", "Brick", "BrickXYZ", "Cuboid", "Cylinder", "Sphere", "Spheres",
           "Lines", "Circle", "Text", "Quad", "CheckerBoard", "Arrow", "Basis", "Frame", "FromPointsAndTrigs",
           "ToPointsAndTrigs", "Move", "Transform", "MergeTriangleLists", "InvertTriangles", "BoundingBox",
           "Triangles6ToTriangles", "ComputeOrthonormalBasisVectors", "GramSchmidt", "HomogeneousTransformation",
           "HT2rotationMatrix", "HT2translation", "IsEmptyList", "RotationMatrixZ", "RotationMatrix2D",
           "RotationVector2RotationMatrix", "ExportSTL", "RigidLink", "SolidOfRevolution", "SolidExtrusion", "Torus",
           "Tube", "LinkedCylinders", "SpheresToTriangleList", "BoundingBoxSingle", "InconsistentTriangles",
           "AddEdgesAndSmoothenNormals", "FromSTLfile", "FromSTLfileASCII", "graphicsDataNormalsFactor",
           "graphicsDataSwitchTriangleOrder"]


class color:
    """RGBA colors (lists of 4 floats); ``default`` = [-1, -1, -1, -1] means 'use the settings'."""
    black = [0.0, 0.0, 0.0, 1.0]
    blue = [0.0, 0.0, 1.0, 1.0]
    brown = [0.65, 0.2, 0.2, 1.0]
    cyan = [0.0, 1.0, 1.0, 1.0]
    darkgrey = [0.2, 0.2, 0.2, 1.0]
    darkgrey2 = [0.35, 0.35, 0.35, 1.0]
    default = [-1.0, -1.0, -1.0, -1.0]
    defaultBody = [0.4, 0.4, 0.9, 1]
    defaultFFRF = [0.0, 1.0, 0.0, 1.0]
    defaultJoint = [0.6, 0.6, 0.8, 1]
    dodgerblue = [0.0, 0.5, 1.0, 1.0]
    green = [0.0, 1.0, 0.0, 1.0]
    grey = [0.5, 0.5, 0.5, 1.0]
    lawngreen = [0.5, 1.0, 0.0, 1.0]
    lightgreen = [0.4, 0.9, 0.4, 1.0]
    lightgrey = [0.7, 0.7, 0.7, 1.0]
    lightgrey2 = [0.85, 0.85, 0.85, 1.0]
    lightred = [0.9, 0.4, 0.4, 1.0]
    magenta = [1.0, 0.0, 1.0, 1.0]
    orange = [1.0, 0.5, 0.0, 1.0]
    pink = [1.0, 0.0, 0.5, 1.0]
    red = [1.0, 0.0, 0.0, 1.0]
    springgreen = [0.0, 1.0, 0.5, 1.0]
    steelblue = [0.4, 0.4, 0.9, 1.0]
    violet = [0.5, 0.0, 1.0, 1.0]
    white = [1.0, 1.0, 1.0, 1.0]
    yellow = [1.0, 1.0, 0.0, 1.0]


colorList = [color.red, color.green, color.blue, color.cyan, color.magenta, color.yellow, color.orange,
             color.pink, color.lawngreen, color.violet, color.springgreen, color.dodgerblue, color.grey,
             color.darkgrey, color.lightgrey, color.brown]


class material:
    """Raytracer materials: an index (indexChrome, ...) and the color that asks for it
    ([-1, -1, -1, index]: a body's color takes the material); accepted and drawn in the item's
    color by this renderer."""
    indexBase = 1000
    indexDefault, indexMatt, indexSteel, indexPlastic, indexChrome = 1000, 1001, 1002, 1003, 1004
    indexShiny, indexTransparent, indexGlass, indexMirror, indexEmission = 1005, 1006, 1007, 1008, 1009
    default, matt, steel, plastic = [-1, -1, -1, 1000], [-1, -1, -1, 1001], [-1, -1, -1, 1002], [-1, -1, -1, 1003]
    chrome, shiny, transparent = [-1, -1, -1, 1004], [-1, -1, -1, 1005], [-1, -1, -1, 1006]
    glass, mirror, emission = [-1, -1, -1, 1007], [-1, -1, -1, 1008], [-1, -1, -1, 1009]


# the factor of the normals of graphics data and whether triangles are given clockwise (Exudyn's
# module settings; this package's graphics data are counterclockwise with outward normals)
graphicsDataNormalsFactor = 1.0
graphicsDataSwitchTriangleOrder = False


# ---------------------------------------------------------------- small helpers

def _rgba(c):
    return np.asarray(c, dtype=float).reshape(4)


def _colors(c, n):
    return np.tile(_rgba(c), (n, 1))


def IsEmptyList(x: Any):
    return len(x) == 0


def RotationMatrixZ(angle: float):
    c, s = cos(angle), sin(angle)
    return np.array([[c, -s, 0.], [s, c, 0.], [0., 0., 1.]])


def RotationMatrix2D(angle: float):
    c, s = cos(angle), sin(angle)
    return np.array([[c, -s], [s, c]])


def RotationVector2RotationMatrix(rotationVector: Vector):
    v = np.asarray(rotationVector, dtype=float)
    phi = np.linalg.norm(v)
    if phi == 0.:
        return np.eye(3)
    k = v / phi
    K = np.array([[0., -k[2], k[1]], [k[2], 0., -k[0]], [-k[1], k[0], 0.]])
    return np.eye(3) + sin(phi) * K + (1. - cos(phi)) * K @ K


def HomogeneousTransformation(A: Matrix, r: Vector):
    T = np.eye(4)
    T[:3, :3], T[:3, 3] = A, r
    return T


def HT2rotationMatrix(T: Matrix):
    return np.asarray(T)[:3, :3].copy()


def HT2translation(T: Matrix):
    return np.asarray(T)[:3, 3].copy()


def GramSchmidt(vector0: Vector, vector1: Vector):
    """vector1 made orthogonal to vector0 and normalized."""
    v0 = np.asarray(vector0, dtype=float)
    v1 = np.asarray(vector1, dtype=float)
    v = v1 - (v0 @ v1) / (v0 @ v0) * v0
    return v / np.linalg.norm(v)


def ComputeOrthonormalBasisVectors(vector0: Vector):
    """[v, n1, n2]: v = vector0 normalized, n1 from the global y axis where abs(v[0]) > 0.5,
    abs(v[1]) < 0.1 and abs(v[2]) < 0.1, else from the x axis, by Gram-Schmidt; n2 = v x n1."""
    v = np.asarray(vector0, dtype=float)
    v = v / np.linalg.norm(v)
    n1, n2 = _rot.normal_and_third(v)
    return [v, n1, n2]


# ---------------------------------------------------------------- triangle lists

def FromPointsAndTrigs(points: Matrix, triangles: Matrix, color: Vector = [0.0, 0.0, 0.0, 1.0],
                       normals: Optional[Matrix] = None):
    """TriangleList from points (n, 3) and triangles (m, 3) (counterclockwise seen from outside)."""
    p = np.array(points, dtype=float).reshape(-1, 3)
    d = {"type": "TriangleList", "colors": _colors(color, len(p)), "points": p,
         "triangles": np.array(triangles, dtype=int).reshape(-1, 3)}
    if normals is not None:
        d["normals"] = np.array(normals, dtype=float).reshape(-1, 3)
    return d


def ToPointsAndTrigs(g: dict[str, Any]):
    """(points, triangles) of a TriangleList (triangles6 refined into 4 triangles each)."""
    g = Triangles6ToTriangles(g)
    return np.asarray(g["points"]).copy(), np.asarray(g["triangles"]).copy()


def Triangles6ToTriangles(graphicsData: dict[str, Any]):
    """A TriangleList whose 6-node triangles are split into 4 flat triangles each."""
    g = dict(graphicsData)
    t6 = np.asarray(g.pop("triangles6", np.zeros((0, 6), dtype=int)), dtype=int).reshape(-1, 6)
    t = np.asarray(g.get("triangles", np.zeros((0, 3), dtype=int)), dtype=int).reshape(-1, 3)
    if len(t6):
        c0, c1, c2, m01, m12, m20 = t6.T
        extra = np.stack([np.stack([c0, m01, m20], 1), np.stack([m01, c1, m12], 1),
                          np.stack([m20, m12, c2], 1), np.stack([m01, m12, m20], 1)], 1).reshape(-1, 3)
        t = np.vstack([t, extra])
    g["triangles"] = t
    return g


def MergeTriangleLists(g1: dict[str, Any], g2: dict[str, Any]):
    """One TriangleList holding both (normals kept only if both have them)."""
    n1 = len(g1["points"])
    d = {"type": "TriangleList", "colors": np.vstack([g1["colors"], g2["colors"]]),
         "points": np.vstack([g1["points"], g2["points"]])}
    if "normals" in g1 and "normals" in g2:
        d["normals"] = np.vstack([g1["normals"], g2["normals"]])
    for key in ("triangles", "triangles6"):
        a = [np.asarray(g[key], dtype=int) + off for g, off in ((g1, 0), (g2, n1)) if key in g]
        if a:
            d[key] = np.vstack(a)
    return d


def InvertTriangles(graphicsData: dict[str, Any], invertTriangles: bool = True, invertNormals: bool = True):
    g = copy.deepcopy(graphicsData)
    if invertTriangles:
        if "triangles" in g:
            g["triangles"] = np.asarray(g["triangles"])[:, ::-1].copy()
        if "triangles6" in g:
            g["triangles6"] = np.asarray(g["triangles6"])[:, [0, 2, 1, 5, 4, 3]].copy()
    if invertNormals and "normals" in g:
        g["normals"] = -np.asarray(g["normals"])
    return g


def Move(g: dict[str, Any], pOff: Vector, Aoff: Optional[Matrix] = None):
    """Graphics data rotated by Aoff and moved by pOff: p -> pOff + Aoff p."""
    A = np.eye(3) if Aoff is None else np.asarray(Aoff, dtype=float)
    p0 = np.asarray(pOff, dtype=float)
    g = copy.deepcopy(g)
    t = g["type"]
    if t in ("TriangleList", "Spheres"):
        g["points"] = np.asarray(g["points"], dtype=float) @ A.T + p0
        if "normals" in g:
            g["normals"] = np.asarray(g["normals"], dtype=float) @ A.T
    elif t == "Line":
        g["data"] = np.asarray(g["data"], dtype=float).reshape(-1, 3) @ A.T + p0
    elif t in ("Circle", "Text"):
        g["position"] = A @ np.asarray(g["position"], dtype=float) + p0
    return g


def Transform(graphicsData: dict[str, Any], translation: Any = None, rotation: Optional[Matrix] = None,
              scale: float = 1, normalizeNormals: bool = False, invertNormals: bool = False,
              invertTriangles: bool = False, warn: bool = True):
    """Scaled, rotated, translated graphics data (p -> translation + rotation (scale p))."""
    A = np.eye(3) if rotation is None else np.asarray(rotation, dtype=float)
    g = copy.deepcopy(graphicsData)
    if g["type"] in ("TriangleList", "Spheres"):
        g["points"] = np.asarray(g["points"], dtype=float) * scale
    if g["type"] == "Spheres":
        g["radii"] = np.asarray(g["radii"], dtype=float) * scale
    g = Move(g, np.zeros(3) if translation is None else translation, A)
    if normalizeNormals and "normals" in g:
        n = np.asarray(g["normals"], dtype=float)
        g["normals"] = n / np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
    if invertNormals or invertTriangles:
        g = InvertTriangles(g, invertTriangles, invertNormals)
    return g


def BoundingBox(graphicsData: dict[str, Any]):
    """[pMin, pMax] of the points of one graphics data dict or a list of them."""
    items = graphicsData if isinstance(graphicsData, list) else [graphicsData]
    pts = []
    for g in items:
        if g["type"] in ("TriangleList", "Spheres"):
            pts.append(np.asarray(g["points"], dtype=float).reshape(-1, 3))
        elif g["type"] == "Line":
            pts.append(np.asarray(g["data"], dtype=float).reshape(-1, 3))
        elif g["type"] in ("Circle", "Text"):
            pts.append(np.asarray(g["position"], dtype=float).reshape(-1, 3))
    p = np.vstack(pts) if pts else np.zeros((1, 3))
    return [p.min(0), p.max(0)]


# ---------------------------------------------------------------- boxes and planes

_BRICK_TRIANGLES = np.array([[0, 2, 1], [0, 3, 2], [6, 4, 5], [6, 7, 4], [0, 1, 4], [1, 5, 4],
                             [1, 2, 5], [2, 6, 5], [2, 3, 6], [3, 7, 6], [3, 0, 7], [0, 4, 7]])
_BRICK_EDGES = np.array([[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4],
                         [0, 4], [1, 5], [2, 6], [3, 7]])


def _box(points8, col, addNormals, addEdges, edgeColor, addFaces, faces=None):
    tri = _BRICK_TRIANGLES
    if faces is not None:
        tri = tri[np.repeat(np.asarray(faces, dtype=bool), 2)]
    if not addFaces:
        tri = np.zeros((0, 3), dtype=int)
    if addNormals:
        # one vertex per triangle corner, each with its face normal
        pts = points8[tri.reshape(-1)]
        tri3 = pts.reshape(-1, 3, 3)
        n = np.cross(tri3[:, 1] - tri3[:, 0], tri3[:, 2] - tri3[:, 0])
        n /= np.linalg.norm(n, axis=1, keepdims=True)
        d = {"type": "TriangleList", "colors": _colors(col, len(pts)), "points": pts,
             "normals": np.repeat(n, 3, axis=0), "triangles": np.arange(len(pts)).reshape(-1, 3)}
        edge_index = [[int(np.where((pts == points8[a]).all(1))[0][0]), int(np.where((pts == points8[b]).all(1))[0][0])]
                      for a, b in _BRICK_EDGES] if addEdges and len(pts) else []
    else:
        d = {"type": "TriangleList", "colors": _colors(col, 8), "points": points8.copy(), "triangles": tri.copy()}
        edge_index = _BRICK_EDGES.tolist()
    if addEdges:
        d["edges"] = np.array(edge_index, dtype=int).reshape(-1, 2)
        d["edgeColor"] = _rgba(edgeColor)
    return d


def BrickXYZ(xMin: float, yMin: float, zMin: float, xMax: float, yMax: float, zMax: float,
             color: Vector = [0.0, 0.0, 0.0, 1.0], addNormals: bool = False, addEdges: bool = False,
             edgeColor: Vector = [0.0, 0.0, 0.0, 1.0], addFaces: bool = True):
    """Box between the corners (xMin, yMin, zMin) and (xMax, yMax, zMax): 8 points, 12 triangles."""
    p = np.array([[xMin, yMin, zMin], [xMax, yMin, zMin], [xMax, yMax, zMin], [xMin, yMax, zMin],
                  [xMin, yMin, zMax], [xMax, yMin, zMax], [xMax, yMax, zMax], [xMin, yMax, zMax]], dtype=float)
    return _box(p, color, addNormals, addEdges, edgeColor, addFaces)


def Brick(centerPoint: Vector = [0, 0, 0], size: Any = [0.1, 0.1, 0.1], color: Vector = [0.0, 0.0, 0.0, 1.0],
          addNormals: bool = False, addEdges: bool = False, edgeColor: Vector = [0.0, 0.0, 0.0, 1.0],
          addFaces: bool = True, roundness: float = 0, nTiles: int = 12):
    """Box of the given size centered at centerPoint, edges parallel to the axes."""
    c = np.asarray(centerPoint, dtype=float)
    h = 0.5 * np.asarray(size, dtype=float)
    lo, hi = c - h, c + h
    return BrickXYZ(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2], color=color, addNormals=addNormals, addEdges=addEdges,
                    edgeColor=edgeColor, addFaces=addFaces)


def Cuboid(pList: Matrix, color: Vector = [0.0, 0.0, 0.0, 1.0], faces: Vector = [1, 1, 1, 1, 1, 1],
           addNormals: bool = False, addEdges: bool = False, edgeColor: Vector = [0.0, 0.0, 0.0, 1.0],
           addFaces: bool = True):
    """Hexahedron from 8 points (order as BrickXYZ)."""
    return _box(np.array(pList, dtype=float).reshape(8, 3), color, addNormals, addEdges, edgeColor, addFaces, faces)


def Quad(pList: Matrix, color: Vector = [0.0, 0.0, 0.0, 1.0], **kwargs: Any):
    """Planar quadrilateral from 4 points (counterclockwise): 2 triangles, normals of the plane."""
    p = np.array(pList, dtype=float).reshape(4, 3)
    n = np.cross(p[1] - p[0], p[3] - p[0])
    n /= np.linalg.norm(n)
    return {"type": "TriangleList", "colors": _colors(color, 4), "points": p, "normals": np.tile(n, (4, 1)),
            "triangles": np.array([[0, 1, 2], [0, 2, 3]])}


def CheckerBoard(point: Vector = [0, 0, 0], normal: Vector = [0, 0, 1], size: float = 1,
                 color: Vector = [0.7, 0.7, 0.7, 1.0], alternatingColor: Vector = [0.85, 0.85, 0.85, 1.0],
                 nTiles: int = 10, **kwargs: Any):
    """Square checkerboard of nTiles x nTiles quads centered at point, normal to normal."""
    size2 = kwargs.get("size2", size)
    nTiles2 = kwargs.get("nTiles2", nTiles)
    nrm = np.asarray(normal, dtype=float)
    nrm = nrm / np.linalg.norm(nrm)
    if abs(nrm[2]) > 0.999 * np.linalg.norm(nrm) and nrm[2] > 0:
        e0, e1 = np.array([1., 0., 0.]), np.array([0., 1., 0.])
    else:
        _, e0, e1 = ComputeOrthonormalBasisVectors(nrm)
        e0, e1 = e1, np.cross(nrm, e1)
        e0, e1 = np.cross(e1, nrm), e1
    p0 = np.asarray(point, dtype=float)
    pts, cols, tri = [], [], []  # type: Any, list[Any], list[Any]
    for j in range(nTiles2):
        for i in range(nTiles):
            x0, x1 = -0.5 * size + i * size / nTiles, -0.5 * size + (i + 1) * size / nTiles
            y0, y1 = -0.5 * size2 + j * size2 / nTiles2, -0.5 * size2 + (j + 1) * size2 / nTiles2
            k = len(pts)
            for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
                pts.append(p0 + x * e0 + y * e1)
            cols += [color if (i + j) % 2 == 0 else alternatingColor] * 4
            tri += [[k, k + 1, k + 2], [k, k + 2, k + 3]]
    pts = np.array(pts)
    return {"type": "TriangleList", "colors": np.array(cols, dtype=float), "points": pts,
            "normals": np.tile(nrm, (len(pts), 1)), "triangles": np.array(tri)}


# ---------------------------------------------------------------- round shapes

def _ring(center, e1, e2, radius, angles):
    return center + radius * (np.outer(np.cos(angles), e1) + np.outer(np.sin(angles), e2))


def _cylinder_cut_faces(d, angles, e1, e2, p0, v, radius, ri, color):
    """The planar faces of a cylinder cut at ``angles`` (its angleRange) added to the TriangleList d."""
    pts = d["points"]
    tri_pts, tri = [], []
    for a in angles:
        dvec = cos(a) * e1 + sin(a) * e2
        q = [p0 + ri * dvec, p0 + radius * dvec, p0 + v + radius * dvec, p0 + v + ri * dvec]
        k = len(pts) + len(tri_pts)
        tri_pts.extend(q)
        tri += [[k, k + 1, k + 2], [k, k + 2, k + 3]]
    d["points"] = np.vstack([pts, tri_pts])
    d["colors"] = _colors(color, len(d["points"]))
    d["normals"] = np.vstack([d["normals"], np.zeros((len(tri_pts), 3))])
    d["triangles"] = np.array(tri, dtype=int)


def Cylinder(pAxis: Vector = [0, 0, 0], vAxis: Vector = [0, 0, 1], radius: float = 0.1,
             color: Vector = [0.0, 0.0, 0.0, 1.0], nTiles: int = 16, radiusInner: Optional[float] = None,
             angleRange: Vector = [0, 2 * pi], lastFace: bool = True, cutPlain: bool = True, addEdges: bool = False,
             edgeColor: Vector = [0.0, 0.0, 0.0, 1.0], addFaces: bool = True, **kwargs: Any):
    """Cylinder from pAxis along vAxis (its length), curved 6-node triangles of nTiles//2 segments: side rings
    bottom/middle/top, each cap a center, rim and half-radius mid ring; a tube with radiusInner."""
    p0 = np.asarray(pAxis, dtype=float)
    v = np.asarray(vAxis, dtype=float)
    _, a1, a2 = ComputeOrthonormalBasisVectors(v)
    # Exudyn's start direction: the rim starts at n2 = v x n1 and turns towards n1
    e1, e2 = a2, a1
    nseg = max(int(nTiles) // 2, 2)
    full = abs(angleRange[1] - angleRange[0] - 2 * pi) < 1e-12
    nang = 2 * nseg if full else 2 * nseg + 1
    ang = angleRange[0] + (angleRange[1] - angleRange[0]) * np.arange(nang) / (2 * nseg)
    ring_dir = np.outer(np.cos(ang), e1) + np.outer(np.sin(ang), e2)
    pts, nrm, t6 = [], [], []  # type: Any, list[Any], list[Any]

    def idx(i):
        return i % nang if full else i

    def side(r, inward):
        # rings bottom, middle, top (inner side: top, middle, bottom, which turns its faces inwards)
        k = len(pts)
        for h in ((1., 0.5, 0.) if inward else (0., 0.5, 1.)):
            pts.extend(p0 + h * v + r * ring_dir)
            nrm.extend(-ring_dir if inward else ring_dir)
        _strip(k)

    def _strip(k):
        for s in range(nseg):
            b0, b1, b2 = k + idx(2 * s), k + idx(2 * s + 1), k + idx(2 * s + 2)
            m0, m1, m2 = b0 + nang, b1 + nang, b2 + nang
            t0, t1, t2 = m0 + nang, m1 + nang, m2 + nang
            t6.extend([[b0, t2, b2, m1, m2, b1], [b0, t0, t2, m0, t1, m1]])

    def cap(h, sign):
        k = len(pts)
        c = p0 + h * v
        n = sign * v / np.linalg.norm(v)
        if radiusInner is None:
            pts.append(c)
            pts.extend(c + radius * ring_dir)
            pts.extend(c + 0.5 * radius * ring_dir[0::2])
            nrm.extend([n] * (1 + nang + len(ring_dir[0::2])))
            for s in range(nseg):
                r0, rm, r1 = k + 1 + idx(2 * s), k + 1 + idx(2 * s + 1), k + 1 + idx(2 * s + 2)
                h0 = k + 1 + nang + s
                h1 = k + 1 + nang + ((s + 1) % nseg if full else s + 1)
                tri = [k, r0, r1, h0, rm, h1]
                if sign > 0:
                    tri = [k, r1, r0, h1, rm, h0]
                t6.append(tri)
        else:
            # annulus: rings inner, middle, outer at the bottom; outer, middle, inner at the top
            radii = (radiusInner, 0.5 * (radius + radiusInner), radius)
            for r in (radii if sign < 0 else radii[::-1]):
                pts.extend(c + r * ring_dir)
                nrm.extend([n] * nang)
            _strip(k)

    if addFaces:
        side(radius, False)
        if radiusInner is None:
            cap(0., -1.)
            if lastFace:
                cap(1., 1.)
        else:   # one closed surface of revolution: outer side up, top annulus in, inner side down, bottom out
            cap(1., 1.)
            side(radiusInner, True)
            cap(0., -1.)
    pts = np.array(pts, dtype=float).reshape(-1, 3)
    d = {"type": "TriangleList", "colors": _colors(color, len(pts)), "points": pts, "normals": np.array(
        nrm, dtype=float).reshape(-1, 3), "triangles6": np.array(t6, dtype=int).reshape(-1, 6)}
    if not full and cutPlain and addFaces:     # planar faces at the two cut angles
        _cylinder_cut_faces(d, (ang[0], ang[-1]), e1, e2, p0, v, radius, radiusInner or 0., color)
    if addEdges:
        d["edges"] = np.array([[i, (i + 1) % nang] for i in range(nang)], dtype=int)
        d["edgeColor"] = _rgba(edgeColor)
    return d


def Sphere(point: Vector = [0, 0, 0], radius: float = 0.1, color: Vector = [0.0, 0.0, 0.0, 1.0], nTiles: int = -1,
           addEdges: bool = False, edgeColor: Vector = [0.0, 0.0, 0.0, 1.0], addFaces: bool = True,
           majorAngleMin: float = -pi / 2, majorAngleMax: float = pi / 2, innerRadius: Optional[float] = None):
    """A sphere, drawn by the renderer (resolution -1: general.sphereTiling)."""
    return {"type": "Spheres", "points": np.array([point], dtype=float), "radii": np.array([radius], dtype=float),
            "colors": np.array([color], dtype=float), "resolution": nTiles}


def Spheres(points: Matrix, radii: float | Vector = 0.1, colors: Sequence[Any] = [0.0, 0.0, 0.0, 1.0],
            nTiles: int = -1):
    """Several spheres: one radius or one per point, one color or one per point."""
    p = np.array(points, dtype=float).reshape(-1, 3)
    r = np.broadcast_to(np.asarray(radii, dtype=float), (len(p),)).copy()
    c = np.asarray(colors, dtype=float)
    c = np.tile(c, (len(p), 1)) if c.ndim == 1 else c.reshape(-1, 4)
    return {"type": "Spheres", "points": p, "radii": r, "colors": c, "resolution": nTiles}


def Lines(pList: Matrix, color: Vector = [0.0, 0.0, 0.0, 1.0], shape: str = "linear"):
    """Polyline through the points of pList."""
    return {"type": "Line", "color": _rgba(color), "data": np.array(pList, dtype=float).reshape(-1, 3)}


def Circle(point: Vector = [0, 0, 0], radius: float = 1, color: Vector = [0.0, 0.0, 0.0, 1.0]):
    """Circle in the x-y plane drawn as a line loop."""
    return {"type": "Circle", "color": _rgba(color), "radius": radius, "position": np.array(point)}


def Text(point: Vector = [0, 0, 0], text: str = "", color: Vector = [0.0, 0.0, 0.0, 1.0], fontSize: float = 0.0,
         offset: Vector = [0.0, 0.0]):
    """Text at point; fontSize 0 = general.textSize; offset in screen units."""
    return {"type": "Text", "color": _rgba(color), "text": text, "position": np.array(point),
            "fontSize": fontSize, "offset": offset}


def _cone(pTip, pBase, radius, col, nTiles):
    """Closed cone (as curved triangles) with base at pBase."""
    v = np.asarray(pTip, dtype=float) - np.asarray(pBase, dtype=float)
    _, a1, a2 = ComputeOrthonormalBasisVectors(v)
    nseg = max(nTiles // 2, 2)
    ang = 2 * pi * np.arange(2 * nseg) / (2 * nseg)
    ring = np.outer(np.cos(ang), a2) + np.outer(np.sin(ang), a1)
    base = np.asarray(pBase, dtype=float)
    pts = [base + radius * ring, base + 0.5 * (v + radius * ring), np.tile(base + v, (2 * nseg, 1)),
           [base], base + 0.5 * radius * ring[0::2]]
    vn = v / np.linalg.norm(v)
    slope = radius / np.linalg.norm(v)
    side_n = ring + slope * vn
    side_n /= np.linalg.norm(side_n, axis=1, keepdims=True)
    nrm = [side_n, side_n, side_n, [-vn], np.tile(-vn, (nseg, 1))]
    n2 = 2 * nseg
    t6 = []
    for s in range(nseg):
        r0, rm, r1 = 2 * s, 2 * s + 1, (2 * s + 2) % n2
        t6.append([r0, r1, 2 * n2 + r0, rm, n2 + r1, n2 + r0])
        c = 3 * n2
        h0, h1 = c + 1 + s, c + 1 + (s + 1) % nseg
        t6.append([c, r1, r0, h1, rm, h0])
    P = np.vstack([np.asarray(x, dtype=float).reshape(-1, 3) for x in pts])
    N = np.vstack([np.asarray(x, dtype=float).reshape(-1, 3) for x in nrm])
    return {"type": "TriangleList", "colors": _colors(col, len(P)), "points": P, "normals": N,
            "triangles6": np.array(t6, dtype=int)}


def Arrow(pAxis: Vector, vAxis: Vector, radius: float, color: Vector = [0.0, 0.0, 0.0, 1.0],
          headFactor: float = 2, headStretch: float = 4, nTiles: int = 12):
    """Arrow from pAxis along vAxis: a shaft of radius, a cone of radius headFactor*radius and length
    headStretch*radius."""
    p = np.asarray(pAxis, dtype=float)
    v = np.asarray(vAxis, dtype=float)
    L = float(np.linalg.norm(v))
    head = min(headStretch * radius, L)
    shaft = Cylinder(p, v * (L - head) / L, radius, color, nTiles=nTiles)
    cone = _cone(p + v, p + v * (L - head) / L, headFactor * radius, color, nTiles)
    return MergeTriangleLists(shaft, cone)


def Basis(origin: Vector = [0, 0, 0], rotationMatrix: Matrix = np.eye(3), length: float = 1,
          colors: Sequence[Any] = [[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]],
          headFactor: float = 2, headStretch: float = 4, nTiles: int = 12, **kwargs: Any):
    """Three arrows along the columns of rotationMatrix (radius 0.01*length by default)."""
    radius = kwargs.get("radius", 0.01 * length)
    A = np.asarray(rotationMatrix, dtype=float)
    g = None  # type: Any
    for i in range(3):
        a = Arrow(origin, length * A[:, i], radius, colors[i], headFactor, headStretch, nTiles)
        g = a if g is None else MergeTriangleLists(g, a)
    g["triangles"] = np.zeros((0, 3), dtype=int)
    return g


def Frame(HT: Matrix = np.eye(4), length: float = 1,
          colors: Sequence[Any] = [[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]],
          headFactor: float = 2, headStretch: float = 4, nTiles: int = 12, **kwargs: Any):
    """Basis of the homogeneous transformation HT."""
    return Basis(HT2translation(HT), HT2rotationMatrix(HT), length, colors, headFactor, headStretch, nTiles, **kwargs)


def ExportSTL(graphicsData: dict[str, Any], fileName: str, solidName: str = "ExudynSolid", invertNormals: bool = True,
              invertTriangles: bool = True):
    """Write an ASCII STL file of a TriangleList."""
    p, t = ToPointsAndTrigs(graphicsData)
    if invertTriangles:
        t = t[:, ::-1]
    with open(fileName, "w") as f:
        f.write(f"solid {solidName}\n")
        for tri in t:
            a, b, c = p[tri]
            n = np.cross(b - a, c - a)
            n = n / max(np.linalg.norm(n), 1e-300)
            f.write(f"facet normal {n[0]} {n[1]} {n[2]}\nouter loop\n")
            for q in (a, b, c):
                f.write(f"vertex {q[0]} {q[1]} {q[2]}\n")
            f.write("endloop\nendfacet\n")
        f.write(f"endsolid {solidName}\n")

from .graphics_solids import (AddEdgesAndSmoothenNormals, BoundingBoxSingle, FromSTLfile,  # noqa: E402
                              FromSTLfileASCII, InconsistentTriangles, LinkedCylinders, RigidLink,
                              SolidExtrusion, SolidOfRevolution, SpheresToTriangleList, Torus, Tube)

attach_parameter_docs(globals(), __all__)
