"""``multibody.graphicsDataUtilities``: Exudyn's graphicsDataUtilities module.

Holds the ``color4...`` names, a few mesh helpers and the 1.11 names ``GraphicsData...``, which
forward to ``multibody.graphics`` (Brick, Cylinder, ...) so that older scripts keep working.
"""
import numpy as np

from . import graphics as _g
from .graphics import color as _color

# color4... names of 1.11
for _name in dir(_color):
    if not _name.startswith("_"):
        globals()["color4" + _name] = list(getattr(_color, _name))
color4list = [list(c) for c in _g.colorList]
color4listSize = len(color4list)
del _name


def SwitchTripletOrder(vector):
    """[a, b, c] -> [a, c, b] (inverts a triangle)."""
    v = list(vector)
    return [v[0], v[2], v[1]]


def ComputeTriangleNormal(p0, p1, p2):
    n = np.cross(np.asarray(p1, float) - p0, np.asarray(p2, float) - p0)
    return n / np.linalg.norm(n)


def ComputeTriangleArea(p0, p1, p2):
    return 0.5 * np.linalg.norm(np.cross(np.asarray(p1, float) - p0, np.asarray(p2, float) - p0))


def CirclePointsAndSegments(center=[0, 0], radius=0.1, invert=False, pointIndexOffset=0, nTiles=16):
    """Points (nTiles, 2) on a circle and the closing segments [i, i+1]."""
    a = 2 * np.pi * np.arange(nTiles) / nTiles
    pts = np.stack([center[0] + radius * np.cos(a), center[1] + radius * np.sin(a)], 1)
    seg = [[pointIndexOffset + i, pointIndexOffset + (i + 1) % nTiles] for i in range(nTiles)]
    if invert:
        seg = [[b, a_] for a_, b in seg[::-1]]
    return pts, np.array(seg)


def SegmentsFromPoints(points, pointIndexOffset=0, invert=False, closeCurve=True):
    n = len(points)
    seg = [[pointIndexOffset + i, pointIndexOffset + i + 1] for i in range(n - 1)]
    if closeCurve:
        seg.append([pointIndexOffset + n - 1, pointIndexOffset])
    if invert:
        seg = [[b, a] for a, b in seg[::-1]]
    return np.array(seg)


def RefineMesh(points, triangles):
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


def GraphicsDataRectangle(xMin, yMin, xMax, yMax, color=[0.0, 0.0, 0.0, 1.0]):
    """Closed rectangle in the x-y plane as a Line."""
    return {"type": "Line", "color": list(color),
            "data": np.array([[xMin, yMin, 0], [xMax, yMin, 0], [xMax, yMax, 0], [xMin, yMax, 0], [xMin, yMin, 0]])}


def GraphicsDataOrthoCubeLines(xMin, yMin, zMin, xMax, yMax, zMax, color=[0.0, 0.0, 0.0, 1.0]):
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
