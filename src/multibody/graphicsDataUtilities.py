"""``multibody.graphicsDataUtilities``: Exudyn's graphicsDataUtilities module.

Holds the ``color4...`` names, a few mesh helpers and the 1.11 names ``GraphicsData...``, which
forward to ``multibody.graphics`` (Brick, Cylinder, ...) so that older scripts keep working.
"""
from __future__ import annotations

import copy
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from ._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from . import graphics as _g
from .graphics import color as _color

# color4... names of 1.11
for _name in dir(_color):
    if not _name.startswith("_"):
        globals()["color4" + _name] = list(getattr(_color, _name))
color4list = [list(c) for c in _g.colorList]
color4listSize = len(color4list)
del _name


def SwitchTripletOrder(vector: Vector):
    """[a, b, c] -> [a, c, b] (inverts a triangle)."""
    v = list(vector)
    return [v[0], v[2], v[1]]


def ComputeTriangleNormal(p0: Vector, p1: Vector, p2: Vector):
    n = np.cross(np.asarray(p1, float) - p0, np.asarray(p2, float) - p0)
    return n / np.linalg.norm(n)


def ComputeTriangleArea(p0: Vector, p1: Vector, p2: Vector):
    return 0.5 * np.linalg.norm(np.cross(np.asarray(p1, float) - p0, np.asarray(p2, float) - p0))


def CirclePointsAndSegments(center: Vector = [0, 0], radius: float = 0.1, invert: bool = False,
                            pointIndexOffset: int = 0, nTiles: int = 16):
    """Points (nTiles, 2) on a circle and the closing segments [i, i+1]."""
    a = 2 * np.pi * np.arange(nTiles) / nTiles
    pts = np.stack([center[0] + radius * np.cos(a), center[1] + radius * np.sin(a)], 1)
    seg = [[pointIndexOffset + i, pointIndexOffset + (i + 1) % nTiles] for i in range(nTiles)]
    if invert:
        seg = [[b, a_] for a_, b in seg[::-1]]
    return pts, np.array(seg)


def SegmentsFromPoints(points: Matrix, pointIndexOffset: int = 0, invert: bool = False, closeCurve: bool = True):
    n = len(points)
    seg = [[pointIndexOffset + i, pointIndexOffset + i + 1] for i in range(n - 1)]
    if closeCurve:
        seg.append([pointIndexOffset + n - 1, pointIndexOffset])
    if invert:
        seg = [[b, a] for a, b in seg[::-1]]
    return np.array(seg)


def RefineMesh(points: Matrix, triangles: Matrix):
    """Split each triangle into 4 (new mid-edge points shared between triangles)."""
    pts = [np.asarray(p, float) for p in points]
    mid = {}

    def m(a, b):
        key = (min(a, b), max(a, b))
        if key not in mid:
            mid[key] = len(pts)
            pts.append(0.5 * (pts[a] + pts[b]))
        return mid[key]
    out = []
    for a, b, c in np.asarray(triangles, int):
        ab, bc, ca = m(a, b), m(b, c), m(c, a)
        out += [[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]
    return np.array(pts), np.array(out)


def Compute6NodeTrigsNormals(elementNodes: Matrix):
    """Unit normals (6, 3) at the nodes of a quadratic 6-node triangle (Netgen order: vertices 0, 1,
    2, then the mid-edge nodes of edges 1-2, 0-2, 0-1): ``n = x_xi x x_eta / |x_xi x x_eta|`` of the
    quadratic interpolation at local coordinates (0,0), (1,0), (0,1), (1/2,1/2), (0,1/2), (1/2,0);
    a zero normal stays zero."""
    x = np.asarray(elementNodes, dtype=float).reshape(6, 3)
    normals = np.zeros((6, 3))
    for k, (xi, eta) in enumerate(((0, 0), (1, 0), (0, 1), (0.5, 0.5), (0, 0.5), (0.5, 0))):
        zeta = 1.0 - xi - eta
        d_xi = np.array([1 - 4 * zeta, 4 * xi - 1, 0.0, 4 * eta, -4 * eta, 4 * zeta - 4 * xi])
        d_eta = np.array([1 - 4 * zeta, 0.0, 4 * eta - 1, 4 * xi, 4 * zeta - 4 * eta, -4 * xi])
        n = np.cross(d_xi @ x, d_eta @ x)
        length = np.linalg.norm(n)
        normals[k] = n / length if length != 0 else n
    return normals


def _left_of(points, i, j, k):
    """True if point k is left of the directed segment i -> j (2D)."""
    d, r = points[j] - points[i], points[k] - points[i]
    return d[0] * r[1] - d[1] * r[0] > 0


def ComputeTriangularMesh(vertices: Matrix, segments: Matrix):
    """The Delaunay triangulation (scipy.spatial.Delaunay) of the 2D points ``vertices`` with only
    the triangles inside the boundary ``segments`` ([i, j] pairs, the inside left of i -> j):
    the triangles at a segment are marked inside (left) or outside (right), the marks spread to
    neighbors across edges that are no segments, and the unmarked and outside triangles are
    dropped (``simplices`` holds the rest). The points must not repeat."""
    from scipy.spatial import Delaunay
    points = np.asarray(vertices, dtype=float)
    tri = Delaunay(points)
    simplices = tri.simplices
    inside = np.zeros(len(simplices), dtype=int)       # 1 inside, -1 outside, 0 unknown
    by_edge: dict[Any, Any] = {}
    for t, s in enumerate(simplices):
        for a, b in ((s[0], s[1]), (s[1], s[2]), (s[2], s[0])):
            by_edge.setdefault((min(a, b), max(a, b)), []).append(t)
    boundary = set()
    for i, j in segments:
        i, j = int(i), int(j)
        boundary.add((min(i, j), max(i, j)))
        for t in by_edge.get((min(i, j), max(i, j)), ()):
            k = next(int(v) for v in simplices[t] if v != i and v != j)
            inside[t] = 1 if _left_of(points, i, j, k) else -1
    front = [t for t in range(len(simplices)) if inside[t] != 0]
    while front:
        t = front.pop()
        s = simplices[t]
        for m, nb in enumerate(tri.neighbors[t]):
            # neighbor m lies opposite vertex m, across the edge of the two others
            a, b = int(s[(m + 1) % 3]), int(s[(m + 2) % 3])
            if nb >= 0 and inside[nb] == 0 and (min(a, b), max(a, b)) not in boundary:
                inside[nb] = inside[t]
                front.append(nb)
    tri.simplices = simplices[inside == 1]
    return tri


def ShrinkMeshNormalToSurface(points: Matrix, triangles: Matrix, distance: float):
    """[points2, triangles2]: every point of a closed triangle mesh (outward normals, no repeated
    points) moved inwards, each coordinate by the largest (in magnitude) of -distance n_k over the
    normals n_k of its triangles, so that it lies at least ``distance`` from the faces; points of
    no triangle stay; triangles2 is a copy of triangles."""
    p = np.array(points, dtype=float)
    trigs = np.asarray(triangles, dtype=int).reshape(-1, 3)
    shift = np.zeros_like(p)
    for t in trigs:
        n = ComputeTriangleNormal(p[t[0]], p[t[1]], p[t[2]])
        for i in t:
            for k in range(3):
                if abs(distance * n[k]) > abs(shift[i, k]):
                    shift[i, k] = -distance * n[k]
    return [p + shift, copy.deepcopy(triangles)]


def GraphicsDataRectangle(xMin: float, yMin: float, xMax: float, yMax: float, color: Vector = [0.0, 0.0, 0.0, 1.0]):
    """Closed rectangle in the x-y plane as a Line."""
    return {"type": "Line", "color": list(color),
            "data": np.array([[xMin, yMin, 0], [xMax, yMin, 0], [xMax, yMax, 0], [xMin, yMax, 0], [xMin, yMin, 0]])}


def GraphicsDataOrthoCubeLines(xMin: float, yMin: float, zMin: float, xMax: float, yMax: float, zMax: float,
                               color: Vector = [0.0, 0.0, 0.0, 1.0]):
    """Edges of an axis-parallel box as one Line."""
    p = [[xMin, yMin, zMin], [xMax, yMin, zMin], [xMax, yMax, zMin], [xMin, yMax, zMin], [xMin, yMin, zMin],
         [xMin, yMin, zMax], [xMax, yMin, zMax], [xMax, yMax, zMax], [xMin, yMax, zMax], [xMin, yMin, zMax],
         [xMin, yMax, zMax], [xMin, yMax, zMin], [xMax, yMax, zMin], [xMax, yMax, zMax], [xMax, yMin, zMax],
         [xMax, yMin, zMin]]
    return {"type": "Line", "color": list(color), "data": np.array(p, dtype=float)}


# 1.11 names forwarding to multibody.graphics
GraphicsDataOrthoCubePoint = _g.Brick
GraphicsDataOrthoCube = _g.BrickXYZ
GraphicsDataCube = _g.Cuboid
GraphicsDataCylinder = _g.Cylinder
GraphicsDataSphere = _g.Sphere
GraphicsDataLine = _g.Lines
GraphicsDataCircle = _g.Circle
GraphicsDataText = _g.Text
GraphicsDataQuad = _g.Quad
GraphicsDataCheckerBoard = _g.CheckerBoard
GraphicsDataArrow = _g.Arrow
GraphicsDataBasis = _g.Basis
GraphicsDataFrame = _g.Frame
GraphicsDataFromPointsAndTrigs = _g.FromPointsAndTrigs
GraphicsData2PointsAndTrigs = _g.ToPointsAndTrigs
MoveGraphicsData = _g.Move
MergeGraphicsDataTriangleList = _g.MergeTriangleLists
ComputeOrthonormalBasisVectors = _g.ComputeOrthonormalBasisVectors

attach_parameter_docs(globals(), [n for n in list(globals()) if not n.startswith("_")])
